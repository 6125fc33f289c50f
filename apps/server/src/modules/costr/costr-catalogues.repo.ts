import { and, asc, count, eq } from "drizzle-orm";
import {
  costrCoefficients,
  costrMeasures,
  costrPdc,
  costrSettings,
  estimateCoefficients,
  estimatePositions,
  estimates,
} from "../../db/schema/index.js";
import type { DbOrTx } from "../../platform/db.js";

export type MeasureRow = typeof costrMeasures.$inferSelect;
export type CoefficientRow = typeof costrCoefficients.$inferSelect;
export type PdcRow = typeof costrPdc.$inferSelect;

// ---- measures ----

export function readMeasures(db: DbOrTx, spaceId: string) {
  return db.select().from(costrMeasures).where(eq(costrMeasures.spaceId, spaceId)).orderBy(asc(costrMeasures.code));
}

export async function findMeasure(db: DbOrTx, spaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(costrMeasures)
    .where(and(eq(costrMeasures.spaceId, spaceId), eq(costrMeasures.id, id)));
  return row ?? null;
}

export async function insertMeasure(db: DbOrTx, values: typeof costrMeasures.$inferInsert) {
  const [row] = await db.insert(costrMeasures).values(values).returning();
  return row;
}

export async function updateMeasure(db: DbOrTx, spaceId: string, id: string, values: Partial<MeasureRow>) {
  const [row] = await db
    .update(costrMeasures)
    .set(values)
    .where(and(eq(costrMeasures.spaceId, spaceId), eq(costrMeasures.id, id)))
    .returning();
  return row ?? null;
}

/** How many positions and measures use the measure (a used one is not deleted). */
export async function measureUses(db: DbOrTx, id: string) {
  // One after another: `db` may be a transaction, whose one connection runs one statement at a time.
  const [positions] = await db
    .select({ n: count() })
    .from(estimatePositions)
    .where(eq(estimatePositions.measureId, id));
  const [measures] = await db.select({ n: count() }).from(costrMeasures).where(eq(costrMeasures.baseId, id));
  return positions.n + measures.n;
}

export async function deleteMeasure(db: DbOrTx, spaceId: string, id: string) {
  const gone = await db
    .delete(costrMeasures)
    .where(and(eq(costrMeasures.spaceId, spaceId), eq(costrMeasures.id, id)))
    .returning({ id: costrMeasures.id });
  return gone.length;
}

// ---- coefficients ----

export function readCoefficients(db: DbOrTx, spaceId: string) {
  return db
    .select()
    .from(costrCoefficients)
    .where(eq(costrCoefficients.spaceId, spaceId))
    .orderBy(asc(costrCoefficients.code));
}

export async function findCoefficient(db: DbOrTx, spaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(costrCoefficients)
    .where(and(eq(costrCoefficients.spaceId, spaceId), eq(costrCoefficients.id, id)));
  return row ?? null;
}

export async function insertCoefficient(db: DbOrTx, values: typeof costrCoefficients.$inferInsert) {
  const [row] = await db.insert(costrCoefficients).values(values).returning();
  return row;
}

export async function updateCoefficient(db: DbOrTx, spaceId: string, id: string, values: Partial<CoefficientRow>) {
  const [row] = await db
    .update(costrCoefficients)
    .set(values)
    .where(and(eq(costrCoefficients.spaceId, spaceId), eq(costrCoefficients.id, id)))
    .returning();
  return row ?? null;
}

/** The estimates a coefficient is applied in (a used one is not deleted). */
export async function coefficientUses(db: DbOrTx, id: string) {
  const rows = await db
    .selectDistinct({ estimateId: estimateCoefficients.estimateId })
    .from(estimateCoefficients)
    .where(eq(estimateCoefficients.coefficientId, id));
  return rows.map((r) => r.estimateId);
}

export async function deleteCoefficient(db: DbOrTx, spaceId: string, id: string) {
  const gone = await db
    .delete(costrCoefficients)
    .where(and(eq(costrCoefficients.spaceId, spaceId), eq(costrCoefficients.id, id)))
    .returning({ id: costrCoefficients.id });
  return gone.length;
}

// ---- settings ----

export async function readSettings(db: DbOrTx, spaceId: string) {
  const [row] = await db.select().from(costrSettings).where(eq(costrSettings.spaceId, spaceId));
  return row?.settings ?? {};
}

export async function saveSettings(db: DbOrTx, spaceId: string, settings: typeof costrSettings.$inferInsert.settings) {
  await db
    .insert(costrSettings)
    .values({ spaceId, settings })
    .onConflictDoUpdate({ target: costrSettings.spaceId, set: { settings, updatedAt: new Date() } });
}

// ---- PDC ----

const ofProject = (spaceId: string, projectId: string) =>
  and(eq(costrPdc.spaceId, spaceId), eq(costrPdc.projectId, projectId));

export async function readPdc(db: DbOrTx, spaceId: string, projectId: string) {
  return db
    .select({ pdc: costrPdc, estimateCount: count(estimates.id) })
    .from(costrPdc)
    .leftJoin(estimates, eq(estimates.pdcId, costrPdc.id))
    .where(ofProject(spaceId, projectId))
    .groupBy(costrPdc.id)
    .orderBy(asc(costrPdc.code));
}

export async function insertPdc(db: DbOrTx, values: typeof costrPdc.$inferInsert) {
  const [row] = await db.insert(costrPdc).values(values).returning();
  return row;
}

export async function updatePdc(db: DbOrTx, spaceId: string, projectId: string, id: string, values: Partial<PdcRow>) {
  const [row] = await db
    .update(costrPdc)
    .set(values)
    .where(and(ofProject(spaceId, projectId), eq(costrPdc.id, id)))
    .returning();
  return row ?? null;
}

export async function deletePdc(db: DbOrTx, spaceId: string, projectId: string, id: string) {
  const gone = await db
    .delete(costrPdc)
    .where(and(ofProject(spaceId, projectId), eq(costrPdc.id, id)))
    .returning({ id: costrPdc.id });
  return gone.length;
}
