import { type DayPattern, WorkCalendar } from "./calendar-index.js";
import { EngineInputError } from "./engine-input-error.js";
import { MINUTES_PER_DAY, tryParseClock, tryParseDate } from "./time-format.js";
import type { CalendarInput, IntervalInput } from "./types.js";

/** The id of the synthetic calendar used when a lag is counted on a 24-hour calendar. */
export const CALENDAR_24H_ID = "\u000024h";

function parseIntervals(list: unknown, item: string): DayPattern {
  if (!Array.isArray(list)) throw new EngineInputError(item, 'intervals must be an array of ["HH:mm","HH:mm"]');
  const pairs: [number, number][] = [];
  for (const iv of list as unknown[]) {
    if (!Array.isArray(iv) || iv.length !== 2)
      throw new EngineInputError(item, 'an interval must be ["HH:mm","HH:mm"]');
    const a = tryParseClock(iv[0]);
    const b = tryParseClock(iv[1]);
    if (a === undefined || b === undefined) {
      throw new EngineInputError(item, `malformed interval ${JSON.stringify(iv)}, expected HH:mm`);
    }
    if (b < a) throw new EngineInputError(item, `interval ${JSON.stringify(iv)} ends before it starts`);
    if (b > a) pairs.push([a, b]);
  }
  pairs.sort((x, y) => x[0] - y[0]);
  // Overlapping or touching intervals are merged so the index never holds empty or overlapping pieces.
  const merged: number[] = [];
  for (const [a, b] of pairs) {
    const n = merged.length;
    if (n > 0 && a <= merged[n - 1]) merged[n - 1] = Math.max(merged[n - 1], b);
    else merged.push(a, b);
  }
  return Int32Array.from(merged);
}

/** Validates a calendar input and builds its working-time index anchored at `anchorDay`. */
export function compileCalendar(input: CalendarInput, anchorDay: number): WorkCalendar {
  const item = `calendar "${String(input?.id)}"`;
  if (input === null || typeof input !== "object" || typeof input.id !== "string" || input.id === "") {
    throw new EngineInputError(item, "a calendar needs a string id");
  }
  if (!Array.isArray(input.week) || input.week.length !== 7) {
    throw new EngineInputError(item, "week must hold 7 arrays of intervals, Monday first");
  }
  const week = input.week.map((d, i) => parseIntervals(d, `${item} week day ${i + 1}`));
  const exceptions = new Map<number, DayPattern>();
  if (input.exceptions !== undefined) {
    if (!Array.isArray(input.exceptions)) throw new EngineInputError(item, "exceptions must be an array");
    for (const ex of input.exceptions) {
      const day = tryParseDate(ex?.date);
      if (day === undefined) {
        throw new EngineInputError(`${item} exception "${String(ex?.date)}"`, "malformed date, expected YYYY-MM-DD");
      }
      exceptions.set(day, parseIntervals(ex.intervals, `${item} exception ${ex.date}`));
    }
  }
  const cal = new WorkCalendar(input.id, week, exceptions, anchorDay);
  let anyWork = cal.weekMinutes > 0;
  for (const p of exceptions.values()) if (p.length > 0) anyWork = true;
  if (!anyWork) throw new EngineInputError(item, "the calendar has no working time");
  return cal;
}

/** A 24-hour, 7-day calendar (lags counted on "24h"). */
export function calendar24h(anchorDay: number): WorkCalendar {
  const full = Int32Array.from([0, MINUTES_PER_DAY]);
  return new WorkCalendar(CALENDAR_24H_ID, [full, full, full, full, full, full, full], new Map(), anchorDay);
}

/** Working-time arithmetic of one calendar, for the Gantt (shading) and work-done plans. */
export interface Calendar {
  readonly id: string;
  /** t + minutes of working time; a positive sum lands on a finish (snaps back to an interval end). */
  addWorking(t: number, minutes: number): number;
  /** t − minutes of working time; lands on a start (snaps forward to an interval start). */
  subtractWorking(t: number, minutes: number): number;
  /** Working minutes from a to b (negative when b < a). */
  workingBetween(a: number, b: number): number;
  isWorking(t: number): boolean;
  /** t itself when working, else the start of the next working interval. */
  nextWorkingStart(t: number): number;
  /** t itself when inside or at the end of working time, else the end of the previous working interval. */
  prevWorkingEnd(t: number): number;
  /** Working intervals of a day (day number since 1970-01-01) as absolute minutes [start, end, …]. */
  dayIntervals(day: number): number[];
  dayWorkMinutes(day: number): number;
}

/** Builds calendar arithmetic from a calendar input. Throws EngineInputError when the input is malformed. */
export function buildCalendar(input: CalendarInput, anchorDay = 20_000): Calendar {
  const cal = compileCalendar(input, anchorDay);
  return wrapCalendar(cal);
}

export function wrapCalendar(cal: WorkCalendar): Calendar {
  const add = (t: number, minutes: number): number => {
    if (minutes === 0) return t;
    const w = cal.workAt(t) + minutes;
    return minutes > 0 ? cal.finishAt(w) : cal.startAt(w);
  };
  return {
    id: cal.id,
    addWorking: add,
    subtractWorking: (t, minutes) => add(t, -minutes),
    workingBetween: (a, b) => cal.workAt(b) - cal.workAt(a),
    isWorking: (t) => cal.isWorking(t),
    nextWorkingStart: (t) => cal.startAt(cal.workAt(t)),
    prevWorkingEnd: (t) => cal.finishAt(cal.workAt(t)),
    dayIntervals: (day) => cal.dayIntervals(day),
    dayWorkMinutes: (day) => cal.dayWorkMinutes(day),
  };
}

export type { IntervalInput };
