import { PMXML_DURATION_TYPES, PMXML_PERCENT_TYPES } from "../model/activity-kinds.js";
import { FormatError } from "../model/format-error.js";
import { type ReaderOptions, ReadWarnings } from "../model/read-report.js";
import {
  type Activity,
  type Calendar,
  type Constraint,
  emptyModel,
  type Project,
  type ScheduleModel,
  standardWeek,
  type TimeInterval,
} from "../model/schedule-model.js";
import { normalizeReferences } from "../model/validate-model.js";
import { minutesToTime, parseDateTime, timeToMinutes } from "../util/date-time.js";
import { joinNotes, noteText } from "../util/note-text.js";
import { arr, child, lineOf, parseXml, text, type XmlNode } from "../util/xml-tools.js";
import { DAYS, PM_CONSTRAINTS, PM_FLOAT, PM_LAG_CAL, PM_PROGRESS, PM_STATUS, PM_TYPES } from "./pmxml-codes.js";
import { El, withWarnings } from "./pmxml-element.js";
import { readRelationsAndResources } from "./pmxml-reader-resources.js";

const ARRAYS = new Set([
  "Project",
  "BaselineProject",
  "Calendar",
  "WBS",
  "Activity",
  "Relationship",
  "Resource",
  "ResourceAssignment",
  "ResourceCurve",
  "StandardWorkHours",
  "WorkTime",
  "HolidayOrException",
  "ActivityCodeType",
  "ActivityCode",
  "Code",
  "UDFType",
  "UDF",
  "ResourceRate",
  "ProjectList",
  "ActivityNote",
  "NotebookTopic",
]);

/** P6 XML writes interval ends one minute early (11:59 for noon); restore the real end. */
function intervalsOf(node: XmlNode | undefined, source: string): TimeInterval[] {
  const out: TimeInterval[] = [];
  for (const wt of arr(node?.WorkTime)) {
    const s = text(wt.Start);
    const f = text(wt.Finish);
    if (!s || !f) continue;
    const start = timeToMinutes(s);
    let end = timeToMinutes(f);
    if (end % 15 === 14) end += 1;
    if (end === 0) end = 1440;
    if (end <= start)
      throw new FormatError("InvalidValue", `Work time ${s}–${f} ends before it starts`, {
        element: "WorkTime",
        line: lineOf(source, `<Finish>${f}</Finish>`),
      });
    out.push([minutesToTime(start), minutesToTime(end)]);
  }
  return out.sort((a, b) => timeToMinutes(a[0]) - timeToMinutes(b[0]));
}

function readCalendar(node: XmlNode, source: string): Calendar {
  const e: El = new El(node, "Calendar", source);
  const week: TimeInterval[][] = standardWeek();
  const days = arr(child(node, "StandardWorkWeek")?.StandardWorkHours);
  if (days.length > 0) for (let i = 0; i < 7; i++) week[i] = [];
  for (const d of days) {
    const idx = DAYS.indexOf(text(d.DayOfWeek));
    if (idx < 0) e.fail("DayOfWeek", `Unknown day "${text(d.DayOfWeek)}"`);
    week[idx] = intervalsOf(d, source);
  }
  const exceptions = arr(child(node, "HolidayOrExceptions")?.HolidayOrException)
    .map((h) => {
      const date = parseDateTime(text(h.Date));
      if (!date) e.fail("HolidayOrException", `Exception date "${text(h.Date)}" is not a date`);
      return { date: date.slice(0, 10), intervals: intervalsOf(h, source) };
    })
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const type = e.s("Type");
  const cal: Calendar = {
    id: e.s("ObjectId") || e.s("Name"),
    name: e.s("Name"),
    kind: type === "Project" ? "project" : type === "Resource" ? "resource" : "global",
    week,
    exceptions,
  };
  const p = e.opt("ProjectObjectId");
  if (p) cal.projectId = p;
  const b = e.opt("BaseCalendarObjectId");
  if (b) cal.baseCalendarId = b;
  if (e.bool("IsDefault")) cal.isDefault = true;
  const hpd = e.softNum("HoursPerDay");
  if (hpd !== undefined) cal.hoursPerDay = hpd;
  return cal;
}

