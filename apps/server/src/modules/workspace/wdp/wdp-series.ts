import {
  WDP_DECIMALS,
  type WdpDistributionMode,
  type WdpKind,
  type WdpMeasure,
  type WdpSeries,
} from "@planum/contracts";
import { type DaySeries, type SpreadOptions, seriesUnits, spreadTotal, valueAt, type WorkingDay } from "@planum/engine";
import { AppError } from "../../../platform/errors.js";
import type { CalendarOf } from "../../calendars/space-calendars.js";
import { type SeriesRow, seriesKey, type WdpOptions, type WorkRow } from "./wdp.repo.js";
import { dateOf, round, workName } from "./wdp-days.js";

/** A stored series as the API answers it. */
export function toDto(row: SeriesRow): WdpSeries {
  return {
    itemId: row.itemId,
    measure: row.measure,
    kind: row.kind,
    start: dateOf(row.startDay),
    values: row.values,
    total: row.total,
  };
}
/** A stored series as the engine's day series (an empty one from `fallbackStart` when there is none). */
export const asSeries = (row: SeriesRow | undefined, fallbackStart = 0): DaySeries =>
  row ? { start: row.startDay, values: row.values } : { start: fallbackStart, values: [] };
/** An engine day series stored under a key, with its total. */
export const fromSeries = (
  key: { itemId: number; measure: WdpMeasure; kind: WdpKind },
  series: DaySeries,
): SeriesRow => ({
  itemId: key.itemId,
  measure: key.measure,
  kind: key.kind,
  startDay: series.start,
  values: series.values,
  total: seriesUnits(series, WDP_DECIMALS) / 10 ** WDP_DECIMALS,
});

/** Measures whose planned quantity sits on the work (planned volume, labour, cost). */
const PLANNED: Partial<Record<WdpMeasure, keyof WorkRow>> = {
  volume: "plannedVolume",
  labour: "plannedLabour",
  cost: "plannedCost",
};

/** The quantity a work spreads when none is given: its current plan, else its planned quantity of the measure. */
export function plannedTotalOf(work: WorkRow, measure: WdpMeasure, plan: SeriesRow | undefined): number {
  if (plan) return plan.total;
  const field = PLANNED[measure];
  return field ? Math.max(0, (work[field] as number | null) ?? 0) : 0;
}

/**
 * One work's plan of a measure by a mode: the span is the work's dates on its calendar; by_fact keeps the work's
 * facts and plans the rest after today; by_volume follows the work's volume plan (from `byKey`). `workingDays`: the
 * span's working days when the caller spreads several measures of the work (read from the calendar once); `fixed`:
 * days whose values stay (see spreadTotal).
 */
export function spreadWork(
  work: WorkRow,
  calendarOf: CalendarOf,
  measure: WdpMeasure,
  mode: WdpDistributionMode,
  options: WdpOptions,
  total: number,
  byKey: Map<string, SeriesRow>,
  todayDay: number,
  workingDays?: readonly WorkingDay[],
  fixed?: DaySeries,
): DaySeries {
  if (work.start === null || work.finish === null) throw new AppError("WdpNoDates", { work: workName(work) });
  const spread: SpreadOptions = {
    decimals: WDP_DECIMALS,
    ...options,
    ...(workingDays ? { workingDays } : {}),
    ...(fixed ? { fixed } : {}),
  };
  if (mode === "by_fact") {
    const facts = byKey.get(seriesKey({ itemId: work.id, measure, kind: "fact" }));
    if (facts && facts.total > total + 1e-9)
      throw new AppError("WdpPlanBelowFacts", { work: workName(work), total: round(total), facts: round(facts.total) });
    spread.facts = asSeries(facts);
    spread.after = todayDay;
  }
  if (mode === "by_volume" && measure !== "volume") {
    const volume = byKey.get(seriesKey({ itemId: work.id, measure: "volume", kind: "plan" }));
    if (volume) spread.curve = asSeries(volume);
  }
  return spreadTotal(total, calendarOf(work.calendarId), work.start, work.finish, mode, spread);
}

/** The first day before `limit` on which a work's plan would change (null: none), comparing to 3 decimals. */
export function firstChangeBefore(current: SeriesRow | undefined, next: DaySeries, limit: number): number | null {
  const old = asSeries(current);
  const starts = [old, next].filter((x) => x.values.length > 0).map((x) => x.start);
  if (starts.length === 0) return null;
  const ends = [old, next].filter((x) => x.values.length > 0).map((x) => x.start + x.values.length);
  const hi = Math.min(limit, Math.max(...ends));
  for (let d = Math.min(...starts); d < hi; d++) if (round(valueAt(old, d)) !== round(valueAt(next, d))) return d;
  return null;
}
