import { and, asc, eq, sql } from "drizzle-orm";
import { epsNodes, scheduleImportSettings, schedules } from "../../db/schema/index.js";
import type { DbOrTx } from "../../platform/db.js";

export type ImportSettingRow = typeof scheduleImportSettings.$inferSelect;
export interface ImportSettingValues {
  name: string;
  format: string | null;
  mapping: Record<string, string | number>;
  skipRows: number;
}

/** The SQL of the interchange module (files are read and written by model-import / model-export). */
export const interchangeRepo = {
  async scheduleName(db: DbOrTx, scheduleId: string): Promise<string | null> {
    const [row] = await db.select({ name: schedules.name }).from(schedules).where(eq(schedules.id, scheduleId));
    return row?.name ?? null;
  },

  listImportSettings(db: DbOrTx, spaceId: string) {
    return db
      .select()
      .from(scheduleImportSettings)
      .where(eq(scheduleImportSettings.spaceId, spaceId))
      .orderBy(asc(scheduleImportSettings.name));
  },

  async importSettingByName(db: DbOrTx, spaceId: string, name: string): Promise<ImportSettingRow | null> {
    const [row] = await db
      .select()
      .from(scheduleImportSettings)
      .where(and(eq(scheduleImportSettings.spaceId, spaceId), eq(scheduleImportSettings.name, name)));
    return row ?? null;
  },

  async insertImportSetting(db: DbOrTx, spaceId: string, userId: string, values: ImportSettingValues) {
    const [row] = await db
      .insert(scheduleImportSettings)
      .values({ spaceId, createdBy: userId, ...values })
      .returning();
    return row;
  },

  async updateImportSetting(db: DbOrTx, spaceId: string, id: string, values: ImportSettingValues) {
    const [row] = await db
      .update(scheduleImportSettings)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(scheduleImportSettings.spaceId, spaceId), eq(scheduleImportSettings.id, id)))
      .returning();
    return row ?? null;
  },

  async deleteImportSetting(db: DbOrTx, spaceId: string, id: string) {
    const [row] = await db
      .delete(scheduleImportSettings)
      .where(and(eq(scheduleImportSettings.spaceId, spaceId), eq(scheduleImportSettings.id, id)))
      .returning({ id: scheduleImportSettings.id });
    return row ?? null;
  },

  /** The sort order after the last child of a node of the space (0 for the first). */
  async nextChildSortOrder(tx: DbOrTx, spaceId: string, parentId: string): Promise<number> {
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${epsNodes.sortOrder}) + 1, 0)::int` })
      .from(epsNodes)
      .where(and(eq(epsNodes.spaceId, spaceId), eq(epsNodes.parentId, parentId)));
    return next;
  },

  async insertEpsNode(tx: DbOrTx, values: typeof epsNodes.$inferInsert) {
    const [row] = await tx.insert(epsNodes).values(values).returning();
    return row;
  },

  async insertSchedule(tx: DbOrTx, values: typeof schedules.$inferInsert) {
    const [row] = await tx.insert(schedules).values(values).returning({ id: schedules.id });
    return row;
  },
};
