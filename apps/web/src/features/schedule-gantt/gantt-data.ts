import type { CalendarInput } from "@planum/engine";

/**
 * The columnar Gantt payload the server sends for one schedule version (GET …/gantt).
 *
 * Why columnar: 100,000 activities as an array of objects repeat every key 100,000 times and cost ~50 MB of JSON;
 * one array per field is a few MB, parses fast and decodes straight into typed arrays.
 *
 * Conventions shared by every per-row array (all have exactly `ids.length` items, in the same order):
 * - rows are listed in WBS order: a parent's children appear in the order they are shown;
 * - references to other rows (`parent`, `relations.from/to`) are POSITIONS in these arrays, not ids, so decoding
 *   needs no id lookup; `ids` carries the stable integer id the server expects back in changes;
 * - times are integer minutes since 1970-01-01T00:00 wall clock (the engine's time model, no time zones), -1 = none;
 * - durations, lags and floats are working minutes of the row's calendar.
 */
export interface GanttData {
  /** Layout version of this payload; bump on breaking changes. */
  version: 1;
  /** Stable integer id of each WBS item (unique). */
  ids: number[];
  /** Position of the parent row (a `sum` row), -1 for a root. */
  parent: number[];
  /** WBS item type code, see `WBS_TYPES` (0 sum, 1 task, 2 work, 3 milestone_start, 4 milestone_finish, 5 draft). */
  type: number[];
  /** Activity code (P6 "Activity ID"). */
  code: string[];
  name: string[];
  /** Position in `calendars` of the row's calendar. */
  calendar: number[];
  /** Planned (original) duration, working minutes. */
  duration: number[];
  /** Remaining duration, working minutes; -1 = equal to the planned duration. Optional. */
  remaining?: number[];
  earlyStart: number[];
  earlyFinish: number[];
  lateStart: number[];
  lateFinish: number[];
  /** Total float, working minutes (negative kept); null = not computed. */
  totalFloat: (number | null)[];
  /** Free float, working minutes; null = not computed. */
  freeFloat: (number | null)[];
  /** 1 when the row is on the critical path, else 0. */
  critical: number[];
  /** Percent complete, 0…100. */
  progress: number[];
  /** Baseline (target version) bar; -1 = the row has no baseline. */
  baselineStart: number[];
  baselineFinish: number[];
  actualStart: number[];
  actualFinish: number[];
  /** Start limit code, see `LIMIT_TYPES` (0 none, 1 not_earlier, 2 not_later, 3 in_date). */
  startLimitType: number[];
  /** Start limit date in minutes, -1 when there is no start limit. */
  startLimitDate: number[];
  finishLimitType: number[];
  finishLimitDate: number[];
  /** Row revision for optimistic concurrency: echoed back in every change of that row. */
  revision: number[];
  /** Stored expanded flag of WBS rows (spec §4), 1 expanded; absent = all expanded. */
  expanded?: number[];
  /** Attribute columns: attribute id → one value per row (null = no value). */
  attrs?: Record<string, (string | number | null)[]>;
  /** Labels and kinds of the attribute columns in `attrs`, in display order. */
  attributes?: GanttAttribute[];
  relations: GanttRelations;
  /** Calendars in the engine's format; rows refer to them by position. */
  calendars: CalendarInput[];
  /** Position in `calendars` of the project's default calendar. */
  defaultCalendar: number;
  /** Project planned start, minutes. */
  projectStart: number;
  /** Data date (status date), minutes; -1 = none. */
  dataDate: number;
}

export interface GanttRelations {
  /** Position of the predecessor row. */
  from: number[];
  /** Position of the successor row. */
  to: number[];
  /** Relation type code, see `RELATION_TYPES` (0 FS, 1 SS, 2 FF, 3 SF). */
  type: number[];
  /** Lag in working minutes, may be negative. */
  lag: number[];
}

export type GanttAttributeKind = "string" | "number" | "money" | "percentage" | "date" | "boolean";

export interface GanttAttribute {
  id: string;
  label: string;
  kind: GanttAttributeKind;
}

/** WBS item types by code (spec §3). */
export const WBS_TYPES = ["sum", "task", "work", "milestone_start", "milestone_finish", "draft"] as const;
export type WbsType = (typeof WBS_TYPES)[number];
export const TYPE_SUM = 0;
export const TYPE_TASK = 1;
export const TYPE_WORK = 2;
export const TYPE_MILESTONE_START = 3;
export const TYPE_MILESTONE_FINISH = 4;
export const TYPE_DRAFT = 5;

/** Relation types by code (spec §3, §9). */
export const RELATION_TYPES = ["FS", "SS", "FF", "SF"] as const;
export const REL_FS = 0;
export const REL_SS = 1;
export const REL_FF = 2;
export const REL_SF = 3;

/** Limit (constraint) types by code; 0 is "no limit". */
export const LIMIT_TYPES = [null, "not_earlier", "not_later", "in_date"] as const;

export const NO_TIME = -1;

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
