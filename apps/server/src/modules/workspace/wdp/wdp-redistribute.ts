import type { WdpMeasure } from "@planum/contracts";
import { workingDaysOf } from "@planum/engine";
import type { DbOrTx } from "../../../platform/db.js";
import { loadSpaceCalendars } from "../../calendars/space-calendars.js";
import { planTotals, readSeries, readWorks, type SeriesRow, seriesKey, versionSpace, writeSeries } from "./wdp.repo.js";
import { today } from "./wdp-days.js";
import { fromSeries, spreadWork } from "./wdp-series.js";

const MEASURE_ORDER: WdpMeasure[] = [
  "volume",
  "labour",
  "cost",
  "resources",
  "distributed_price",
  "cost_by_distributed_price",
];

/**
 * After a calculation wrote new dates (platform/dates-written.ts): the plans of active works that moved are spread
 * again by each work's mode over its new days, keeping their totals; facts and approved plans stay as they are.
 * Volume goes first, so labour and cost of by_volume follow the new volume plan. Only totals are read (and the facts
 * of by_fact works): a plan's days are what is being replaced. Not an undoable user change.
 */
export async function redistributeMoved(
  tx: DbOrTx,
  versionId: string,
  movedIds: number[],
): Promise<{ spaceId: string; itemIds: number[]; series: number } | null> {
  const version = await versionSpace(tx, versionId);
  if (!version) return null;
  const totals = await planTotals(tx, version.spaceId, versionId, movedIds);
  if (totals.length === 0) return { spaceId: version.spaceId, itemIds: [], series: 0 };
  const planned = [...new Set(totals.map((s) => s.itemId))];
  const works = (await readWorks(tx, version.spaceId, versionId, planned)).filter(
    (w) => w.status !== "disabled" && w.start !== null && w.finish !== null,
  );
  const byFact = works.filter((w) => w.mode === "by_fact").map((w) => w.id);
  const facts = byFact.length
    ? await readSeries(tx, version.spaceId, versionId, { itemIds: byFact, kinds: ["fact"] })
    : [];
  const byKey = new Map(facts.map((s) => [seriesKey(s), s]));
  const totalOf = new Map(totals.map((t) => [`${t.itemId}|${t.measure}`, t.total]));
  const calendarOf = await loadSpaceCalendars(tx, version.spaceId);
  const todayDay = today();
  const out: SeriesRow[] = [];
  for (const work of works) {
    const mode = work.mode ?? "evenly";
    // One reading of the calendar for every measure of the work.
    const start = work.start as number;
    const days = workingDaysOf(calendarOf(work.calendarId), start, Math.max(start, work.finish as number));
    for (const measure of MEASURE_ORDER) {
      const total = totalOf.get(`${work.id}|${measure}`);
      if (total === undefined) continue;
      const key = { itemId: work.id, measure, kind: "plan" as const };
      const fact = byKey.get(seriesKey({ itemId: work.id, measure, kind: "fact" }));
      // A plan below its facts keeps its days (by_fact would refuse it).
      if (mode === "by_fact" && fact && fact.total > total) continue;
      const next = fromSeries(
        key,
        spreadWork(work, calendarOf, measure, mode, work.options ?? {}, total, byKey, todayDay, days),
      );
      byKey.set(seriesKey(key), next);
      out.push(next);
    }
  }
  await writeSeries(tx, version.spaceId, versionId, out);
  return { spaceId: version.spaceId, itemIds: [...new Set(out.map((s) => s.itemId))], series: out.length };
}
