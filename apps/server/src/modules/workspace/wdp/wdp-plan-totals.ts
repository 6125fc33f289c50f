import type { WdpMeasure } from "@planum/contracts";
import { type DaySeries, workingDaysOf } from "@planum/engine";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../platform/db.js";
import { execRows, intArray } from "../../../platform/sql.js";
import { loadSpaceCalendars } from "../../calendars/space-calendars.js";
import { deferRowChecks } from "../../interchange/model-import.repo.js";
import { type SeriesRow, seriesKey, type WorkRow } from "./wdp.repo.js";
import { entryRulesOf } from "./wdp-change.js";
import { keptDays } from "./wdp-redistribute.js";
import { fromSeries, spreadWork } from "./wdp-series.js";
import { readSeries, writeSeries } from "./wdp-store.js";

/** New plan totals of works, per work and measure (a measure left out keeps its plan). */
export type PlanTotals = Map<number, Partial<Record<WdpMeasure, number>>>;

/** Volume first: labour and cost by_volume follow the volume plan just spread. */
const MEASURE_ORDER: WdpMeasure[] = [
  "volume",
  "labour",
  "cost",
  "resources",
  "distributed_price",
  "cost_by_distributed_price",
];

/**
 * New plan totals of works (issue 19: update-costs carries money, labour and volume from estimates): each plan is
 * spread again by its work's mode over the work's days, volume first so that labour and cost by_volume follow it;
 * days before the allowed entry period and approved days keep their values (as a redistribution does).
 * Works without dates or disabled get no plan, a by_fact plan below its facts stays as it is. `works`: the works
 * of the totals as `readWorks` answers them (the caller has read them already); `locked`: works the caller has
 * updated in this transaction (their rows are locked and exist: their plans' key needs no check). In the caller's
 * transaction; answers the plan series the written works had (the undo's before-image: every measure of their plan
 * rows), the series written and the works skipped.
 */
export async function setPlanTotals(
  tx: DbOrTx,
  scope: { spaceId: string; versionId: string; entryDays: number | null | undefined },
  works: readonly WorkRow[],
  totalsOf: PlanTotals,
  locked: ReadonlySet<number> = new Set(),
): Promise<{ before: SeriesRow[]; written: SeriesRow[]; skipped: number[] }> {
  const { spaceId, versionId } = scope;
  const spreadable = works.filter(
    (w) => totalsOf.has(w.id) && w.status !== "disabled" && w.start !== null && w.finish !== null,
  );
  const spread = new Set(spreadable);
  const skipped = works.filter((w) => totalsOf.has(w.id) && !spread.has(w)).map((w) => w.id);
  if (spreadable.length === 0) return { before: [], written: [], skipped };
  const existing = await readSeries(tx, spaceId, versionId, {
    itemIds: spreadable.map((w) => w.id),
    kinds: ["plan", "fact"],
  });
  const byKey = new Map(existing.map((s) => [seriesKey(s), s]));
  const rules = entryRulesOf(scope.entryDays);
  const plans = existing.filter((s) => s.kind === "plan");
  const fixedOf = await keptDays(tx, spaceId, versionId, plans, rules.earliest);
  const calendarOf = await loadSpaceCalendars(tx, spaceId);
  const written: SeriesRow[] = [];
  for (const work of spreadable) {
    const mode = work.mode ?? "evenly";
    const start = work.start as number;
    const days = workingDaysOf(calendarOf(work.calendarId), start, Math.max(start, work.finish as number));
    const workTotals = totalsOf.get(work.id) ?? {};
    // A spread that nothing of its own measure shapes (no facts, no kept days) is the same for an equal total: the
    // cost and the distributed price of update-costs are spread once.
    let plain: { total: number; series: DaySeries } | null = null;
    for (const measure of MEASURE_ORDER) {
      const total = workTotals[measure];
      if (total === undefined) continue;
      const key = { itemId: work.id, measure, kind: "plan" as const };
      // Nothing to spread and no plan to empty (estimates without labour hours): the plan stays none.
      if (total === 0 && !byKey.has(seriesKey(key))) continue;
      if (mode === "by_fact") {
        const fact = byKey.get(seriesKey({ itemId: work.id, measure, kind: "fact" }));
        if (fact && fact.total > total) continue;
      }
      const fixed = fixedOf.size ? fixedOf.get(seriesKey(key)) : undefined;
      const shapedByItself = mode === "by_fact" || fixed !== undefined || measure === "volume";
      const series: DaySeries =
        !shapedByItself && plain?.total === total
          ? plain.series
          : spreadWork(work, calendarOf, measure, mode, work.options ?? {}, total, byKey, rules.today, days, fixed);
      if (!shapedByItself) plain = { total, series };
      const next = fromSeries(key, series);
      const was = byKey.get(seriesKey(key));
      if (measure === "volume") byKey.set(seriesKey(key), next);
      // A plan that comes out as it is stored is not written again (a second update-costs with nothing changed
      // writes no plan row and records no before-image).
      if (!sameDays(was, next)) written.push(next);
    }
  }
  const writtenItems = new Set(written.map((s) => s.itemId));
  const before = plans.filter((s) => writtenItems.has(s.itemId));
  if (written.length === 0) return { before, written, skipped };
  // The plan rows of these works were all read above: the write needs to read none of them again. Their work's key
  // is checked once for all rows instead of once per inserted row (half of inserting 10,000 plans), and not at all
  // for the works the caller has updated.
  const deferred = await deferRowChecks(tx);
  await writeSeries(tx, spaceId, versionId, written, plans);
  if (deferred)
    await checkPlanWorks(
      tx,
      spaceId,
      versionId,
      [...writtenItems].filter((id) => !locked.has(id)),
    );
  return { before, written, skipped };
}

/** Whether a stored series (or none) holds exactly these days: an empty series is no series. */
function sameDays(stored: SeriesRow | undefined, next: SeriesRow): boolean {
  if (!stored) return next.values.length === 0;
  const a = stored.values;
  const b = next.values;
  if (a.length !== b.length || (a.length > 0 && stored.startDay !== next.startDay)) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/**
 * After `deferRowChecks` (interchange/model-import.repo.ts) around a plan write: the works the rows point at (their
 * one foreign key: work, version, space) exist and are locked as the row checks would lock them, in one statement;
 * the triggers on again. A missing work aborts the change (the works were read in this transaction: only a
 * deletion meanwhile could do it, and the lock waits for it).
 */
async function checkPlanWorks(tx: DbOrTx, spaceId: string, versionId: string, itemIds: number[]) {
  await tx.execute(sql`set local session_replication_role = origin`);
  if (itemIds.length === 0) return;
  const result = await execRows(
    tx,
    sql`select count(*)::int as n from (select w.id from wbs_items w
      where w.id = any(${intArray(itemIds)}::int[]) and w.version_id = ${versionId} and w.space_id = ${spaceId}
      for key share of w) locked`,
  );
  const found = (result.rows[0] as { n: number }).n;
  if (found !== itemIds.length)
    throw new Error(`plans of ${itemIds.length - found} works of version ${versionId} point at missing works`);
}
