import { FormatError } from "../model/format-error.js";
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
import { arr, child, lineOf, lineOfField, parseXml, text, type XmlNode } from "../util/xml-tools.js";
import {
  DAYS,
  PM_CONSTRAINTS,
  PM_FLOAT,
  PM_LAG_CAL,
  PM_PROGRESS,
  PM_RELATIONS,
  PM_RESOURCE,
  PM_STATUS,
  PM_TYPES,
} from "./pmxml-codes.js";

const ARRAYS = new Set([
  "Project",
  "BaselineProject",
  "Calendar",
  "WBS",
  "Activity",
  "Relationship",
  "Resource",
  "ResourceAssignment",
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
]);

/** Reads values of one element and reports bad ones with the element name and its line. */
class El {
  constructor(
    readonly node: XmlNode,
    readonly name: string,
    readonly source: string,
  ) {}
  s(field: string): string {
    return text(this.node[field]).trim();
  }
  opt(field: string): string | undefined {
    const v = this.s(field);
    return v === "" ? undefined : v;
  }
  fail(field: string, message: string): never {
    const id = this.s("ObjectId");
    const line = lineOfField(this.source, this.name, id, field);
    throw new FormatError("InvalidValue", message, { element: `${this.name}/${field}`, line }, { field, objectId: id });
  }
  num(field: string): number | undefined {
    const v = this.s(field);
    if (v === "") return undefined;
    const n = Number(v);
    if (!Number.isFinite(n)) this.fail(field, `"${v}" in <${field}> is not a number`);
    return n;
  }
  minutes(field: string): number | undefined {
    const h = this.num(field);
    return h === undefined ? undefined : Math.round(h * 60);
  }
  date(field: string): string | undefined {
    const v = this.s(field);
    if (v === "") return undefined;
    const d = parseDateTime(v);
    if (!d) this.fail(field, `"${v}" in <${field}> is not a date`);
    return d;
  }
  bool(field: string): boolean | undefined {
    const v = this.s(field);
    return v === "" ? undefined : v === "1" || v.toLowerCase() === "true";
  }
  /** Map an enumeration text, failing on values P6 does not write. */
  enumOf<T>(field: string, map: Record<string, T>): T | undefined {
    const v = this.s(field);
    if (v === "") return undefined;
    const r = map[v];
    if (r === undefined) this.fail(field, `Unknown value "${v}" in <${field}>`);
    return r;
  }
}

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
  const hpd = e.num("HoursPerDay");
  if (hpd !== undefined) cal.hoursPerDay = hpd;
  return cal;
}

function constraintOf(e: El, type: string, date: string): Constraint | undefined {
  const t = e.enumOf(type, PM_CONSTRAINTS);
  if (!t) return undefined;
  const d = e.date(date);
  return d ? { type: t, date: d } : { type: t };
}

