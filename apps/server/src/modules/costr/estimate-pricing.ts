import type { CostTotals } from "@planum/contracts";
import { and, asc, eq, sql } from "drizzle-orm";
import { costrCoefficients, estimateCoefficients, estimatePositions, estimates } from "../../db/schema/index.js";
import type { DbOrTx } from "../../platform/db.js";
import { textArray } from "../../platform/sql.js";
import { type AppliedCoefficient, addTotals, priceParts } from "./coefficient-math.js";

/** The coefficients applied in an estimate, in order, with where each applies (section and position null = all). */
export async function readCoefficientUses(db: DbOrTx, estimateId: string) {
  return db
    .select({
      id: estimateCoefficients.id,
      sectionId: estimateCoefficients.sectionId,
      positionId: estimateCoefficients.positionId,
      sortOrder: estimateCoefficients.sortOrder,
      coefficient: costrCoefficients,
    })
    .from(estimateCoefficients)
    .innerJoin(costrCoefficients, eq(costrCoefficients.id, estimateCoefficients.coefficientId))
    .where(eq(estimateCoefficients.estimateId, estimateId))
    .orderBy(asc(estimateCoefficients.sortOrder));
}

/**
 * Prices every position of the estimates again (coefficients of the estimate, then of the position's section, then
 * its own, each level in its order; `priceParts`) and their totals; positions whose money did not move are not
 * rewritten. Runs in the caller's transaction.
 */
export async function repriceEstimates(tx: DbOrTx, spaceId: string, estimateIds: readonly string[], decimals: number) {
  for (const estimateId of estimateIds) {
    const uses = await readCoefficientUses(tx, estimateId);
    const positions = await tx
      .select({
        id: estimatePositions.id,
        sectionId: estimatePositions.sectionId,
        base: estimatePositions.base,
        priced: estimatePositions.priced,
      })
      .from(estimatePositions)
      .where(and(eq(estimatePositions.estimateId, estimateId), eq(estimatePositions.spaceId, spaceId)));
    const estimateLevel: AppliedCoefficient[] = [];
    const bySection = new Map<string, AppliedCoefficient[]>();
    const byPosition = new Map<string, AppliedCoefficient[]>();
    for (const use of uses) {
      const c = use.coefficient;
      const applied = { kind: c.kind, value: c.value, parts: c.parts };
      if (use.positionId) byPosition.set(use.positionId, [...(byPosition.get(use.positionId) ?? []), applied]);
      else if (use.sectionId) bySection.set(use.sectionId, [...(bySection.get(use.sectionId) ?? []), applied]);
      else estimateLevel.push(applied);
    }
    const changedIds: string[] = [];
    const changedPriced: string[] = [];
    const all: CostTotals[] = [];
    for (const p of positions) {
      const chain = [...estimateLevel, ...(bySection.get(p.sectionId) ?? []), ...(byPosition.get(p.id) ?? [])];
      const priced = priceParts(p.base, chain, decimals);
      all.push(priced);
      if (!sameTotals(priced, p.priced)) {
        changedIds.push(p.id);
        changedPriced.push(JSON.stringify(priced));
      }
    }
    if (changedIds.length > 0)
      await tx.execute(sql`
        update estimate_positions p set priced = t.priced
        from unnest(${textArray(changedIds)}::uuid[], ${textArray(changedPriced)}::jsonb[]) as t(id, priced)
        where p.id = t.id`);
    await tx
      .update(estimates)
      .set({ totals: addTotals(all, decimals) })
      .where(and(eq(estimates.id, estimateId), eq(estimates.spaceId, spaceId)));
  }
}

const sameTotals = (a: CostTotals, b: CostTotals) =>
  (Object.keys(a) as (keyof CostTotals)[]).every((key) => a[key] === b?.[key]);
