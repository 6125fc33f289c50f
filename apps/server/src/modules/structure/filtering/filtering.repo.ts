import { and, asc, eq, inArray } from "drizzle-orm";
import { attributes, filteringPresets } from "../../../db/schema/index.js";
import type { DbOrTx } from "../../../platform/db.js";

export type PresetRow = typeof filteringPresets.$inferSelect;

/** A user's presets of one space: every read and bulk change filtered by space and user. */
export class FilteringRepo {
  constructor(private readonly db: DbOrTx) {}

  private mine(spaceId: string, userId: string) {
    return and(eq(filteringPresets.spaceId, spaceId), eq(filteringPresets.userId, userId));
  }

  async list(spaceId: string, userId: string, target?: string): Promise<PresetRow[]> {
    return this.db
      .select()
      .from(filteringPresets)
      .where(and(this.mine(spaceId, userId), target ? eq(filteringPresets.target, target) : undefined))
      .orderBy(asc(filteringPresets.name));
  }

  /** The ids among `ids` that are attributes of the space. */
  async attributeIds(spaceId: string, ids: string[]) {
    return this.db
      .select({ id: attributes.id })
      .from(attributes)
      .where(and(eq(attributes.spaceId, spaceId), inArray(attributes.id, ids)));
  }

  async one(spaceId: string, userId: string, id: string): Promise<PresetRow | undefined> {
    const [row] = await this.db
      .select()
      .from(filteringPresets)
      .where(and(this.mine(spaceId, userId), eq(filteringPresets.id, id)));
    return row;
  }

  async insert(values: typeof filteringPresets.$inferInsert): Promise<PresetRow> {
    const [row] = await this.db.insert(filteringPresets).values(values).returning();
    return row;
  }

  async update(id: string, set: Pick<PresetRow, "name" | "filter">): Promise<PresetRow> {
    const [updated] = await this.db.update(filteringPresets).set(set).where(eq(filteringPresets.id, id)).returning();
    return updated;
  }

  /** Clears the active preset of one screen. */
  async deactivate(spaceId: string, userId: string, target: string) {
    await this.db
      .update(filteringPresets)
      .set({ active: false })
      .where(and(this.mine(spaceId, userId), eq(filteringPresets.target, target)));
  }

  async activate(id: string) {
    await this.db.update(filteringPresets).set({ active: true }).where(eq(filteringPresets.id, id));
  }

  async delete(id: string) {
    await this.db.delete(filteringPresets).where(eq(filteringPresets.id, id));
  }
}
