import type {
  AnalyticsEarnedValue,
  AnalyticsMeasure,
  AnalyticsPeriod,
  AnalyticsSeries,
  AnalyticsTotals,
  CurveKind,
} from "@planum/contracts";
import { ANALYTICS_MEASURES, CURVE_KINDS } from "@planum/contracts";
import { earnedValue, earnedValueOnDay } from "@planum/engine";
import type { StoredCounts, StoredCurve } from "../../db/schema/index.js";
import type { AnalyticsRow } from "./analytics.repo.js";

/**
 * What a dashboard reads, made from the stored per-version day sums at read time (a few thousand days per curve,
 * whatever the number of works): S-curves per period, totals, earned value, counts; several versions (a schedule,
 * a project, a node) roll up by adding their days.
 */

const DAY_MS = 86_400_000;
export const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Day values from `from` to `to` (both included) of the sum of curves. */
function dense(curves: (StoredCurve | undefined)[], from: number, to: number): Float64Array {
  const out = new Float64Array(Math.max(0, to - from + 1));
  for (const c of curves) {
    if (!c) continue;
    for (let k = 0; k < c.values.length; k++) {
      const d = c.start + k;
      if (d >= from && d <= to) out[d - from] += c.values[k];
    }
  }
  return out;
}

export const sumTo = (c: StoredCurve | undefined, day: number) => {
  if (!c) return 0;
  let v = 0;
  for (let k = 0; k < c.values.length && c.start + k <= day; k++) v += c.values[k];
  return v;
};
export const total = (c: StoredCurve | undefined) => (c ? c.values.reduce((a, b) => a + b, 0) : 0);

/**
 * The forecast of one version: its facts up to the status day, then the quantity still to do spread over the plan's
 * remaining days in the plan's shape (all on the next day when the plan has nothing left): it ends at the plan's total.
 */
function forecastOf(
  plan: StoredCurve | undefined,
  fact: StoredCurve | undefined,
  statusDay: number,
): StoredCurve | undefined {
  if (!plan && !fact) return undefined;
  return spreadAfter(plan, fact, statusDay, Math.max(0, total(plan) - sumTo(fact, statusDay)));
}

/**
 * The facts up to the status day, then `left` spread over the plan's days after it in the plan's shape (all on the
 * next day when the plan has nothing left then).
 */
export function spreadAfter(
  plan: StoredCurve | undefined,
  fact: StoredCurve | undefined,
  statusDay: number,
  left: number,
): StoredCurve {
  const planAfter = total(plan) - sumTo(plan, statusDay);
  // What is left with no plan after the status day is due the next day: only then does the forecast reach past both.
  const dueNextDay = left > 0 && !(plan && planAfter > 0);
  const lastDay = Math.max(
    plan ? plan.start + plan.values.length - 1 : Number.NEGATIVE_INFINITY,
    fact ? fact.start + fact.values.length - 1 : Number.NEGATIVE_INFINITY,
    dueNextDay ? statusDay + 1 : Number.NEGATIVE_INFINITY,
  );
  const first = Math.min(plan?.start ?? statusDay, fact?.start ?? statusDay);
  if (!Number.isFinite(lastDay)) return { start: first, values: [] };
  const values = new Array<number>(lastDay - first + 1).fill(0);
  if (fact)
    for (let k = 0; k < fact.values.length && fact.start + k <= statusDay; k++)
      values[fact.start + k - first] += fact.values[k];
  if (left > 0) {
    if (plan && planAfter > 0) {
      const scale = left / planAfter;
      for (let k = 0; k < plan.values.length; k++)
        if (plan.start + k > statusDay) values[plan.start + k - first] += plan.values[k] * scale;
    } else values[statusDay + 1 - first] += left;
  }
  return { start: first, values };
}

/** First day of the period holding `day`: itself, its week's Monday, its month's first. */
function periodStart(day: number, period: AnalyticsPeriod): number {
  if (period === "day") return day;
  if (period === "week") return day - ((new Date(day * DAY_MS).getUTCDay() + 6) % 7);
  const d = new Date(day * DAY_MS);
  return Math.floor(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / DAY_MS);
}