function constraintOf(e: El, type: string, date: string): Constraint | undefined {
  const t = e.enumSoft(type, PM_CONSTRAINTS, "none");
  if (!t) return undefined;
  const d = e.date(date);
  return d ? { type: t, date: d } : { type: t };
}

function readActivity(node: XmlNode, projectId: string, source: string): Activity {
  const e = new El(node, "Activity", source);
  const id = e.s("ObjectId");
  if (!id) e.fail("ObjectId", "Activity has no ObjectId");
  const status = e.enumSoft("Status", PM_STATUS, "Not Started") ?? "not_started";
  const planned = e.minutes("PlannedDuration") ?? 0;
  const a: Activity = {
    id,
    projectId: e.opt("ProjectObjectId") ?? projectId,
    code: e.s("Id"),
    name: e.s("Name"),
    type: e.enumSoft("Type", PM_TYPES, "Task Dependent") ?? "task",
    status,
    plannedDuration: planned,
    remainingDuration: e.minutes("RemainingDuration") ?? (status === "completed" ? 0 : planned),
  };
  const set = <K extends keyof Activity>(k: K, v: Activity[K] | undefined) => {
    if (v !== undefined) a[k] = v;
  };
  set("wbsId", e.opt("WBSObjectId"));
  set("calendarId", e.opt("CalendarObjectId"));
  set("actualDuration", e.softMinutes("ActualDuration"));
  set("plannedStart", e.softDate("PlannedStartDate"));
  set("plannedFinish", e.softDate("PlannedFinishDate"));
  set("actualStart", e.date("ActualStartDate"));
  set("actualFinish", e.date("ActualFinishDate"));
  set("expectedFinish", e.softDate("ExpectedFinishDate"));
  set("suspendDate", e.softDate("SuspendDate"));
  set("resumeDate", e.softDate("ResumeDate"));
  set("externalEarlyStart", e.date("ExternalEarlyStartDate"));
  set("externalLateFinish", e.date("ExternalLateFinishDate"));
  const pct = e.softNum("PhysicalPercentComplete");
  if (pct !== undefined) a.percentComplete = pct <= 1 ? Math.round(pct * 10000) / 100 : pct;
  set("constraint", constraintOf(e, "PrimaryConstraintType", "PrimaryConstraintDate"));
  set("secondaryConstraint", constraintOf(e, "SecondaryConstraintType", "SecondaryConstraintDate"));
  // Remaining* dates are P6's scheduled dates of the remaining work (what XER stores as early/late dates).
  const computed: NonNullable<Activity["computed"]> = {};
  const es = e.softDate("RemainingEarlyStartDate") ?? e.softDate("EarlyStartDate");
  const ef = e.softDate("RemainingEarlyFinishDate") ?? e.softDate("EarlyFinishDate");
  const ls = e.softDate("RemainingLateStartDate") ?? e.softDate("LateStartDate");
  const lf = e.softDate("RemainingLateFinishDate") ?? e.softDate("LateFinishDate");
  if (es) computed.earlyStart = es;
  if (ef) computed.earlyFinish = ef;
  if (ls) computed.lateStart = ls;
  if (lf) computed.lateFinish = lf;
  const tf = e.softMinutes("TotalFloat");
  if (tf !== undefined) computed.totalFloat = tf;
  const ff = e.softMinutes("FreeFloat");
  if (ff !== undefined) computed.freeFloat = ff;
  const crit = e.bool("IsCritical");
  if (crit !== undefined) computed.critical = crit;
  if (Object.keys(computed).length > 0) a.computed = computed;
  set("durationType", e.enumSoft("DurationType", PMXML_DURATION_TYPES, "Fixed Duration and Units/Time"));
  set("percentCompleteType", e.enumSoft("PercentCompleteType", PMXML_PERCENT_TYPES, "Duration"));
  set("guid", e.opt("GUID"));
  return a;
}

