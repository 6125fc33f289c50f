import {
  RISK_DEFAULT_ITERATIONS,
  type RiskDistribution,
  type RiskDuration,
  type RiskRule,
  type RiskRun,
  type RiskSettings,
} from "@planum/contracts";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import {
  riskCorrelations,
  riskDurations,
  riskEvents,
  riskRuns,
  riskSettings,
  wbsItems,
} from "../../../db/schema/index.js";
import type { DbOrTx } from "../../../platform/db.js";

export const RISK_JOB = "risk_analysis";
/** Row types that have a duration to draw (milestones, summaries and drafts have none). */
export const RISK_WORK_TYPES = new Set(["task", "work"]);

export type RiskRunRow = typeof riskRuns.$inferSelect;

export async function readDurations(db: DbOrTx, versionId: string) {
  return db
    .select({
      itemId: riskDurations.itemId,
      min: riskDurations.min,
      likely: riskDurations.likely,
      max: riskDurations.max,
      distribution: riskDurations.distribution,
    })
    .from(riskDurations)
    .where(eq(riskDurations.versionId, versionId))
    .orderBy(riskDurations.itemId);
}

export async function readEvents(db: DbOrTx, versionId: string) {
  const rows = await db
    .select()
    .from(riskEvents)
    .where(eq(riskEvents.versionId, versionId))
    .orderBy(riskEvents.createdAt, riskEvents.id);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    probability: r.probability,
    impact: r.impact as { min: number; likely: number; max: number; distribution: RiskDistribution },
    itemIds: r.itemIds,
  }));
}

export async function readCorrelations(db: DbOrTx, versionId: string) {
  const rows = await db
    .select()
    .from(riskCorrelations)
    .where(eq(riskCorrelations.versionId, versionId))
    .orderBy(riskCorrelations.createdAt, riskCorrelations.id);
  return rows.map((r) => ({ id: r.id, name: r.name, coefficient: r.coefficient, itemIds: r.itemIds }));
}

/** Whether the version has any three-point duration or risk event (a run's precondition, without reading them all). */
export async function hasEstimatesOrEvents(db: DbOrTx, versionId: string) {
  const [duration] = await db
    .select({ one: riskDurations.itemId })
    .from(riskDurations)
    .where(eq(riskDurations.versionId, versionId))
    .limit(1);
  if (duration) return true;
  const [event] = await db
    .select({ one: riskEvents.id })
    .from(riskEvents)
    .where(eq(riskEvents.versionId, versionId))
    .limit(1);
  return event !== undefined;
}

/** The version's settings, or the defaults (1,000 iterations, seed 1, no milestones, no rules). */
export async function readSettings(db: DbOrTx, versionId: string): Promise<RiskSettings> {
  const [row] = await db.select().from(riskSettings).where(eq(riskSettings.versionId, versionId));
  return row
    ? {
        iterations: row.iterations,
        seed: row.seed,
        milestoneIds: row.milestoneIds,
        rules: row.rules as RiskRule[],
      }
    : { iterations: RISK_DEFAULT_ITERATIONS, seed: 1, milestoneIds: [], rules: [] };
}

export async function writeSettings(db: DbOrTx, versionId: string, settings: RiskSettings) {
  await db
    .insert(riskSettings)
    .values({ versionId, ...settings })
    .onConflictDoUpdate({ target: riskSettings.versionId, set: settings });
}

