import type { LagCalendar } from "./workspace.schema.js";

/**
 * The one rule that turns working minutes (how durations, lags and floats are stored and calculated) into the days a
 * planner reads and types. Server and web both use it, so the grid, the relations tab, the details, the comparison,
 * tooltips, exports and the API's display fields show the same number.
 *
 * P6's rule: a duration is shown in days of its activity's calendar, a day being the calendar's hours per day. A
 * calendar here is its week of shifts, so its hours per day are the length of its usual working day: the most common
 * length among the working days of the week (a 5×8 week → 8 h, six days of two shifts of 11 h → 11 h; ties go to the
 * longer day). Holidays and exceptions do not change it, as in P6. A calendar without a working day counts 8 h.
 * A lag is shown in days of the calendar it is scheduled on: the relation's lag calendar, else the schedule's setting
 * (predecessor's, successor's, the project's default calendar, or 24 hours).
 */

/** Seven lists of ["HH:mm","HH:mm"] working intervals, Monday first (the stored calendar week). */
export type WeekShifts = readonly (readonly (readonly [string, string])[])[];

/** Hours per day where nothing better is known (P6's default). */
export const DEFAULT_MINUTES_PER_DAY = 480;
/** A 24-hour lag calendar: elapsed time. */
export const ELAPSED_MINUTES_PER_DAY = 1440;

const clockMinutes = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));

/** Working minutes of one day's intervals. */
export function shiftMinutes(intervals: readonly (readonly [string, string])[]): number {
  let total = 0;
  for (const [from, to] of intervals) total += Math.max(0, clockMinutes(to) - clockMinutes(from));
  return total;
}

/** The calendar's working minutes per day (its "hours per day" × 60), by the rule above. */
export function calendarMinutesPerDay(week: WeekShifts | null | undefined): number {
  if (!week) return DEFAULT_MINUTES_PER_DAY;
  const counts = new Map<number, number>();
  for (const day of week) {
    const m = shiftMinutes(day ?? []);
    if (m > 0) counts.set(m, (counts.get(m) ?? 0) + 1);
  }
  let best = 0;
  let bestCount = 0;
  for (const [m, count] of counts) {
    if (count > bestCount || (count === bestCount && m > best)) {
      best = m;
      bestCount = count;
    }
  }
  return best > 0 ? best : DEFAULT_MINUTES_PER_DAY;
}

/** Minutes per day of the calendar a lag runs on. */
export function lagMinutesPerDay(
  lagCalendar: LagCalendar,
  ends: { predecessor: number; successor: number; project: number },
): number {
  switch (lagCalendar) {
    case "predecessor":
      return ends.predecessor;
    case "successor":
      return ends.successor;
    case "24h":
      return ELAPSED_MINUTES_PER_DAY;
    case "project":
      return ends.project;
  }
}

/** Working minutes → days (not rounded). */
export function minutesToDays(minutes: number, minutesPerDay: number): number {
  return minutes / (minutesPerDay > 0 ? minutesPerDay : DEFAULT_MINUTES_PER_DAY);
}

/** Days → whole working minutes. */
export function daysToMinutes(days: number, minutesPerDay: number): number {
  return Math.round(days * (minutesPerDay > 0 ? minutesPerDay : DEFAULT_MINUTES_PER_DAY));
}

/** Days as the API's display fields carry them: two decimals at most (what every screen shows). */
export function displayDays(minutes: number | null | undefined, minutesPerDay: number): number | null {
  if (minutes === null || minutes === undefined) return null;
  const days = Math.round(minutesToDays(minutes, minutesPerDay) * 100) / 100;
  return days === 0 ? 0 : days;
}

/** A formatter of days for a language ("2", "-1,5", "0.13"); empty text for a value not computed. */
export function createDaysFormat(locale: string) {
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return (minutes: number | null | undefined, minutesPerDay: number): string => {
    const days = displayDays(minutes, minutesPerDay);
    return days === null ? "" : format.format(days);
  };
}

/** One value formatted (for a single cell; a table should keep one `createDaysFormat`). */
export function formatDays(minutes: number | null | undefined, minutesPerDay: number, locale: string): string {
  return createDaysFormat(locale)(minutes, minutesPerDay);
}

/**
 * A relation as P6 lists it in the predecessors and successors columns: `A10 FS`, `A10 FS+2d`, `A10 SS-1,5d`.
 * `lagText` is the lag already formatted in days (empty or "0" for no lag); `dayUnit` the language's day letter.
 */
export function relationText(code: string, type: string, lagMinutes: number, lagText: string, dayUnit: string) {
  const link = `${code} ${type.toUpperCase()}`;
  if (lagMinutes === 0 || lagText === "" || lagText === "0") return link;
  return `${link}${lagMinutes > 0 ? "+" : ""}${lagText}${dayUnit}`;
}
