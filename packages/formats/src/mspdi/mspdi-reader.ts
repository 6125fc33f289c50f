import { MSPDI_DURATION_TYPES } from "../model/activity-kinds.js";
import { MSP_CONTOURS } from "../model/file-curves.js";
import { FormatError } from "../model/format-error.js";
import { type ReaderOptions, type ReadWarningCode, ReadWarnings } from "../model/read-report.js";
import {
  type Activity,
  type ConstraintType,
  emptyModel,
  type RelationType,
  type ScheduleModel,
} from "../model/schedule-model.js";
import { normalizeReferences } from "../model/validate-model.js";
import { parseDateTime } from "../util/date-time.js";
import { parseIsoDuration } from "../util/iso-duration.js";
import { arr, child, lineOf, parseXml, text, type XmlNode } from "../util/xml-tools.js";
import { readMspdiCalendars } from "./mspdi-calendar.js";

const ARRAYS = new Set([
  "Calendar",
  "WeekDay",
  "WorkingTime",
  "Exception",
  "Task",
  "PredecessorLink",
  "Resource",
  "Assignment",
  "ExtendedAttribute",
  "Baseline",
  "WorkWeek",
]);

export const MSP_CONSTRAINTS: Record<string, ConstraintType | undefined> = {
  "0": undefined,
  "1": "as_late_as_possible",
  "2": "start_on",
  "3": "finish_on",
  "4": "start_on_or_after",
  "5": "start_on_or_before",
  "6": "finish_on_or_after",
  "7": "finish_on_or_before",
};

export const ACTIVITY_ID_ALIAS = "Activity ID";

/** Link Type: 0 = FF, 1 = FS, 2 = SF, 3 = SS (not alphabetical, a classic trap). */
export const MSP_LINKS: Record<string, RelationType> = { "0": "FF", "1": "FS", "2": "SF", "3": "SS" };

/**
 * LagFormat / DurationFormat codes of elapsed units (em, eh, ed, ew, emo and their estimated forms): the lag or the
 * task runs on a 24-hour clock.
 */
export const ELAPSED_FORMATS = new Set([4, 6, 8, 10, 12, 36, 38, 40, 42, 44]);

class TaskEl {
  constructor(
    readonly node: XmlNode,
    readonly source: string,
    readonly warnings?: ReadWarnings,
  ) {}
  warn(code: ReadWarningCode, params: Record<string, string | number>, f?: string): void {
    const uid = this.s("UID");
    this.warnings?.warn(code, params, {
      element: f ? `Task/${f}` : "Task",
      line: lineOf(this.source, `<UID>${uid}</UID>`),
      ...(f ? { field: f } : {}),
      activity: this.s("ID") || uid,
    });
  }
  /** A date the calculation does without: unreadable → warning, empty. */
  softDate(f: string): string | undefined {
    const v = this.s(f);
    if (v === "" || v === "NA") return undefined;
    const d = parseDateTime(v);
    if (!d) {
      const reason = /^\d{4}-\d{1,2}-\d{1,2}/.test(v) ? "out of range" : "not a date";
      this.warn("ValueIgnored", { value: v, field: f, reason }, f);
    }
    return d;
  }
  softNum(f: string): number | undefined {
    const v = this.s(f);
    if (v === "") return undefined;
    const n = Number(v);
    if (Number.isFinite(n)) return n;
    this.warn("ValueIgnored", { value: v, field: f, reason: "not a number" }, f);
    return undefined;
  }
  s(f: string): string {
    return text(this.node[f]).trim();
  }
  fail(f: string, message: string): never {
    const uid = this.s("UID");
    throw new FormatError(
      "InvalidValue",
      message,
      { element: `Task/${f}`, line: lineOf(this.source, `<UID>${uid}</UID>`) },
      { uid, field: f },
    );
  }
  date(f: string): string | undefined {
    const v = this.s(f);
    if (v === "" || v === "NA") return undefined;
    const d = parseDateTime(v);
    if (!d) this.fail(f, `"${v}" in <${f}> is not a date`);
    return d;
  }
  dur(f: string): number | undefined {
    const v = this.s(f);
    if (v === "") return undefined;
    const d = parseIsoDuration(v);
    if (d === undefined) this.fail(f, `"${v}" in <${f}> is not an ISO-8601 duration`);
    return d;
  }
  num(f: string): number | undefined {
    const v = this.s(f);
    if (v === "") return undefined;
    const n = Number(v);
    if (!Number.isFinite(n)) this.fail(f, `"${v}" in <${f}> is not a number`);
    return n;
  }
}

