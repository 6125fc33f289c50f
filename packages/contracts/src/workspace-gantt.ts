import { z } from "zod";
import { CALC_STATUSES, type CalcStatus } from "./workspace.schema.js";

/**
 * The columnar Gantt payload of one schedule version (`GET /versions/{id}/gantt`), the one type the server builds and
 * the web's Gantt component reads.
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
  /** WBS item type code, see `GANTT_TYPE_CODES` (0 sum, 1 task, 2 work, 3 milestone_start, 4 milestone_finish, 5 draft). */
  type: number[];
  /** Activity code (P6 "Activity ID"). */
  code: string[];
  name: string[];
  /** Position in `calendars` of the row's calendar. */
  calendar: number[];
  /** Planned (original) duration, working minutes. */
  duration: number[];
  /** Remaining duration, working minutes; -1 = equal to the planned duration. Absent = all -1. */
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
  /** Baseline (target) bar; -1 = the row has no baseline. */
  baselineStart: number[];
  baselineFinish: number[];
  actualStart: number[];
  actualFinish: number[];
  /** Start limit code, see `GANTT_LIMIT_CODES` (0 none, 1 not_earlier, 2 not_later, 3 in_date, 4 mandatory). */
  startLimitType: number[];
  /** Start limit date in minutes, -1 when there is no start limit. */
  startLimitDate: number[];
  finishLimitType: number[];
  finishLimitDate: number[];
  /** Row revision for optimistic concurrency: echoed back in every change of that row. */
  revision: number[];
  /**
   * 1 where the work has MS Project's elapsed duration: it runs on the clock, so its durations and floats are
   * minutes of 24-hour days whatever its calendar. Absent = all 0.
   */
  elapsed?: number[];
  /** The caller's stored expanded flag of WBS rows (spec §4), 1 expanded; absent = all expanded. */
  expanded?: number[];
  /**
   * The works' money, labour and volume (spec §3 measure kinds: planned from estimates' update-costs, actual from
   * facts), one value per row, null = none; a WBS summary holds the sum of the works below it (drafts left out).
   * Money to the cent, labour hours and volume to the thousandth. Absent = all null.
   */
  plannedCost?: (number | null)[];
  actualCost?: (number | null)[];
  plannedLabour?: (number | null)[];
  actualLabour?: (number | null)[];
  plannedVolume?: (number | null)[];
  actualVolume?: (number | null)[];
  /** Attribute values: attribute id → one value per row (null = no value). */
  attrs?: Record<string, (string | number | null)[]>;
  /**
   * Labels and kinds of the attribute columns to show, in display order. The server leaves it out (attribute
   * definitions have their own call); the web fills it from the schedule's attributes.
   */
  attributes?: GanttAttribute[];
  relations: GanttRelations;
  /** Calendars in the engine's `CalendarInput` format; rows refer to them by position. */
  calendars: GanttCalendar[];
  /** Position in `calendars` of the default calendar. */
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
  /** Relation type code, see `GANTT_LINK_CODES` (0 FS, 1 SS, 2 FF, 3 SF). */
  type: number[];
  /** Lag in working minutes, may be negative. */
  lag: number[];
}

/** A calendar as the engine's `CalendarInput`: 7 days of [from, to] "HH:mm" intervals, Monday first. */
export interface GanttCalendar {
  id: string;
  /** The calendar's name (the grid's Calendar column). */
  name?: string;
  week: [string, string][][];
  exceptions?: { date: string; intervals: [string, string][] }[];
}

export type GanttAttributeKind = "string" | "number" | "money" | "percentage" | "date" | "boolean";

export interface GanttAttribute {
  id: string;
  label: string;
  kind: GanttAttributeKind;
  /** Shown, not edited: a directory's linked attribute (the linked row's value, changed in the directory). */
  readOnly?: boolean;
  /** Offered by the column chooser but not shown until chosen (the risk analysis' three-point durations). */
  optional?: boolean;
  /** Edited on works and tasks only: summaries and milestones have no value of their own. */
  worksOnly?: boolean;
}

/** What the server answers: the payload with every optional column filled, plus the version's state. */
export interface GanttColumns extends GanttData {
  remaining: number[];
  elapsed: number[];
  plannedCost: (number | null)[];
  actualCost: (number | null)[];
  plannedLabour: (number | null)[];
  actualLabour: (number | null)[];
  plannedVolume: (number | null)[];
  actualVolume: (number | null)[];
  expanded: number[];
  attrs: Record<string, (string | number | null)[]>;
  calcStatus: CalcStatus;
  versionRevision: number;
}

/** The money, labour and volume columns of the Gantt, each with the decimals it is kept to (10^x). */
export const GANTT_COST_COLUMNS = {
  plannedCost: 2,
  actualCost: 2,
  plannedLabour: 3,
  actualLabour: 3,
  plannedVolume: 3,
  actualVolume: 3,
} as const;
export type GanttCostColumn = keyof typeof GANTT_COST_COLUMNS;

/** WBS item types by code (spec §3). */
export const GANTT_TYPE_CODES = ["sum", "task", "work", "milestone_start", "milestone_finish", "draft"] as const;
/** Limit (constraint) types by code; 0 = no limit. */
export const GANTT_LIMIT_CODES = [null, "not_earlier", "not_later", "in_date", "mandatory"] as const;
/** Relation types by code (spec §3, §9). */
export const GANTT_LINK_CODES = ["FS", "SS", "FF", "SF"] as const;

const packed = z
  .union([z.string(), z.array(z.number().nullable())])
  .describe("a packed integer column (see gantt-wire.ts), or its plain values");
const texts = z.object({ shared: packed, rest: packed, text: z.string() });
const interval = z.tuple([z.string(), z.string()]);

/**
 * The answer of `GET /versions/{id}/gantt` for the API documentation: `GanttWire` (gantt-wire.ts), which
 * `decodeGantt` turns into `GanttColumns` above. The server sends the cached bytes as they are, so this schema
 * documents the answer and is not applied to it.
 */
export const ganttWireSchema = z.object({
  version: z.literal(2),
  n: z.number(),
  ids: packed,
  parent: packed,
  type: packed,
  code: texts,
  name: texts,
  calendar: packed,
  duration: packed,
  remaining: packed,
  earlyStart: packed,
  earlyFinish: packed,
  lateStart: packed,
  lateFinish: packed,
  totalFloat: packed,
  freeFloat: packed,
  critical: packed,
  progress: packed,
  baselineStart: packed,
  baselineFinish: packed,
  actualStart: packed,
  actualFinish: packed,
  startLimitType: packed,
  startLimitDate: packed,
  finishLimitType: packed,
  finishLimitDate: packed,
  revision: packed,
  elapsed: packed,
  plannedCost: packed,
  actualCost: packed,
  plannedLabour: packed,
  actualLabour: packed,
  plannedVolume: packed,
  actualVolume: packed,
  attrs: z.record(z.string(), z.array(z.union([z.string(), z.number(), z.null()]))),
  relations: z.object({ count: z.number(), from: packed, to: packed, type: packed, lag: packed }),
  calendars: z.array(
    z.object({
      id: z.string(),
      name: z.string().optional(),
      week: z.array(z.array(interval)),
      exceptions: z.array(z.object({ date: z.string(), intervals: z.array(interval) })).optional(),
    }),
  ),
  defaultCalendar: z.number(),
  projectStart: z.number(),
  dataDate: z.number(),
  calcStatus: z.enum(CALC_STATUSES),
  versionRevision: z.number(),
  expanded: packed,
});
