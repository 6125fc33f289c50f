import type { Calendar } from "../calendar-build.js";
import type { RelationType } from "../types.js";
import type { LevelReason } from "./levelling-types.js";

/** A relation between two levelled activities, with the calendar its lag counts on (null = 24 hours). */
export interface LevelEdge {
  from: number;
  to: number;
  type: RelationType;
  lag: number;
  lagCal: Calendar | null;
}

/** The levelled network: what the serial pass fills in and the backward pass and the result read. */
export interface LevelState {
  ids: string[];
  cal: Calendar[];
  /** Scheduled (CPM) dates and floats, minutes. */
  es: Float64Array;
  ef: Float64Array;
  ls: Float64Array;
  lf: Float64Array;
  tf: Float64Array;
  /** Remaining duration, working minutes of the activity's calendar. */
  rem: Float64Array;
  /** Levelled start and finish, NaN until placed. */
  start: Float64Array;
  finish: Float64Array;
  order: number[];
  outEdges: LevelEdge[][];
  /** Activities delayed by the holders of a resource: holder → delayed (the resource links of the backward pass). */
  resourceLinks: number[][];
  reasons: (LevelReason[] | undefined)[];
  criticalFloat: number;
  scheduledFinish: number;
}

/** t moved by a lag of working minutes on a calendar (null = 24 hours). */
export function shift(t: number, lag: number, cal: Calendar | null): number {
  if (lag === 0) return t;
  if (!cal) return t + lag;
  return lag > 0 ? cal.addWorking(t, lag) : cal.subtractWorking(t, -lag);
}
