import type { FilterPreset } from "@planum/contracts";
import { and, asc, eq, inArray } from "drizzle-orm";
import { attributes, filteringPresets } from "../../../db/schema/index.js";
import type { Grant } from "../../../platform/access.js";
import type { Db } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Filter = { logic: "and" | "or"; conditions: { field: string; operator: string; value?: unknown }[] };
type PresetRow = typeof filteringPresets.$inferSelect;

const toDto = (row: PresetRow): FilterPreset => ({
  id: row.id,
  name: row.name,
  target: row.target as FilterPreset["target"],
  filter: row.filter as FilterPreset["filter"],
  active: row.active,
  createdAt: row.createdAt.toISOString(),
});

/** Each user's named filters per screen; one per screen may be the active state. */
export class FilteringService {
  constructor(private readonly deps: { db: Db }) {}

  private mine(grant: Grant) {
    return and(eq(filteringPresets.spaceId, grant.space.id), eq(filteringPresets.userId, grant.userId));
  }

  async list(grant: Grant, target?: string) {
    const rows = await this.deps.db
      .select()
      .from(filteringPresets)
      .where(and(this.mine(grant), target ? eq(filteringPresets.target, target) : undefined))
      .orderBy(asc(filteringPresets.name));
    return rows.map(toDto);
  }

  /** Conditions on attributes must name attributes of this space. */
  private async checkFields(grant: Grant, filter: Filter) {
    const ids = [...new Set(filter.conditions.map((c) => c.field).filter((f) => UUID.test(f)))];
    if (!ids.length) return;
    const found = await this.deps.db
      .select({ id: attributes.id })
      .from(attributes)
      .where(and(eq(attributes.spaceId, grant.space.id), inArray(attributes.id, ids)));
    if (found.length !== ids.length) throw new AppError("InvalidValue", { field: "filter.conditions" });
  }

  private async one(grant: Grant, id: string) {
    const [row] = await this.deps.db
      .select()
      .from(filteringPresets)
      .where(and(this.mine(grant), eq(filteringPresets.id, id)));
    if (!row) throw new AppError("NotFound");
    return row;
  }

  async create(grant: Grant, body: { name: string; target: string; filter: Filter }) {
    await this.checkFields(grant, body.filter);
    const [row] = await this.deps.db
      .insert(filteringPresets)
      .values({ spaceId: grant.space.id, userId: grant.userId, ...body })
      .returning();
    return toDto(row);
  }

  async update(grant: Grant, id: string, body: { name?: string; filter?: Filter }) {
    const row = await this.one(grant, id);
    if (body.filter) await this.checkFields(grant, body.filter);
    const [updated] = await this.deps.db
      .update(filteringPresets)
      .set({ name: body.name ?? row.name, filter: body.filter ?? row.filter })
      .where(eq(filteringPresets.id, row.id))
      .returning();
    return toDto(updated);
  }

  async setState(grant: Grant, id: string) {
    const row = await this.one(grant, id);
    await this.deps.db.transaction(async (tx) => {
      await tx
        .update(filteringPresets)
        .set({ active: false })
        .where(and(this.mine(grant), eq(filteringPresets.target, row.target)));
      await tx.update(filteringPresets).set({ active: true }).where(eq(filteringPresets.id, row.id));
    });
    return this.list(grant, row.target);
  }

  async resetState(grant: Grant, target: string) {
    await this.deps.db
      .update(filteringPresets)
      .set({ active: false })
      .where(and(this.mine(grant), eq(filteringPresets.target, target)));
    return this.list(grant, target);
  }

  async delete(grant: Grant, id: string) {
    const row = await this.one(grant, id);
    await this.deps.db.delete(filteringPresets).where(eq(filteringPresets.id, row.id));
  }
}
