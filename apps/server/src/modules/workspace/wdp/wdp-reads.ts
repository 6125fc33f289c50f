import type { WdpKind, WdpMeasure } from "@planum/contracts";
import { valueAt, workingDaysOf } from "@planum/engine";
import type { VersionScope } from "../../../platform/access.js";
import type { DbOrTx } from "../../../platform/db.js";
import { loadSpaceCalendars } from "../../calendars/space-calendars.js";
import { readWorks, seriesKey } from "./wdp.repo.js";
import { dateOf, dayOf, MINUTES_PER_DAY, round } from "./wdp-days.js";
import { asSeries, toDto } from "./wdp-series.js";
import { factWorkCount, readSeries, versionTotals } from "./wdp-store.js";

/**
 * The series of a version as other modules read them (analytics, timesheets): optionally of some works, measures
 * and kinds, touching a day range; one per work × measure × kind, ordered by work, measure, kind. How they are
 * stored stays wdp-store.ts's business.
 */
export function readWdpSeries(
  db: DbOrTx,
  spaceId: string,
  versionId: string,
  filter: { itemIds?: number[]; measures?: WdpMeasure[]; kinds?: WdpKind[]; from?: number; to?: number } = {},
) {
  return readSeries(db, spaceId, versionId, filter);
}

/** A version's series (of some works, touching a period) and its works' planning state. */
export async function wdpList(db: DbOrTx, vs: VersionScope, query: { itemIds?: string; from?: string; to?: string }) {
  const ids = query.itemIds ? query.itemIds.split(",").map(Number) : undefined;
  const series = await readSeries(db, vs.grant.space.id, vs.version.id, {
    itemIds: ids,
    from: query.from ? dayOf(query.from) : undefined,
    to: query.to ? dayOf(query.to) : undefined,
  });
  const states = await readWorks(db, vs.grant.space.id, vs.version.id, ids);
  return {
    versionId: vs.version.id,
    series: series.map(toDto),
    works: states.map((w) => ({ itemId: w.id, status: w.status ?? "active", mode: w.mode ?? "evenly" })),
  };
}

/** Totals of the version per measure and kind, and its first and last fact day. */
export async function wdpActualInfo(db: DbOrTx, vs: VersionScope) {
  const totals = await versionTotals(db, vs.grant.space.id, vs.version.id);
  const by = (kind: WdpKind) =>
    Object.fromEntries(totals.filter((t) => t.kind === kind).map((t) => [t.measure, round(t.total)]));
  const facts = totals.filter((t) => t.kind === "fact" && t.works > 0);
  return {
    versionId: vs.version.id,
    firstFactDate: facts.length ? dateOf(Math.min(...facts.map((f) => f.first))) : null,
    lastFactDate: facts.length ? dateOf(Math.max(...facts.map((f) => f.last))) : null,
    worksWithFacts: await factWorkCount(db, vs.grant.space.id, vs.version.id),
    plan: by("plan"),
    fact: by("fact"),
    approvedPlan: by("approved_plan"),
  };
}

/**
 * For one day and measure, each planned work's plan and fact that day, what remains of its plan after the facts
 * up to the day, and what each of its remaining working days must carry to finish on time.
 */
export async function wdpAtDay(db: DbOrTx, vs: VersionScope, query: { date: string; measure: WdpMeasure }) {
  const day = dayOf(query.date);
  const works = (await readWorks(db, vs.grant.space.id, vs.version.id)).filter(
    (w) => w.type !== "sum" && w.status !== "disabled",
  );
  const series = await readSeries(db, vs.grant.space.id, vs.version.id, {
    measures: [query.measure],
    kinds: ["plan", "fact"],
  });
  const byKey = new Map(series.map((s) => [seriesKey(s), s]));
  const calendarOf = await loadSpaceCalendars(db, vs.grant.space.id);
  const out = [];
  for (const w of works) {
    const plan = byKey.get(seriesKey({ itemId: w.id, measure: query.measure, kind: "plan" }));
    const fact = byKey.get(seriesKey({ itemId: w.id, measure: query.measure, kind: "fact" }));
    if (!plan && !fact) continue;
    let factUpTo = 0;
    if (fact) for (let k = 0; k < fact.values.length && fact.startDay + k <= day; k++) factUpTo += fact.values[k];
    const remaining = round(Math.max(0, (plan?.total ?? 0) - factUpTo));
    const remainingDays =
      w.finish !== null && w.finish > (day + 1) * MINUTES_PER_DAY
        ? workingDaysOf(calendarOf(w.calendarId), Math.max((day + 1) * MINUTES_PER_DAY, w.start ?? 0), w.finish).length
        : 0;
    out.push({
      itemId: w.id,
      code: w.code,
      name: w.name,
      plan: plan ? valueAt(asSeries(plan), day) : 0,
      fact: fact ? valueAt(asSeries(fact), day) : 0,
      remaining,
      remainingDays,
      perDay: remainingDays > 0 ? round(remaining / remainingDays) : null,
    });
  }
  return out;
}
