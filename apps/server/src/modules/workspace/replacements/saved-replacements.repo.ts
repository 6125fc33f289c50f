import type { SavedReplacement } from "@planum/contracts";
import { and, asc, eq, sql } from "drizzle-orm";
import { attributeReplacements, attributes, users } from "../../../db/schema/index.js";
import type { DbOrTx } from "../../../platform/db.js";

export type SavedReplacementRow = typeof attributeReplacements.$inferSelect;
type Rule = Pick<SavedReplacementRow, "name" | "attributeId" | "mode" | "find" | "replace" | "pairs">;

const lastRunBy = sql<string | null>`(select coalesce(nullif(trim(u.last_name || ' ' || u.first_name), ''), u.login)
  from ${users} u where u.id = ${attributeReplacements.lastRunBy})`;

/** A schedule's saved replacements by name, each with its attribute's name and its last run. */
export async function listSaved(db: DbOrTx, spaceId: string, scheduleId: string, id?: string) {
  const rows = await db
    .select({ row: attributeReplacements, attributeName: attributes.name, lastRunBy })
    .from(attributeReplacements)
    .innerJoin(attributes, eq(attributes.id, attributeReplacements.attributeId))
    .where(
      and(
        eq(attributeReplacements.spaceId, spaceId),
        eq(attributeReplacements.scheduleId, scheduleId),
        id ? eq(attributeReplacements.id, id) : undefined,
      ),
    )
    .orderBy(asc(attributeReplacements.name), asc(attributeReplacements.id));
  return rows.map(
    ({ row, attributeName, lastRunBy: byName }): SavedReplacement => ({
      id: row.id,
      name: row.name,
      attributeId: row.attributeId,
      attributeName,
      mode: row.mode,
      find: row.find,
      replace: row.replace,
      pairs: row.pairs,
      updatedAt: row.updatedAt.toISOString(),
      lastRun:
        row.lastRunAt === null
          ? null
          : {
              at: row.lastRunAt.toISOString(),
              byName,
              values: row.lastRunValues ?? 0,
              versions: row.lastRunVersions ?? 0,
            },
    }),
  );
}

/** One saved replacement of the space, or undefined. */
export async function findSaved(db: DbOrTx, spaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(attributeReplacements)
    .where(and(eq(attributeReplacements.spaceId, spaceId), eq(attributeReplacements.id, id)));
  return row;
}

export async function insertSaved(
  db: DbOrTx,
  values: Rule & { spaceId: string; scheduleId: string; createdBy: string },
) {
  const [row] = await db.insert(attributeReplacements).values(values).returning({ id: attributeReplacements.id });
  return row.id;
}

export async function updateSaved(db: DbOrTx, spaceId: string, scheduleId: string, id: string, rule: Rule) {
  const rows = await db
    .update(attributeReplacements)
    .set({ ...rule, updatedAt: new Date() })
    .where(
      and(
        eq(attributeReplacements.spaceId, spaceId),
        eq(attributeReplacements.scheduleId, scheduleId),
        eq(attributeReplacements.id, id),
      ),
    )
    .returning({ id: attributeReplacements.id });
  return rows.length > 0;
}

export async function deleteSaved(db: DbOrTx, spaceId: string, scheduleId: string, id: string) {
  const rows = await db
    .delete(attributeReplacements)
    .where(
      and(
        eq(attributeReplacements.spaceId, spaceId),
        eq(attributeReplacements.scheduleId, scheduleId),
        eq(attributeReplacements.id, id),
      ),
    )
    .returning({ id: attributeReplacements.id });
  return rows.length > 0;
}

/** Records a run that changed values. */
export async function recordRun(db: DbOrTx, id: string, userId: string, values: number, versionCount: number) {
  await db
    .update(attributeReplacements)
    .set({ lastRunAt: new Date(), lastRunBy: userId, lastRunValues: values, lastRunVersions: versionCount })
    .where(eq(attributeReplacements.id, id));
}
