import { P6_CURVE_NAMES, p6CurveValues, usedCurves } from "../model/file-curves.js";
import type { ScheduleModel } from "../model/schedule-model.js";
import { invert, RESOURCE_TYPES, UDF_TYPES } from "./xer-codes.js";
import { d, type TableWriter } from "./xer-table-writer.js";

const rsrcType = invert(RESOURCE_TYPES);
const udfType = invert(UDF_TYPES);

/** RSRC, UMEASURE, RSRCRATE, ROLES, RSRCROLE, RSRCCURVDATA, TASKRSRC, activity codes and UDF tables. */
export function writeResourceTables(w: TableWriter, model: ScheduleModel, projectOf: Map<string, string>): void {
  const units = [...new Set(model.resources.map((r) => r.unit).filter((u): u is string => !!u))];
  w.table(
    "UMEASURE",
    ["unit_id", "seq_num", "unit_abbrev", "unit_name"],
    units.map((u, i) => [i + 1, i, u, u]),
  );
  // roles before the resources that name them, as P6 writes them
  const roles = model.roles ?? [];
  w.table(
    "ROLES",
    ["role_id", "parent_role_id", "seq_num", "role_name", "role_short_name"],
    roles.map((r, i) => [r.id, r.parentId, i, r.name, r.code]),
  );
  w.table(
    "RSRC",
    [
      "rsrc_id",
      "parent_rsrc_id",
      "clndr_id",
      "rsrc_seq_num",
      "rsrc_name",
      "rsrc_short_name",
      "def_qty_per_hr",
      "cost_qty_type",
      "active_flag",
      "curr_id",
      "unit_id",
      "rsrc_type",
      "role_id",
    ],
    model.resources.map((r, i) => [
      r.id,
      r.parentId,
      r.calendarId,
      i,
      r.name,
      r.code,
      r.maxUnitsPerHour,
      "QT_Hour",
      "Y",
      1,
      r.unit ? units.indexOf(r.unit) + 1 : undefined,
      rsrcType[r.type],
      r.roleId,
    ]),
  );
  const rates = model.resources.flatMap((r) =>
    (
      r.periods ??
      (r.costPerUnit !== undefined ? [{ costPerUnit: r.costPerUnit, maxUnitsPerHour: r.maxUnitsPerHour }] : [])
    ).map((p) => [r.id, p] as const),
  );
  w.table(
    "RSRCRATE",
    ["rsrc_rate_id", "rsrc_id", "max_qty_per_hr", "cost_per_qty", "start_date"],
    rates.map(([id, p], i) => [i + 1, id, p.maxUnitsPerHour, p.costPerUnit, p.from ? d(p.from) : undefined]),
  );
  w.table(
    "RSRCROLE",
    ["rsrc_id", "role_id", "skill_level"],
    model.resources.filter((r) => r.roleId).map((r) => [r.id, r.roleId, 3]),
  );
  const curves = usedCurves(model.assignments);
  w.table(
    "RSRCCURVDATA",
    ["curv_id", "curv_name", "default_flag", ...Array.from({ length: 21 }, (_, k) => `pct_usage_${k}`)],
    [...curves].map(([curve, id]) => [id, P6_CURVE_NAMES[curve], "N", ...p6CurveValues(curve)]),
  );
  w.table(
    "TASKRSRC",
    [
      "taskrsrc_id",
      "task_id",
      "proj_id",
      "rsrc_id",
      "remain_qty",
      "remain_qty_per_hr",
      "target_qty",
      "act_reg_qty",
      "act_ot_qty",
      "target_cost",
      "act_reg_cost",
      "act_ot_cost",
      "remain_cost",
      "rsrc_type",
      "curv_id",
    ],
    model.assignments.map((a) => [
      a.id,
      a.activityId,
      projectOf.get(a.activityId),
      a.resourceId,
      a.remainingUnits,
      a.unitsPerHour,
      a.plannedUnits,
      a.actualUnits,
      a.actualUnits === undefined ? undefined : 0,
      a.plannedCost,
      a.actualCost,
      a.actualCost === undefined ? undefined : 0,
      a.remainingCost,
      undefined,
      a.curve ? curves.get(a.curve) : undefined,
    ]),
  );
  w.table(
    "ACTVTYPE",
    ["actv_code_type_id", "actv_short_len", "seq_num", "actv_code_type", "proj_id", "actv_code_type_scope"],
    model.codeTypes.map((t, i) => [t.id, 60, i, t.name, t.projectId, t.projectId ? "AS_Project" : "AS_Global"]),
  );
  w.table(
    "ACTVCODE",
    ["actv_code_id", "parent_actv_code_id", "actv_code_type_id", "actv_code_name", "short_name", "seq_num"],
    model.codeValues.map((v, i) => [v.id, v.parentId, v.typeId, v.name, v.code, i]),
  );
  w.table(
    "TASKACTV",
    ["task_id", "actv_code_type_id", "actv_code_id", "proj_id"],
    model.activityCodes.map((c) => [c.activityId, c.typeId, c.valueId, projectOf.get(c.activityId)]),
  );
  const subjectTable = { activity: "TASK", project: "PROJECT", wbs: "PROJWBS", resource: "RSRC" } as const;
  w.table(
    "UDFTYPE",
    ["udf_type_id", "table_name", "udf_type_name", "udf_type_label", "logical_data_type"],
    model.udfTypes.map((u) => [u.id, subjectTable[u.subject], `user_field_${u.id}`, u.name, udfType[u.dataType]]),
  );
  const udfById = new Map(model.udfTypes.map((u) => [u.id, u]));
  w.table(
    "UDFVALUE",
    ["udf_type_id", "fk_id", "proj_id", "udf_date", "udf_number", "udf_text", "udf_code_id"],
    model.udfValues.map((v) => {
      const dt = udfById.get(v.typeId)?.dataType ?? "text";
      return [
        v.typeId,
        v.ownerId,
        projectOf.get(v.ownerId),
        dt === "date" ? d(String(v.value)) : undefined,
        dt === "number" || dt === "integer" || dt === "cost" ? v.value : undefined,
        dt === "text" ? String(v.value) : undefined,
        dt === "indicator" ? String(v.value) : undefined,
      ];
    }),
  );
}
