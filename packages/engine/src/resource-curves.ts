import type { Calendar } from "./calendar-build.js";
import { distribute } from "./distribution.js";
import { formatDate } from "./time-format.js";
import { workingDaysOf } from "./wdp-spread.js";

/**
 * How an assignment's units spread over its work's working time. `evenly`, `start` and `end` are the work-done
 * plan's modes; the others are P6's named resource curves: relative intensity at 0 %, 5 %, … 100 % of the work's
 * working time (21 points, as P6 defines curves), linearly interpolated between points.
 */
export type ResourceCurve =
  | "evenly"
  | "start"
  | "end"
  | "bell"
  | "front_loaded"
  | "back_loaded"
  | "early_peak"
  | "late_peak"
  | "double_peak"
  | "three_step"
  | "turtle";

const FRONT = [16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 3, 2, 2, 1, 1, 0.5, 0.5];
const EARLY_PEAK = [0, 4, 8, 12, 15, 16, 14, 12, 10, 8, 7, 6, 5, 4, 3, 3, 2, 2, 1, 1, 0];

export const RESOURCE_CURVE_PROFILES: Record<Exclude<ResourceCurve, "evenly" | "start" | "end">, readonly number[]> = {
  bell: [0, 1, 2, 4, 6, 8, 10, 12, 14, 15, 16, 15, 14, 12, 10, 8, 6, 4, 2, 1, 0],
  front_loaded: FRONT,
  back_loaded: [...FRONT].reverse(),
  early_peak: EARLY_PEAK,
  late_peak: [...EARLY_PEAK].reverse(),
  double_peak: [0, 4, 8, 12, 12, 8, 5, 4, 4, 5, 6, 5, 4, 4, 5, 8, 12, 12, 8, 4, 0],
  three_step: [5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 10, 10, 15, 15, 15, 15, 15, 15, 15],
  // MS Project's turtle contour (25, 50, 75, 100 % rising, a plateau, the same falling) on P6's 21 points.
  turtle: [25, 37.5, 50, 62.5, 75, 87.5, 100, 100, 100, 100, 100, 100, 100, 100, 100, 87.5, 75, 62.5, 50, 37.5, 25],
};

export interface UnitsDay {
  /** Day number since 1970-01-01. */
  day: number;
  date: string;
  value: number;
}

/** A curve's intensity at a fraction (0-1) of the work's working time, linear between its 21 points. */
export function profileAt(profile: readonly number[], fraction: number): number {
  const x = Math.min(1, Math.max(0, fraction)) * (profile.length - 1);
  const k = Math.min(profile.length - 2, Math.floor(x));
  return profile[k] + (profile[k + 1] - profile[k]) * (x - k);
}

/**
 * Spreads `quantity` units over the working days of [start, finish) (minutes since epoch) on `calendar` by `curve`.
 * A day's share follows its working minutes times the curve's intensity at the middle of that day's working time;
 * the values sum to the quantity (6 decimals, the last day takes the rounding remainder).
 */
export function spreadUnits(
  quantity: number,
  calendar: Calendar,
  start: number,
  finish: number,
  curve: ResourceCurve,
): UnitsDay[] {
  if (curve === "evenly" || curve === "start" || curve === "end")
    return distribute(quantity, calendar, start, finish, curve).map((d) => ({
      day: d.day,
      date: d.date,
      value: d.value,
    }));
  const days = workingDaysOf(calendar, start, finish);
  const total = days.reduce((s, d) => s + d.weight, 0);
  if (days.length === 0 || total <= 0) return [];
  const profile = RESOURCE_CURVE_PROFILES[curve];
  let before = 0;
  const weights = days.map((d) => {
    const w = d.weight * profileAt(profile, (before + d.weight / 2) / total);
    before += d.weight;
    return w;
  });
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0) return spreadUnits(quantity, calendar, start, finish, "evenly");
  const out: UnitsDay[] = [];
  let acc = 0;
  for (let k = 0; k < days.length; k++) {
    const value =
      k === days.length - 1
        ? Math.round((quantity - acc) * 1e6) / 1e6
        : Math.round(((quantity * weights[k]) / sum) * 1e6) / 1e6;
    acc += value;
    out.push({ day: days[k].day, date: formatDate(days[k].day), value });
  }
  return out;
}

/**
 * The value of a period list on a day ("YYYY-MM-DD"): the latest period starting on or before it, else the earliest
 * (P6's first rate holds from the start of time); undefined for an empty list.
 */
export function periodValue<T extends { from: string }>(periods: readonly T[], date: string): T | undefined {
  let found: T | undefined;
  let earliest: T | undefined;
  for (const p of periods) {
    if (!earliest || p.from < earliest.from) earliest = p;
    if (p.from <= date && (!found || p.from > found.from)) found = p;
  }
  return found ?? earliest;
}

/** Cost of units spread over days at the rate in force each day: P6's cost = units × price per unit by period. */
export function costByPeriod(
  days: readonly UnitsDay[],
  rates: readonly { from: string; pricePerUnit: number }[],
): number {
  let cost = 0;
  for (const d of days) cost += d.value * (periodValue(rates, d.date)?.pricePerUnit ?? 0);
  return Math.round(cost * 100) / 100;
}