function readProject(node: XmlNode, index: number, source: string, model: ScheduleModel): Project {
  const e = new El(node, "Project", source);
  const id = e.opt("ObjectId") ?? `P${index + 1}`;
  const p: Project = { id, code: e.opt("Id") ?? e.s("Name"), name: e.s("Name"), options: {} };
  const set = <K extends keyof Project>(k: K, v: Project[K] | undefined) => {
    if (v !== undefined) p[k] = v;
  };
  set("plannedStart", e.softDate("PlannedStartDate"));
  set("dataDate", e.date("DataDate"));
  set("scheduledFinish", e.softDate("ScheduledFinishDate") ?? e.softDate("FinishDate"));
  set("mustFinishBy", e.date("MustFinishByDate"));
  set("defaultCalendarId", e.opt("ActivityDefaultCalendarObjectId"));
  const o = p.options;
  const so = child(node, "ScheduleOptions");
  const s = so ? new El(so, "ScheduleOptions", source) : e;
  const progress = s.enumOf("OutOfSequenceScheduleType", PM_PROGRESS);
  if (progress) o.progress = progress;
  const ft = s.enumOf("ComputeTotalFloatType", PM_FLOAT);
  if (ft) o.floatType = ft;
  const lc = s.enumOf("RelationshipLagCalendar", PM_LAG_CAL);
  if (lc) o.lagCalendar = lc;
  const ss = s.opt("StartToStartLagCalculationType");
  if (ss) o.ssLagFrom = ss === "1" || ss === "Early Start" ? "early_start" : "actual_start";
  const crit = e.minutes("CriticalActivityFloatLimit") ?? e.minutes("CriticalActivityFloatThreshold");
  if (crit !== undefined) o.criticalFloat = crit;
  const cpt = e.opt("CriticalActivityPathType");
  if (cpt) o.criticalPath = cpt === "Longest Path" ? "longest_path" : "total_float";
  const ign = s.bool("IgnoreOtherProjectRelationships");
  if (ign !== undefined) o.ignoreExternalRelations = ign;
  const open = s.bool("MakeOpenEndedActivitiesCritical");
  if (open !== undefined) o.openEndsCritical = open;
  if (s.bool("UseExpectedFinishDates")) o.useExpectedFinish = true;
  // P6's rule for resource-dependent activities (no field: every P6 version schedules so).
  o.resourceRunsInActivityHours = true;

  const wbsIds = new Set<string>();
  for (const w of arr(node.WBS)) {
    const we = new El(w, "WBS", source);
    const wid = we.s("ObjectId");
    wbsIds.add(wid);
    const parent = we.opt("ParentObjectId");
    const seq = we.softNum("SequenceNumber");
    model.wbs.push({
      id: wid,
      projectId: we.opt("ProjectObjectId") ?? id,
      ...(parent ? { parentId: parent } : {}),
      code: we.s("Code"),
      name: we.s("Name"),
      ...(seq !== undefined ? { seq } : {}),
    });
  }
  for (const c of arr(node.Calendar)) model.calendars.push(readCalendar(c, source));
  for (const a of arr(node.Activity)) model.activities.push(readActivity(a, id, source));
  return p;
}

/** Read a Primavera P6 XML (PMXML) export: projects, baselines, calendars, WBS, activities, relations, resources. */
export function readPmxml(bytes: Uint8Array, options: ReaderOptions = {}): ScheduleModel {
  return withWarnings(options.warnings ?? new ReadWarnings(), () => readPmxmlFile(bytes));
}

