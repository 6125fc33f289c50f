import { and, asc, eq } from "drizzle-orm";
import { layoutTemplates, versionLayouts, wbsGroupSettings } from "../../../db/schema/index.js";
import type { Grant } from "../../../platform/access.js";
import type { DbOrTx } from "../../../platform/db.js";

/** The SQL of saved views, every query inside the caller's space (and, for layouts, the caller's own). */
type LayoutValues = Partial<typeof versionLayouts.$inferInsert>;
type TemplateValues = Partial<typeof layoutTemplates.$inferInsert>;
type GroupValues = Partial<typeof wbsGroupSettings.$inferInsert>;

const ownLayouts = (grant: Grant, scheduleId: string) =>
  and(
    eq(versionLayouts.spaceId, grant.space.id),
    eq(versionLayouts.scheduleId, scheduleId),
    eq(versionLayouts.userId, grant.userId),
  );
const ownLayout = (grant: Grant, scheduleId: string, id: string) =>
  and(ownLayouts(grant, scheduleId), eq(versionLayouts.id, id));
const spaceTemplate = (grant: Grant, id: string) =>
  and(eq(layoutTemplates.spaceId, grant.space.id), eq(layoutTemplates.id, id));
const scheduleGroup = (grant: Grant, scheduleId: string, id: string) =>
  and(
    eq(wbsGroupSettings.spaceId, grant.space.id),
    eq(wbsGroupSettings.scheduleId, scheduleId),
    eq(wbsGroupSettings.id, id),
  );

export const layoutsRepo = {
  layouts: (db: DbOrTx, grant: Grant, scheduleId: string) =>
    db.select().from(versionLayouts).where(ownLayouts(grant, scheduleId)).orderBy(asc(versionLayouts.name)),
  async insertLayout(db: DbOrTx, values: typeof versionLayouts.$inferInsert) {
    const [row] = await db.insert(versionLayouts).values(values).returning();
    return row;
  },
  async updateLayout(db: DbOrTx, grant: Grant, scheduleId: string, id: string, set: LayoutValues) {
    const [row] = await db
      .update(versionLayouts)
      .set(set)
      .where(ownLayout(grant, scheduleId, id))
      .returning();
    return row;
  },
  async deleteLayout(db: DbOrTx, grant: Grant, scheduleId: string, id: string) {
    return (
      (
        await db
          .delete(versionLayouts)
          .where(ownLayout(grant, scheduleId, id))
          .returning()
      ).length > 0
    );
  },
  /** No layout of the caller's for the schedule stays active. */
  async deactivate(db: DbOrTx, grant: Grant, scheduleId: string) {
    await db.update(versionLayouts).set({ active: false }).where(ownLayouts(grant, scheduleId));
  },

  templates: (db: DbOrTx, grant: Grant) =>
    db
      .select()
      .from(layoutTemplates)
      .where(eq(layoutTemplates.spaceId, grant.space.id))
      .orderBy(asc(layoutTemplates.name)),
  async template(db: DbOrTx, grant: Grant, id: string) {
    const [row] = await db.select().from(layoutTemplates).where(spaceTemplate(grant, id));
    return row;
  },
  async insertTemplate(db: DbOrTx, values: typeof layoutTemplates.$inferInsert) {
    const [row] = await db.insert(layoutTemplates).values(values).returning();
    return row;
  },
  async updateTemplate(db: DbOrTx, grant: Grant, id: string, set: TemplateValues) {
    const [row] = await db.update(layoutTemplates).set(set).where(spaceTemplate(grant, id)).returning();
    return row;
  },
  async deleteTemplate(db: DbOrTx, grant: Grant, id: string) {
    return (await db.delete(layoutTemplates).where(spaceTemplate(grant, id)).returning()).length > 0;
  },

  groupSettings: (db: DbOrTx, grant: Grant, scheduleId: string) =>
    db
      .select()
      .from(wbsGroupSettings)
      .where(and(eq(wbsGroupSettings.spaceId, grant.space.id), eq(wbsGroupSettings.scheduleId, scheduleId)))
      .orderBy(asc(wbsGroupSettings.name)),
  async insertGroupSetting(db: DbOrTx, values: typeof wbsGroupSettings.$inferInsert) {
    const [row] = await db.insert(wbsGroupSettings).values(values).returning();
    return row;
  },
  async updateGroupSetting(db: DbOrTx, grant: Grant, scheduleId: string, id: string, set: GroupValues) {
    const [row] = await db
      .update(wbsGroupSettings)
      .set(set)
      .where(scheduleGroup(grant, scheduleId, id))
      .returning();
    return row;
  },
  async deleteGroupSetting(db: DbOrTx, grant: Grant, scheduleId: string, id: string) {
    return (
      (
        await db
          .delete(wbsGroupSettings)
          .where(scheduleGroup(grant, scheduleId, id))
          .returning()
      ).length > 0
    );
  },
};
