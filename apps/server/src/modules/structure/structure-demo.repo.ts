import { eq } from "drizzle-orm";
import { attributes, attributeValues, epsNodes, scheduleGroups, schedules } from "../../db/schema/index.js";
import type { DbOrTx } from "../../platform/db.js";

/** The statements of the demo structure: a few bulk inserts, whatever the size of the tree. */

export async function spaceHasNodes(db: DbOrTx, spaceId: string): Promise<boolean> {
  const [row] = await db.select({ id: epsNodes.id }).from(epsNodes).where(eq(epsNodes.spaceId, spaceId)).limit(1);
  return Boolean(row);
}

/** Inserts the attributes and answers their ids in the order given. */
export async function insertAttributes(db: DbOrTx, rows: (typeof attributes.$inferInsert)[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insert(attributes).values(rows).returning({ id: attributes.id });
  return inserted.map((row) => row.id);
}

/** Nodes, parents before children (they carry their own ids and paths). */
export async function insertNodes(db: DbOrTx, rows: (typeof epsNodes.$inferInsert)[]) {
  if (rows.length) await db.insert(epsNodes).values(rows);
}

export async function insertAttributeValues(db: DbOrTx, rows: (typeof attributeValues.$inferInsert)[]) {
  if (rows.length) await db.insert(attributeValues).values(rows);
}

export async function insertScheduleGroups(db: DbOrTx, rows: (typeof scheduleGroups.$inferInsert)[]) {
  if (rows.length) await db.insert(scheduleGroups).values(rows);
}

export async function insertSchedules(db: DbOrTx, rows: (typeof schedules.$inferInsert)[]) {
  if (rows.length) await db.insert(schedules).values(rows);
}
