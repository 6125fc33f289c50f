import type { Calendar } from "./calendar-build.js";
import type { DistributionMode } from "./distribution.js";
import { MINUTES_PER_DAY } from "./time-format.js";

/**
 * A work's values of one measure and data kind, one per calendar day from `start` (day number since 1970-01-01):
 * `values[k]` belongs to day `start + k`. Days without a value hold 0. This is how work-done plans are stored.
 */
export interface DaySeries {
  start: number;
  values: number[];
}

export interface SpreadOptions {
  /** Decimals of the measure: every day's value is a whole number of 10^-decimals. Default 3. */
  decimals?: number;
  /** by_date: first and last day (day numbers, both included) that carry the quantity. */
  from?: number;
  to?: number;
  /** by_fact: the facts recorded so far. */
  facts?: DaySeries;
  /** by_fact: the last day that counts as past (e.g. today): the rest is planned after it. */
  after?: number;
  /** by_lag: working days at the start of the work that carry nothing. */
  lagDays?: number;
  /** by_period: equal share per "week" (Monday to Sunday) or calendar "month". Default "week". */
  period?: "week" | "month";
  /** by_volume: the volume plan whose shape the quantity follows. */
  curve?: DaySeries;
  /**
   * The span's working days as `workingDaysOf(cal, start, finish)` answers them, when the caller has them already:
   * spreading several measures of one work reads the calendar once (a redistribution of every work spends most of
   * its arithmetic there).
   */
  workingDays?: readonly WorkingDay[];
  /**
   * Days whose values stay as they are (a redistribution keeps plan days before the allowed entry period and on
   * approved days): the mode spreads the rest of the total over the other days. Not for by_fact (its past is facts).
   */
  fixed?: DaySeries;
}

/** A day with working time and its working minutes. */
export interface WorkingDay {
  day: number;
  weight: number;
}
type Weighted = WorkingDay;

/** Days of [start, finish) (minutes) with working time on the calendar, with their working minutes. */
export function workingDaysOf(cal: Calendar, start: number, finish: number): Weighted[] {
  const out: Weighted[] = [];
  if (finish <= start) return out;
  const first = Math.floor(start / MINUTES_PER_DAY);
  const last = Math.floor((finish - 1) / MINUTES_PER_DAY);
  for (let d = first; d <= last; d++) {
    const a = Math.max(start, d * MINUTES_PER_DAY);
    const b = Math.min(finish, (d + 1) * MINUTES_PER_DAY);
    // A whole day reads its pattern's minutes: two time lookups only for the span's first and last day.
    const whole = a === d * MINUTES_PER_DAY && b === (d + 1) * MINUTES_PER_DAY;
    const m = whole ? cal.dayWorkMinutes(d) : b > a ? cal.workingBetween(a, b) : 0;
    if (m > 0) out.push({ day: d, weight: m });
  }
  return out;
}

/** Sum of a series in whole units of 10^-decimals (the exact total). */
export function seriesUnits(series: DaySeries, decimals = 3): number {
  const f = 10 ** decimals;
  let units = 0;
  for (const v of series.values) units += Math.round(v * f);
  return units;
}

/** Sum of a series, exact to the measure's decimals. */
export function seriesTotal(series: DaySeries, decimals = 3): number {
  return seriesUnits(series, decimals) / 10 ** decimals;
}

/** Whole units per day, days ascending (each spread appends after the days already there). */
interface Parts {
  days: number[];
  units: number[];
}

/**
 * Spreads `units` whole units over weighted days (ascending) into `out`: day k gets round(units × W_k / W) −
 * round(units × W_{k−1} / W), W_k the cumulative weight. The parts sum to `units` exactly, each is within one unit of
 * its exact share, and the last day closes the total. Arrays, not a map: a redistribution of every work spreads
 * millions of days.
 */
function spreadUnits(units: number, days: readonly Weighted[], out: Parts = { days: [], units: [] }): Parts {
  let total = 0;
  for (const d of days) total += d.weight;
  if (days.length === 0 || total <= 0) return out;
  let cum = 0;
  let given = 0;
  for (let k = 0; k < days.length; k++) {
    cum += days[k].weight;
    const upTo = k === days.length - 1 ? units : Math.round((units * cum) / total);
    const part = upTo - given;
    given = upTo;
    if (part !== 0) {
      out.days.push(days[k].day);
      out.units.push(part);
    }
  }
  return out;
}

