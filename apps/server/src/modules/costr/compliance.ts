import type { ComplianceCheck, ComplianceFinding, ComplianceRule, ComplianceRuleBody } from "@planum/contracts";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { costrComplianceRules, estimateLinks, estimatePositions, estimates, wbsItems } from "../../db/schema/index.js";
import type { Grant, NodeScope } from "../../platform/access.js";
import type { Db, DbOrTx } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import { pricingOf, readCoefficientUses, readDecimals } from "./estimate-pricing.js";
import { findEstimate, readPositions } from "./estimates.repo.js";

type RuleRow = typeof costrComplianceRules.$inferSelect;
type RuleInput = Required<Omit<ComplianceRuleBody, "params">> & { params: Record<string, unknown> };

const toRule = (r: RuleRow): ComplianceRule => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  severity: r.severity,
  enabled: r.enabled,
  params: r.params,
});

const readRules = (db: DbOrTx, spaceId: string) =>
  db
    .select()
    .from(costrComplianceRules)
    .where(eq(costrComplianceRules.spaceId, spaceId))
    .orderBy(asc(costrComplianceRules.createdAt));

/**
 * Compliance rules an organisation defines and their check of an estimate (docs/domain.md "Cost estimates"): prices
 * within limits, required coefficients applied, every position linked to a work, a position's quantity against its
 * works' planned volume, no work of the linked versions without an estimate. A check lists errors and warnings with
 * where they are and is kept on the estimate; uploads run it when the costr settings say so.
 */
export class ComplianceRules {
  constructor(private readonly deps: { db: Db }) {}

  async list(grant: Grant) {
    return (await readRules(this.deps.db, grant.space.id)).map(toRule);
  }

  async create(grant: Grant, body: RuleInput) {
    const [row] = await this.deps.db
      .insert(costrComplianceRules)
      .values({ spaceId: grant.space.id, ...body })
      .returning();
    return toRule(row);
  }

  async update(grant: Grant, id: string, body: RuleInput) {
    const [row] = await this.deps.db
      .update(costrComplianceRules)
      .set(body)
      .where(and(eq(costrComplianceRules.spaceId, grant.space.id), eq(costrComplianceRules.id, id)))
      .returning();
    if (!row) throw new AppError("NotFound");
    return toRule(row);
  }

  async remove(grant: Grant, id: string) {
    const gone = await this.deps.db
      .delete(costrComplianceRules)
      .where(and(eq(costrComplianceRules.spaceId, grant.space.id), eq(costrComplianceRules.id, id)))
      .returning({ id: costrComplianceRules.id });
    if (gone.length === 0) throw new AppError("NotFound");
    return { id };
  }

  /** Runs the space's enabled rules on an estimate of the project and keeps the findings on it. */
  async check(scope: NodeScope, estimateId: string): Promise<ComplianceCheck> {
    const spaceId = scope.grant.space.id;
    if (!(await findEstimate(this.deps.db, spaceId, scope.node.id, estimateId))) throw new AppError("NotFound");
    return this.deps.db.transaction((tx) => checkEstimate(tx, spaceId, estimateId));
  }

  /** The last check kept on the estimate. */
  async last(scope: NodeScope, estimateId: string): Promise<ComplianceCheck> {
    const estimate = await findEstimate(this.deps.db, scope.grant.space.id, scope.node.id, estimateId);
    if (!estimate) throw new AppError("NotFound");
    return summarise(estimateId, estimate.checkedAt ?? estimate.createdAt, estimate.findings as ComplianceFinding[]);
  }
}

function summarise(estimateId: string, at: Date, findings: ComplianceFinding[]): ComplianceCheck {
  return {
    estimateId,
    checkedAt: at.toISOString(),
    errors: findings.filter((f) => f.severity === "error").length,
    warnings: findings.filter((f) => f.severity === "warning").length,
    // Findings kept before amounts existed have none.
    findings: findings.map((f) => ({ ...f, amounts: f.amounts ?? [] })),
  };
}

