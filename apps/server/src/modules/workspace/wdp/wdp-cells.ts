import { WDP_DECIMALS, type WdpKind, type WdpMeasure } from "@planum/contracts";
import { setDays, spreadTotal, valueAt } from "@planum/engine";
import type { VersionScope } from "../../../platform/access.js";
import { AppError } from "../../../platform/errors.js";
import { loadSpaceCalendars } from "../../calendars/space-calendars.js";
import { type SeriesRow, seriesKey, type WorkRow } from "./wdp.repo.js";
import { checkCell, entryRules, runWdpChange, type WdpDeps, worksFor } from "./wdp-change.js";
import { dayOf, MINUTES_PER_DAY, round, shown, workName } from "./wdp-days.js";
import { holdApprovedPlanDays } from "./wdp-plan-hold.js";
import { asSeries, fromSeries } from "./wdp-series.js";
import { readSeriesByKeys } from "./wdp-store.js";

/** One typed day: a work's value of a measure and data kind on a date. */
export interface WdpCell {
  itemId: number;
  measure: WdpMeasure;
  kind: WdpKind;
  date: string;
  value: number | string;
}

/**
 * Sets cells (update, update-many, a pasted block, an uploaded sheet): each checked by the entry rules, all or
 * nothing. Plan cells of days already approved are not written: they wait for approval (wdp-plan-hold.ts).
 */
export function setCells(deps: WdpDeps, vs: VersionScope, action: string, cells: WdpCell[]) {
  const rules = entryRules(vs.grant);
  return runWdpChange(deps, vs, action, async (tx) => {
    const works = await worksFor(
      tx,
      vs,
      cells.map((c) => c.itemId),
      { active: true },
    );
    const checked = cells.map((cell) => {
      const day = dayOf(cell.date);
      const value = checkCell(rules, works.get(cell.itemId) as WorkRow, cell.kind, day, cell.value);
      return { itemId: cell.itemId, measure: cell.measure, kind: cell.kind, day, value };
    });
    const keys = [...new Map(checked.map((c) => [seriesKey(c), c])).values()];
    const stored = await readSeriesByKeys(tx, vs.version.id, keys);
    const current = new Map(stored.map((s) => [seriesKey(s), s]));
    const notices = deps.notices?.(tx);
    const hold = await holdApprovedPlanDays(
      tx,
      vs,
      checked.filter((c) => c.kind === "plan"),
      (c) => valueAt(asSeries(current.get(seriesKey({ ...c, kind: "plan" }))), c.day),
      notices,
    );
    const perSeries = new Map<
      string,
      { key: Omit<SeriesRow, "startDay" | "values" | "total">; days: [number, number][] }
    >();
    for (const cell of [
      ...checked.filter((c) => c.kind !== "plan"),
      ...hold.free.map((c) => ({ ...c, kind: "plan" as const })),
    ]) {
      const key = seriesKey(cell);
      let entry = perSeries.get(key);
      if (!entry) {
        entry = { key: { itemId: cell.itemId, measure: cell.measure, kind: cell.kind }, days: [] };
        perSeries.set(key, entry);
      }
      entry.days.push([cell.day, cell.value]);
    }
    const series = [...perSeries.entries()].map(([key, entry]) =>
      fromSeries(entry.key, setDays(asSeries(current.get(key), entry.days[0][0]), entry.days)),
    );
    return {
      series,
      works: [],
      before: stored,
      held: hold.held,
      ...(hold.reports.length
        ? { reports: hold.reports, touched: hold.reports.flatMap((r) => r.itemIds), after: () => notices?.announce() }
        : {}),
    };
  });
}

/**
 * Allocates a quantity for a period of one work into its fact or plan: spread over the work's working days from
 * `from` to `to` (by_date on its calendar), replacing those days. Each day passes the entry rules.
 */
export function allocate(
  deps: WdpDeps,
  vs: VersionScope,
  kind: "fact" | "plan",
  body: { itemId: number; measure: WdpMeasure; total: number | string; from: string; to: string },
) {
  const rules = entryRules(vs.grant);
  return runWdpChange(deps, vs, `allocate_${kind}`, async (tx) => {
    const works = await worksFor(tx, vs, [body.itemId], { active: true });
    const work = works.get(body.itemId) as WorkRow;
    const from = dayOf(body.from);
    const to = dayOf(body.to);
    if (to < from) throw new AppError("InvalidValue", { field: "to" });
    const total = checkCell(rules, work, kind, to, body.total);
    checkCell(rules, work, kind, from, 0);
    const calendarOf = await loadSpaceCalendars(tx, vs.grant.space.id);
    const spread = spreadTotal(
      total,
      calendarOf(work.calendarId),
      from * MINUTES_PER_DAY,
      from * MINUTES_PER_DAY,
      "by_date",
      { decimals: WDP_DECIMALS, from, to },
    );
    const key = { itemId: work.id, measure: body.measure, kind };
    const [current] = await readSeriesByKeys(tx, vs.version.id, [key]);
    const changes: [number, number][] = [];
    for (let d = from; d <= to; d++) changes.push([d, valueAt(spread, d)]);
    return { series: [fromSeries(key, setDays(asSeries(current, from), changes))], works: [] };
  });
}

/** Moves a quantity of one day (all of it when no value is given) to another day or another work. */
export function transfer(
  deps: WdpDeps,
  vs: VersionScope,
  body: {
    measure: WdpMeasure;
    kind: WdpKind;
    from: { itemId: number; date: string };
    to: { itemId: number; date: string };
    value?: number | string;
  },
) {
  const rules = entryRules(vs.grant);
  return runWdpChange(deps, vs, "transfer_value", async (tx) => {
    const works = await worksFor(tx, vs, [body.from.itemId, body.to.itemId], { active: true });
    const source = works.get(body.from.itemId) as WorkRow;
    const target = works.get(body.to.itemId) as WorkRow;
    const fromDay = dayOf(body.from.date);
    const toDay = dayOf(body.to.date);
    const srcKey = { itemId: source.id, measure: body.measure, kind: body.kind };
    const dstKey = { itemId: target.id, measure: body.measure, kind: body.kind };
    const rows = new Map((await readSeriesByKeys(tx, vs.version.id, [srcKey, dstKey])).map((s) => [seriesKey(s), s]));
    const src = asSeries(rows.get(seriesKey(srcKey)), fromDay);
    const available = valueAt(src, fromDay);
    const amount = body.value === undefined ? available : checkCell(rules, source, body.kind, fromDay, body.value);
    checkCell(rules, source, body.kind, fromDay, 0);
    checkCell(rules, target, body.kind, toDay, 0);
    if (amount > available + 1e-9)
      throw new AppError("WdpNegativeValue", { work: workName(source), date: shown(fromDay) });
    if (seriesKey(srcKey) === seriesKey(dstKey)) {
      const next = setDays(src, [
        [fromDay, round(available - amount)],
        [toDay, round(valueAt(src, toDay) + amount + (fromDay === toDay ? -amount : 0))],
      ]);
      return { series: [fromSeries(srcKey, next)], works: [] };
    }
    const dst = asSeries(rows.get(seriesKey(dstKey)), toDay);
    return {
      series: [
        fromSeries(srcKey, setDays(src, [[fromDay, round(available - amount)]])),
        fromSeries(dstKey, setDays(dst, [[toDay, round(valueAt(dst, toDay) + amount)]])),
      ],
      works: [],
    };
  });
}
