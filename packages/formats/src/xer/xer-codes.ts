import type {
  ActivityStatus,
  ActivityType,
  ConstraintType,
  FloatType,
  LagCalendarOption,
  RelationType,
  ResourceType,
  UdfDataType,
} from "../model/schedule-model.js";

/** P6 code values ↔ model values, shared by the XER reader and writer. */

export const TASK_TYPES: Record<string, ActivityType> = {
  TT_Task: "task",
  TT_Rsrc: "resource_dependent",
  TT_Mile: "milestone_start",
  TT_FinMile: "milestone_finish",
  TT_LOE: "level_of_effort",
  TT_WBS: "wbs_summary",
};

export const STATUS: Record<string, ActivityStatus> = {
  TK_NotStart: "not_started",
  TK_Active: "in_progress",
  TK_Complete: "completed",
};

export const CONSTRAINTS: Record<string, ConstraintType> = {
  CS_MSO: "start_on",
  CS_MSOA: "start_on_or_after",
  CS_MSOB: "start_on_or_before",
  CS_MEO: "finish_on",
  CS_MEOA: "finish_on_or_after",
  CS_MEOB: "finish_on_or_before",
  CS_MANDSTART: "mandatory_start",
  CS_MANDFIN: "mandatory_finish",
  CS_ALAP: "as_late_as_possible",
};

export const RELATION_TYPES: Record<string, RelationType> = { PR_FS: "FS", PR_SS: "SS", PR_FF: "FF", PR_SF: "SF" };

export const FLOAT_TYPES: Record<string, FloatType> = { FT_SF: "start", FT_FF: "finish", FT_SmallestFloat: "smallest" };

export const LAG_CALENDARS: Record<string, LagCalendarOption> = {
  rcal_Predecessor: "predecessor",
  rcal_Successor: "successor",
  rcal_24Hour: "24h",
  rcal_Project: "project",
};

export const RESOURCE_TYPES: Record<string, ResourceType> = {
  RT_Labor: "labor",
  RT_Equip: "nonlabor",
  RT_Mat: "material",
};

export const UDF_TYPES: Record<string, UdfDataType> = {
  FT_TEXT: "text",
  FT_START_DATE: "date",
  FT_END_DATE: "date",
  FT_FLOAT_2_DECIMALS: "number",
  FT_INT: "integer",
  FT_MONEY: "cost",
  FT_STATICTYPE: "indicator",
};

export function invert<V extends string>(map: Record<string, V>): Record<V, string> {
  const out = {} as Record<V, string>;
  for (const [k, v] of Object.entries(map)) if (!(v in out)) out[v] = k;
  return out;
}
