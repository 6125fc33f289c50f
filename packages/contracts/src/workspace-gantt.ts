import type { CalcStatus } from "./workspace.schema.js";

/**
 * The whole version for the Gantt in one compact columnar answer (`GET /versions/{id}/gantt`): one array per field,
 * rows in tree order (parent before children, siblings by order). 50,000 rows are a few MB that a browser decodes
 * without building 50,000 objects. The shape is the web's `GanttData` (features/schedule-gantt/gantt-data.ts) to the
 * letter; the server adds `calcStatus` and `versionRevision`.
 *
 * - `parent` and `relations.from/to` are POSITIONS in the row arrays (-1 = root), `ids` the stable integer ids;
 * - times are minutes since 1970-01-01T00:00 wall clock, -1 = none; durations, lags and floats are working minutes.
 */
export const GANTT_TYPE_CODES = ["sum", "task", "work", "milestone_start", "milestone_finish", "draft"] as const;
/** 0 = no limit. */
export const GANTT_LIMIT_CODES = [null, "not_earlier", "not_later", "in_date"] as const;
export const GANTT_LINK_CODES = ["FS", "SS", "FF", "SF"] as const;

export interface GanttCalendar {
  id: string;
  week: [string, string][][];
  exceptions?: { date: string; intervals: [string, string][] }[];
}

export interface GanttColumns {
  version: 1;
  ids: number[];
  parent: number[];
  type: number[];
  code: string[];
  name: string[];
  /** Position in `calendars`. */
  calendar: number[];
  duration: number[];
  /** -1 = equal to the planned duration. */
  remaining: number[];
  earlyStart: number[];
  earlyFinish: number[];
  lateStart: number[];
  lateFinish: number[];
  totalFloat: (number | null)[];
  freeFloat: (number | null)[];
  critical: number[];
  progress: number[];
  baselineStart: number[];
  baselineFinish: number[];
  actualStart: number[];
  actualFinish: number[];
  startLimitType: number[];
  startLimitDate: number[];
  finishLimitType: number[];
  finishLimitDate: number[];
  revision: number[];
  /** The caller's stored expanded flag, 1 expanded (sum rows start expanded). */
  expanded: number[];
  attrs: Record<string, (string | number | null)[]>;
  relations: { from: number[]; to: number[]; type: number[]; lag: number[] };
  calendars: GanttCalendar[];
  defaultCalendar: number;
  projectStart: number;
  dataDate: number;
  calcStatus: CalcStatus;
  versionRevision: number;
}