/** The series of ascending parts, trimmed to its first and last non-zero day. */
function toSeries(parts: Parts, decimals: number, fallbackStart: number): DaySeries {
  const n = parts.days.length;
  if (n === 0) return { start: fallbackStart, values: [] };
  const first = parts.days[0];
  const values = new Array<number>(parts.days[n - 1] - first + 1).fill(0);
  const f = 10 ** decimals;
  for (let k = 0; k < n; k++) values[parts.days[k] - first] += parts.units[k] / f;
  return { start: first, values };
}

/**
 * spreadUnits straight into the day values, as toSeries would make them of its parts: the common case (no kept
 * days, no facts) without the intermediate part lists — a redistribution of every work spreads millions of days.
 */
function spreadDense(units: number, days: readonly Weighted[], f: number, fallbackStart: number): DaySeries {
  let weight = 0;
  for (let k = 0; k < days.length; k++) weight += days[k].weight;
  if (days.length === 0 || weight <= 0) return { start: fallbackStart, values: [] };
  const first = days[0].day;
  const values = new Array<number>(days[days.length - 1].day - first + 1).fill(0);
  let cum = 0;
  let given = 0;
  let lo = -1;
  let hi = -1;
  for (let k = 0; k < days.length; k++) {
    cum += days[k].weight;
    const upTo = k === days.length - 1 ? units : Math.round((units * cum) / weight);
    const part = upTo - given;
    given = upTo;
    if (part !== 0) {
      const at = days[k].day - first;
      values[at] = part / f;
      if (lo < 0) lo = at;
      hi = at;
    }
  }
  if (lo < 0) return { start: fallbackStart, values: [] };
  return { start: first + lo, values: lo === 0 && hi === values.length - 1 ? values : values.slice(lo, hi + 1) };
}

function periodKey(day: number, period: "week" | "month"): number {
  if (period === "week") return Math.floor((day + 3) / 7);
  const d = new Date(day * 86_400_000);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}

/** The first day after `day` with working time on the calendar. */
function nextWorkingDay(cal: Calendar, day: number): number {
  return Math.floor(cal.nextWorkingStart((day + 1) * MINUTES_PER_DAY) / MINUTES_PER_DAY);
}

/**
 * Spreads a work's total of one measure over its days (start and finish in minutes since 1970-01-01, the work's
 * span on its calendar) by a distribution mode of the spec (§3). The meaning of each mode is in
 * packages/engine/CONTEXT.md ("Work-done plans"). The result sums to the total exactly in the measure's decimals
 * (see spreadUnits); days without working time get nothing unless a mode names them (by_date, by_fact's fallback).
 */
