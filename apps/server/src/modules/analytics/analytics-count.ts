import type { StoredCurve, StoredCurves } from "../../db/schema/index.js";
import type { DbOrTx } from "../../platform/db.js";
import type { SeriesRow } from "../workspace/wdp/wdp.repo.js";
import { readWdpSeries as readSeries } from "../workspace/wdp/wdp-reads.js";
import { countWorks, versionWithTarget } from "./analytics.repo.js";

/** The analytics measure each stored work-done plan measure feeds. */
const MEASURE_OF: Record<string, string> = {
  distributed_price: "money",
  cost: "cost",
  labour: "labour",
  volume: "volume",
};
const SOURCE_MEASURES = ["distributed_price", "cost", "labour", "volume"] as const;
const DAY_MS = 86_400_000;

/** Version-wide sums of day series, grown as series come (first pass finds the span, second adds). */
class CurveSum {
  private first = Number.POSITIVE_INFINITY;
  private last = Number.NEGATIVE_INFINITY;
  private readonly parts: { start: number; values: ArrayLike<number>; factor: number }[] = [];

  add(start: number, values: ArrayLike<number>, factor = 1) {
    if (values.length === 0 || factor === 0) return;
    this.first = Math.min(this.first, start);
    this.last = Math.max(this.last, start + values.length - 1);
    this.parts.push({ start, values, factor });
  }

  result(): StoredCurve | undefined {
    if (this.parts.length === 0) return undefined;
    const out = new Float64Array(this.last - this.first + 1);
    for (const p of this.parts) {
      const at = p.start - this.first;
      for (let k = 0; k < p.values.length; k++) out[at + k] += p.values[k] * p.factor;
    }
    // Three decimals, as the work-done plans keep them: the JSON stays short and sums do not show float noise.
    return { start: this.first, values: Array.from(out, (v) => Math.round(v * 1000) / 1000) };
  }
}

/**
 * Earned value per day of one work: its budget (planned cost) times the share of its quantity done that day,
 * measured by the first quantity it plans — volume, else labour, else cost (the spend then earns itself) — and
 * never more than the budget in all.
 */
function addEarned(earned: CurveSum, series: SeriesRow[]) {
  const get = (measure: string, kind: string) => series.find((s) => s.measure === measure && s.kind === kind);
  const budget = get("cost", "plan")?.total ?? 0;
  if (budget <= 0) return;
  for (const measure of ["volume", "labour", "cost"]) {
    const plan = get(measure, "plan");
    if (!plan || plan.total <= 0) continue;
    const fact = get(measure, "fact");
    if (!fact) return;
    const factor = budget / plan.total;
    if (fact.total <= plan.total) earned.add(fact.startDay, fact.values, factor);
    else {
      // Done beyond the plan: the earning stops at the budget, on the day the plan's quantity was reached.
      const capped = new Float64Array(fact.values.length);
      let left = plan.total;
      for (let k = 0; k < fact.values.length && left > 0; k++) {
        capped[k] = Math.min(left, fact.values[k]);
        left -= capped[k];
      }
      earned.add(fact.startDay, capped, factor);
    }
    return;
  }
}

/** The day facts count to: the version's data date, else today (UTC). */
export function statusDayOf(dataDate: string | null): number {
  if (dataDate) return Math.floor(Date.parse(`${dataDate.slice(0, 10)}T00:00:00Z`) / DAY_MS);
  return Math.floor(Date.now() / DAY_MS);
}

/**
 * Counts a version's analytics from its work-done plans and works (the `analytics_version` job; a first read of a
 * version never counted runs it too): plan and fact sums per day of money, cost, labour and volume, the target
 * version's plans, the cost earned per day, and the works counted by status, criticality and delay.
 */
export async function countVersionAnalytics(db: DbOrTx, spaceId: string, versionId: string) {
  const version = await versionWithTarget(db, spaceId, versionId);
  if (!version) return null;
  const statusDay = statusDayOf(version.dataDate);
  const sums = new Map<string, CurveSum>();
  const sumOf = (measure: string, kind: string) => {
    const key = `${measure}/${kind}`;
    let s = sums.get(key);
    if (!s) {
      s = new CurveSum();
      sums.set(key, s);
    }
    return s;
  };
  const own = await readSeries(db, spaceId, versionId, { measures: [...SOURCE_MEASURES], kinds: ["plan", "fact"] });
  const earned = sumOf("cost", "earned");
  const byWork = new Map<number, SeriesRow[]>();
  for (const s of own) {
    sumOf(MEASURE_OF[s.measure], s.kind).add(s.startDay, s.values);
    const list = byWork.get(s.itemId);
    if (list) list.push(s);
    else byWork.set(s.itemId, [s]);
  }
  for (const work of byWork.values()) addEarned(earned, work);
  if (version.targetId) {
    const target = await readSeries(db, spaceId, version.targetId, { measures: [...SOURCE_MEASURES], kinds: ["plan"] });
    for (const s of target) sumOf(MEASURE_OF[s.measure], "target").add(s.startDay, s.values);
  }
  const curves: StoredCurves = {};
  for (const [key, sum] of sums) {
    const curve = sum.result();
    if (!curve) continue;
    const [measure, kind] = key.split("/") as [string, "plan" | "fact" | "target" | "earned"];
    curves[measure] ??= {};
    curves[measure][kind] = curve;
  }
  const counts = await countWorks(db, versionId, statusDay);
  return { scheduleId: version.scheduleId, statusDay, curves, counts };
}
