import type { IndicatorColour, IndicatorValue } from "@planum/contracts";
import { evaluateFormula, type FormulaNode, indicatorOrder, namesOf, parseFormula } from "@planum/engine";
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { indicators, indicatorValues, schedules, versions } from "../../db/schema/index.js";
import type { DbOrTx, Tx } from "../../platform/db.js";
import { type AnalyticsRow, readAnalytics } from "./analytics.repo.js";
import { countsOf, earnedValueOf, totalsOf } from "./analytics-figures.js";
import { rollUpIndicators } from "./indicator-rollup.js";

export type IndicatorRow = typeof indicators.$inferSelect & { thresholds: { from: number; colour: IndicatorColour }[] };

/** A version's figures by the names formulas use (INDICATOR_FIGURES): earned value, counts, totals per measure. */
export function figuresOf(rows: AnalyticsRow[]): Map<string, number | null> {
  const ev = earnedValueOf(rows);
  const c = countsOf(rows);
  const out = new Map<string, number | null>([
    ["pv", ev.pv],
    ["ev", ev.ev],
    ["ac", ev.ac],
    ["bac", ev.bac],
    ["sv", ev.sv],
    ["cv", ev.cv],
    ["spi", ev.spi],
    ["cpi", ev.cpi],
    ["eac", ev.eac.cpi],
    ["etc", ev.etc],
    ["vac", ev.vac],
    ["tcpi", ev.tcpiBac],
    ["spi_t", ev.schedule?.spit ?? null],
    ["sv_t", ev.schedule?.svt ?? null],
    ["works", c.works],
    ["not_started", c.notStarted],
    ["in_progress", c.inProgress],
    ["completed", c.completed],
    ["critical", c.critical],
    ["delayed", c.delayed],
    ["max_delay_days", c.maxDelayDays],
    ["total_delay_days", c.totalDelayDays],
    ["late_start", c.lateStart],
    ["late_finish", c.lateFinish],
  ]);
  for (const t of totalsOf(rows)) {
    out.set(`plan_${t.measure}`, t.plan);
    out.set(`fact_${t.measure}`, t.fact);
    out.set(`target_${t.measure}`, t.target);
    out.set(`on_date_${t.measure}`, t.planToDate);
    out.set(`done_${t.measure}`, t.percent);
  }
  return out;
}

/** The indicators that apply to a schedule: its project's and its own. */
export async function indicatorsOfSchedule(db: DbOrTx, spaceId: string, scheduleId: string): Promise<IndicatorRow[]> {
  const [schedule] = await db
    .select({ projectId: schedules.projectId })
    .from(schedules)
    .where(and(eq(schedules.spaceId, spaceId), eq(schedules.id, scheduleId)));
  if (!schedule) return [];
  return (await db
    .select()
    .from(indicators)
    .where(
      and(
        eq(indicators.spaceId, spaceId),
        or(
          eq(indicators.scheduleId, scheduleId),
          and(eq(indicators.projectId, schedule.projectId), isNull(indicators.scheduleId)),
        ),
      ),
    )
    .orderBy(indicators.createdAt, indicators.id)) as IndicatorRow[];
}

/** Each indicator's value over the figures, other indicators first (the set was checked free of cycles). */
export function evaluateIndicators(
  list: IndicatorRow[],
  figures: Map<string, number | null>,
): Map<string, number | null> {
  const byKey = new Map(list.map((i) => [i.key, i]));
  const trees = new Map<string, FormulaNode>();
  const reads = new Map<string, Set<string>>();
  for (const i of list) {
    const tree = parseFormula(i.formula);
    trees.set(i.key, tree);
    reads.set(i.key, namesOf(tree));
  }
  const ordered = indicatorOrder(reads);
  const values = new Map<string, number | null>();
  if ("cycle" in ordered) return values;
  for (const key of ordered.order) {
    const value = evaluateFormula(trees.get(key) as FormulaNode, (name) =>
      byKey.has(name) ? (values.get(name) ?? null) : (figures.get(name) ?? null),
    );
    values.set(key, value === null || !Number.isFinite(value) ? null : value);
  }
  return values;
}

/**
 * Recomputes the indicator values of a version from its stored figures (inside the count's transaction, or an
 * indicator's change): the rows of indicators no longer applying go. An indicator's change and a recount job may
 * store the same version at once: the version's lock (held to the end of the transaction) makes the later one wait
 * and then read what the first committed — without it both delete nothing new and insert the same keys (PostgreSQL
 * answered "duplicate key" to the indicator's create).
 */
export async function storeIndicatorValues(tx: Tx, spaceId: string, versionId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`indicator_values:${versionId}`}, 0))`);
  const [version] = await tx
    .select({ scheduleId: versions.scheduleId })
    .from(versions)
    .where(and(eq(versions.spaceId, spaceId), eq(versions.id, versionId)));
  if (!version) return;
  const [row] = await readAnalytics(tx, spaceId, [versionId]);
  const list = await indicatorsOfSchedule(tx, spaceId, version.scheduleId);
  await tx.delete(indicatorValues).where(eq(indicatorValues.versionId, versionId));
  if (!row || row.computedGeneration < 0 || list.length === 0) return;
  const values = evaluateIndicators(list, figuresOf([row]));
  await tx
    .insert(indicatorValues)
    .values(
      list.map((i) => ({ versionId, indicatorId: i.id, value: values.get(i.key) ?? null, computedAt: new Date() })),
    );
}

/** The stored values of versions, by version and indicator id. */
export async function readIndicatorValues(db: DbOrTx, versionIds: string[]) {
  if (versionIds.length === 0) return [];
  return db
    .select({
      versionId: indicatorValues.versionId,
      indicatorId: indicatorValues.indicatorId,
      value: indicatorValues.value,
    })
    .from(indicatorValues)
    .where(inArray(indicatorValues.versionId, versionIds));
}

/** Indicators by id, the oldest first (the first of a key names it in a roll-up). */
export async function indicatorsByIds(db: DbOrTx, spaceId: string, ids: string[]): Promise<IndicatorRow[]> {
  if (ids.length === 0) return [];
  return (await db
    .select()
    .from(indicators)
    .where(and(eq(indicators.spaceId, spaceId), inArray(indicators.id, ids)))
    .orderBy(indicators.createdAt, indicators.id)) as IndicatorRow[];
}

/** The stored indicator values of these versions rolled up per key, each weighed by its version's budget (BAC). */
export async function storedIndicatorsOf(db: DbOrTx, spaceId: string, rows: AnalyticsRow[]): Promise<IndicatorValue[]> {
  const values = await readIndicatorValues(
    db,
    rows.map((r) => r.versionId),
  );
  const defs = await indicatorsByIds(db, spaceId, [...new Set(values.map((v) => v.indicatorId))]);
  const budgets = new Map(rows.map((r) => [r.versionId, earnedValueOf([r]).bac]));
  return rollUpIndicators(defs, values, (id) => budgets.get(id) ?? 0);
}
