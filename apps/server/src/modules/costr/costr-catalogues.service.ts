import {
  type Coefficient,
  type CoefficientBody,
  type CostrSettings,
  costrSettingsSchema,
  DEFAULT_COSTR_SETTINGS,
  type Measure,
  type MeasureBody,
  type Pdc,
  type PdcBody,
} from "@planum/contracts";
import type { Grant, NodeScope } from "../../platform/access.js";
import type { Db } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import { isUniqueViolation } from "../../platform/sql.js";
import * as repo from "./costr-catalogues.repo.js";
import { repriceEstimates } from "./estimate-pricing.js";

type MeasureInput = Required<Pick<MeasureBody, "code" | "name" | "kind">> & { baseId: string | null; factor: number };
type CoefficientInput = Required<CoefficientBody>;
type PdcInput = Required<PdcBody>;

const toMeasure = (m: repo.MeasureRow): Measure => ({
  id: m.id,
  code: m.code,
  name: m.name,
  kind: m.kind,
  baseId: m.baseId,
  factor: m.factor,
});
const toCoefficient = (c: repo.CoefficientRow): Coefficient => ({
  id: c.id,
  code: c.code,
  name: c.name,
  kind: c.kind,
  value: c.value,
  parts: c.parts,
});

/** Turns a unique-code violation into the user's error naming the code. */
async function uniqueCode<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CostrCodeTaken", { code, field: "code" });
    throw error;
  }
}

/**
 * An organisation's costr catalogues (docs/domain.md "Cost estimates"): measures with their conversions, cost
 * coefficients and costr settings per space, PDC per project. Estimates name them, so what an estimate uses is
 * never deleted.
 */
export class CostrCatalogues {
  constructor(private readonly deps: { db: Db }) {}

  // ---- measures ----

  async measures(grant: Grant): Promise<Measure[]> {
    return (await repo.readMeasures(this.deps.db, grant.space.id)).map(toMeasure);
  }

  /** A measure's base must be a base measure (one step of conversion) of the same kind, never the measure itself. */
  private async checkBase(grant: Grant, body: MeasureInput, id: string | null) {
    if (body.baseId === null) return;
    const base = await repo.findMeasure(this.deps.db, grant.space.id, body.baseId);
    if (!base || base.id === id || base.baseId !== null || base.kind !== body.kind)
      throw new AppError("CostrMeasureBase", { code: body.code, field: "baseId" });
  }

  async createMeasure(grant: Grant, body: MeasureInput): Promise<Measure> {
    await this.checkBase(grant, body, null);
    const row = await uniqueCode(body.code, () =>
      repo.insertMeasure(this.deps.db, { spaceId: grant.space.id, ...body }),
    );
    return toMeasure(row);
  }

  async updateMeasure(grant: Grant, id: string, body: MeasureInput): Promise<Measure> {
    const { db } = this.deps;
    const current = await repo.findMeasure(db, grant.space.id, id);
    if (!current) throw new AppError("NotFound");
    await this.checkBase(grant, body, id);
    // A base measure that others convert to stays a base measure of the same kind.
    if (current.baseId === null && (body.baseId !== null || body.kind !== current.kind)) {
      const dependants = (await repo.readMeasures(db, grant.space.id)).filter((m) => m.baseId === id).length;
      if (dependants > 0) throw new AppError("CostrMeasureInUse", { code: current.code, count: dependants });
    }
    const row = await uniqueCode(body.code, () => repo.updateMeasure(db, grant.space.id, id, body));
    return toMeasure(row!);
  }

  async deleteMeasure(grant: Grant, id: string) {
    const { db } = this.deps;
    const current = await repo.findMeasure(db, grant.space.id, id);
    if (!current) throw new AppError("NotFound");
    const uses = await repo.measureUses(db, id);
    if (uses > 0) throw new AppError("CostrMeasureInUse", { code: current.code, count: uses });
    await repo.deleteMeasure(db, grant.space.id, id);
    return { id };
  }

  /** A quantity in one measure expressed in another of the same base (kg → t). */
  async convert(grant: Grant, fromId: string, toId: string, quantity: number) {
    const all = new Map((await repo.readMeasures(this.deps.db, grant.space.id)).map((m) => [m.id, m]));
    const from = all.get(fromId);
    const to = all.get(toId);
    if (!from || !to) throw new AppError("NotFound");
    const rate = conversionRate(from, to);
    if (rate === null) throw new AppError("CostrMeasuresIncompatible", { from: from.code, to: to.code });
    return { quantity: quantity * rate };
  }

