import type { WdpMeasure } from "@planum/contracts";
import { type DaySeries, valueAt, workingDaysOf } from "@planum/engine";
import type { DbOrTx } from "../../../platform/db.js";
import { loadSpaceCalendars } from "../../calendars/space-calendars.js";
import { readWorks, type SeriesRow, seriesKey, versionSpace } from "./wdp.repo.js";
import { entryRulesOf } from "./wdp-change.js";
import { asSeries, fromSeries, spreadWork } from "./wdp-series.js";
import { planTotals, readSeries, readSeriesByKeys, writeSeries } from "./wdp-store.js";

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
 * again by each work's mode over its new days, keeping their totals; facts and approved plans stay as they are, and
 * so do plan days before the allowed entry period and on approved days (a day is approved once its approved plan
 * holds a value): only the rest of the total moves. Volume goes first, so labour and cost of by_volume follow the
 * new volume plan. Only totals are read, and the days of plans that have days to keep (and the facts of by_fact
 * works): a plan's other days are what is being replaced. Not an undoable user change.
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
  // Per work, then per measure: no key strings built per series (a redistribution of every work has 30,000).
  const totalsOf = new Map<number, Partial<Record<WdpMeasure, number>>>();
  for (const t of totals) {
    const entry = totalsOf.get(t.itemId) ?? {};
    entry[t.measure] = t.total;
    totalsOf.set(t.itemId, entry);
  }
  const rules = entryRulesOf(version.entryDays);
  const fixedOf = await keptDays(tx, version.spaceId, versionId, totals, rules.earliest);
  const calendarOf = await loadSpaceCalendars(tx, version.spaceId);
  const out: SeriesRow[] = [];
  for (const work of works) {
    const mode = work.mode ?? "evenly";
    // One reading of the calendar for every measure of the work.
    const start = work.start as number;
    const days = workingDaysOf(calendarOf(work.calendarId), start, Math.max(start, work.finish as number));
    const workTotals = totalsOf.get(work.id) ?? {};
    for (const measure of MEASURE_ORDER) {
      const total = workTotals[measure];
      if (total === undefined) continue;
      const key = { itemId: work.id, measure, kind: "plan" as const };
      if (mode === "by_fact") {
        // A plan below its facts keeps its days (by_fact would refuse it).
        const fact = byKey.get(seriesKey({ itemId: work.id, measure, kind: "fact" }));
        if (fact && fact.total > total) continue;
      }
      const fixed = fixedOf.size ? fixedOf.get(seriesKey(key)) : undefined;
      const next = fromSeries(
        key,
        spreadWork(work, calendarOf, measure, mode, work.options ?? {}, total, byKey, rules.today, days, fixed),
      );
      // Labour and cost by_volume follow the volume plan just spread: only that one is looked up again.
      if (measure === "volume") byKey.set(seriesKey(key), next);
      out.push(next);
    }
  }
  await writeSeries(tx, version.spaceId, versionId, out);
  return { spaceId: version.spaceId, itemIds: [...new Set(out.map((s) => s.itemId))], series: out.length };
}

/**
 * The plan days a redistribution keeps, per plan key: days before `earliest` and days whose approved plan holds a
 * value. Only plans that start before `earliest` or have an approved plan are read with their days.
 */
export async function keptDays(
  tx: DbOrTx,
  spaceId: string,
  versionId: string,
  plans: { itemId: number; measure: WdpMeasure; startDay: number }[],
  earliest: number | null,
): Promise<Map<string, DaySeries>> {
  const approvedKeys = await planTotals(
    tx,
    spaceId,
    versionId,
    [...new Set(plans.map((p) => p.itemId))],
    "approved_plan",
  );
  const approvedAt = new Set(approvedKeys.map((a) => `${a.itemId}|${a.measure}`));
  const candidates = plans.filter(
    (p) => (earliest !== null && p.startDay < earliest) || approvedAt.has(`${p.itemId}|${p.measure}`),
  );
  const out = new Map<string, DaySeries>();
  if (candidates.length === 0) return out;
  const read = await readSeriesByKeys(tx, versionId, [
    ...candidates.map((p) => ({ ...p, kind: "plan" })),
    ...candidates
      .filter((p) => approvedAt.has(`${p.itemId}|${p.measure}`))
      .map((p) => ({ ...p, kind: "approved_plan" })),
  ]);
  const byKey = new Map(read.map((s) => [seriesKey(s), s]));
  for (const p of candidates) {
    const plan = byKey.get(seriesKey({ ...p, kind: "plan" }));
    if (!plan) continue;
    const approved = asSeries(byKey.get(seriesKey({ ...p, kind: "approved_plan" })));
    const values = plan.values.map((v, k) => {
      const day = plan.startDay + k;
      return (earliest !== null && day < earliest) || valueAt(approved, day) !== 0 ? v : 0;
    });
    if (values.some((v) => v !== 0)) out.set(seriesKey(plan), { start: plan.startDay, values });
  }
  return out;
}
