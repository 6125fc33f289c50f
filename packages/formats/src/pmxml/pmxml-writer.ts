import { PMXML_DURATION_TYPES, PMXML_PERCENT_TYPES, spelling } from "../model/activity-kinds.js";
import { P6_CURVE_NAMES, p6CurveValues, usedCurves } from "../model/file-curves.js";
import type { Activity, Calendar, ScheduleModel, TimeInterval } from "../model/schedule-model.js";
import { minutesToTime, timeToMinutes } from "../util/date-time.js";
import { XmlWriter } from "../util/xml-tools.js";
import { invert } from "../xer/xer-codes.js";
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

const types = invert(PM_TYPES);
const status = invert(PM_STATUS as Record<string, "not_started" | "in_progress" | "completed">);
const cons = invert(PM_CONSTRAINTS);
const rels = invert(PM_RELATIONS);
const progress = invert(PM_PROGRESS);
const floats = invert(PM_FLOAT);
const lagCals = invert(PM_LAG_CAL);
const resTypes = invert(PM_RESOURCE);

const dt = (v: string | undefined) => (v === undefined ? undefined : `${v}:00`);
const hours = (m: number | undefined) => (m === undefined ? undefined : Math.round((m / 60) * 1e6) / 1e6);

function workTimes(x: XmlWriter, list: TimeInterval[]): void {
  for (const [s, f] of list) {
    // P6 XML writes the last working minute, not the end of the interval.
    const end = timeToMinutes(f) - 1;
    x.open("WorkTime")
      .el("Start", `${s}:00`)
      .el("Finish", `${minutesToTime(end)}:00`)
      .close("WorkTime");
  }
}

function calendar(x: XmlWriter, c: Calendar): void {
  x.open("Calendar");
  x.el("BaseCalendarObjectId", c.baseCalendarId)
    .el("HoursPerDay", c.hoursPerDay)
    .el("IsDefault", c.isDefault ?? false);
  x.el("Name", c.name).el("ObjectId", c.id).el("ProjectObjectId", c.projectId);
  x.el("Type", c.kind === "project" ? "Project" : c.kind === "resource" ? "Resource" : "Global");
  x.open("StandardWorkWeek");
  for (const i of [6, 0, 1, 2, 3, 4, 5]) {
    x.open("StandardWorkHours").el("DayOfWeek", DAYS[i]);
    workTimes(x, c.week[i] ?? []);
    x.close("StandardWorkHours");
  }
  x.close("StandardWorkWeek");
  x.open("HolidayOrExceptions");
  for (const e of c.exceptions) {
    x.open("HolidayOrException").el("Date", `${e.date}T00:00:00`);
    workTimes(x, e.intervals);
    x.close("HolidayOrException");
  }
  x.close("HolidayOrExceptions");
  x.close("Calendar");
}

