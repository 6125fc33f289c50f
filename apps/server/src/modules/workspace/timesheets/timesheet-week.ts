import { TIMESHEET_MAX_DAY_HOURS } from "@planum/contracts";
import type { Grant } from "../../../platform/access.js";
import { AppError } from "../../../platform/errors.js";
import { dateOf, dayOf, round, shown, today } from "../wdp/wdp-days.js";

/** The day numbers (days since 1970-01-01) of a week's Monday … Sunday. */
export const weekDays = (week: string) => {
  const monday = dayOf(week);
  return Array.from({ length: 7 }, (_, k) => monday + k);
};

/** The Monday of the week holding a day number. */
export const mondayOf = (day: number) => day - ((day + 3) % 7);

/** The week (its Monday) of today, and of the last finished week. */
export const currentWeek = () => dateOf(mondayOf(today()));
export const lastWeek = () => dateOf(mondayOf(today()) - 7);

export const workLabel = (w: { code: string; name: string }) => (w.code ? `${w.code} ${w.name}` : w.name);

/**
 * Which days of a week are open to entry: not after today (hours are actuals), and not before the space's allowed
 * entry period (spec §5, the setting the work-done plans use: `wdpEntryDays` before today).
 */
export function entryWindow(grant: Grant) {
  const t = today();
  const days = grant.space.settings.wdpEntryDays;
  return { today: t, earliest: days == null ? null : t - days };
}

export function openDays(grant: Grant, week: string): boolean[] {
  const { today: t, earliest } = entryWindow(grant);
  return weekDays(week).map((d) => d <= t && (earliest === null || d >= earliest));
}

/** A week that has not begun is refused whole; so is a week wholly before the entry period. */
export function checkWeek(grant: Grant, week: string) {
  const { today: t, earliest } = entryWindow(grant);
  const monday = dayOf(week);
  if (monday > t) throw new AppError("TimesheetFutureWeek", { week: shown(monday) });
  if (earliest !== null && monday + 6 < earliest)
    throw new AppError("TimesheetClosedWeek", { work: "", date: shown(monday), earliest: shown(earliest) });
}

/**
 * The days a line changes must be open: hours on a day after today, or changed on a day before the entry period, are
 * refused naming the work and the day. Values are rounded to hundredths of an hour.
 */
export function checkLineHours(
  grant: Grant,
  week: string,
  work: { code: string; name: string },
  hours: number[],
  before: number[] | null,
) {
  const { today: t, earliest } = entryWindow(grant);
  const days = weekDays(week);
  const out = hours.map((h) => round(h));
  for (let k = 0; k < 7; k++) {
    const was = before?.[k] ?? 0;
    if (out[k] === was) continue;
    const where = { work: workLabel(work), date: shown(days[k]) };
    if (days[k] > t && out[k] > 0) throw new AppError("TimesheetFutureDay", where);
    if (earliest !== null && days[k] < earliest)
      throw new AppError("TimesheetClosedWeek", { ...where, earliest: shown(earliest) });
  }
  return out;
}

/** A person's hours of a day, over all their works, stay within a day. */
export function checkDayTotals(week: string, lines: Iterable<number[]>) {
  const totals = [0, 0, 0, 0, 0, 0, 0];
  for (const hours of lines) for (let k = 0; k < 7; k++) totals[k] += hours[k] ?? 0;
  const days = weekDays(week);
  for (let k = 0; k < 7; k++) {
    if (round(totals[k]) > TIMESHEET_MAX_DAY_HOURS)
      throw new AppError("TimesheetDayOverLimit", { date: shown(days[k]), hours: round(totals[k]) });
  }
  return totals.map(round);
}

export const sum = (values: number[]) => round(values.reduce((a, b) => a + b, 0));
