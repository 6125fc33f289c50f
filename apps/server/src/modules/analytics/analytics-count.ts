import type { StoredCurves } from "../../db/schema/index.js";
import type { DbOrTx } from "../../platform/db.js";
import type { SeriesRow } from "../workspace/wdp/wdp.repo.js";
import { readWdpSeries as readSeries } from "../workspace/wdp/wdp-reads.js";
import { worksOfBlocks } from "./analytics.repo.js";
import { type CurveSum, CurvesSum } from "./analytics-curves.js";

/** The analytics measure each stored work-done plan measure feeds. */
const MEASURE_OF: Record<string, string> = {
  distributed_price: "money",
  cost: "cost",
  labour: "labour",
  volume: "volume",
};
const SOURCE_MEASURES = ["distributed_price", "cost", "labour", "volume"] as const;
const DAY_MS = 86_400_000;
/**
 * Works are counted in blocks (work id modulo this): a change of a few works recounts their blocks, a 64th of a
 * version each, and moves the version's sums by the blocks' difference. More blocks make a block cheaper to count but
 * the version's block rows more to store (each holds the block's day sums).
 */
export const BLOCKS = 64;
export const blockOf = (itemId: number) => itemId % BLOCKS;

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
 * Day sums of blocks of a version's works (all blocks when `blocks` is null): plan and fact of money, cost, labour and
 * volume from their work-done plans, and the cost earned per day. A block without series has empty sums.
 */
export async function countBlocks(
  db: DbOrTx,
  spaceId: string,
  versionId: string,
  blocks: number[] | null,
): Promise<Map<number, StoredCurves>> {
  const filter = blocks === null ? {} : { itemIds: await worksOfBlocks(db, versionId, BLOCKS, blocks) };
  const own =
    filter.itemIds?.length === 0
      ? []
      : await readSeries(db, spaceId, versionId, {
          ...filter,
          measures: [...SOURCE_MEASURES],
          kinds: ["plan", "fact"],
        });
  const sums = new Map<number, CurvesSum>((blocks ?? []).map((b) => [b, new CurvesSum()]));
  addSeries(own, (itemId) => {
    const b = blockOf(itemId);
    let sum = sums.get(b);
    if (!sum) {
      sum = new CurvesSum();
      sums.set(b, sum);
    }
    return sum;
  });
  return new Map([...sums].map(([b, sum]) => [b, sum.result()]));
}

/** Adds series to the sums `sumOf` picks per work: plan and fact per measure, and each work's earned cost. */
function addSeries(series: SeriesRow[], sumOf: (itemId: number) => CurvesSum) {
  const byWork = new Map<number, SeriesRow[]>();
  for (const s of series) {
    sumOf(s.itemId)
      .of(MEASURE_OF[s.measure], s.kind as "plan" | "fact")
      .add(s.startDay, s.values);
    const list = byWork.get(s.itemId);
    if (list) list.push(s);
    else byWork.set(s.itemId, [s]);
  }
  for (const [itemId, work] of byWork) addEarned(sumOf(itemId).of("cost", "earned"), work);
}

/**
 * Day sums of some works of a version (a WBS node's, one work's) counted as a version's: what their indicator values
 * are computed from. `planOnly` reads the plans alone (a target version's works give the `target` curves).
 */
export async function countItems(
  db: DbOrTx,
  spaceId: string,
  versionId: string,
  itemIds: number[],
  planOnly = false,
): Promise<StoredCurves> {
  if (itemIds.length === 0) return {};
  const series = await readSeries(db, spaceId, versionId, {
    itemIds,
    measures: [...SOURCE_MEASURES],
    kinds: planOnly ? ["plan"] : ["plan", "fact"],
  });
  const sum = new CurvesSum();
  addSeries(series, () => sum);
  return sum.result();
}
