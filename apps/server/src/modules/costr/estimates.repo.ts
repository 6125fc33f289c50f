import type { CostTotals } from "@planum/contracts";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { estimateCoefficients, estimatePositions, estimateSections, estimates } from "../../db/schema/index.js";
import type { DbOrTx } from "../../platform/db.js";
import { execRows, intArray, nullableArray, textArray } from "../../platform/sql.js";

export type EstimateRow = typeof estimates.$inferSelect;
export type SectionRow = typeof estimateSections.$inferSelect;
export type PositionRow = typeof estimatePositions.$inferSelect;

const ofProject = (spaceId: string, projectId: string) =>
  and(eq(estimates.spaceId, spaceId), eq(estimates.projectId, projectId));

/** A project's estimates, newest first, with their position counts. */
export async function readEstimates(db: DbOrTx, spaceId: string, projectId: string) {
  return db
    .select({ estimate: estimates, positionCount: count(estimatePositions.id) })
    .from(estimates)
    .leftJoin(estimatePositions, eq(estimatePositions.estimateId, estimates.id))
    .where(ofProject(spaceId, projectId))
    .groupBy(estimates.id)
    .orderBy(desc(estimates.createdAt));
}

export async function findEstimate(db: DbOrTx, spaceId: string, projectId: string, id: string) {
  const [row] = await db
    .select()
    .from(estimates)
    .where(and(ofProject(spaceId, projectId), eq(estimates.id, id)));
  return row ?? null;
}

export function readSections(db: DbOrTx, estimateId: string) {
  return db
    .select()
    .from(estimateSections)
    .where(eq(estimateSections.estimateId, estimateId))
    .orderBy(asc(estimateSections.sortOrder));
}

export function readPositions(db: DbOrTx, estimateId: string) {
  return db
    .select()
    .from(estimatePositions)
    .where(eq(estimatePositions.estimateId, estimateId))
    .orderBy(asc(estimatePositions.sortOrder));
}

export async function deleteEstimate(db: DbOrTx, spaceId: string, projectId: string, id: string) {
  const gone = await db
    .delete(estimates)
    .where(and(ofProject(spaceId, projectId), eq(estimates.id, id)))
    .returning({ id: estimates.id });
  return gone.length;
}

export async function insertEstimate(db: DbOrTx, values: typeof estimates.$inferInsert) {
  const [row] = await db.insert(estimates).values(values).returning();
  return row;
}

export async function insertSections(db: DbOrTx, values: (typeof estimateSections.$inferInsert)[]) {
  return db.insert(estimateSections).values(values).returning({ id: estimateSections.id });
}

export type NewPosition = Omit<typeof estimatePositions.$inferInsert, "id" | "measureId"> & {
  measureId: string | null;
  base: CostTotals;
};

/**
 * Positions written as one statement of columns (`unnest` of one array parameter per column): drizzle's
 * `insert … values` of 2,000 rows builds 30,000 parameters one by one, which cost more CPU than the database's
 * writing them.
 */
export async function insertPositions(db: DbOrTx, rows: readonly NewPosition[]) {
  if (rows.length === 0) return;
  const column = <K extends keyof NewPosition>(key: K) => rows.map((r) => r[key]);
  const texts = (key: "estimateId" | "sectionId" | "spaceId" | "num" | "normCode" | "name" | "unit" | "measureId") =>
    textArray(column(key) as (string | null | undefined)[]);
  const money = (key: "base") => textArray(rows.map((r) => JSON.stringify(r[key])));
  await db.execute(sql`
    insert into estimate_positions (estimate_id, section_id, space_id, sort_order, num, norm_code, name, unit,
      measure_id, quantity, unit_price, base)
    select * from unnest(${texts("estimateId")}::uuid[], ${texts("sectionId")}::uuid[], ${texts("spaceId")}::uuid[],
      ${intArray(column("sortOrder"))}::int[], ${texts("num")}::text[], ${texts("normCode")}::text[],
      ${texts("name")}::text[], ${texts("unit")}::text[], ${texts("measureId")}::uuid[],
      ${nullableArray(column("quantity") as number[])}::float8[], ${nullableArray(column("unitPrice") as number[])}::float8[],
      ${money("base")}::jsonb[])`);
}

/**
 * After `deferRowChecks` (interchange/model-import.repo.ts) around an upload's positions: their keys checked
 * set-wise — the section of their estimate, the estimate of their space, the measure — instead of three to four
 * trigger queries per row (a quarter of writing 20,000 positions), the measures locked as a row's check would lock
 * them, and the triggers on again. The estimate and its sections are made in the same transaction: nobody else
 * sees them, and the space is locked by the estimate's own (checked) insert. A miss aborts the upload.
 */
export async function checkUploadedPositions(tx: DbOrTx, estimateId: string) {
  await tx.execute(sql`set local session_replication_role = origin`);
  await tx.execute(sql`select m.id from costr_measures m
    where m.id in (select distinct measure_id from estimate_positions where estimate_id = ${estimateId}) for key share of m`);
  const result = await execRows(
    tx,
    sql`select count(*)::int as n from estimate_positions p where p.estimate_id = ${estimateId} and (
        not exists (select 1 from estimate_sections s where s.id = p.section_id and s.estimate_id = p.estimate_id)
        or not exists (select 1 from estimates e where e.id = p.estimate_id and e.space_id = p.space_id)
        or (p.measure_id is not null and not exists (select 1 from costr_measures m where m.id = p.measure_id)))`,
  );
  const broken = (result.rows[0] as { n: number }).n;
  if (broken > 0) throw new Error(`upload of estimate ${estimateId}: ${broken} positions point at missing rows`);
}

export async function insertCoefficientUse(db: DbOrTx, values: typeof estimateCoefficients.$inferInsert) {
  await db.insert(estimateCoefficients).values(values);
}

export async function deleteCoefficientUse(db: DbOrTx, estimateId: string, id: string) {
  const gone = await db
    .delete(estimateCoefficients)
    .where(and(eq(estimateCoefficients.estimateId, estimateId), eq(estimateCoefficients.id, id)))
    .returning({ id: estimateCoefficients.id });
  return gone.length;
}

export const totalsOrZero = (t: Partial<CostTotals> | null | undefined): CostTotals => ({
  wages: t?.wages ?? 0,
  machines: t?.machines ?? 0,
  materials: t?.materials ?? 0,
  overhead: t?.overhead ?? 0,
  profit: t?.profit ?? 0,
  total: t?.total ?? 0,
  labourHours: t?.labourHours ?? 0,
});
