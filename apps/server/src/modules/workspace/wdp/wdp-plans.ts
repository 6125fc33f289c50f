import type { WdpDistributeBody, WdpKind, WdpMeasure, WdpStatus } from "@planum/contracts";
import { setDays } from "@planum/engine";
import type { VersionScope } from "../../../platform/access.js";
import { AppError } from "../../../platform/errors.js";
import { loadSpaceCalendars } from "../../calendars/space-calendars.js";
import { type SeriesRow, seriesKey, type WdpOptions, type WorkRow, type WorkState } from "./wdp.repo.js";
import { checkCell, entryRules, runWdpChange, type WdpDeps, worksFor } from "./wdp-change.js";
import { dayOf, MINUTES_PER_DAY, shown, workName } from "./wdp-days.js";
import { asSeries, firstChangeBefore, fromSeries, plannedTotalOf, spreadWork } from "./wdp-series.js";
import { readSeries } from "./wdp-store.js";

/** Replaces works' plans of a measure by a distribution mode and remembers the mode per work. */
export function distribute(deps: WdpDeps, vs: VersionScope, body: WdpDistributeBody) {
  const rules = entryRules(vs.grant);
  let given: number | undefined;
  return runWdpChange(deps, vs, `distribute_${body.mode}`, async (tx) => {
    const works = await worksFor(tx, vs, body.itemIds, { active: true });
    const ids = [...works.keys()];
    if (body.total !== undefined) {
      const first = works.get(ids[0]) as WorkRow;
      const day = first.start !== null ? Math.floor(first.start / MINUTES_PER_DAY) : rules.today;
      given = checkCell({ today: Number.POSITIVE_INFINITY, earliest: null }, first, "plan", day, body.total);
    }
    const calendarOf = await loadSpaceCalendars(tx, vs.grant.space.id);
    const existing = await readSeries(tx, vs.grant.space.id, vs.version.id, { itemIds: ids });
    const byKey = new Map(existing.map((s) => [seriesKey(s), s]));
    const options: WdpOptions = {
      ...(body.from ? { from: dayOf(body.from) } : {}),
      ...(body.to ? { to: dayOf(body.to) } : {}),
      ...(body.lagDays !== undefined ? { lagDays: body.lagDays } : {}),
      ...(body.period ? { period: body.period } : {}),
    };
    const series: SeriesRow[] = [];
    const states: WorkState[] = [];
    for (const work of works.values()) {
      const plan = byKey.get(seriesKey({ itemId: work.id, measure: body.measure, kind: "plan" }));
      const total = given ?? plannedTotalOf(work, body.measure, plan);
      const spread = spreadWork(work, calendarOf, body.measure, body.mode, options, total, byKey, rules.today);
      if (rules.earliest !== null) {
        const day = firstChangeBefore(plan, spread, rules.earliest);
        if (day !== null)
          throw new AppError("WdpBeforeEntryPeriod", {
            work: workName(work),
            date: shown(day),
            earliest: shown(rules.earliest),
          });
      }
      series.push(fromSeries({ itemId: work.id, measure: body.measure, kind: "plan" }, spread));
      // Only the distribution options are replaced: the planner's remaining duration by intensity and the mark that
      // the work's progress came from its facts (what tells a calculation to reset it once they are gone) stay.
      const { from: _f, to: _t, lagDays: _l, period: _p, ...keep } = work.options ?? {};
      states.push({
        itemId: work.id,
        status: work.status ?? "active",
        mode: body.mode,
        options: { ...options, ...keep },
      });
    }
    return { series, works: states, before: existing };
  });
}

/** Sets the planning status of works (spec §4). */
export function setStatus(deps: WdpDeps, vs: VersionScope, itemIds: number[], status: WdpStatus | "toggle") {
  return runWdpChange(deps, vs, status === "toggle" ? "toggle_status" : `status_${status}`, async (tx) => {
    const works = await worksFor(tx, vs, itemIds);
    return {
      series: [],
      works: [...works.values()].map((w) => ({
        itemId: w.id,
        status: status === "toggle" ? (w.status === "disabled" ? "active" : "disabled") : status,
        mode: w.mode ?? "evenly",
        options: w.options,
      })),
    };
  });
}

/** Clears days (all, or a range) of some measures and kinds of works. Facts of locked-out days stay refused. */
export function clearValues(
  deps: WdpDeps,
  vs: VersionScope,
  body: { itemIds: number[]; measures?: WdpMeasure[]; kinds?: WdpKind[]; from?: string; to?: string },
) {
  const rules = entryRules(vs.grant);
  return runWdpChange(deps, vs, "clear_values", async (tx) => {
    const works = await worksFor(tx, vs, body.itemIds);
    const from = body.from ? dayOf(body.from) : Number.NEGATIVE_INFINITY;
    const to = body.to ? dayOf(body.to) : Number.POSITIVE_INFINITY;
    if (to < from) throw new AppError("InvalidValue", { field: "to" });
    const rows = await readSeries(tx, vs.grant.space.id, vs.version.id, {
      itemIds: [...works.keys()],
      measures: body.measures,
      kinds: body.kinds,
    });
    const series: SeriesRow[] = [];
    for (const row of rows) {
      const cleared: [number, number][] = [];
      row.values.forEach((v, k) => {
        const day = row.startDay + k;
        if (v !== 0 && day >= from && day <= to) cleared.push([day, 0]);
      });
      if (cleared.length === 0) continue;
      if (rules.earliest !== null && cleared[0][0] < rules.earliest)
        throw new AppError("WdpBeforeEntryPeriod", {
          work: workName(works.get(row.itemId) as WorkRow),
          date: shown(cleared[0][0]),
          earliest: shown(rules.earliest),
        });
      series.push(fromSeries(row, setDays(asSeries(row), cleared)));
    }
    return { series, works: [] };
  });
}

/**
 * Removes the plans of works (every measure) with their mode and status. Facts and approved plans stay (what was
 * done is not a plan), and so do plan days before the allowed entry period.
 */
export function clearPlans(deps: WdpDeps, vs: VersionScope, itemIds: number[]) {
  const rules = entryRules(vs.grant);
  return runWdpChange(deps, vs, "clear_wdp", async (tx) => {
    const works = await worksFor(tx, vs, itemIds);
    const rows = await readSeries(tx, vs.grant.space.id, vs.version.id, {
      itemIds: [...works.keys()],
      kinds: ["plan"],
    });
    const series: SeriesRow[] = [];
    for (const row of rows) {
      const earliest = rules.earliest;
      if (earliest === null || row.startDay >= earliest) {
        series.push({ ...row, values: [], total: 0 });
        continue;
      }
      const cleared: [number, number][] = [];
      row.values.forEach((v, k) => {
        if (v !== 0 && row.startDay + k >= earliest) cleared.push([row.startDay + k, 0]);
      });
      if (cleared.length) series.push(fromSeries(row, setDays(asSeries(row), cleared)));
    }
    return { series, works: [], clearWorks: [...works.keys()], before: rows };
  });
}
