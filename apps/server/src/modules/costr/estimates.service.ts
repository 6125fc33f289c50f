import type { ApplyCoefficientBody, applyCoefficientBody, EstimateSummary, EstimateTree } from "@planum/contracts";
import type { z } from "zod";
import type { NodeScope } from "../../platform/access.js";
import type { Db } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import { addTotals } from "./coefficient-math.js";
import { findCoefficient } from "./costr-catalogues.repo.js";
import type { CostrCatalogues } from "./costr-catalogues.service.js";
import { pricingOf, readCoefficientUses, repriceEstimates } from "./estimate-pricing.js";
import * as repo from "./estimates.repo.js";

type ApplyInput = z.output<typeof applyCoefficientBody>;

export const toSummary = (e: repo.EstimateRow, positionCount: number): EstimateSummary => ({
  id: e.id,
  code: e.code,
  name: e.name,
  format: e.format,
  fileName: e.fileName,
  pdcId: e.pdcId,
  totals: repo.totalsOrZero(e.totals),
  stated: e.stated,
  positionCount,
  createdAt: e.createdAt.toISOString(),
});

/**
 * A project's estimates (docs/domain.md "Cost estimates"): the list, one estimate's tree of sections and positions
 * with their money after coefficients, and the coefficients applied in it — each applied at most once to any
 * position (`CostrCoefficientTwice`), every change re-pricing the estimate in the same transaction.
 */
export class EstimatesService {
  constructor(private readonly deps: { db: Db; catalogues: CostrCatalogues }) {}

  async list(scope: NodeScope): Promise<EstimateSummary[]> {
    const rows = await repo.readEstimates(this.deps.db, scope.grant.space.id, scope.node.id);
    return rows.map(({ estimate, positionCount }) => toSummary(estimate, positionCount));
  }

  private async estimateOf(scope: NodeScope, id: string) {
    const estimate = await repo.findEstimate(this.deps.db, scope.grant.space.id, scope.node.id, id);
    if (!estimate) throw new AppError("NotFound");
    return estimate;
  }

  async tree(scope: NodeScope, id: string): Promise<EstimateTree> {
    const { db } = this.deps;
    const estimate = await this.estimateOf(scope, id);
    const [sections, rows, uses, { decimals }] = await Promise.all([
      repo.readSections(db, id),
      repo.readPositions(db, id),
      readCoefficientUses(db, id),
      this.deps.catalogues.settings(scope.grant.space.id),
    ]);
    const price = pricingOf(uses, decimals);
    const positions = rows.map((p) => ({ ...p, priced: price(p) }));
    const bySection = new Map(sections.map((s) => [s.id, [] as typeof positions]));
    for (const p of positions) bySection.get(p.sectionId)?.push(p);
    return {
      estimate: toSummary(estimate, positions.length),
      sections: sections.map((s) => {
        const own = bySection.get(s.id) ?? [];
        return {
          id: s.id,
          code: s.code,
          name: s.name,
          totals: addTotals(
            own.map((p) => p.priced),
            decimals,
          ),
          positions: own.map((p) => ({
            id: p.id,
            num: p.num,
            normCode: p.normCode,
            name: p.name,
            unit: p.unit,
            measureId: p.measureId,
            quantity: p.quantity,
            unitPrice: p.unitPrice,
            base: p.base,
            priced: p.priced,
          })),
        };
      }),
      coefficients: uses.map((u) => ({
        id: u.id,
        coefficientId: u.coefficient.id,
        code: u.coefficient.code,
        name: u.coefficient.name,
        kind: u.coefficient.kind,
        value: u.coefficient.value,
        sectionId: u.sectionId,
        positionId: u.positionId,
        sortOrder: u.sortOrder,
      })),
    };
  }

  async remove(scope: NodeScope, id: string) {
    if (!(await repo.deleteEstimate(this.deps.db, scope.grant.space.id, scope.node.id, id)))
      throw new AppError("NotFound");
    return { id };
  }

  /**
   * Applies a coefficient after those already applied at its level. Refused when it would reach a position twice:
   * already applied to the whole estimate, to the same section or position, to the section of the position, or —
   * applied to the estimate or a section — already applied to one of the positions it covers.
   */
  async applyCoefficient(scope: NodeScope, id: string, body: ApplyCoefficientBody | ApplyInput) {
    const spaceId = scope.grant.space.id;
    const sectionId = body.sectionId ?? null;
    const positionId = body.positionId ?? null;
    const { decimals } = await this.deps.catalogues.settings(spaceId);
    await this.deps.db.transaction(async (tx) => {
      const estimate = await repo.findEstimate(tx, spaceId, scope.node.id, id);
      if (!estimate) throw new AppError("NotFound");
      const coefficient = await findCoefficient(tx, spaceId, body.coefficientId);
      if (!coefficient) throw new AppError("NotFound");
      // One after another: a transaction is one connection, which runs one statement at a time.
      const sections = await repo.readSections(tx, id);
      const positions = await repo.readPositions(tx, id);
      const uses = await readCoefficientUses(tx, id);
      const sectionById = new Map(sections.map((s) => [s.id, s]));
      const positionById = new Map(positions.map((p) => [p.id, p]));
      if (sectionId && !sectionById.has(sectionId)) throw new AppError("NotFound");
      if (positionId && !positionById.has(positionId)) throw new AppError("NotFound");
      // A position applied to belongs to its section: one level is named, the position wins.
      const level = positionId ? "position" : sectionId ? "section" : "estimate";
      const sectionOfTarget = positionId ? positionById.get(positionId)!.sectionId : sectionId;
      const where = (use: { sectionId: string | null; positionId: string | null }) =>
        use.positionId
          ? `№ ${positionById.get(use.positionId)?.num ?? ""} ${positionById.get(use.positionId)?.normCode ?? ""}`.trim()
          : use.sectionId
            ? (sectionById.get(use.sectionId)?.name ?? "")
            : `${estimate.code} ${estimate.name}`.trim();
      for (const use of uses) {
        if (use.coefficient.id !== coefficient.id) continue;
        const useSection = use.positionId ? (positionById.get(use.positionId)?.sectionId ?? null) : use.sectionId;
        const clash =
          level === "estimate" ||
          (!use.sectionId && !use.positionId) ||
          (level === "section" && useSection === sectionId) ||
          (level === "position" &&
            (use.positionId === positionId || (!use.positionId && use.sectionId === sectionOfTarget)));
        if (clash) throw new AppError("CostrCoefficientTwice", { code: coefficient.code, where: where(use) });
      }
      const next = uses.reduce((max, u) => Math.max(max, u.sortOrder), 0) + 1;
      await repo.insertCoefficientUse(tx, {
        estimateId: id,
        spaceId,
        coefficientId: coefficient.id,
        sectionId: level === "position" ? null : sectionId,
        positionId,
        sortOrder: next,
      });
      await repriceEstimates(tx, spaceId, [id], decimals);
    });
    return this.tree(scope, id);
  }

  async removeCoefficient(scope: NodeScope, id: string, useId: string) {
    const spaceId = scope.grant.space.id;
    const { decimals } = await this.deps.catalogues.settings(spaceId);
    await this.deps.db.transaction(async (tx) => {
      if (!(await repo.findEstimate(tx, spaceId, scope.node.id, id))) throw new AppError("NotFound");
      if (!(await repo.deleteCoefficientUse(tx, id, useId))) throw new AppError("NotFound");
      await repriceEstimates(tx, spaceId, [id], decimals);
    });
    return this.tree(scope, id);
  }
}