export function seriesOf(
  rows: AnalyticsRow[],
  measure: AnalyticsMeasure,
  period: AnalyticsPeriod,
  cumulative: boolean,
  fresh: boolean,
): AnalyticsSeries {
  const byKind: Record<CurveKind, (StoredCurve | undefined)[]> = { plan: [], fact: [], forecast: [], target: [] };
  let statusDay = 0;
  for (const row of rows) {
    const m = row.curves[measure] ?? {};
    byKind.plan.push(m.plan);
    byKind.fact.push(m.fact);
    byKind.target.push(m.target);
    byKind.forecast.push(forecastOf(m.plan, m.fact, row.statusDay));
    statusDay = Math.max(statusDay, row.statusDay);
  }
  const base = {
    measure,
    period,
    cumulative,
    statusDate: dateOf(statusDay || Math.floor(Date.now() / DAY_MS)),
    versions: rows.length,
    fresh,
  };
  const drawn = periodCurves(
    CURVE_KINDS.map((kind) => ({ key: kind, parts: byKind[kind], endsAtStatus: kind === "fact" })),
    period,
    cumulative,
    statusDay,
  );
  return { ...base, periods: drawn.periods, curves: drawn.curves.map(({ key, values }) => ({ kind: key, values })) };
}

/**
 * Curves per period: each the sum of its parts (one per version), bucketed by day, week or month over the days any
 * of them covers; running totals when `cumulative`. A curve that `endsAtStatus` (what was done) stops at the status
 * day's period: drawn on, its flat tail would read as "nothing more will be done". A curve without data is left out.
 */
export function periodCurves<K extends string>(
  sets: { key: K; parts: (StoredCurve | undefined)[]; endsAtStatus?: boolean }[],
  period: AnalyticsPeriod,
  cumulative: boolean,
  statusDay: number,
): { periods: string[]; curves: { key: K; values: number[] }[] } {
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const { parts } of sets)
    for (const c of parts)
      if (c?.values.length) {
        from = Math.min(from, c.start);
        to = Math.max(to, c.start + c.values.length - 1);
      }
  if (!Number.isFinite(from)) return { periods: [], curves: [] };
  // Periods: the starts of the buckets from the first day's to the last's.
  const starts: number[] = [];
  for (let d = periodStart(from, period); d <= to; ) {
    starts.push(d);
    const next = period === "day" ? d + 1 : period === "week" ? d + 7 : periodStart(d + 31, "month");
    d = next;
  }
  const bucketOf = new Int32Array(to - from + 1);
  for (let b = 0, d = from; d <= to; d++) {
    while (b + 1 < starts.length && starts[b + 1] <= d) b++;
    bucketOf[d - from] = b;
  }
  const curves: { key: K; values: number[] }[] = [];
  for (const { key, parts, endsAtStatus } of sets) {
    if (!parts.some((c) => c?.values.length)) continue;
    const days = dense(parts, from, to);
    const values = new Array<number>(starts.length).fill(0);
    for (let k = 0; k < days.length; k++) values[bucketOf[k]] += days[k];
    const lastBucket = endsAtStatus ? bucketOf[Math.min(Math.max(statusDay, from), to) - from] : starts.length - 1;
    let run = 0;
    const shown: number[] = [];
    for (let b = 0; b <= lastBucket; b++) {
      run += values[b];
      shown.push(Math.round((cumulative ? run : values[b]) * 1000) / 1000);
    }
    curves.push({ key, values: shown });
  }
  return { periods: starts.map(dateOf), curves };
}

export function totalsOf(rows: AnalyticsRow[]): AnalyticsTotals[] {
  return ANALYTICS_MEASURES.map((measure) => {
    let plan = 0;
    let fact = 0;
    let target = 0;
    let hasTarget = false;
    let planToDate = 0;
    for (const row of rows) {
      const m = row.curves[measure] ?? {};
      plan += total(m.plan);
      fact += total(m.fact);
      if (m.target) {
        hasTarget = true;
        target += total(m.target);
      }
      planToDate += sumTo(m.plan, row.statusDay);
    }
    const r = (v: number) => Math.round(v * 1000) / 1000;
    return {
      measure,
      plan: r(plan),
      fact: r(fact),
      target: hasTarget ? r(target) : null,
      planToDate: r(planToDate),
      percent: plan > 0 ? fact / plan : null,
    };
  });
}

/**
 * Earned value by cost at the status day. PV is the target version's plan when every version rolled up has one
 * (the baseline), else the versions' own plans: a mix would compare unlike things.
 *
 * Versions rolled up with different status days (one has a data date, another none and counts to today) are each
 * measured at their own: PV, EV and AC are the sums of each version's to its own day, as P6 sums its projects' values
 * each at its own data date — measured at the latest day, a version whose facts stop at an earlier data date would
 * have plan without work and pull SPI down. Earned schedule is then each version's ES and AT weighed by its budget
 * (SV(t) and SPI(t) of the weighed sums). The status date answered is the latest.
 */