  // ---- coefficients ----

  async coefficients(grant: Grant): Promise<Coefficient[]> {
    return (await repo.readCoefficients(this.deps.db, grant.space.id)).map(toCoefficient);
  }

  async createCoefficient(grant: Grant, body: CoefficientInput): Promise<Coefficient> {
    const row = await uniqueCode(body.code, () =>
      repo.insertCoefficient(this.deps.db, { spaceId: grant.space.id, ...body }),
    );
    return toCoefficient(row);
  }

  /** Changing a coefficient re-prices the estimates it is applied in, in the same transaction. */
  async updateCoefficient(grant: Grant, id: string, body: CoefficientInput): Promise<Coefficient> {
    if (!(await repo.findCoefficient(this.deps.db, grant.space.id, id))) throw new AppError("NotFound");
    const { decimals } = await this.settings(grant.space.id);
    const row = await uniqueCode(body.code, () =>
      this.deps.db.transaction(async (tx) => {
        const updated = await repo.updateCoefficient(tx, grant.space.id, id, body);
        await repriceEstimates(tx, grant.space.id, await repo.coefficientUses(tx, id), decimals);
        return updated;
      }),
    );
    return toCoefficient(row!);
  }

  async deleteCoefficient(grant: Grant, id: string) {
    const { db } = this.deps;
    const current = await repo.findCoefficient(db, grant.space.id, id);
    if (!current) throw new AppError("NotFound");
    const uses = await repo.coefficientUses(db, id);
    if (uses.length > 0) throw new AppError("CostrCoefficientInUse", { code: current.code, count: uses.length });
    await repo.deleteCoefficient(db, grant.space.id, id);
    return { id };
  }

  // ---- settings ----

  async settings(spaceId: string): Promise<CostrSettings> {
    const saved = costrSettingsSchema.partial().safeParse(await repo.readSettings(this.deps.db, spaceId));
    return { ...DEFAULT_COSTR_SETTINGS, ...(saved.success ? saved.data : {}) };
  }

  async saveSettings(grant: Grant, settings: CostrSettings): Promise<CostrSettings> {
    await repo.saveSettings(this.deps.db, grant.space.id, settings);
    return this.settings(grant.space.id);
  }

  // ---- PDC ----

  async pdc(scope: NodeScope): Promise<Pdc[]> {
    const rows = await repo.readPdc(this.deps.db, scope.grant.space.id, scope.node.id);
    return rows.map(({ pdc, estimateCount }) => ({
      id: pdc.id,
      code: pdc.code,
      name: pdc.name,
      stage: pdc.stage,
      note: pdc.note,
      estimateCount,
    }));
  }

  async createPdc(scope: NodeScope, body: PdcInput): Promise<Pdc[]> {
    await uniqueCode(body.code, () =>
      repo.insertPdc(this.deps.db, { spaceId: scope.grant.space.id, projectId: scope.node.id, ...body }),
    );
    return this.pdc(scope);
  }

  async updatePdc(scope: NodeScope, id: string, body: PdcInput): Promise<Pdc[]> {
    const row = await uniqueCode(body.code, () =>
      repo.updatePdc(this.deps.db, scope.grant.space.id, scope.node.id, id, body),
    );
    if (!row) throw new AppError("NotFound");
    return this.pdc(scope);
  }

  /** Deletes a PDC set; its estimates stay in the project, no longer in a set. */
  async deletePdc(scope: NodeScope, id: string): Promise<Pdc[]> {
    if (!(await repo.deletePdc(this.deps.db, scope.grant.space.id, scope.node.id, id))) throw new AppError("NotFound");
    return this.pdc(scope);
  }
}

/** How many `to` one `from` makes, or null when the two have no common base. */
export function conversionRate(
  from: Pick<repo.MeasureRow, "id" | "baseId" | "factor">,
  to: Pick<repo.MeasureRow, "id" | "baseId" | "factor">,
): number | null {
  const baseOf = (m: typeof from) => m.baseId ?? m.id;
  if (baseOf(from) !== baseOf(to)) return null;
  return from.factor / to.factor;
}
