import type { wdpResourcePlanBody } from "@planum/contracts";
import { type DaySeries, periodValue, spreadUnits, type UnitsDay } from "@planum/engine";
import type { z } from "zod";
import type { VersionScope } from "../../../platform/access.js";
import { AppError } from "../../../platform/errors.js";
import { loadSpaceCalendars } from "../../calendars/space-calendars.js";
import { type AssignmentPlan, assignmentPlans } from "../../resources/resource-plans.js";
import { readWorks, type SeriesRow, seriesKey, type WorkRow } from "./wdp.repo.js";
import { entryRules, runWdpChange, type WdpDeps, worksFor } from "./wdp-change.js";
import { round, shown, workName } from "./wdp-days.js";
import { firstChangeBefore, fromSeries } from "./wdp-series.js";
import { readSeries } from "./wdp-store.js";

type Body = z.output<typeof wdpResourcePlanBody>;

/**
 * "Update and distribute resource" (spec §7 Versions): the plans of `resources`, `labour` and `cost` become what the
 * works' assignments demand day by day — each assignment's units (and cost) at completion spread by its curve over
 * the work's dates on the work's calendar, as resource usage counts demand. `labour` takes labour resources only
 * (their units are hours); `resources` every assignment's units. One undoable change (`distribute_resources`);
 * plan days before the allowed entry period may not change. Named works without assignments lose those plans;
 * without names, every dated work of the version that has assignments and is open to planning is taken.
 */
export function distributeResources(deps: WdpDeps, vs: VersionScope, body: Body) {
  const rules = entryRules(vs.grant);
  const spaceId = vs.grant.space.id;
  const versionId = vs.version.id;
  return runWdpChange(deps, vs, "distribute_resources", async (tx) => {
    const plans = await assignmentPlans(tx, spaceId, versionId, body.itemIds);
    const works: WorkRow[] = body.itemIds
      ? [...(await worksFor(tx, vs, body.itemIds, { active: true })).values()]
      : (await readWorks(tx, spaceId, versionId, [...new Set(plans.map((p) => p.itemId))])).filter(
          (w) => w.type !== "sum" && w.status !== "disabled" && w.start !== null && w.finish !== null,
        );
    const calendarOf = await loadSpaceCalendars(tx, spaceId);
    const ids = works.map((w) => w.id);
    const existing = ids.length ? await readSeries(tx, spaceId, versionId, { itemIds: ids }) : [];
    const byKey = new Map(existing.map((s) => [seriesKey(s), s]));
    const byWork = new Map<number, AssignmentPlan[]>();
    for (const p of plans) {
      const list = byWork.get(p.itemId);
      if (list) list.push(p);
      else byWork.set(p.itemId, [p]);
    }
    const series: SeriesRow[] = [];
    for (const work of works) {
      const { start, finish } = work;
      if (start === null || finish === null) throw new AppError("WdpNoDates", { work: workName(work) });
      const calendar = calendarOf(work.calendarId);
      // each assignment is spread once: its units (or, without units, its cost) give the shape every measure uses
      const own = (byWork.get(work.id) ?? []).map((p) => ({
        p,
        days: spreadUnits(p.units > 0 ? p.units : p.cost, calendar, start, finish, p.curve),
      }));
      for (const measure of body.measures) {
        const next = sumDays(
          own.flatMap(({ p, days }) => {
            if (measure === "cost") return p.cost > 0 ? [costDays(p, days)] : [];
            const counted = p.units > 0 && (measure !== "labour" || p.kind === "labor");
            return counted ? [days] : [];
          }),
        );
        const key = { itemId: work.id, measure, kind: "plan" as const };
        if (rules.earliest !== null) {
          const day = firstChangeBefore(byKey.get(seriesKey(key)), next, rules.earliest);
          if (day !== null)
            throw new AppError("WdpBeforeEntryPeriod", {
              work: workName(work),
              date: shown(day),
              earliest: shown(rules.earliest),
            });
        }
        series.push(fromSeries(key, next));
      }
    }
    return { series, works: [], before: existing };
  });
}

/**
 * An assignment's cost day by day: its units of the day at the rate in force that day (P6's cost by period), scaled
 * to its cost at completion (a file may state a cost the rates do not give); without rates, in the units' shape.
 */
function costDays(p: AssignmentPlan, unitDays: UnitsDay[]): UnitsDay[] {
  const priced = unitDays.map((d) => d.value * (periodValue(p.rates, d.date)?.pricePerUnit ?? 0));
  const pricedSum = priced.reduce((s, v) => s + v, 0);
  const unitSum = unitDays.reduce((s, d) => s + d.value, 0);
  const shape = pricedSum > 0 ? priced : unitDays.map((d) => d.value);
  const factor = p.cost / (pricedSum > 0 ? pricedSum : unitSum || 1);
  return unitDays.map((d, k) => ({ ...d, value: shape[k] * factor }));
}

/**
 * Days of several spreads added into one series, each day kept to the plans' decimals; the last day takes what the
 * rounding left so the series sums to the spreads' total.
 */
function sumDays(spreads: { day: number; value: number }[][]): DaySeries {
  const days = spreads.flat();
  if (days.length === 0) return { start: 0, values: [] };
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const d of days) {
    first = Math.min(first, d.day);
    last = Math.max(last, d.day);
  }
  const raw = new Array<number>(last - first + 1).fill(0);
  for (const d of days) raw[d.day - first] += d.value;
  const total = round(raw.reduce((s, v) => s + v, 0));
  const values = raw.map(round);
  const lastIndex = values.findLastIndex((v) => v > 0);
  if (lastIndex >= 0) values[lastIndex] = round(values[lastIndex] + total - values.reduce((s, v) => s + v, 0));
  return { start: first, values };
}