function readPmxmlFile(bytes: Uint8Array): ScheduleModel {
  const { root, text: source } = parseXml(bytes, "P6 XML", ARRAYS);
  const top = root.APIBusinessObjects as XmlNode | undefined;
  if (!top || typeof top !== "object") {
    throw new FormatError("UnsupportedFormat", "Not a P6 XML file: the root element must be <APIBusinessObjects>", {
      element: "APIBusinessObjects",
      line: 1,
    });
  }
  const model = emptyModel("pmxml");
  model.source = { format: "pmxml", producer: "Primavera P6" };
  for (const c of arr(top.Calendar)) model.calendars.push(readCalendar(c, source));
  arr(top.Project).forEach((p, i) => {
    model.projects.push(readProject(p, i, source, model));
  });
  if (model.projects.length === 0)
    throw new FormatError("MalformedFile", "The P6 XML file holds no <Project>", {
      element: "APIBusinessObjects",
      line: 1,
    });
  // Baselines: each BaselineProject is a full copy of a project at baseline time.
  for (const b of arr(top.BaselineProject)) {
    const be = new El(b, "BaselineProject", source);
    const id = be.s("ObjectId");
    const live = model.projects.find((p) => p.code === be.s("Id") && p.id !== id) ?? model.projects[0];
    const dd = be.softDate("DataDate");
    model.baselines.push({
      id,
      name: be.s("Name"),
      projectId: live.id,
      ...(dd ? { dataDate: dd } : {}),
      activities: arr(b.Activity).map((a) => {
        const ae = new El(a, "Activity", source);
        const start = ae.date("ActualStartDate") ?? ae.date("StartDate") ?? ae.softDate("PlannedStartDate");
        const finish = ae.date("ActualFinishDate") ?? ae.date("FinishDate") ?? ae.softDate("PlannedFinishDate");
        return {
          code: ae.s("Id"),
          name: ae.s("Name"),
          ...(start ? { start } : {}),
          ...(finish ? { finish } : {}),
          duration: ae.softMinutes("PlannedDuration") ?? 0,
        };
      }),
    });
  }
  resolveMissingCalendars(model, source);
  readNotes(top, model, source);
  readRelationsAndResources(top, model, source);
  return normalizeReferences(model);
}

/**
 * Activities (and projects) naming a calendar the file does not hold run, as in P6, on their project's default
 * calendar, else on the global default one; each case is a warning.
 */
function resolveMissingCalendars(model: ScheduleModel, source: string): void {
  const ids = new Set(model.calendars.map((c) => c.id));
  const globalDefault =
    model.calendars.find((c) => c.isDefault && c.kind === "global") ?? model.calendars.find((c) => c.isDefault);
  const warnAt = (element: string, id: string, field: string, params: Record<string, string>) =>
    new El({ ObjectId: id } as unknown as XmlNode, element, source).warn("CalendarMissing", params, field);
  for (const p of model.projects) {
    if (!p.defaultCalendarId || ids.has(p.defaultCalendarId)) continue;
    warnAt("Project", p.id, "ActivityDefaultCalendarObjectId", {
      calendar: p.defaultCalendarId,
      fallback: globalDefault?.name ?? "standard",
    });
    if (globalDefault) p.defaultCalendarId = globalDefault.id;
    else delete p.defaultCalendarId;
  }
  const projectDefault = new Map(model.projects.map((p) => [p.id, p.defaultCalendarId]));
  for (const a of model.activities) {
    if (!a.calendarId || ids.has(a.calendarId)) continue;
    const own = projectDefault.get(a.projectId);
    const fallback = (own ? model.calendars.find((c) => c.id === own) : undefined) ?? globalDefault;
    const el = new El({ ObjectId: a.id, Id: a.code } as unknown as XmlNode, "Activity", source);
    el.warn("CalendarMissing", { calendar: a.calendarId, fallback: fallback?.name ?? "standard" }, "CalendarObjectId");
    if (fallback) a.calendarId = fallback.id;
    else delete a.calendarId;
  }
}

/** Activity notebook topics (ActivityNote, in the file or in its projects; names from NotebookTopic) as plain text. */
function readNotes(top: XmlNode, model: ScheduleModel, source: string): void {
  const notes = [...arr(top.ActivityNote), ...arr(top.Project).flatMap((p) => arr(p.ActivityNote))];
  if (notes.length === 0) return;
  const topics = new Map<string, string>();
  for (const t of arr(top.NotebookTopic)) {
    const te = new El(t, "NotebookTopic", source);
    topics.set(te.s("ObjectId"), te.s("Name"));
  }
  const byActivity = new Map<string, { topic?: string; text: string }[]>();
  for (const n of notes) {
    const ne = new El(n, "ActivityNote", source);
    const id = ne.s("ActivityObjectId");
    const list = byActivity.get(id) ?? [];
    list.push({ topic: topics.get(ne.s("NotebookTopicObjectId")), text: noteText(ne.s("Note")) });
    byActivity.set(id, list);
  }
  for (const a of model.activities) {
    const list = byActivity.get(a.id);
    const text = list && joinNotes(list);
    if (text) a.notes = text;
  }
}
