import { curveFromP6, type FileCurve } from "../model/file-curves.js";
import { periodsByDate, type ResourcePeriod, type Role, type ScheduleModel } from "../model/schedule-model.js";
import { RESOURCE_TYPES, UDF_TYPES } from "./xer-codes.js";
import type { Cursor } from "./xer-cursor.js";
import type { XerRows } from "./xer-tables.js";

/** Resources with their prices and availability by period, roles, units of measure and assignments (TASKRSRC). */
type Each = (rows: XerRows, fn: (c: Cursor) => void) => void;

export function readResources(
  t: (n: string) => XerRows,
  model: ScheduleModel,
  taskCode: Map<string, string>,
  each: Each,
): void {
  const rate = new Map<string, number>();
  const periods = new Map<string, ResourcePeriod[]>();
  each(t("RSRCRATE"), (c) => {
    const r = c.str("rsrc_id");
    const v = c.num("cost_per_qty");
    if (v !== undefined && !rate.has(r)) rate.set(r, v);
    const period: ResourcePeriod = {};
    const from = c.softDate("start_date");
    if (from) period.from = from;
    if (v !== undefined) period.costPerUnit = v;
    const max = c.num("max_qty_per_hr");
    if (max !== undefined) period.maxUnitsPerHour = max;
    periods.set(r, [...(periods.get(r) ?? []), period]);
  });
  const roles: Role[] = [];
  each(t("ROLES"), (c) => {
    const parent = c.opt("parent_role_id");
    roles.push({
      id: c.required("role_id"),
      ...(parent ? { parentId: parent } : {}),
      code: c.str("role_short_name"),
      name: c.str("role_name") || c.str("role_short_name"),
    });
  });
  if (roles.length > 0) model.roles = roles;
  const roleIds = new Set(roles.map((r) => r.id));
  const firstRole = new Map<string, string>();
  each(t("RSRCROLE"), (c) => {
    const r = c.str("rsrc_id");
    const role = c.str("role_id");
    if (roleIds.has(role) && !firstRole.has(r)) firstRole.set(r, role);
  });
  const units = new Map<string, string>();
  each(t("UMEASURE"), (c) => units.set(c.str("unit_id"), c.str("unit_abbrev")));
  each(t("RSRC"), (c) => {
    const id = c.required("rsrc_id");
    const r: ScheduleModel["resources"][number] = {
      id,
      code: c.str("rsrc_short_name"),
      name: c.str("rsrc_name"),
      type: RESOURCE_TYPES[c.str("rsrc_type")] ?? "labor",
    };
    const parent = c.opt("parent_rsrc_id");
    if (parent) r.parentId = parent;
    const cal = c.opt("clndr_id");
    if (cal) r.calendarId = cal;
    const unit = units.get(c.str("unit_id"));
    if (unit) r.unit = unit;
    const max = c.num("def_qty_per_hr");
    if (max !== undefined) r.maxUnitsPerHour = max;
    if (rate.has(id)) r.costPerUnit = rate.get(id);
    const own = periods.get(id);
    if (own && own.length > 0) r.periods = periodsByDate(own);
    const primary = c.opt("role_id");
    const role = primary && roleIds.has(primary) ? primary : firstRole.get(id);
    if (role) r.roleId = role;
    model.resources.push(r);
  });
  const resourceIds = new Set(model.resources.map((r) => r.id));
  const curves = new Map<string, FileCurve | undefined>();
  each(t("RSRCCURVDATA"), (c) => {
    const values = Array.from({ length: 21 }, (_, k) => c.num(`pct_usage_${k}`) ?? 0);
    curves.set(c.str("curv_id"), curveFromP6(c.str("curv_name"), values));
  });
  each(t("TASKRSRC"), (c) => {
    const activityId = c.required("task_id");
    if (!taskCode.has(activityId)) return;
    const resourceId = c.str("rsrc_id");
    if (resourceId === "") return; // a role assignment without a resource
    c.activity = taskCode.get(activityId);
    if (!resourceIds.has(resourceId)) {
      c.warn("ReferenceDropped", { what: "TASKRSRC", target: `RSRC ${resourceId}` }, "rsrc_id");
      return;
    }
    const a: ScheduleModel["assignments"][number] = { id: c.required("taskrsrc_id"), activityId, resourceId };
    const set = (k: keyof typeof a, v: number | undefined) => {
      if (v !== undefined) (a as unknown as Record<string, number>)[k] = v;
    };
    set("plannedUnits", c.num("target_qty"));
    const reg = c.num("act_reg_qty");
    const ot = c.num("act_ot_qty");
    set("actualUnits", reg === undefined && ot === undefined ? undefined : (reg ?? 0) + (ot ?? 0));
    set("remainingUnits", c.num("remain_qty"));
    set("unitsPerHour", c.num("remain_qty_per_hr"));
    set("plannedCost", c.num("target_cost"));
    const rc = c.num("act_reg_cost");
    const oc = c.num("act_ot_cost");
    set("actualCost", rc === undefined && oc === undefined ? undefined : (rc ?? 0) + (oc ?? 0));
    set("remainingCost", c.num("remain_cost"));
    const curve = curves.get(c.str("curv_id"));
    if (curve) a.curve = curve;
    model.assignments.push(a);
  });
}

