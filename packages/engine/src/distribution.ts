import type { Calendar } from "./calendar-build.js";
import { formatDate, MINUTES_PER_DAY } from "./time-format.js";

/** Distribution modes of the spec (§3). */
export type DistributionMode =
  | "start"
  | "end"
  | "evenly"
  | "by_date"
  | "by_fact"
  | "by_lag"
  | "by_period"
  | "by_volume";

export interface DistributionOptions {
  /** by_date: the day (minutes since epoch of any time that day) that receives everything. */
  date?: number;
  /** by_fact / by_volume: weight per day number (facts recorded, or planned volumes). */
  weights?: Map<number, number> | Record<string, number>;
  /** by_lag: working minutes after the start before the quantity begins (evenly afterwards). */
  lag?: number;
  /** by_period: "week" (Monday-based) or "month": equal share per period, evenly inside it. Default "week". */
  period?: "week" | "month";
  /** Decimals to round to; the last day takes the rounding remainder so the sum stays exact. Default 6. */
  decimals?: number;
}

export interface DistributionItem {
  /** Day number since 1970-01-01. */
  day: number;
  /** "YYYY-MM-DD" */
  date: string;
  value: number;
}

/** Working minutes per day between start and finish (both times), in day order, days without work left out. */
function workingDays(cal: Calendar, start: number, finish: number): { day: number; minutes: number }[] {
  const out: { day: number; minutes: number }[] = [];
  const first = Math.floor(start / MINUTES_PER_DAY);
  const last = Math.floor((finish - 1) / MINUTES_PER_DAY);
  for (let d = first; d <= last; d++) {
    const a = Math.max(start, d * MINUTES_PER_DAY);
    const b = Math.min(finish, (d + 1) * MINUTES_PER_DAY);
    const m = b > a ? cal.workingBetween(a, b) : 0;
    if (m > 0) out.push({ day: d, minutes: m });
  }
  return out;
}

function weightOf(w: DistributionOptions["weights"], day: number): number {
  if (w === undefined) return 0;
  if (w instanceof Map) return w.get(day) ?? 0;
  return w[formatDate(day)] ?? w[String(day)] ?? 0;
}

function share(quantity: number, days: { day: number; weight: number }[], decimals: number): DistributionItem[] {
  const total = days.reduce((s, d) => s + d.weight, 0);
  if (days.length === 0 || total <= 0) return [];
  const f = 10 ** decimals;
  const out: DistributionItem[] = [];
  let acc = 0;
  for (let k = 0; k < days.length; k++) {
    const v =
      k === days.length - 1
        ? Math.round((quantity - acc) * f) / f
        : Math.round(((quantity * days[k].weight) / total) * f) / f;
    acc += v;
    out.push({ day: days[k].day, date: formatDate(days[k].day), value: v });
  }
  return out.filter((x) => x.value !== 0);
}

function periodKey(day: number, period: "week" | "month"): number {
  if (period === "week") return Math.floor((day + 3) / 7);
  const d = new Date(day * 86_400_000);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}

/**
 * Spreads a quantity over the working days of an activity (start and finish as minutes since epoch) on its
 * calendar. Values are proportional to working minutes unless the mode says otherwise; their sum equals the
 * quantity (rounded to `decimals`). Days with no working time receive nothing except under by_date.
 */
export function distribute(
  quantity: number,
  calendar: Calendar,
  start: number,
  finish: number,
  mode: DistributionMode,
  options: DistributionOptions = {},
): DistributionItem[] {
  const decimals = options.decimals ?? 6;
  const days = workingDays(calendar, start, Math.max(start, finish));
  const asWeights = (list: { day: number; minutes: number }[]) => list.map((d) => ({ day: d.day, weight: d.minutes }));
  switch (mode) {
    case "start":
      return share(
        quantity,
        days.slice(0, 1).map((d) => ({ day: d.day, weight: 1 })),
        decimals,
      );
    case "end":
      return share(
        quantity,
        days.slice(-1).map((d) => ({ day: d.day, weight: 1 })),
        decimals,
      );
    case "evenly":
      return share(quantity, asWeights(days), decimals);
    case "by_date": {
      const day = Math.floor((options.date ?? start) / MINUTES_PER_DAY);
      return share(quantity, [{ day, weight: 1 }], decimals);
    }
    case "by_fact":
    case "by_volume": {
      const weighted = days.map((d) => ({ day: d.day, weight: Math.max(0, weightOf(options.weights, d.day)) }));
      // Without any recorded weight in the span there is nothing to follow: fall back to an even spread.
      return weighted.some((d) => d.weight > 0)
        ? share(quantity, weighted, decimals)
        : share(quantity, asWeights(days), decimals);
    }
    case "by_lag": {
      const from = calendar.addWorking(start, Math.max(0, options.lag ?? 0));
      const after = workingDays(calendar, Math.min(from, finish), Math.max(from, finish));
      return share(quantity, asWeights(after.length > 0 ? after : days.slice(-1)), decimals);
    }
    case "by_period": {
      const period = options.period ?? "week";
      const perPeriod = new Map<number, number>();
      for (const d of days) {
        const k = periodKey(d.day, period);
        perPeriod.set(k, (perPeriod.get(k) ?? 0) + d.minutes);
      }
      // Every period gets the same share; inside a period the share follows working minutes.
      const weighted = days.map((d) => ({
        day: d.day,
        weight: d.minutes / (perPeriod.get(periodKey(d.day, period)) as number),
      }));
      return share(quantity, weighted, decimals);
    }
    default:
      throw new RangeError(`unknown distribution mode ${String(mode)}`);
  }
}
