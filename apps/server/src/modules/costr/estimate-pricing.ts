import { type CostTotals, costrSettingsSchema, DEFAULT_COSTR_SETTINGS } from "@planum/contracts";
import { and, asc, eq, sql } from "drizzle-orm";
import { costrCoefficients, estimateCoefficients, estimates } from "../../db/schema/index.js";
import type { DbOrTx } from "../../platform/db.js";
import { execColumns } from "../../platform/sql.js";
import { type AppliedCoefficient, addTotals, priceParts } from "./coefficient-math.js";
import { readSettings } from "./costr-catalogues.repo.js";

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

type CoefficientUse = Awaited<ReturnType<typeof readCoefficientUses>>[number];

/** A position as pricing needs it: its money as the file states it, where it sits. */
export interface PricedPlace {
  id: string;
  sectionId: string;
  base: CostTotals;
}

/**
 * The pricing of one estimate's positions: the coefficients of the estimate, then of the position's section, then
 * its own, each level in its order (`priceParts`). A position's priced money is never stored: it follows from its
 * base and the coefficients whenever it is read, so a coefficient's change writes only the estimates' totals.
 */
export function pricingOf(uses: readonly CoefficientUse[], decimals: number) {
  const estimateLevel: AppliedCoefficient[] = [];
  const bySection = new Map<string, AppliedCoefficient[]>();
  const byPosition = new Map<string, AppliedCoefficient[]>();
  const add = (map: Map<string, AppliedCoefficient[]>, key: string, c: AppliedCoefficient) => {
    const own = map.get(key);
    if (own) own.push(c);
    else map.set(key, [c]);
  };
  for (const use of uses) {
    const c = use.coefficient;
    const applied = { kind: c.kind, value: c.value, parts: c.parts };
    if (use.positionId) add(byPosition, use.positionId, applied);
    else if (use.sectionId) add(bySection, use.sectionId, applied);
    else estimateLevel.push(applied);
  }
  const chains = new Map<string, AppliedCoefficient[]>();
  const sectionChain = (sectionId: string) => {
    let chain = chains.get(sectionId);
    if (!chain) {
      chain = [...estimateLevel, ...(bySection.get(sectionId) ?? [])];
      chains.set(sectionId, chain);
    }
    return chain;
  };
  return (p: PricedPlace): CostTotals => {
    const own = byPosition.get(p.id);
    return priceParts(p.base, own ? [...sectionChain(p.sectionId), ...own] : sectionChain(p.sectionId), decimals);
  };
}

/** The decimals money is rounded to in a space (costr settings), for pricing in a transaction of the caller's. */
export async function readDecimals(db: DbOrTx, spaceId: string): Promise<number> {
  const saved = costrSettingsSchema.partial().safeParse(await readSettings(db, spaceId));
  return (saved.success ? saved.data.decimals : undefined) ?? DEFAULT_COSTR_SETTINGS.decimals;
}

/** The pricing of each of these estimates (by id), as `pricingOf`. */
export async function pricingsOf(db: DbOrTx, estimateIds: Iterable<string>, decimals: number) {
  const out = new Map<string, ReturnType<typeof pricingOf>>();
  for (const id of new Set(estimateIds)) out.set(id, pricingOf(await readCoefficientUses(db, id), decimals));
  return out;
}

/**
 * Totals the estimates again after a change of their coefficients: every position priced from its base (read as
 * columns in one query, no row objects), summed, and the estimate's totals written. Runs in the caller's transaction.
 */
export async function repriceEstimates(tx: DbOrTx, spaceId: string, estimateIds: readonly string[], decimals: number) {
  for (const estimateId of estimateIds) {
    const price = pricingOf(await readCoefficientUses(tx, estimateId), decimals);
    const c = await execColumns<{ id: string[] | null; s: string[]; b: CostTotals[] }>(
      tx,
      sql`select json_build_object('id', json_agg(id), 's', json_agg(section_id), 'b', json_agg(base)) as j
        from estimate_positions where estimate_id = ${estimateId} and space_id = ${spaceId}`,
    );
    const priced: CostTotals[] = [];
    const ids = c.id ?? [];
    for (let k = 0; k < ids.length; k++) priced.push(price({ id: ids[k], sectionId: c.s[k], base: c.b[k] }));
    await tx
      .update(estimates)
      .set({ totals: addTotals(priced, decimals) })
      .where(and(eq(estimates.id, estimateId), eq(estimates.spaceId, spaceId)));
  }
}