export function earnedValueOf(rows: AnalyticsRow[]): AnalyticsEarnedValue {
  const baseline = rows.length > 0 && rows.every((r) => r.curves.cost?.target) ? "target" : "plan";
  const statusDay = rows.reduce((m, r) => Math.max(m, r.statusDay), 0);
  const each = rows.map((r) => earnedValueAt([r], baseline, r.statusDay));
  const figures = rows.some((r) => r.statusDay !== statusDay)
    ? rolledUpAtOwnDays(each)
    : earnedValueAt(rows, baseline, statusDay);
  return {
    ...figures,
    ...(rows.length > 1 ? summedForecasts(figures, each) : {}),
    statusDate: dateOf(statusDay),
    baseline,
  };
}

type Figures = ReturnType<typeof earnedValueAt>;

/**
 * A roll-up's estimates at completion are the sums of its versions' (as P6 adds up its projects'), not one CPI of the
 * summed values: the cost curve's EAC on the same screen is drawn that way. A version with nothing spent yet (no CPI)
 * counts at budget rate, AC + BAC − EV — what its cost curve assumes too.
 */
function summedForecasts(total: Figures, each: Figures[]): Pick<Figures, "eac" | "etc" | "vac" | "tcpiEac"> {
  const add = (pick: (eac: Figures["eac"]) => number | null) =>
    each.every((f) => pick(f.eac) === null) ? null : each.reduce((s, f) => s + (pick(f.eac) ?? f.eac.budgetRate), 0);
  const eac = {
    cpi: add((e) => e.cpi),
    budgetRate: total.eac.budgetRate,
    cpiSpi: add((e) => e.cpiSpi),
    composite: add((e) => e.composite),
  };
  const left = eac.cpi === null ? null : eac.cpi - total.ac;
  return {
    eac,
    etc: left,
    vac: eac.cpi === null ? null : total.bac - eac.cpi,
    tcpiEac: left === null || left === 0 ? null : (total.bac - total.ev) / left,
  };
}

/** Earned value of versions measured at one status day, their days added up. */
function earnedValueAt(rows: AnalyticsRow[], baseline: "plan" | "target", statusDay: number) {
  const merge = (pick: (row: AnalyticsRow) => StoredCurve | undefined): StoredCurve => {
    const list = rows.map(pick).filter((c): c is StoredCurve => !!c && c.values.length > 0);
    if (list.length === 0) return { start: 0, values: [] };
    const from = Math.min(...list.map((c) => c.start));
    const to = Math.max(...list.map((c) => c.start + c.values.length - 1));
    return { start: from, values: Array.from(dense(list, from, to)) };
  };
  return earnedValueOnDay({
    planned: merge((r) => r.curves.cost?.[baseline]),
    earned: merge((r) => r.curves.cost?.earned),
    actual: merge((r) => r.curves.cost?.fact),
    statusDay,
  });
}

/** Versions each measured at its own status day: values added, earned schedule weighed by budgets. */
function rolledUpAtOwnDays(each: ReturnType<typeof earnedValueAt>[]) {
  const add = (pick: (f: (typeof each)[number]) => number) => each.reduce((s, f) => s + pick(f), 0);
  const figures = earnedValue({
    pv: add((f) => f.pv),
    ev: add((f) => f.ev),
    ac: add((f) => f.ac),
    bac: add((f) => f.bac),
  });
  const timed = each.filter((f) => f.schedule !== null);
  if (timed.length === 0) return { ...figures, schedule: null };
  const budget = timed.reduce((s, f) => s + f.bac, 0);
  // Without budgets, each version weighs the same.
  const weight = (f: (typeof each)[number]) => (budget > 0 ? f.bac / budget : 1 / timed.length);
  let es = 0;
  let at = 0;
  let ieact = 0;
  let forecasts = 0;
  for (const f of timed) {
    const s = f.schedule as NonNullable<typeof f.schedule>;
    es += s.es * weight(f);
    at += s.at * weight(f);
    if (s.ieact !== null) {
      ieact += s.ieact * weight(f);
      forecasts += weight(f);
    }
  }
  const spit = at === 0 ? null : es / at;
  return {
    ...figures,
    schedule: { es, at, svt: es - at, spit, ieact: forecasts > 0 ? ieact / forecasts : null },
  };
}

export function countsOf(rows: AnalyticsRow[]): StoredCounts {
  const out: StoredCounts = {
    works: 0,
    notStarted: 0,
    inProgress: 0,
    completed: 0,
    critical: 0,
    delayed: 0,
    maxDelayDays: 0,
    totalDelayDays: 0,
    lateStart: 0,
    lateFinish: 0,
  };
  for (const row of rows) {
    const c = row.counts;
    if (!c) continue;
    for (const key of Object.keys(out) as (keyof StoredCounts)[])
      out[key] = key === "maxDelayDays" ? Math.max(out[key], c[key]) : out[key] + c[key];
  }
  out.totalDelayDays = Math.round(out.totalDelayDays * 10) / 10;
  return out;
}