/** Read a Microsoft Project XML (MSPDI) file. Slack and LinkLag are tenths of minutes; durations ISO-8601. */
export function readMspdi(bytes: Uint8Array, options: ReaderOptions = {}): ScheduleModel {
  const warnings = options.warnings ?? new ReadWarnings();
  const { root, text: source } = parseXml(bytes, "MS Project XML", ARRAYS);
  const p = root.Project as XmlNode | undefined;
  if (!p || typeof p !== "object") {
    throw new FormatError("UnsupportedFormat", "Not an MS Project XML file: the root element must be <Project>", {
      element: "Project",
      line: 1,
    });
  }
  const model = emptyModel("mspdi");
  // BuildNumber (written since Project 2013) names the program; SaveVersion stays 14 from Project 2010 to 2019.
  const build = text(p.BuildNumber);
  model.source = { format: "mspdi", producer: "Microsoft Project", version: build || text(p.SaveVersion) };
  model.calendars = readMspdiCalendars(arr(child(p, "Calendars")?.Calendar), source);
  const minutesPerDay = Number(text(p.MinutesPerDay)) || 480;
  const projectId = "1";
  const start = parseDateTime(text(p.StartDate));
  const status = parseDateTime(text(p.StatusDate));
  const finish = parseDateTime(text(p.FinishDate));
  const critDays = Number(text(p.CriticalSlackLimit));
  model.projects.push({
    id: projectId,
    code: text(p.Title) || text(p.Name),
    name: text(p.Name) || text(p.Title),
    ...(start ? { plannedStart: start } : {}),
    ...(status ? { dataDate: status } : {}),
    ...(finish ? { scheduledFinish: finish } : {}),
    ...(text(p.CalendarUID) ? { defaultCalendarId: text(p.CalendarUID) } : {}),
    // MS Project's total slack is the smaller of start and finish slack.
    options: {
      floatType: "smallest",
      // MS Project schedules an assignment at any instant of its resource's calendar (engine scenario 050).
      resourceRunsInActivityHours: false,
      ...(critDays ? { criticalFloat: Math.round(critDays * minutesPerDay) } : {}),
      // Project 2016 and later (build 16) give an SS/SF predecessor its late dates from elsewhere (scenario 049).
      ...(build && Number.parseInt(build, 10) >= 16 ? { startLinksBoundLate: false } : {}),
    },
    hoursPerDay: minutesPerDay / 60,
  });

  const attrDefs = new Map<string, { name: string; dataType: "text" | "number" | "date" | "cost" | "indicator" }>();
  for (const ea of arr(child(p, "ExtendedAttributes")?.ExtendedAttribute)) {
    const fieldName = text(ea.FieldName);
    const kind = /^Date|^Start|^Finish/.test(fieldName)
      ? "date"
      : /^Number/.test(fieldName)
        ? "number"
        : /^Cost/.test(fieldName)
          ? "cost"
          : /^Flag/.test(fieldName)
            ? "indicator"
            : "text";
    attrDefs.set(text(ea.FieldID), { name: text(ea.Alias) || fieldName, dataType: kind });
  }
  // Activity IDs of other tools (P6 "A1000") travel in a text field aliased "Activity ID": MS Project's own ID is a row number.
  const codeField = [...attrDefs.entries()].find(([, d]) => d.name === ACTIVITY_ID_ALIAS)?.[0];
  if (codeField) attrDefs.delete(codeField);
  for (const [id, d] of attrDefs) model.udfTypes.push({ id, subject: "activity", name: d.name, dataType: d.dataType });

  const parents: string[] = [];
  const baselines = new Map<string, ScheduleModel["baselines"][number]>();
  for (const node of arr(child(p, "Tasks")?.Task)) {
    const e = new TaskEl(node, source, warnings);
    const uid = e.s("UID");
    if (uid === "") e.fail("UID", "Task without UID");
    if (uid === "0" || e.s("IsNull") === "1") continue; // the project summary row and blank rows
    const level = Number(e.s("OutlineLevel") || "1");
    const summary = e.s("Summary") === "1";
    const milestone = e.s("Milestone") === "1";
    const duration = e.dur("Duration") ?? 0;
    const remaining = e.dur("RemainingDuration");
    const actualStart = e.date("ActualStart");
    const actualFinish = e.date("ActualFinish");
    const pct = e.num("PercentComplete") ?? 0;
    const a: Activity = {
      id: uid,
      projectId,
      code: e.s("ID") || uid,
      name: e.s("Name"),
      type: summary ? "summary" : milestone ? "milestone_finish" : "task",
      status: actualFinish || pct >= 100 ? "completed" : actualStart || pct > 0 ? "in_progress" : "not_started",
      plannedDuration: duration,
      remainingDuration: remaining ?? duration,
      outlineLevel: level,
    };
    parents.length = level;
    const parent = parents[level - 1];
    if (parent) a.parentId = parent;
    parents[level] = uid;
    const set = <K extends keyof Activity>(k: K, v: Activity[K] | undefined) => {
      if (v !== undefined) a[k] = v;
    };
    set("plannedStart", e.softDate("Start"));
    set("plannedFinish", e.softDate("Finish"));
    // Task mode (Project 2010+): a manual task's Start and Finish are the dates typed for it.
    if (e.s("Manual") === "1" && !summary) a.manuallyScheduled = true;
    if (!summary && ELAPSED_FORMATS.has(Number(e.s("DurationFormat")))) a.elapsedDuration = true;
    set("actualStart", actualStart);
    set("actualFinish", actualFinish);
    set("actualDuration", e.dur("ActualDuration"));
    a.percentComplete = pct;
    const cal = e.s("CalendarUID");
    if (cal && cal !== "-1") a.calendarId = cal;
    const ct = e.s("ConstraintType");
    if (ct && !(ct in MSP_CONSTRAINTS))
      e.warn("UnknownValue", { value: ct, field: "ConstraintType", fallback: "0" }, "ConstraintType");
    const cType = MSP_CONSTRAINTS[ct];
    if (cType) {
      const d = e.date("ConstraintDate");
      a.constraint = d ? { type: cType, date: d } : { type: cType };
    }
    const computed: NonNullable<Activity["computed"]> = {};
    const put = (k: "earlyStart" | "earlyFinish" | "lateStart" | "lateFinish", f: string) => {
      const v = e.softDate(f);
      if (v) computed[k] = v;
    };
    put("earlyStart", "EarlyStart");
    put("earlyFinish", "EarlyFinish");
    put("lateStart", "LateStart");
    put("lateFinish", "LateFinish");
    const ts = e.softNum("TotalSlack");
    if (ts !== undefined) computed.totalFloat = Math.round(ts / 10);
    const fs = e.softNum("FreeSlack");
    if (fs !== undefined) computed.freeFloat = Math.round(fs / 10);
    if (e.s("Critical")) computed.critical = e.s("Critical") === "1";
    if (Object.keys(computed).length > 0) a.computed = computed;
    set("guid", e.s("GUID") || undefined);
    set("notes", e.s("Notes") || undefined);
    const taskType = e.s("Type");
    if (taskType) {
      const type = MSPDI_DURATION_TYPES[taskType];
      if (type) a.durationType = type;
      else e.warn("UnknownValue", { value: taskType, field: "Type", fallback: "0" }, "Type");
    }
    model.activities.push(a);

    for (const link of arr(node.PredecessorLink)) {
      let type = MSP_LINKS[text(link.Type) || "1"];
      if (!type) {
        e.warn(
          "UnknownValue",
          { value: text(link.Type), field: "PredecessorLink/Type", fallback: "1" },
          "PredecessorLink",
        );
        type = "FS";
      }
      const lagFormat = Number(text(link.LagFormat) || "7");
      const lag = Math.round(Number(text(link.LinkLag) || "0") / 10);
      model.relations.push({
        predecessorId: text(link.PredecessorUID),
        successorId: uid,
        type,
        lag,
        ...(ELAPSED_FORMATS.has(lagFormat) ? { lagCalendar: "24h" as const } : {}),
        lagFormat,
      });
    }
    for (const ea of arr(node.ExtendedAttribute)) {
      if (codeField && text(ea.FieldID) === codeField && text(ea.Value)) a.code = text(ea.Value);
      const def = attrDefs.get(text(ea.FieldID));
      if (!def) continue;
      const raw = text(ea.Value);
      const value =
        def.dataType === "date"
          ? (parseDateTime(raw) ?? raw)
          : def.dataType === "number" || def.dataType === "cost"
            ? Number(raw)
            : raw;
      model.udfValues.push({ typeId: text(ea.FieldID), ownerId: uid, value });
    }
    for (const b of arr(node.Baseline)) {
      const n = text(b.Number) || "0";
      let bl = baselines.get(n);
      if (!bl) {
        bl = { id: n, name: n === "0" ? "Baseline" : `Baseline ${n}`, projectId, activities: [] };
        baselines.set(n, bl);
      }
      const bs = parseDateTime(text(b.Start));
      const bf = parseDateTime(text(b.Finish));
      const bd = parseIsoDuration(text(b.Duration));
      bl.activities.push({
        code: a.code,
        name: a.name,
        ...(bs ? { start: bs } : {}),
        ...(bf ? { finish: bf } : {}),
        ...(bd !== undefined ? { duration: bd } : {}),
      });
    }
  }
  model.baselines = [...baselines.values()];
  const taskIds = new Set(model.activities.map((a) => a.id));
  const taskCode = new Map(model.activities.map((a) => [a.id, a.code]));
  const kept: ScheduleModel["relations"] = [];
  for (const r of model.relations) {
    if (taskIds.has(r.predecessorId)) {
      kept.push(r);
      continue;
    }
    // A predecessor UID the file lacks (a link to another project's task, or a dangling one): nothing to schedule from.
    warnings.warn(
      "RelationDropped",
      { predecessor: r.predecessorId, successor: taskCode.get(r.successorId) ?? r.successorId },
      {
        element: "Task/PredecessorLink",
        line: lineOf(source, `<UID>${r.successorId}</UID>`),
        activity: taskCode.get(r.successorId),
      },
    );
  }
  model.relations = kept;
  const calendarIds = new Set(model.calendars.map((c) => c.id));
  const projectCalendar = model.projects[0].defaultCalendarId;
  const fallback =
    projectCalendar && calendarIds.has(projectCalendar)
      ? model.calendars.find((c) => c.id === projectCalendar)
      : undefined;
  for (const a of model.activities) {
    if (!a.calendarId || calendarIds.has(a.calendarId)) continue;
    warnings.warn(
      "CalendarMissing",
      { calendar: a.calendarId, fallback: fallback?.name ?? "standard" },
      {
        element: "Task/CalendarUID",
        line: lineOf(source, `<UID>${a.id}</UID>`),
        field: "CalendarUID",
        activity: a.code,
      },
    );
    if (fallback) a.calendarId = fallback.id;
    else delete a.calendarId;
  }

  for (const r of arr(child(p, "Resources")?.Resource)) {
    const uid = text(r.UID);
    if (uid === "" || uid === "0" || text(r.IsNull) === "1") continue;
    const t = text(r.Type);
    const res: ScheduleModel["resources"][number] = {
      id: uid,
      code: text(r.Code) || text(r.ID) || uid,
      name: text(r.Name),
      type: t === "0" ? "material" : t === "2" ? "nonlabor" : "labor",
    };
    const cal = text(r.CalendarUID);
    if (cal && cal !== "-1") res.calendarId = cal;
    const unit = text(r.MaterialLabel);
    if (unit) res.unit = unit;
    const rate = Number(text(r.StandardRate));
    if (text(r.StandardRate) !== "" && Number.isFinite(rate)) res.costPerUnit = rate;
    const max = Number(text(r.MaxUnits));
    if (text(r.MaxUnits) !== "" && Number.isFinite(max)) res.maxUnitsPerHour = max;
    model.resources.push(res);
  }
  const resIds = new Set(model.resources.map((r) => r.id));
  const splits = new Map<string, [string, string][]>();
  for (const as of arr(child(p, "Assignments")?.Assignment)) {
    const activityId = text(as.TaskUID);
    const resourceId = text(as.ResourceUID);
    // A split belongs to the task (all its assignments pause), even when MS Project keeps it on the unassigned row.
    const gaps = taskIds.has(activityId) ? splitsOf(as) : [];
    if (gaps.length > (splits.get(activityId)?.length ?? 0)) splits.set(activityId, gaps);
    if (!taskIds.has(activityId) || !resIds.has(resourceId)) {
      // Resource UID -65535 is MS Project's "unassigned" marker, not a reference.
      if (resourceId !== "-65535" && activityId !== "0")
        warnings.warn(
          "ReferenceDropped",
          { what: "Assignment", target: taskIds.has(activityId) ? `Resource ${resourceId}` : `Task ${activityId}` },
          { element: "Assignment", line: lineOf(source, `<UID>${text(as.UID)}</UID>`) },
        );
      continue;
    }
    const x: ScheduleModel["assignments"][number] = { id: text(as.UID), activityId, resourceId };
    const hrs = (f: string) => {
      const v = parseIsoDuration(text(as[f]));
      return v === undefined ? undefined : Math.round((v / 60) * 1e6) / 1e6;
    };
    const num = (f: string) => (text(as[f]) === "" ? undefined : Number(text(as[f])));
    const put = (
      k:
        | "plannedUnits"
        | "actualUnits"
        | "remainingUnits"
        | "unitsPerHour"
        | "plannedCost"
        | "actualCost"
        | "remainingCost",
      v: number | undefined,
    ) => {
      if (v !== undefined && Number.isFinite(v)) x[k] = v;
    };
    put("plannedUnits", hrs("Work"));
    put("actualUnits", hrs("ActualWork"));
    put("remainingUnits", hrs("RemainingWork"));
    put("unitsPerHour", num("Units"));
    put("plannedCost", num("Cost"));
    put("actualCost", num("ActualCost"));
    put("remainingCost", num("RemainingCost"));
    const curve = MSP_CONTOURS[text(as.WorkContour)];
    if (curve) x.curve = curve;
    model.assignments.push(x);
  }
  for (const a of model.activities) {
    const gaps = splits.get(a.id);
    if (gaps && a.type !== "summary") a.splits = gaps;
  }
  markResourceScheduled(model);
  return normalizeReferences(model);
}