export function spreadTotal(
  total: number,
  cal: Calendar,
  start: number,
  finish: number,
  mode: DistributionMode,
  options: SpreadOptions = {},
): DaySeries {
  if (!Number.isFinite(total) || total < 0) throw new RangeError(`total must be a finite number ≥ 0, got ${total}`);
  const decimals = options.decimals ?? 3;
  const f = 10 ** decimals;
  const firstDay = Math.floor(start / MINUTES_PER_DAY);
  // by_fact keeps the facts and plans after them: the days before are the facts' already.
  const kept = fixedParts(mode === "by_fact" ? undefined : options.fixed, f);
  const units = Math.max(0, Math.round(total * f) - kept.sum);
  const free = (list: Weighted[]) => (kept.days.size ? list.filter((d) => !kept.days.has(d.day)) : list);
  const days = free(
    (options.workingDays as Weighted[] | undefined) ?? workingDaysOf(cal, start, Math.max(start, finish)),
  );
  // A span without working time (a milestone) takes the whole quantity on its first day.
  const anchor: Weighted[] = days.length > 0 ? days : [{ day: firstDay, weight: 1 }];
  const orAnchor = (list: Weighted[]) => (list.length > 0 ? list : anchor);
  // The weighted days the units go to (every mode but by_fact, which spreads after its facts itself).
  let list: readonly Weighted[];
  switch (mode) {
    case "start":
      list = [{ day: anchor[0].day, weight: 1 }];
      break;
    case "end":
      list = [{ day: anchor[anchor.length - 1].day, weight: 1 }];
      break;
    case "evenly":
      list = orAnchor(days);
      break;
    case "by_date": {
      const from = options.from ?? firstDay;
      const to = Math.max(from, options.to ?? from);
      const inRange = workingDaysOf(cal, from * MINUTES_PER_DAY, (to + 1) * MINUTES_PER_DAY);
      const open = free(inRange);
      list = open.length > 0 ? open : [{ day: from, weight: 1 }];
      break;
    }
    case "by_fact": {
      let out: Parts;
      const facts = options.facts ?? { start: firstDay, values: [] };
      out = { days: [], units: [] };
      let factUnits = 0;
      let lastFact = Number.NEGATIVE_INFINITY;
      facts.values.forEach((v, k) => {
        const u = Math.round(v * f);
        if (u === 0) return;
        out.days.push(facts.start + k);
        out.units.push(u);
        factUnits += u;
        lastFact = facts.start + k;
      });
      const cutoff = Math.max(lastFact, options.after ?? Number.NEGATIVE_INFINITY);
      const rest = units - factUnits;
      if (rest > 0) {
        let ahead = days.filter((d) => d.day > cutoff);
        if (ahead.length === 0)
          ahead = [{ day: Number.isFinite(cutoff) ? nextWorkingDay(cal, cutoff) : anchor[0].day, weight: 1 }];
        // Every day ahead is after the last fact: the parts stay ascending.
        spreadUnits(rest, ahead, out);
      }
      // by_fact keeps no fixed days (its past is facts).
      return toSeries(out, decimals, firstDay);
    }
    case "by_lag": {
      const lag = Math.max(0, Math.floor(options.lagDays ?? 0));
      const after = days.slice(lag);
      list = after.length > 0 ? after : anchor.slice(-1);
      break;
    }
    case "by_period": {
      const period = options.period ?? "week";
      const perPeriod = new Map<number, number>();
      for (const d of days) {
        const k = periodKey(d.day, period);
        perPeriod.set(k, (perPeriod.get(k) ?? 0) + d.weight);
      }
      list = orAnchor(
        days.map((d) => ({ day: d.day, weight: d.weight / (perPeriod.get(periodKey(d.day, period)) as number) })),
      );
      break;
    }
    case "by_volume": {
      const curve = options.curve;
      const weighted: Weighted[] = [];
      if (curve)
        for (let k = 0; k < curve.values.length; k++)
          if (curve.values[k] > 0) weighted.push({ day: curve.start + k, weight: curve.values[k] });
      const open = free(weighted);
      list = open.length > 0 ? open : orAnchor(days);
      break;
    }
    default:
      throw new RangeError(`unknown distribution mode ${String(mode)}`);
  }
  if (!kept.sum && !kept.days.size) return spreadDense(units, list, f, firstDay);
  return toSeries(withKept(spreadUnits(units, list), kept.parts), decimals, firstDay);
}

/** The fixed days' whole units (non-zero days), their set and sum. */
function fixedParts(fixed: DaySeries | undefined, f: number) {
  const parts: Parts = { days: [], units: [] };
  let sum = 0;
  if (fixed)
    for (let k = 0; k < fixed.values.length; k++) {
      const u = Math.round(fixed.values[k] * f);
      if (u === 0) continue;
      parts.days.push(fixed.start + k);
      parts.units.push(u);
      sum += u;
    }
  return { parts, sum, days: new Set(parts.days) };
}

/** Two ascending part lists as one (a day in both — a fallback landing on a kept day — sums). */
function withKept(a: Parts, b: Parts): Parts {
  const out: Parts = { days: [], units: [] };
  let i = 0;
  let j = 0;
  while (i < a.days.length || j < b.days.length) {
    const da = i < a.days.length ? a.days[i] : Number.POSITIVE_INFINITY;
    const db = j < b.days.length ? b.days[j] : Number.POSITIVE_INFINITY;
    const day = Math.min(da, db);
    let u = 0;
    if (da === day) u += a.units[i++];
    if (db === day) u += b.units[j++];
    out.days.push(day);
    out.units.push(u);
  }
  return out;
}

/** The value of a series on a day (0 outside it). */
export function valueAt(series: DaySeries, day: number): number {
  const k = day - series.start;
  return k >= 0 && k < series.values.length ? series.values[k] : 0;
}

/**
 * A series with some days set (a value of 0 clears the day); the result is trimmed to its first and last non-zero
 * day, so a series never carries leading or trailing zeros.
 */
export function setDays(series: DaySeries, changes: Iterable<readonly [number, number]>): DaySeries {
  const map = new Map<number, number>();
  for (let k = 0; k < series.values.length; k++)
    if (series.values[k] !== 0) map.set(series.start + k, series.values[k]);
  for (const [day, v] of changes) {
    if (v === 0) map.delete(day);
    else map.set(day, v);
  }
  if (map.size === 0) return { start: series.start, values: [] };
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const d of map.keys()) {
    if (d < first) first = d;
    if (d > last) last = d;
  }
  const values = new Array<number>(last - first + 1).fill(0);
  for (const [d, v] of map) values[d - first] = v;
  return { start: first, values };
}