function activity(
  x: XmlWriter,
  a: Activity,
  model: ScheduleModel,
  byActivity: Map<string, { codes: string[][]; udfs: string[][] }>,
): void {
  const c = a.computed ?? {};
  x.open("Activity");
  x.el("ActualDuration", hours(a.actualDuration))
    .el("ActualFinishDate", dt(a.actualFinish))
    .el("ActualStartDate", dt(a.actualStart));
  x.el("CalendarObjectId", a.calendarId).el("DurationType", spelling(PMXML_DURATION_TYPES, a.durationType));
  x.el("EarlyFinishDate", dt(c.earlyFinish))
    .el("EarlyStartDate", dt(c.earlyStart))
    .el("ExpectedFinishDate", dt(a.expectedFinish));
  x.el("ExternalEarlyStartDate", dt(a.externalEarlyStart)).el("ExternalLateFinishDate", dt(a.externalLateFinish));
  x.el("FreeFloat", hours(c.freeFloat))
    .el("GUID", a.guid && /^\{[0-9A-Fa-f-]{36}\}$/.test(a.guid) ? a.guid : undefined)
    .el("Id", a.code)
    .el("IsCritical", c.critical);
  x.el("LateFinishDate", dt(c.lateFinish)).el("LateStartDate", dt(c.lateStart)).el("Name", a.name).el("ObjectId", a.id);
  x.el("PercentCompleteType", spelling(PMXML_PERCENT_TYPES, a.percentCompleteType));
  x.el("PhysicalPercentComplete", a.percentComplete === undefined ? undefined : a.percentComplete / 100);
  x.el("PlannedDuration", hours(a.plannedDuration))
    .el("PlannedFinishDate", dt(a.plannedFinish))
    .el("PlannedStartDate", dt(a.plannedStart));
  x.el("PrimaryConstraintDate", dt(a.constraint?.date)).el(
    "PrimaryConstraintType",
    a.constraint ? cons[a.constraint.type] : undefined,
  );
  x.el("ProjectObjectId", a.projectId).el("RemainingDuration", hours(a.remainingDuration));
  x.el("RemainingEarlyFinishDate", dt(c.earlyFinish)).el("RemainingEarlyStartDate", dt(c.earlyStart));
  x.el("RemainingLateFinishDate", dt(c.lateFinish)).el("RemainingLateStartDate", dt(c.lateStart));
  x.el("ResumeDate", dt(a.resumeDate));
  x.el("SecondaryConstraintDate", dt(a.secondaryConstraint?.date));
  x.el("SecondaryConstraintType", a.secondaryConstraint ? cons[a.secondaryConstraint.type] : undefined);
  x.el("Status", status[a.status]).el("SuspendDate", dt(a.suspendDate)).el("TotalFloat", hours(c.totalFloat));
  x.el("Type", types[a.type === "summary" ? "wbs_summary" : a.type]).el("WBSObjectId", a.wbsId);
  const extra = byActivity.get(a.id);
  for (const [t, v] of extra?.codes ?? []) x.open("Code").el("TypeObjectId", t).el("ValueObjectId", v).close("Code");
  for (const [t, kind, v] of extra?.udfs ?? []) x.open("UDF").el("TypeObjectId", t).el(kind, v).close("UDF");
  void model;
  x.close("Activity");
}

const UDF_ELEMENT: Record<string, [string, string]> = {
  text: ["Text", "TextValue"],
  date: ["Start Date", "StartDateValue"],
  number: ["Double", "DoubleValue"],
  integer: ["Integer", "IntegerValue"],
  cost: ["Cost", "CostValue"],
  indicator: ["Indicator", "IndicatorValue"],
};

const NOTES_TOPIC = "1";

