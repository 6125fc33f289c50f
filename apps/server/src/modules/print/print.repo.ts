import { and, asc, eq } from "drizzle-orm";
import { printPresets, printSettings } from "../../db/schema/index.js";
import type { Grant } from "../../platform/access.js";
import type { DbOrTx } from "../../platform/db.js";

/** The SQL of print formats: presets of the caller's space, settings of the caller's own. */
export const printRepo = {
  presets: (db: DbOrTx, grant: Grant) =>
    db.select().from(printPresets).where(eq(printPresets.spaceId, grant.space.id)).orderBy(asc(printPresets.name)),
  async insertPreset(db: DbOrTx, values: typeof printPresets.$inferInsert) {
    const [row] = await db.insert(printPresets).values(values).returning();
    return row;
  },
  async deletePreset(db: DbOrTx, grant: Grant, id: string) {
    const gone = await db
      .delete(printPresets)
      .where(and(eq(printPresets.spaceId, grant.space.id), eq(printPresets.id, id)))
      .returning({ id: printPresets.id });
    return gone.length > 0;
  },

  async settings(db: DbOrTx, grant: Grant, scheduleId: string) {
    const [row] = await db
      .select()
      .from(printSettings)
      .where(
        and(
          eq(printSettings.spaceId, grant.space.id),
          eq(printSettings.scheduleId, scheduleId),
          eq(printSettings.userId, grant.userId),
        ),
      );
    return row;
  },
  /** Writes the caller's settings for the schedule, whether or not they had some. */
  async upsertSettings(db: DbOrTx, values: typeof printSettings.$inferInsert) {
    const { spaceId: _space, scheduleId: _schedule, userId: _user, ...changed } = values;
    const [row] = await db
      .insert(printSettings)
      .values(values)
      .onConflictDoUpdate({ target: [printSettings.scheduleId, printSettings.userId], set: changed })
      .returning();
    return row;
  },
};
