import { MSPDI_DURATION_TYPES, spelling } from "../model/activity-kinds.js";
import { mspContour } from "../model/file-curves.js";
import type { Calendar, ScheduleModel } from "../model/schedule-model.js";
import { formatIsoDuration } from "../util/iso-duration.js";
import { XmlWriter } from "../util/xml-tools.js";
import { ACTIVITY_ID_ALIAS, MSP_CONSTRAINTS, MSP_LINKS } from "./mspdi-reader.js";

const dt = (v: string | undefined) => (v === undefined ? undefined : `${v}:00`);
const CONSTRAINT_CODE: Record<string, number> = {};
for (const [k, v] of Object.entries(MSP_CONSTRAINTS)) if (v) CONSTRAINT_CODE[v] = Number(k);
CONSTRAINT_CODE.mandatory_start = 2;
CONSTRAINT_CODE.mandatory_finish = 3;
const LINK_CODE: Record<string, number> = {};
for (const [k, v] of Object.entries(MSP_LINKS)) LINK_CODE[v] = Number(k);

function calendar(x: XmlWriter, c: Calendar, uid: string, baseUid: string | undefined): void {
  x.open("Calendar")
    .el("UID", uid)
    .el("Name", c.name)
    .el("IsBaseCalendar", c.kind === "resource" ? 0 : 1)
    .el("BaseCalendarUID", baseUid ?? -1);
  x.open("WeekDays");
  for (const [i, idx] of [6, 0, 1, 2, 3, 4, 5].entries()) {
    const list = c.week[idx] ?? [];
    x.open("WeekDay")
      .el("DayType", i + 1)
      .el("DayWorking", list.length > 0 ? 1 : 0);
    if (list.length > 0) {
      x.open("WorkingTimes");
      for (const [s, f] of list)
        x.open("WorkingTime")
          .el("FromTime", `${s}:00`)
          .el("ToTime", f === "24:00" ? "00:00:00" : `${f}:00`)
          .close("WorkingTime");
      x.close("WorkingTimes");
    }
    x.close("WeekDay");
  }
  x.close("WeekDays");
  if (c.exceptions.length > 0) {
    x.open("Exceptions");
    for (const e of c.exceptions) {
      x.open("Exception")
        .el("EnteredByOccurrences", 0)
        .open("TimePeriod")
        .el("FromDate", `${e.date}T00:00:00`)
        .el("ToDate", `${e.date}T23:59:00`)
        .close("TimePeriod");
      x.el("Occurrences", 1)
        .el("Name", "")
        .el("Type", 1)
        .el("DayWorking", e.intervals.length > 0 ? 1 : 0);
      if (e.intervals.length > 0) {
        x.open("WorkingTimes");
        for (const [s, f] of e.intervals)
          x.open("WorkingTime")
            .el("FromTime", `${s}:00`)
            .el("ToTime", f === "24:00" ? "00:00:00" : `${f}:00`)
            .close("WorkingTime");
        x.close("WorkingTimes");
      }
      x.close("Exception");
    }
    x.close("Exceptions");
  }
  x.close("Calendar");
}

/**
 * Write the model as MS Project XML. MS Project needs integer UIDs and row IDs, so other tools' keys are
 * renumbered here (the mapping is consistent inside the file); activities keep their order.
 */
