import type { FilterPreset } from "@planum/contracts";
import type { Grant } from "../../../platform/access.js";
import type { Db } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import { FilteringRepo, type PresetRow } from "./filtering.repo.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Filter = { logic: "and" | "or"; conditions: { field: string; operator: string; value?: unknown }[] };

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

  async list(grant: Grant, target?: string) {
    const rows = await new FilteringRepo(this.deps.db).list(grant.space.id, grant.userId, target);
    return rows.map(toDto);
  }

  /** Conditions on attributes must name attributes of this space. */
  private async checkFields(grant: Grant, filter: Filter) {
    const ids = [...new Set(filter.conditions.map((c) => c.field).filter((f) => UUID.test(f)))];
    if (!ids.length) return;
    const found = await new FilteringRepo(this.deps.db).attributeIds(grant.space.id, ids);
    if (found.length !== ids.length) throw new AppError("InvalidValue", { field: "filter.conditions" });
  }

  private async one(grant: Grant, id: string) {
    const row = await new FilteringRepo(this.deps.db).one(grant.space.id, grant.userId, id);
    if (!row) throw new AppError("NotFound");
    return row;
  }

  async create(grant: Grant, body: { name: string; target: string; filter: Filter }) {
    await this.checkFields(grant, body.filter);
    const row = await new FilteringRepo(this.deps.db).insert({
      spaceId: grant.space.id,
      userId: grant.userId,
      ...body,
    });
    return toDto(row);
  }

  async update(grant: Grant, id: string, body: { name?: string; filter?: Filter }) {
    const row = await this.one(grant, id);
    if (body.filter) await this.checkFields(grant, body.filter);
    const updated = await new FilteringRepo(this.deps.db).update(row.id, {
      name: body.name ?? row.name,
      filter: body.filter ?? row.filter,
    });
    return toDto(updated);
  }

  async setState(grant: Grant, id: string) {
    const row = await this.one(grant, id);
    await this.deps.db.transaction(async (tx) => {
      const repo = new FilteringRepo(tx);
      await repo.deactivate(grant.space.id, grant.userId, row.target);
      await repo.activate(row.id);
    });
    return this.list(grant, row.target);
  }

  async resetState(grant: Grant, target: string) {
    await new FilteringRepo(this.deps.db).deactivate(grant.space.id, grant.userId, target);
    return this.list(grant, target);
  }

  async delete(grant: Grant, id: string) {
    const row = await this.one(grant, id);
    await new FilteringRepo(this.deps.db).delete(row.id);
  }
}
