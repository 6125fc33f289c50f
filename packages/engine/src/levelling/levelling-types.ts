import type { ResourceCurve } from "../resource-curves.js";
import type { NetworkInput } from "../types.js";

/** A resource as levelling sees it: when it works and how many units a day it can give. */
export interface LevelResource {
  id: string;
  /** Its calendar: on a day this calendar does not work the resource is not used (nor checked). None = every day. */
  calendar?: string;
  /**
   * Max units per day by period: each holds from its day ("YYYY-MM-DD") until the next one's, the earliest also
   * before it. Empty = unlimited (the resource is not levelled, as in P6 when "level" is off for it).
   */
  availability: { from: string; maxUnitsPerDay: number }[];
}

/**
 * A resource used by an activity: `unitsPerDay` on each working day of the activity's remaining duration, or, without
 * it, its remaining `units` spread over those days — evenly, or by its `curve` (P6's resource curves: a front-loaded
 * assignment asks more on its first days and less on its last, and is levelled so).
 */
export interface LevelAssignment {
  activity: string;
  resource: string;
  unitsPerDay?: number;
  units?: number;
  curve?: ResourceCurve;
}

/** One key of the order in which the serial method takes ready activities (P6's "leveling priorities"). */
export interface LevelPriority {
  by: "early_start" | "late_start" | "total_float" | "remaining_duration" | "attribute";
  /** The attribute's name when `by` is "attribute" (values come from `LevellingInput.attributes`). */
  attribute?: string;
  descending?: boolean;
}

export interface LevellingOptions {
  /** P6 "level within float": an activity is never delayed past its late start; it stays over-allocated instead. */
  withinFloat?: boolean;
  /**
   * P6 "preserve scheduled early and late dates": the result's late dates, floats and critical flags stay those of
   * the scheduling; off, they become the resource-constrained ones (backward pass over the levelled dates).
   */
  preserveDates?: boolean;
  /** P6 "max percent to over-allocate": a resource may carry its availability × (1 + % / 100). */
  maxOverallocationPercent?: number;
  /** Order of ready activities; default P6's: early start, then total float. The input order breaks ties. */
  priorities?: LevelPriority[];
  /** How far past its logic start an activity is searched for room, in days (default 3,660). */
  horizonDays?: number;
}

export interface LevellingInput {
  network: NetworkInput;
  resources: LevelResource[];
  assignments: LevelAssignment[];
  options?: LevellingOptions;
  /** Attribute values by activity id, for priorities by attribute. */
  attributes?: Record<string, Record<string, string | number | null>>;
}

/** Why an activity moved: one part per cause, days counted on the activity's calendar. */
export type LevelReason =
  | { kind: "logic"; days: number; predecessor: string }
  | { kind: "resource"; days: number; resource: string; holders: string[] }
  | { kind: "unresolved"; resource: string; holders: string[]; cause: "float" | "horizon" };

export interface LevelMove {
  id: string;
  /** Scheduled (CPM) dates before levelling. */
  before: { start: string; finish: string };
  after: { start: string; finish: string };
  /** Working days (activity calendar) between the scheduled and the levelled start. */
  days: number;
  reasons: LevelReason[];
}

export interface LevelledActivity {
  id: string;
  earlyStart: string;
  earlyFinish: string;
  /** Levelled dates. */
  start: string;
  finish: string;
  lateStart: string;
  lateFinish: string;
  totalFloat: number;
  critical: boolean;
  /** On the resource-constrained critical path (always computed, whatever `preserveDates` says). */
  resourceCritical: boolean;
}

export interface LevellingResult {
  activities: LevelledActivity[];
  /** Every activity whose start moved (or that stayed over-allocated), in levelled start order. */
  moves: LevelMove[];
  /** Resource-constrained critical path: ids by levelled start. */
  criticalPath: string[];
  finishBefore: string;
  finishAfter: string;
  /** Activities left over-allocated (within float or beyond the horizon). */
  unresolved: number;
}