export function writeMspdi(model: ScheduleModel): Uint8Array {
  const x = new XmlWriter();
  const project = model.projects[0];
  const numeric = (ids: string[]) => {
    const all = ids.every((i) => /^[1-9]\d{0,8}$/.test(i)) && new Set(ids).size === ids.length;
    return new Map(ids.map((id, i) => [id, all ? id : String(i + 1)]));
  };
  const calUid = numeric(model.calendars.map((c) => c.id));
  const taskUid = numeric(model.activities.map((a) => a.id));
  const resUid = numeric(model.resources.map((r) => r.id));
  const hpd = project?.hoursPerDay ?? 8;
  x.open("Project", 'xmlns="http://schemas.microsoft.com/project"');
  // The build of MS Project that computed the dates of a file read from MSPDI, kept so that a re-read selects the
  // same scheduling rules (Project 2016+ treats SS/SF links in the backward pass differently).
  const source = model.source;
  const build = source?.format === "mspdi" && /^\d+\./.test(source.version ?? "") ? source.version : undefined;
  x.el("SaveVersion", 14)
    .el("BuildNumber", build)
    .el("Name", project?.name)
    .el("Title", project?.code)
    .el("ScheduleFromStart", 1);
  x.el("StartDate", dt(project?.plannedStart)).el("FinishDate", dt(project?.scheduledFinish));
  const crit = project?.options.criticalFloat;
  x.el("CriticalSlackLimit", crit === undefined ? undefined : Math.round(crit / (hpd * 60)));
  x.el("CalendarUID", project?.defaultCalendarId ? calUid.get(project.defaultCalendarId) : undefined);
  x.el("MinutesPerDay", Math.round(hpd * 60))
    .el("MinutesPerWeek", Math.round(hpd * 300))
    .el("DaysPerMonth", 20);
  x.el("StatusDate", dt(project?.dataDate));
  const attrs = model.udfTypes.filter((u) => u.subject === "activity");
  // Text1, Text2, … field IDs of MS Project; the first free one carries non-numeric activity IDs.
  const codeField = model.activities.some((a) => !/^\d+$/.test(a.code))
    ? [188743731, 188743734, 188743737, 188743740, 188743743].map(String).find((f) => !attrs.some((u) => u.id === f))
    : undefined;
  if (attrs.length > 0 || codeField) {
    x.open("ExtendedAttributes");
    if (codeField)
      x.open("ExtendedAttribute")
        .el("FieldID", codeField)
        .el(
          "FieldName",
          `Text${[188743731, 188743734, 188743737, 188743740, 188743743].indexOf(Number(codeField)) + 1}`,
        )
        .el("Alias", ACTIVITY_ID_ALIAS)
        .close("ExtendedAttribute");
    for (const u of attrs)
      x.open("ExtendedAttribute")
        .el("FieldID", u.id)
        .el("FieldName", u.name)
        .el("Alias", u.name)
        .close("ExtendedAttribute");
    x.close("ExtendedAttributes");
  }
  x.open("Calendars");
  for (const c of model.calendars)
    calendar(x, c, calUid.get(c.id)!, c.baseCalendarId ? calUid.get(c.baseCalendarId) : undefined);
  x.close("Calendars");
  x.open("Tasks");
  const preds = new Map<string, ScheduleModel["relations"]>();
  for (const r of model.relations) {
    const l = preds.get(r.successorId) ?? [];
    l.push(r);
    preds.set(r.successorId, l);
  }
  const udfs = new Map<string, ScheduleModel["udfValues"]>();
  for (const v of model.udfValues) {
    const l = udfs.get(v.ownerId) ?? [];
    l.push(v);
    udfs.set(v.ownerId, l);
  }
  const baselineByCode = new Map<
    string,
    { n: string; b: ScheduleModel["baselines"][number]["activities"][number] }[]
  >();
  model.baselines.forEach((b, i) => {
    const n = /^\d+$/.test(b.id) && Number(b.id) <= 10 ? b.id : String(i);
    for (const a of b.activities) {
      const l = baselineByCode.get(a.code) ?? [];
      l.push({ n, b: a });
      baselineByCode.set(a.code, l);
    }
  });
  const outline = new Map<string, number>();
  model.activities.forEach((a, i) => {
    const level = a.outlineLevel ?? (a.parentId ? (outline.get(a.parentId) ?? 0) + 1 : 1);
    outline.set(a.id, level);
    const c = a.computed ?? {};
    x.open("Task")
      .el("UID", taskUid.get(a.id))
      .el("GUID", a.guid && /^[0-9A-Fa-f-]{36}$/.test(a.guid) ? a.guid : undefined)
      .el("ID", /^\d+$/.test(a.code) ? a.code : i + 1)
      .el("Name", a.name);
    // MS Project's task type; P6's fixed duration and units/time is a fixed-duration task there.
    const taskType =
      a.durationType === "fixed_duration_units_time" ? 1 : (spelling(MSPDI_DURATION_TYPES, a.durationType) ?? 0);
    x.el("Manual", a.manuallyScheduled ? 1 : undefined)
      .el("Type", taskType)
      .el("IsNull", 0)
      .el("WBS", a.code)
      .el("OutlineLevel", level);
    // A manually scheduled task's Start and Finish are the dates typed for it.
    const typed = a.manuallyScheduled === true;
    x.el("Start", dt(typed ? a.plannedStart : (c.earlyStart ?? a.plannedStart)));
    x.el("Finish", dt(typed ? a.plannedFinish : (c.earlyFinish ?? a.plannedFinish)));
    x.el("Duration", formatIsoDuration(a.plannedDuration)).el("DurationFormat", a.elapsedDuration ? 8 : 7);
    x.el("Milestone", a.type === "milestone_start" || a.type === "milestone_finish").el(
      "Summary",
      a.type === "summary" || a.type === "wbs_summary",
    );
    x.el("Critical", c.critical);
    x.el("EarlyStart", dt(c.earlyStart))
      .el("EarlyFinish", dt(c.earlyFinish))
      .el("LateStart", dt(c.lateStart))
      .el("LateFinish", dt(c.lateFinish));
    x.el("FreeSlack", c.freeFloat === undefined ? undefined : c.freeFloat * 10).el(
      "TotalSlack",
      c.totalFloat === undefined ? undefined : c.totalFloat * 10,
    );
    x.el("PercentComplete", a.percentComplete === undefined ? undefined : Math.round(a.percentComplete));
    x.el("ActualStart", dt(a.actualStart)).el("ActualFinish", dt(a.actualFinish));
    x.el("ActualDuration", a.actualDuration === undefined ? undefined : formatIsoDuration(a.actualDuration));
    x.el("RemainingDuration", formatIsoDuration(a.remainingDuration));
    x.el("ConstraintType", a.constraint ? CONSTRAINT_CODE[a.constraint.type] : 0);
    // MS Project schedules a task without a calendar of its own on its resources' calendars: P6's resource dependent.
    const ownCalendar = a.type !== "resource_dependent" && a.calendarId ? calUid.get(a.calendarId) : undefined;
    x.el("CalendarUID", ownCalendar ?? -1).el("ConstraintDate", dt(a.constraint?.date));
    x.el("Notes", a.notes);
    for (const r of preds.get(a.id) ?? []) {
      x.open("PredecessorLink")
        .el("PredecessorUID", taskUid.get(r.predecessorId) ?? r.predecessorId)
        .el("Type", LINK_CODE[r.type]);
      x.el("CrossProject", 0)
        .el("LinkLag", r.lag * 10)
        .el("LagFormat", r.lagFormat ?? (r.lagCalendar === "24h" ? 8 : 7))
        .close("PredecessorLink");
    }
    if (codeField) x.open("ExtendedAttribute").el("FieldID", codeField).el("Value", a.code).close("ExtendedAttribute");
    for (const v of udfs.get(a.id) ?? []) {
      x.open("ExtendedAttribute")
        .el("FieldID", v.typeId)
        .el("Value", typeof v.value === "string" && /^\d{4}-\d\d-\d\dT\d\d:\d\d$/.test(v.value) ? dt(v.value) : v.value)
        .close("ExtendedAttribute");
    }
    for (const { n, b } of baselineByCode.get(a.code) ?? []) {
      x.open("Baseline").el("Number", n).el("Start", dt(b.start)).el("Finish", dt(b.finish));
      x.el("Duration", b.duration === undefined ? undefined : formatIsoDuration(b.duration)).close("Baseline");
    }
    x.close("Task");
  });
  x.close("Tasks");
  x.open("Resources");
  for (const r of model.resources) {
    x.open("Resource")
      .el("UID", resUid.get(r.id))
      .el("ID", /^\d+$/.test(r.code) ? r.code : resUid.get(r.id))
      .el("Name", r.name);
    x.el("Type", r.type === "material" ? 0 : r.type === "nonlabor" ? 2 : 1)
      .el("MaterialLabel", r.unit)
      // MS Project's resource Code keeps a P6-style text code that the numeric ID cannot hold.
      .el("Code", /^\d+$/.test(r.code) ? undefined : r.code)
      .el("MaxUnits", r.maxUnitsPerHour);
    x.el("StandardRate", r.costPerUnit)
      .el("CalendarUID", r.calendarId ? calUid.get(r.calendarId) : undefined)
      .close("Resource");
  }
  x.close("Resources");
  x.open("Assignments");
  const work = (v: number | undefined) => (v === undefined ? undefined : formatIsoDuration(v * 60));
  model.assignments.forEach((as, i) => {
    x.open("Assignment")
      .el("UID", /^\d+$/.test(as.id) ? as.id : i + 1)
      .el("TaskUID", taskUid.get(as.activityId))
      .el("ResourceUID", resUid.get(as.resourceId));
    x.el("ActualCost", as.actualCost).el("ActualWork", work(as.actualUnits)).el("Cost", as.plannedCost);
    x.el("RemainingCost", as.remainingCost)
      .el("RemainingWork", work(as.remainingUnits))
      .el("Units", as.unitsPerHour)
      .el("Work", work(as.plannedUnits))
      .el("WorkContour", as.curve ? mspContour(as.curve) : undefined)
      .close("Assignment");
  });
  x.close("Assignments");
  x.close("Project");
  return x.toBytes();
}