/** Checks an estimate against the space's enabled rules in the caller's transaction and keeps the findings. */
export async function checkEstimate(tx: DbOrTx, spaceId: string, estimateId: string): Promise<ComplianceCheck> {
  const rules = (await readRules(tx, spaceId)).filter((r) => r.enabled);
  // Without rules there is nothing to look at: an upload into a space with no rules does not read its positions back.
  const positions = rules.length > 0 ? await readPositions(tx, estimateId) : [];
  const price = rules.some((r) => r.kind === "price_limits")
    ? pricingOf(await readCoefficientUses(tx, estimateId), await readDecimals(tx, spaceId))
    : null;
  const links = rules.some((r) => r.kind !== "price_limits" && r.kind !== "required_coefficients")
    ? await tx
        .select({
          positionId: estimateLinks.positionId,
          versionId: estimateLinks.versionId,
          itemId: estimateLinks.itemId,
          share: estimateLinks.share,
          volume: wbsItems.plannedVolume,
        })
        .from(estimateLinks)
        .innerJoin(estimatePositions, eq(estimatePositions.id, estimateLinks.positionId))
        .innerJoin(wbsItems, eq(wbsItems.id, estimateLinks.itemId))
        .where(eq(estimatePositions.estimateId, estimateId))
    : [];
  const linksOf = new Map<string, typeof links>();
  for (const l of links) linksOf.set(l.positionId, [...(linksOf.get(l.positionId) ?? []), l]);
  const findings: ComplianceFinding[] = [];
  const at = (p: (typeof positions)[number]) => `№ ${p.num} ${p.normCode}`.trim();
  for (const rule of rules) {
    const add = (positionId: string | null, where: string, value: string, amounts: number[] = []) =>
      findings.push({
        ruleId: rule.id,
        rule: rule.name,
        kind: rule.kind,
        severity: rule.severity,
        positionId,
        where,
        value,
        amounts,
      });
    const params = rule.params as {
      tolerancePercent?: number;
      minUnitPrice?: number;
      maxUnitPrice?: number;
      coefficientCodes?: string[];
    };
    if (rule.kind === "price_limits") {
      for (const p of positions) {
        const unit = p.quantity && price ? price(p).total / p.quantity : p.unitPrice;
        const low = params.minUnitPrice !== undefined && unit < params.minUnitPrice;
        const high = params.maxUnitPrice !== undefined && unit > params.maxUnitPrice;
        if (low || high) add(p.id, at(p), "", [Math.round(unit * 100) / 100]);
      }
    } else if (rule.kind === "required_coefficients") {
      const applied = new Set((await readCoefficientUses(tx, estimateId)).map((u) => u.coefficient.code));
      for (const code of params.coefficientCodes ?? []) if (!applied.has(code)) add(null, "", code);
    } else if (rule.kind === "position_linked") {
      for (const p of positions) if (!linksOf.has(p.id)) add(p.id, at(p), "");
    } else if (rule.kind === "quantity_vs_volume") {
      const tolerance = (params.tolerancePercent ?? 0) / 100;
      for (const p of positions) {
        const own = linksOf.get(p.id);
        if (!own) continue;
        const volume = own.reduce((sum, l) => sum + (l.volume ?? 0) * l.share, 0);
        if (Math.abs(p.quantity - volume) > tolerance * Math.max(Math.abs(volume), 1e-9))
          add(p.id, at(p), "", [p.quantity, Math.round(volume * 1000) / 1000]);
      }
    } else if (rule.kind === "work_has_estimate") {
      const versionIds = [...new Set(links.map((l) => l.versionId))];
      if (versionIds.length === 0) continue;
      const unlinked = await tx
        .select({ id: wbsItems.id, code: wbsItems.code, name: wbsItems.name })
        .from(wbsItems)
        .where(
          and(
            inArray(wbsItems.versionId, versionIds),
            eq(wbsItems.type, "work"),
            sql`not exists (select 1 from estimate_links l where l.item_id = ${wbsItems.id} and l.version_id = ${wbsItems.versionId})`,
          ),
        );
      for (const w of unlinked) add(null, `${w.code} ${w.name}`.trim(), "");
    }
  }
  const checkedAt = new Date();
  await tx
    .update(estimates)
    .set({ findings, checkedAt })
    .where(and(eq(estimates.id, estimateId), eq(estimates.spaceId, spaceId)));
  return summarise(estimateId, checkedAt, findings);
}