/** Write the model as P6 XML (the APIBusinessObjects schema P6 Professional and EPPM import). */
export function writePmxml(model: ScheduleModel): Uint8Array {
  const x = new XmlWriter();
  x.open(
    "APIBusinessObjects",
    'xmlns="http://xmlns.oracle.com/Primavera/P6/V20.12/API/BusinessObjects" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
  );
  const udfType = new Map(model.udfTypes.map((u) => [u.id, u]));
  for (const t of model.codeTypes.filter((t) => !t.projectId))
    x.open("ActivityCodeType").el("Name", t.name).el("ObjectId", t.id).close("ActivityCodeType");
  for (const v of model.codeValues) {
    x.open("ActivityCode")
      .el("CodeTypeObjectId", v.typeId)
      .el("CodeValue", v.code)
      .el("Description", v.name)
      .el("ObjectId", v.id)
      .el("ParentObjectId", v.parentId)
      .close("ActivityCode");
  }
  for (const u of model.udfTypes) {
    const subject = { activity: "Activity", project: "Project", wbs: "WBS", resource: "Resource" }[u.subject];
    x.open("UDFType")
      .el("DataType", UDF_ELEMENT[u.dataType][0])
      .el("ObjectId", u.id)
      .el("SubjectArea", subject)
      .el("Title", u.name)
      .close("UDFType");
  }
  for (const c of model.calendars.filter((c) => !c.projectId)) calendar(x, c);
  // Notes go into one notebook topic, "Notes", kept as HTML as P6 does.
  const noted = model.activities.filter((a) => a.notes);
  if (noted.length > 0)
    x.open("NotebookTopic")
      .el("AvailableForActivity", true)
      .el("Name", "Notes")
      .el("ObjectId", NOTES_TOPIC)
      .close("NotebookTopic");
  for (const r of model.roles ?? []) {
    x.open("Role")
      .el("Id", r.code)
      .el("Name", r.name)
      .el("ObjectId", r.id)
      .el("ParentObjectId", r.parentId)
      .close("Role");
  }
  for (const r of model.resources) {
    x.open("Resource")
      .el("CalendarObjectId", r.calendarId)
      .el("DefaultUnitsPerTime", r.maxUnitsPerHour)
      .el("Id", r.code)
      .el("Name", r.name);
    x.el("ObjectId", r.id)
      .el("ParentObjectId", r.parentId)
      .el("PricePerUnit", r.costPerUnit)
      .el("PrimaryRoleObjectId", r.roleId)
      .el("ResourceType", resTypes[r.type]);
    x.el("UnitOfMeasureAbbreviation", r.unit).close("Resource");
  }
  let rateId = 0;
  for (const r of model.resources)
    for (const p of r.periods ?? []) {
      x.open("ResourceRate")
        .el("EffectiveDate", p.from ? `${p.from}:00` : undefined)
        .el("MaxUnitsPerTime", p.maxUnitsPerHour)
        .el("ObjectId", ++rateId)
        .el("PricePerUnit", p.costPerUnit)
        .el("ResourceObjectId", r.id)
        .close("ResourceRate");
    }
  for (const r of model.resources.filter((r) => r.roleId))
    x.open("ResourceRole")
      .el("Proficiency", "3 - Skilled")
      .el("ResourceObjectId", r.id)
      .el("RoleObjectId", r.roleId)
      .close("ResourceRole");
  const curves = usedCurves(model.assignments);
  for (const [curve, id] of curves) {
    x.open("ResourceCurve").el("IsDefault", false).el("Name", P6_CURVE_NAMES[curve]).el("ObjectId", id).open("Values");
    for (const [k, v] of p6CurveValues(curve).entries()) x.el(`Value${k * 5}`, v);
    x.close("Values").close("ResourceCurve");
  }
  const byActivity = new Map<string, { codes: string[][]; udfs: string[][] }>();
  const extra = (id: string) => {
    let e = byActivity.get(id);
    if (!e) {
      e = { codes: [], udfs: [] };
      byActivity.set(id, e);
    }
    return e;
  };
  for (const c of model.activityCodes) extra(c.activityId).codes.push([c.typeId, c.valueId]);
  for (const v of model.udfValues) {
    const t = udfType.get(v.typeId);
    if (t?.subject !== "activity") continue;
    extra(v.ownerId).udfs.push([
      v.typeId,
      UDF_ELEMENT[t.dataType][1],
      t.dataType === "date" ? `${v.value}:00` : String(v.value),
    ]);
  }
  const projectOf = new Map(model.activities.map((a) => [a.id, a.projectId]));
  const extProject = new Map(model.externals.map((e) => [e.id, e.projectId]));
  for (const p of model.projects) {
    const o = p.options;
    x.open("Project");
    x.el("ActivityDefaultCalendarObjectId", p.defaultCalendarId);
    x.el("ComputeTotalFloatType", o.floatType ? floats[o.floatType] : undefined);
    x.el("CriticalActivityFloatLimit", hours(o.criticalFloat));
    x.el(
      "CriticalActivityPathType",
      o.criticalPath ? (o.criticalPath === "longest_path" ? "Longest Path" : "Critical Float") : undefined,
    );
    x.el("DataDate", dt(p.dataDate)).el("Id", p.code).el("IgnoreOtherProjectRelationships", o.ignoreExternalRelations);
    x.el("MakeOpenEndedActivitiesCritical", o.openEndsCritical)
      .el("MustFinishByDate", dt(p.mustFinishBy))
      .el("Name", p.name)
      .el("ObjectId", p.id);
    x.el("OutOfSequenceScheduleType", o.progress ? progress[o.progress] : undefined).el(
      "PlannedStartDate",
      dt(p.plannedStart),
    );
    x.el("RelationshipLagCalendar", o.lagCalendar ? lagCals[o.lagCalendar] : undefined).el(
      "ScheduledFinishDate",
      dt(p.scheduledFinish),
    );
    x.el("StartToStartLagCalculationType", o.ssLagFrom ? (o.ssLagFrom === "early_start" ? 1 : 0) : undefined);
    x.el("UseExpectedFinishDates", o.useExpectedFinish);
    for (const t of model.codeTypes.filter((t) => t.projectId === p.id)) {
      x.open("ActivityCodeType")
        .el("Name", t.name)
        .el("ObjectId", t.id)
        .el("ProjectObjectId", t.projectId)
        .close("ActivityCodeType");
    }
    for (const c of model.calendars.filter((c) => c.projectId === p.id)) calendar(x, c);
    for (const w of model.wbs.filter((w) => w.projectId === p.id)) {
      x.open("WBS")
        .el("Code", w.code)
        .el("Name", w.name)
        .el("ObjectId", w.id)
        .el("ParentObjectId", w.parentId)
        .el("ProjectObjectId", w.projectId)
        .el("SequenceNumber", w.seq)
        .close("WBS");
    }
    for (const a of model.activities) if (a.projectId === p.id) activity(x, a, model, byActivity);
    for (const [i, a] of noted.entries()) {
      if (a.projectId !== p.id) continue;
      const html = a.notes!.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").split("\n").join("<br>");
      x.open("ActivityNote")
        .el("ActivityObjectId", a.id)
        .el("Note", `<html><body>${html}</body></html>`)
        .el("NotebookTopicObjectId", NOTES_TOPIC)
        .el("ObjectId", i + 1)
        .el("ProjectObjectId", p.id)
        .close("ActivityNote");
    }
    for (const [i, r] of model.relations.entries()) {
      const sp = projectOf.get(r.successorId) ?? extProject.get(r.successorId);
      const pp = projectOf.get(r.predecessorId) ?? extProject.get(r.predecessorId);
      // A relation is written once, under the successor's project (or the predecessor's when the successor is external).
      const owner = projectOf.has(r.successorId) ? sp : pp;
      if (owner !== p.id) continue;
      x.open("Relationship")
        .el("Lag", hours(r.lag))
        .el("ObjectId", r.id ?? `R${i + 1}`);
      x.el("PredecessorActivityObjectId", r.predecessorId).el("PredecessorProjectObjectId", pp);
      x.el("SuccessorActivityObjectId", r.successorId)
        .el("SuccessorProjectObjectId", sp)
        .el("Type", rels[r.type])
        .close("Relationship");
    }
    for (const as of model.assignments) {
      if (projectOf.get(as.activityId) !== p.id) continue;
      x.open("ResourceAssignment")
        .el("ActivityObjectId", as.activityId)
        .el("ActualCost", as.actualCost)
        .el("ActualUnits", as.actualUnits);
      x.el("ObjectId", as.id)
        .el("PlannedCost", as.plannedCost)
        .el("PlannedUnits", as.plannedUnits)
        .el("ProjectObjectId", p.id);
      x.el("RemainingCost", as.remainingCost)
        .el("RemainingUnits", as.remainingUnits)
        .el("RemainingUnitsPerTime", as.unitsPerHour)
        .el("ResourceCurveObjectId", as.curve ? curves.get(as.curve) : undefined)
        .el("ResourceObjectId", as.resourceId)
        .close("ResourceAssignment");
    }
    x.close("Project");
  }
  for (const b of model.baselines) {
    const live = model.projects.find((p) => p.id === b.projectId);
    x.open("BaselineProject")
      .el("DataDate", dt(b.dataDate))
      .el("Id", live?.code)
      .el("Name", b.name)
      .el("ObjectId", b.id);
    for (const a of b.activities) {
      x.open("Activity")
        .el("FinishDate", dt(a.finish))
        .el("Id", a.code)
        .el("Name", a.name)
        .el("PlannedDuration", hours(a.duration))
        .el("StartDate", dt(a.start))
        .close("Activity");
    }
    x.close("BaselineProject");
  }
  x.close("APIBusinessObjects");
  return x.toBytes();
}