function readActivity(node: XmlNode, projectId: string, source: string): Activity {
  const e = new El(node, "Activity", source);
  const id = e.s("ObjectId");
  if (!id) e.fail("ObjectId", "Activity has no ObjectId");
  const status = e.enumOf("Status", PM_STATUS) ?? "not_started";
  const planned = e.minutes("PlannedDuration") ?? 0;
  const a: Activity = {
    id,
    projectId: e.opt("ProjectObjectId") ?? projectId,
    code: e.s("Id"),
    name: e.s("Name"),
    type: e.enumOf("Type", PM_TYPES) ?? "task",
    status,
    plannedDuration: planned,
    remainingDuration: e.minutes("RemainingDuration") ?? (status === "completed" ? 0 : planned),
  };
  const set = <K extends keyof Activity>(k: K, v: Activity[K] | undefined) => {
    if (v !== undefined) a[k] = v;
  };
  set("wbsId", e.opt("WBSObjectId"));
  set("calendarId", e.opt("CalendarObjectId"));
  set("actualDuration", e.minutes("ActualDuration"));
  set("plannedStart", e.date("PlannedStartDate"));
  set("plannedFinish", e.date("PlannedFinishDate"));
  set("actualStart", e.date("ActualStartDate"));
  set("actualFinish", e.date("ActualFinishDate"));
  set("expectedFinish", e.date("ExpectedFinishDate"));
  set("externalEarlyStart", e.date("ExternalEarlyStartDate"));
  set("externalLateFinish", e.date("ExternalLateFinishDate"));
  const pct = e.num("PhysicalPercentComplete");
  if (pct !== undefined) a.percentComplete = pct <= 1 ? Math.round(pct * 10000) / 100 : pct;
  set("constraint", constraintOf(e, "PrimaryConstraintType", "PrimaryConstraintDate"));
  set("secondaryConstraint", constraintOf(e, "SecondaryConstraintType", "SecondaryConstraintDate"));
  // Remaining* dates are P6's scheduled dates of the remaining work (what XER stores as early/late dates).
  const computed: NonNullable<Activity["computed"]> = {};
  const es = e.date("RemainingEarlyStartDate") ?? e.date("EarlyStartDate");
  const ef = e.date("RemainingEarlyFinishDate") ?? e.date("EarlyFinishDate");
  const ls = e.date("RemainingLateStartDate") ?? e.date("LateStartDate");
  const lf = e.date("RemainingLateFinishDate") ?? e.date("LateFinishDate");
  if (es) computed.earlyStart = es;
  if (ef) computed.earlyFinish = ef;
  if (ls) computed.lateStart = ls;
  if (lf) computed.lateFinish = lf;
  const tf = e.minutes("TotalFloat");
  if (tf !== undefined) computed.totalFloat = tf;
  const ff = e.minutes("FreeFloat");
  if (ff !== undefined) computed.freeFloat = ff;
  const crit = e.bool("IsCritical");
  if (crit !== undefined) computed.critical = crit;
  if (Object.keys(computed).length > 0) a.computed = computed;
  set("durationType", e.opt("DurationType"));
  set("percentCompleteType", e.opt("PercentCompleteType"));
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
  set("plannedStart", e.date("PlannedStartDate"));
  set("dataDate", e.date("DataDate"));
  set("scheduledFinish", e.date("ScheduledFinishDate") ?? e.date("FinishDate"));
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

  const wbsIds = new Set<string>();
  for (const w of arr(node.WBS)) {
    const we = new El(w, "WBS", source);
    const wid = we.s("ObjectId");
    wbsIds.add(wid);
    const parent = we.opt("ParentObjectId");
    const seq = we.num("SequenceNumber");
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
export function readPmxml(bytes: Uint8Array): ScheduleModel {
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
    const dd = be.date("DataDate");
    model.baselines.push({
      id,
      name: be.s("Name"),
      projectId: live.id,
      ...(dd ? { dataDate: dd } : {}),
      activities: arr(b.Activity).map((a) => {
        const ae = new El(a, "Activity", source);
        const start = ae.date("ActualStartDate") ?? ae.date("StartDate") ?? ae.date("PlannedStartDate");
        const finish = ae.date("ActualFinishDate") ?? ae.date("FinishDate") ?? ae.date("PlannedFinishDate");
        return {
          code: ae.s("Id"),
          name: ae.s("Name"),
          ...(start ? { start } : {}),
          ...(finish ? { finish } : {}),
          duration: ae.minutes("PlannedDuration") ?? 0,
        };
      }),
    });
  }
  readRelationsAndResources(top, model, source);
  return normalizeReferences(model);
}

function readRelationsAndResources(top: XmlNode, model: ScheduleModel, source: string): void {
  const acts = new Set(model.activities.map((a) => a.id));
  const rels = [...arr(top.Relationship), ...arr(top.Project).flatMap((p) => arr(p.Relationship))];
  const externals = new Map<string, ScheduleModel["externals"][number]>();
  for (const r of rels) {
    const e = new El(r, "Relationship", source);
    const pred = e.s("PredecessorActivityObjectId");
    const succ = e.s("SuccessorActivityObjectId");
    if (!pred || !succ) e.fail("PredecessorActivityObjectId", "Relationship without both activities");
    for (const [id, proj] of [
      [pred, e.opt("PredecessorProjectObjectId")],
      [succ, e.opt("SuccessorProjectObjectId")],
    ] as const) {
      if (!acts.has(id) && !externals.has(id)) externals.set(id, { id, ...(proj ? { projectId: proj } : {}) });
    }
    const id = e.opt("ObjectId");
    model.relations.push({
      ...(id ? { id } : {}),
      predecessorId: pred,
      successorId: succ,
      type: e.enumOf("Type", PM_RELATIONS) ?? "FS",
      lag: e.minutes("Lag") ?? 0,
    });
  }
  model.externals = [...externals.values()];
  const rates = new Map<string, number>();
  for (const rr of arr(top.ResourceRate)) {
    const e = new El(rr, "ResourceRate", source);
    const v = e.num("PricePerUnit");
    if (v !== undefined && !rates.has(e.s("ResourceObjectId"))) rates.set(e.s("ResourceObjectId"), v);
  }
  for (const r of arr(top.Resource)) {
    const e = new El(r, "Resource", source);
    const id = e.s("ObjectId");
    const res: ScheduleModel["resources"][number] = {
      id,
      code: e.s("Id"),
      name: e.s("Name"),
      type: e.enumOf("ResourceType", PM_RESOURCE) ?? "labor",
    };
    const parent = e.opt("ParentObjectId");
    if (parent) res.parentId = parent;
    const cal = e.opt("CalendarObjectId");
    if (cal) res.calendarId = cal;
    const unit = e.opt("UnitOfMeasureAbbreviation");
    if (unit) res.unit = unit;
    const max = e.num("DefaultUnitsPerTime");
    if (max !== undefined) res.maxUnitsPerHour = max;
    const price = rates.get(id) ?? e.num("PricePerUnit");
    if (price !== undefined) res.costPerUnit = price;
    model.resources.push(res);
  }
  const assigns = [...arr(top.ResourceAssignment), ...arr(top.Project).flatMap((p) => arr(p.ResourceAssignment))];
  for (const ra of assigns) {
    const e = new El(ra, "ResourceAssignment", source);
    const activityId = e.s("ActivityObjectId");
    const resourceId = e.s("ResourceObjectId");
    if (!acts.has(activityId) || !resourceId) continue;
    const as: ScheduleModel["assignments"][number] = { id: e.s("ObjectId"), activityId, resourceId };
    const put = (
      k: "plannedUnits" | "actualUnits" | "remainingUnits" | "plannedCost" | "actualCost" | "remainingCost",
      f: string,
    ) => {
      const v = e.num(f);
      if (v !== undefined) as[k] = v;
    };
    put("plannedUnits", "PlannedUnits");
    put("actualUnits", "ActualUnits");
    put("remainingUnits", "RemainingUnits");
    put("plannedCost", "PlannedCost");
    put("actualCost", "ActualCost");
    put("remainingCost", "RemainingCost");
    model.assignments.push(as);
  }
  readCodes(top, model, source);
}

function readCodes(top: XmlNode, model: ScheduleModel, source: string): void {
  const projects = arr(top.Project);
  for (const t of [...arr(top.ActivityCodeType), ...projects.flatMap((p) => arr(p.ActivityCodeType))]) {
    const e = new El(t, "ActivityCodeType", source);
    const proj = e.opt("ProjectObjectId");
    model.codeTypes.push({ id: e.s("ObjectId"), name: e.s("Name"), ...(proj ? { projectId: proj } : {}) });
  }
  for (const c of [...arr(top.ActivityCode), ...projects.flatMap((p) => arr(p.ActivityCode))]) {
    const e = new El(c, "ActivityCode", source);
    const parent = e.opt("ParentObjectId");
    model.codeValues.push({
      id: e.s("ObjectId"),
      typeId: e.s("CodeTypeObjectId"),
      ...(parent ? { parentId: parent } : {}),
      code: e.s("CodeValue"),
      name: e.s("Description"),
    });
  }
  for (const u of arr(top.UDFType)) {
    const e = new El(u, "UDFType", source);
    const subject = ({ Activity: "activity", Project: "project", WBS: "wbs", Resource: "resource" } as const)[
      e.s("SubjectArea") as "Activity"
    ];
    if (!subject) continue;
    const dt = e.s("DataType");
    model.udfTypes.push({
      id: e.s("ObjectId"),
      subject,
      name: e.s("Title"),
      dataType:
        dt === "Start Date" || dt === "Finish Date"
          ? "date"
          : dt === "Double"
            ? "number"
            : dt === "Integer"
              ? "integer"
              : dt === "Cost"
                ? "cost"
                : dt === "Indicator"
                  ? "indicator"
                  : "text",
    });
  }
  const udfTypes = new Map(model.udfTypes.map((u) => [u.id, u]));
  for (const p of projects) {
    for (const a of arr(p.Activity)) {
      const activityId = text(a.ObjectId);
      for (const c of arr(a.Code)) {
        model.activityCodes.push({ activityId, typeId: text(c.TypeObjectId), valueId: text(c.ValueObjectId) });
      }
      for (const u of arr(a.UDF)) {
        const type = udfTypes.get(text(u.TypeObjectId));
        if (!type) continue;
        const raw =
          text(u.TextValue) ||
          text(u.DoubleValue) ||
          text(u.IntegerValue) ||
          text(u.CostValue) ||
          text(u.StartDateValue) ||
          text(u.FinishDateValue) ||
          text(u.IndicatorValue);
        const value =
          type.dataType === "date"
            ? (parseDateTime(raw) ?? raw)
            : ["number", "integer", "cost"].includes(type.dataType)
              ? Number(raw)
              : raw;
        model.udfValues.push({ typeId: type.id, ownerId: activityId, value });
      }
    }
  }
}