/** Type, code, name and parent of the version's rows with these ids (rows of other versions are not found). */
export async function itemsOf(db: DbOrTx, versionId: string, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { type: string; code: string; name: string }>();
  const rows = await db
    .select({ id: wbsItems.id, type: wbsItems.type, code: wbsItems.code, name: wbsItems.name })
    .from(wbsItems)
    .where(and(eq(wbsItems.versionId, versionId), inArray(wbsItems.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Every row's parent, type and attribute values: what the rules select works by. */
export function itemTree(db: DbOrTx, versionId: string) {
  return db
    .select({ id: wbsItems.id, parentId: wbsItems.parentId, type: wbsItems.type, attrs: wbsItems.attrs })
    .from(wbsItems)
    .where(eq(wbsItems.versionId, versionId));
}

export async function upsertDurations(db: DbOrTx, versionId: string, set: readonly RiskDuration[]) {
  // Chunks keep a statement's parameters under PostgreSQL's limit of 65,535.
  for (let k = 0; k < set.length; k += 5000) {
    const chunk = set.slice(k, k + 5000).map((d) => ({ versionId, ...d }));
    await db
      .insert(riskDurations)
      .values(chunk)
      .onConflictDoUpdate({
        target: [riskDurations.versionId, riskDurations.itemId],
        set: {
          min: sqlExcluded("min"),
          likely: sqlExcluded("likely"),
          max: sqlExcluded("max"),
          distribution: sqlExcluded("distribution"),
        },
      });
  }
}

/** The value an upsert tried to insert. */
function sqlExcluded(column: string) {
  return sql.raw(`excluded.${column}`);
}

export async function clearDurations(db: DbOrTx, versionId: string, ids: readonly number[]) {
  for (let k = 0; k < ids.length; k += 10_000)
    await db
      .delete(riskDurations)
      .where(and(eq(riskDurations.versionId, versionId), inArray(riskDurations.itemId, ids.slice(k, k + 10_000))));
}

export async function insertEvent(db: DbOrTx, values: typeof riskEvents.$inferInsert) {
  const [row] = await db.insert(riskEvents).values(values).returning({ id: riskEvents.id });
  return row.id;
}

export async function updateEvent(
  db: DbOrTx,
  versionId: string,
  id: string,
  values: Partial<typeof riskEvents.$inferInsert>,
) {
  const rows = await db
    .update(riskEvents)
    .set(values)
    .where(and(eq(riskEvents.versionId, versionId), eq(riskEvents.id, id)))
    .returning({ id: riskEvents.id });
  return rows.length > 0;
}

export async function deleteEvent(db: DbOrTx, versionId: string, id: string) {
  const rows = await db
    .delete(riskEvents)
    .where(and(eq(riskEvents.versionId, versionId), eq(riskEvents.id, id)))
    .returning({ id: riskEvents.id });
  return rows.length > 0;
}

export async function insertCorrelation(db: DbOrTx, values: typeof riskCorrelations.$inferInsert) {
  const [row] = await db.insert(riskCorrelations).values(values).returning({ id: riskCorrelations.id });
  return row.id;
}

export async function updateCorrelation(
  db: DbOrTx,
  versionId: string,
  id: string,
  values: Partial<typeof riskCorrelations.$inferInsert>,
) {
  const rows = await db
    .update(riskCorrelations)
    .set(values)
    .where(and(eq(riskCorrelations.versionId, versionId), eq(riskCorrelations.id, id)))
    .returning({ id: riskCorrelations.id });
  return rows.length > 0;
}

export async function deleteCorrelation(db: DbOrTx, versionId: string, id: string) {
  const rows = await db
    .delete(riskCorrelations)
    .where(and(eq(riskCorrelations.versionId, versionId), eq(riskCorrelations.id, id)))
    .returning({ id: riskCorrelations.id });
  return rows.length > 0;
}

export async function insertRun(db: DbOrTx, values: typeof riskRuns.$inferInsert) {
  const [row] = await db.insert(riskRuns).values(values).returning();
  return row;
}

export async function updateRun(db: DbOrTx, id: string, values: Partial<typeof riskRuns.$inferInsert>) {
  await db.update(riskRuns).set(values).where(eq(riskRuns.id, id));
}

export async function findRun(db: DbOrTx, versionId: string, id: string) {
  const [row] = await db
    .select()
    .from(riskRuns)
    .where(and(eq(riskRuns.versionId, versionId), eq(riskRuns.id, id)));
  return row ?? null;
}

export function listRuns(db: DbOrTx, versionId: string) {
  return db.select().from(riskRuns).where(eq(riskRuns.versionId, versionId)).orderBy(desc(riskRuns.createdAt));
}

export async function activeRun(db: DbOrTx, versionId: string) {
  const [row] = await db
    .select({ id: riskRuns.id })
    .from(riskRuns)
    .where(and(eq(riskRuns.versionId, versionId), inArray(riskRuns.status, ["queued", "running"])));
  return row ?? null;
}

export async function deleteRun(db: DbOrTx, versionId: string, id: string) {
  const rows = await db
    .delete(riskRuns)
    .where(and(eq(riskRuns.versionId, versionId), eq(riskRuns.id, id)))
    .returning({ id: riskRuns.id });
  return rows.length > 0;
}

/** A run as the API answers it: the whole result only when asked for one run. */
export function runView(row: RiskRunRow, withResult: boolean): RiskRun {
  const result = row.result as RiskRun["result"];
  return {
    id: row.id,
    versionId: row.versionId,
    jobId: row.jobId,
    status: row.status,
    progress: row.progress,
    iterations: row.iterations,
    seed: row.seed,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    error: row.error,
    result: withResult ? (result ?? null) : null,
    p50: result?.finish.p50 ?? null,
    p80: result?.finish.p80 ?? null,
  };
}
