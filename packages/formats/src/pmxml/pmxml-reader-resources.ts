import { curveFromP6, type FileCurve } from "../model/file-curves.js";
import { periodsByDate, type ResourcePeriod, type Role, type ScheduleModel } from "../model/schedule-model.js";
import { parseDateTime } from "../util/date-time.js";
import { arr, text, type XmlNode } from "../util/xml-tools.js";
import { PM_RELATIONS, PM_RESOURCE } from "./pmxml-codes.js";
import { El } from "./pmxml-element.js";

/** Relationships (project-level or top-level), externals, resources with prices, assignments, codes and UDFs. */
export function readRelationsAndResources(top: XmlNode, model: ScheduleModel, source: string): void {
  const acts = new Set(model.activities.map((a) => a.id));
  const code = new Map(model.activities.map((a) => [a.id, a.code]));
  const projectsInFile = new Set(model.projects.map((p) => p.id));
  const rels = [...arr(top.Relationship), ...arr(top.Project).flatMap((p) => arr(p.Relationship))];
  const externals = new Map<string, ScheduleModel["externals"][number]>();
  for (const r of rels) {
    const e = new El(r, "Relationship", source);
    const pred = e.s("PredecessorActivityObjectId");
    const succ = e.s("SuccessorActivityObjectId");
    const names = { predecessor: code.get(pred) ?? pred, successor: code.get(succ) ?? succ };
    if (!pred || !succ || (!acts.has(pred) && !acts.has(succ))) {
      e.warn("RelationDropped", names);
      continue;
    }
    // A missing end of a project the file holds is a dangling reference; of another project, an external.
    let dangling = false;
    let otherProject = "";
    for (const [id, proj] of [
      [pred, e.opt("PredecessorProjectObjectId")],
      [succ, e.opt("SuccessorProjectObjectId")],
    ] as const) {
      if (acts.has(id)) continue;
      if (proj !== undefined && projectsInFile.has(proj)) dangling = true;
      else otherProject = proj ?? "?";
    }
    if (dangling) {
      e.warn("RelationDropped", names);
      continue;
    }
    for (const [id, proj] of [
      [pred, e.opt("PredecessorProjectObjectId")],
      [succ, e.opt("SuccessorProjectObjectId")],
    ] as const) {
      if (!acts.has(id) && !externals.has(id)) externals.set(id, { id, ...(proj ? { projectId: proj } : {}) });
    }
    if (otherProject) e.warn("RelationExternal", { ...names, project: otherProject });
    const id = e.opt("ObjectId");
    model.relations.push({
      ...(id ? { id } : {}),
      predecessorId: pred,
      successorId: succ,
      type: e.enumSoft("Type", PM_RELATIONS, "Finish to Start") ?? "FS",
      lag: e.minutes("Lag") ?? 0,
    });
  }
  model.externals = [...externals.values()];
  const rates = new Map<string, number>();
  const periods = new Map<string, ResourcePeriod[]>();
  for (const rr of arr(top.ResourceRate)) {
    const e = new El(rr, "ResourceRate", source);
    const owner = e.s("ResourceObjectId");
    const v = e.num("PricePerUnit");
    if (v !== undefined && !rates.has(owner)) rates.set(owner, v);
    const period: ResourcePeriod = {};
    const from = e.softDate("EffectiveDate");
    if (from) period.from = from;
    if (v !== undefined) period.costPerUnit = v;
    const max = e.num("MaxUnitsPerTime");
    if (max !== undefined) period.maxUnitsPerHour = max;
    periods.set(owner, [...(periods.get(owner) ?? []), period]);
  }
  const roles: Role[] = [];
  for (const ro of arr(top.Role)) {
    const e = new El(ro, "Role", source);
    const parent = e.opt("ParentObjectId");
    roles.push({
      id: e.s("ObjectId"),
      ...(parent ? { parentId: parent } : {}),
      code: e.s("Id"),
      name: e.s("Name") || e.s("Id"),
    });
  }
  if (roles.length > 0) model.roles = roles;
  const roleIds = new Set(roles.map((r) => r.id));
  const firstRole = new Map<string, string>();
  for (const rr of arr(top.ResourceRole)) {
    const e = new El(rr, "ResourceRole", source);
    const role = e.s("RoleObjectId");
    if (roleIds.has(role) && !firstRole.has(e.s("ResourceObjectId"))) firstRole.set(e.s("ResourceObjectId"), role);
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
    const own = periods.get(id);
    if (own && own.length > 0) res.periods = periodsByDate(own);
    const primary = e.opt("PrimaryRoleObjectId");
    const role = primary && roleIds.has(primary) ? primary : firstRole.get(id);
    if (role) res.roleId = role;
    model.resources.push(res);
  }
  const curves = new Map<string, FileCurve | undefined>();
  for (const rc of arr(top.ResourceCurve)) {
    const values = (rc.Values ?? {}) as XmlNode;
    const points = Array.from({ length: 21 }, (_, k) => Number(text(values[`Value${k * 5}`])) || 0);
    curves.set(text(rc.ObjectId), curveFromP6(text(rc.Name), points));
  }
  const assigns = [...arr(top.ResourceAssignment), ...arr(top.Project).flatMap((p) => arr(p.ResourceAssignment))];
  for (const ra of assigns) {
    const e = new El(ra, "ResourceAssignment", source);
    const activityId = e.s("ActivityObjectId");
    const resourceId = e.s("ResourceObjectId");
    if (!resourceId) continue; // a role assignment without a resource
    if (!acts.has(activityId)) {
      e.warn("ReferenceDropped", { what: "ResourceAssignment", target: `Activity ${activityId}` });
      continue;
    }
    const as: ScheduleModel["assignments"][number] = { id: e.s("ObjectId"), activityId, resourceId };
    const put = (
      k:
        | "plannedUnits"
        | "actualUnits"
        | "remainingUnits"
        | "unitsPerHour"
        | "plannedCost"
        | "actualCost"
        | "remainingCost",
      f: string,
    ) => {
      const v = e.num(f);
      if (v !== undefined) as[k] = v;
    };
    put("plannedUnits", "PlannedUnits");
    put("actualUnits", "ActualUnits");
    put("remainingUnits", "RemainingUnits");
    put("unitsPerHour", "RemainingUnitsPerTime");
    put("plannedCost", "PlannedCost");
    put("actualCost", "ActualCost");
    put("remainingCost", "RemainingCost");
    const curve = curves.get(e.s("ResourceCurveObjectId"));
    if (curve) as.curve = curve;
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
