import type { WdpMeasure } from "@planum/contracts";
import { workingDaysOf } from "@planum/engine";
import type { DbOrTx } from "../../../platform/db.js";
import { loadSpaceCalendars } from "../../calendars/space-calendars.js";
import { readWorks, type SeriesRow, seriesKey } from "./wdp.repo.js";
import { entryRulesOf } from "./wdp-change.js";
import { keptDays } from "./wdp-redistribute.js";
import { fromSeries, spreadWork } from "./wdp-series.js";
import { readSeries, writeSeries } from "./wdp-store.js";

/** A new plan total of one work and measure. */
export interface PlanTotal {
  itemId: number;
  measure: WdpMeasure;
  total: number;
}

/**
 * New plan totals of works (issue 19: update-costs carries money, labour and volume from estimates): each plan is
 * spread again by its work's distribution mode over the work's days, volume first so that labour and cost by_volume
 * follow it; days before the allowed entry period and approved days keep their values (as a redistribution does).
 * Works without dates or disabled get no plan, a by_fact plan below its facts stays as it is. In the caller's
 * transaction; answers the plans as they were (the undo's before-image), the series written and the works skipped.
 */
export async function setPlanTotals(
  tx: DbOrTx,
  scope: { spaceId: string; versionId: string; entryDays: number | null | undefined },
  totals: readonly PlanTotal[],
): Promise<{ before: SeriesRow[]; written: SeriesRow[]; skipped: number[] }> {
  const { spaceId, versionId } = scope;
  if (totals.length === 0) return { before: [], written: [], skipped: [] };
  const itemIds = [...new Set(totals.map((t) => t.itemId))];
  const works = await readWorks(tx, spaceId, versionId, itemIds);
  const spreadable = works.filter((w) => w.status !== "disabled" && w.start !== null && w.finish !== null);
  const spreadableIds = new Set(spreadable.map((w) => w.id));
  const skipped = works.filter((w) => !spreadableIds.has(w.id)).map((w) => w.id);
  const existing = await readSeries(tx, spaceId, versionId, {
    itemIds: spreadable.map((w) => w.id),
    kinds: ["plan", "fact"],
  });
  const byKey = new Map(existing.map((s) => [seriesKey(s), s]));
  const totalsOf = new Map<number, PlanTotal[]>();
  for (const t of totals) {
    const own = totalsOf.get(t.itemId);
    if (own) own.push(t);
    else totalsOf.set(t.itemId, [t]);
  }
  const rules = entryRulesOf(scope.entryDays);
  const fixedOf = await keptDays(
    tx,
    spaceId,
    versionId,
    existing.filter((s) => s.kind === "plan"),
    rules.earliest,
  );
  const calendarOf = await loadSpaceCalendars(tx, spaceId);
  const written: SeriesRow[] = [];
  for (const work of spreadable) {
    const mode = work.mode ?? "evenly";
    const start = work.start as number;
    const days = workingDaysOf(calendarOf(work.calendarId), start, Math.max(start, work.finish as number));
    // Volume first: labour and cost by_volume follow the volume plan just spread.
    const own = [...(totalsOf.get(work.id) ?? [])].sort(
      (a, b) => Number(b.measure === "volume") - Number(a.measure === "volume"),
    );
    for (const { measure, total } of own) {
      const key = { itemId: work.id, measure, kind: "plan" as const };
      if (mode === "by_fact") {
        const fact = byKey.get(seriesKey({ itemId: work.id, measure, kind: "fact" }));
        if (fact && fact.total > total) continue;
      }
      const next = fromSeries(
        key,
        spreadWork(
          work,
          calendarOf,
          measure,
          mode,
          work.options ?? {},
          total,
          byKey,
          rules.today,
          days,
          fixedOf.get(seriesKey(key)),
        ),
      );
      if (measure === "volume") byKey.set(seriesKey(key), next);
      written.push(next);
    }
  }
  const writtenKeys = new Set(written.map(seriesKey));
  const before = existing.filter((s) => s.kind === "plan" && writtenKeys.has(seriesKey(s)));
  await writeSeries(tx, spaceId, versionId, written);
  return { before, written, skipped };
}
