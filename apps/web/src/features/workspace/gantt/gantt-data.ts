import type {
  GANTT_LIMIT_CODES,
  GANTT_LINK_CODES,
  GANTT_TYPE_CODES,
  GanttCostColumn,
  GanttData,
} from "@planum/contracts";

/**
 * The Gantt payload is the contract's `GanttData` (packages/contracts/src/workspace-gantt.ts): columnar, rows in WBS
 * order, row references as positions, times in wall-clock minutes. This module adds the codes' names the component
 * uses and the change types it emits. The code tables are repeated as literals checked against the contract's
 * (`satisfies`), so the preview worker's bundle does not pull in the contracts package and zod.
 */
export type {
  GanttAttribute,
  GanttAttributeKind,
  GanttData,
  GanttRelations,
} from "@planum/contracts";

/** WBS item types by code (spec §3). */
export const WBS_TYPES = [
  "sum",
  "task",
  "work",
  "milestone_start",
  "milestone_finish",
  "draft",
] as const satisfies typeof GANTT_TYPE_CODES;
export type WbsType = (typeof WBS_TYPES)[number];
export const TYPE_SUM = 0;
export const TYPE_TASK = 1;
export const TYPE_WORK = 2;
export const TYPE_MILESTONE_START = 3;
export const TYPE_MILESTONE_FINISH = 4;
export const TYPE_DRAFT = 5;

/** Relation types by code (spec §3, §9). */
export const RELATION_TYPES = ["FS", "SS", "FF", "SF"] as const satisfies typeof GANTT_LINK_CODES;
export const REL_FS = 0;
export const REL_SS = 1;
export const REL_FF = 2;
export const REL_SF = 3;

/** Limit (constraint) types by code; 0 is "no limit". */
export const LIMIT_TYPES = [
  null,
  "not_earlier",
  "not_later",
  "in_date",
  "mandatory",
] as const satisfies typeof GANTT_LIMIT_CODES;

export const NO_TIME = -1;

/** The works' money, labour and volume columns (contracts' GANTT_COST_COLUMNS), summed into summaries by the server. */
export const COST_COLUMNS = [
  "plannedCost",
  "actualCost",
  "plannedLabour",
  "actualLabour",
  "plannedVolume",
  "actualVolume",
] as const satisfies readonly GanttCostColumn[];
export type CostColumn = (typeof COST_COLUMNS)[number];
/** Money columns: shown with two decimals. */
export const MONEY_COLUMNS: ReadonlySet<string> = new Set<CostColumn>(["plannedCost", "actualCost"]);

/** The per-row arrays every payload must carry (used by the decoder's length check). */
export const ROW_FIELDS = [
  "ids",
  "parent",
  "type",
  "code",
  "name",
  "calendar",
  "duration",
  "earlyStart",
  "earlyFinish",
  "lateStart",
  "lateFinish",
  "totalFloat",
  "freeFloat",
  "critical",
  "progress",
  "baselineStart",
  "baselineFinish",
  "actualStart",
  "actualFinish",
  "startLimitType",
  "startLimitDate",
  "finishLimitType",
  "finishLimitDate",
  "revision",
] as const satisfies readonly (keyof GanttData)[];

/** What the grid or a bar drag asks the server to change; `id` and `revision` identify the row. */
export type GanttChange =
  | { id: number; revision: number; kind: "name"; value: string }
  | { id: number; revision: number; kind: "duration"; value: number }
  | { id: number; revision: number; kind: "startLimit"; value: { type: "not_earlier"; date: number } }
  | { id: number; revision: number; kind: "progress"; value: number }
  | { id: number; revision: number; kind: "attribute"; attributeId: string; value: string | number | null };

/** A relation drawn by dragging from one bar end to another. */
export interface GanttLink {
  /** Id of the predecessor. */
  from: number;
  /** Id of the successor. */
  to: number;
  type: (typeof RELATION_TYPES)[number];
}
