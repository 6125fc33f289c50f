import type { AllCostBody, CostCurve, CostCurves } from "@planum/contracts";
import type { StoredCurve } from "../../db/schema/index.js";
import type { AnalyticsRow } from "./analytics.repo.js";
import { dateOf, periodCurves, spreadAfter, sumTo, total } from "./analytics-figures.js";

const DAY_MS = 86_400_000;
const round = (v: number) => Math.round(v * 1000) / 1000;

/**
 * One version's estimate at completion as a curve: its actual cost up to its status day, then the work left
 * (BAC − EV) at the cost efficiency so far (÷ CPI; 1 while nothing is earned or spent) in the shape of the plan's
 * remaining days. The curve's total is EAC = AC + (BAC − EV) / CPI, the ANSI/EIA-748 "CPI method".
 */
function eacCurve(row: AnalyticsRow, baseline: "plan" | "target"): StoredCurve {
  const cost = row.curves.cost ?? {};
  const bac = total(cost[baseline]);
  const ev = sumTo(cost.earned, row.statusDay);
  const ac = sumTo(cost.fact, row.statusDay);
  const cpi = ev > 0 && ac > 0 ? ev / ac : 1;
  return spreadAfter(cost.plan, cost.fact, row.statusDay, Math.max(0, bac - ev) / cpi);
}

/**
 * The cost curves of versions rolled up (`…/all-cost` every curve with data, `…/custom-cost` those asked, in their
 * order), per period, cumulative or not, the periods kept to `from`..`to` when asked. PV's baseline follows the earned
 * value figures: the target versions' plans when every version has one, else their own plans.
 */
export function costCurvesOf(
  rows: AnalyticsRow[],
  keys: readonly CostCurve[],
  options: AllCostBody,
  fresh: boolean,
): CostCurves {
  const baseline = rows.length > 0 && rows.every((r) => r.curves.cost?.target) ? "target" : "plan";
  const statusDay = rows.reduce((m, r) => Math.max(m, r.statusDay), 0);
  const eacs = rows.map((row) => eacCurve(row, baseline));
  const parts: Record<CostCurve, (StoredCurve | undefined)[]> = {
    pv: rows.map((r) => r.curves.cost?.[baseline]),
    ev: rows.map((r) => r.curves.cost?.earned),
    ac: rows.map((r) => r.curves.cost?.fact),
    eac: eacs,
    plan: rows.map((r) => r.curves.cost?.plan),
    money_plan: rows.map((r) => r.curves.money?.plan),
    money_fact: rows.map((r) => r.curves.money?.fact),
  };
  const doneKeys = new Set<CostCurve>(["ev", "ac", "money_fact"]);
  const drawn = periodCurves(
    keys.map((key) => ({ key, parts: parts[key], endsAtStatus: doneKeys.has(key) })),
    options.period,
    options.cumulative,
    statusDay,
  );
  // The window: periods whose days meet from..to (a period starting before `from` holds days of it too).
  const keep = drawn.periods.map((start, k) => {
    const next = drawn.periods[k + 1];
    const endsBefore = options.from !== undefined && next !== undefined && next <= options.from;
    const startsAfter = options.to !== undefined && start > options.to;
    return !endsBefore && !startsAfter;
  });
  const first = keep.indexOf(true);
  const last = keep.lastIndexOf(true);
  const slice = <T>(list: T[]) => (first < 0 ? [] : list.slice(first, last + 1));
  return {
    period: options.period,
    cumulative: options.cumulative,
    periods: slice(drawn.periods),
    curves: drawn.curves.map(({ key, values }) => ({ key, values: slice(values) })),
    statusDate: dateOf(statusDay || Math.floor(Date.now() / DAY_MS)),
    baseline,
    bac: round(parts.pv.reduce((s, c) => s + total(c), 0)),
    eac: round(eacs.reduce((s, c) => s + total(c), 0)),
    versions: rows.length,
    fresh,
  };
}