/**
 * The splits of an assignment's remaining work: in its timephased remaining work (Type 1, one period a day), the
 * periods of explicitly no work between the first and the last period of work (periods without a value are time off).
 * Flat and edited ("contoured", 8) assignments only: the periods of a predefined contour follow its shape.
 */
function splitsOf(as: XmlNode): [string, string][] {
  // A predefined contour (back loaded, turtle…) shapes the periods, rounding leaves empty minutes between them.
  if (MSP_CONTOURS[text(as.WorkContour)]) return [];
  const periods = arr(as.TimephasedData)
    .filter((tp) => text(tp.Type) === "1")
    .map((tp) => ({
      start: text(tp.Start).slice(0, 16),
      finish: text(tp.Finish).slice(0, 16),
      work: text(tp.Value) === "" ? undefined : parseIsoDuration(text(tp.Value)),
    }))
    .filter((tp) => WALL_CLOCK.test(tp.start) && WALL_CLOCK.test(tp.finish));
  const first = periods.findIndex((tp) => (tp.work ?? 0) > 0);
  const last = periods.findLastIndex((tp) => (tp.work ?? 0) > 0);
  const gaps: [string, string][] = [];
  for (let k = first + 1; k < last; k++) if (periods[k].work === 0) gaps.push([periods[k].start, periods[k].finish]);
  return gaps;
}

const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/**
 * MS Project schedules a task without a calendar of its own on the calendars of the work resources assigned to it:
 * P6's resource-dependent activity, and so it is read (the writer gives such a task no calendar back).
 */
function markResourceScheduled(model: ScheduleModel): void {
  const work = new Set(model.resources.filter((r) => r.type !== "material").map((r) => r.id));
  const staffed = new Set(model.assignments.filter((as) => work.has(as.resourceId)).map((as) => as.activityId));
  for (const a of model.activities)
    if (a.type === "task" && !a.calendarId && staffed.has(a.id)) a.type = "resource_dependent";
}