/** Activity code types, values, assignments and user-defined fields of activities, projects, WBS and resources. */
export function readCodesAndUdfs(
  t: (n: string) => XerRows,
  model: ScheduleModel,
  taskCode: Map<string, string>,
  each: Each,
): void {
  each(t("ACTVTYPE"), (c) => {
    const proj = c.opt("proj_id");
    model.codeTypes.push({
      id: c.required("actv_code_type_id"),
      name: c.str("actv_code_type"),
      ...(proj ? { projectId: proj } : {}),
    });
  });
  each(t("ACTVCODE"), (c) => {
    const parent = c.opt("parent_actv_code_id");
    model.codeValues.push({
      id: c.required("actv_code_id"),
      typeId: c.str("actv_code_type_id"),
      ...(parent ? { parentId: parent } : {}),
      code: c.str("short_name"),
      name: c.str("actv_code_name"),
    });
  });
  each(t("TASKACTV"), (c) => {
    const activityId = c.str("task_id");
    if (!taskCode.has(activityId)) return;
    model.activityCodes.push({ activityId, typeId: c.str("actv_code_type_id"), valueId: c.str("actv_code_id") });
  });
  const subjects: Record<string, "activity" | "project" | "wbs" | "resource"> = {
    TASK: "activity",
    PROJECT: "project",
    PROJWBS: "wbs",
    RSRC: "resource",
  };
  const types = new Map<string, ScheduleModel["udfTypes"][number]>();
  each(t("UDFTYPE"), (c) => {
    const subject = subjects[c.str("table_name")];
    if (!subject) return;
    const u = {
      id: c.required("udf_type_id"),
      subject,
      name: c.str("udf_type_label") || c.str("udf_type_name"),
      dataType: UDF_TYPES[c.str("logical_data_type")] ?? "text",
    };
    types.set(u.id, u);
    model.udfTypes.push(u);
  });
  each(t("UDFVALUE"), (c) => {
    const type = types.get(c.str("udf_type_id"));
    if (!type) return;
    const ownerId = c.str("fk_id");
    if (type.subject === "activity" && !taskCode.has(ownerId)) return;
    let value: string | number | undefined;
    if (type.dataType === "date") value = c.softDate("udf_date");
    else if (type.dataType === "text") value = c.str("udf_text");
    else if (type.dataType === "indicator") value = c.str("udf_code_id") || c.str("udf_text");
    else value = c.num("udf_number");
    if (value === undefined) return;
    model.udfValues.push({ typeId: type.id, ownerId, value });
  });
}
