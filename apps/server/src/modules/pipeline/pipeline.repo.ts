import { and, asc, eq } from "drizzle-orm";
import { pipeRelations, pipeSettings, pipeStages, users } from "../../db/schema/index.js";
import type { DbOrTx } from "../../platform/db.js";

export type StageRow = typeof pipeStages.$inferSelect;
export type PipeRelationRow = typeof pipeRelations.$inferSelect;

const ofProject = (spaceId: string, projectId: string) =>
  and(eq(pipeStages.spaceId, spaceId), eq(pipeStages.projectId, projectId));

/** The project's stages by start, with their owners' names (last and first name, else the login). */
export async function readStages(db: DbOrTx, spaceId: string, projectId: string) {
  const rows = await db
    .select({ stage: pipeStages, owner: { lastName: users.lastName, firstName: users.firstName, login: users.login } })
    .from(pipeStages)
    .leftJoin(users, eq(users.id, pipeStages.ownerId))
    .where(ofProject(spaceId, projectId))
    .orderBy(asc(pipeStages.start), asc(pipeStages.createdAt));
  return rows.map(({ stage, owner }) => ({
    stage,
    ownerName: owner?.login ? `${owner.lastName} ${owner.firstName}`.trim() || owner.login : null,
  }));
}

export async function readRelations(db: DbOrTx, spaceId: string, projectId: string) {
  return db
    .select()
    .from(pipeRelations)
    .where(and(eq(pipeRelations.spaceId, spaceId), eq(pipeRelations.projectId, projectId)));
}

export async function findStage(db: DbOrTx, spaceId: string, projectId: string, id: string) {
  const [row] = await db
    .select()
    .from(pipeStages)
    .where(and(ofProject(spaceId, projectId), eq(pipeStages.id, id)));
  return row ?? null;
}

export async function insertStage(tx: DbOrTx, values: typeof pipeStages.$inferInsert) {
  const [row] = await tx.insert(pipeStages).values(values).returning({ id: pipeStages.id });
  return row.id;
}

export async function updateStage(
  tx: DbOrTx,
  spaceId: string,
  projectId: string,
  id: string,
  values: Partial<typeof pipeStages.$inferInsert>,
) {
  await tx
    .update(pipeStages)
    .set(values)
    .where(and(ofProject(spaceId, projectId), eq(pipeStages.id, id)));
}

export async function deleteStage(tx: DbOrTx, spaceId: string, projectId: string, id: string) {
  const gone = await tx
    .delete(pipeStages)
    .where(and(ofProject(spaceId, projectId), eq(pipeStages.id, id)))
    .returning({ id: pipeStages.id });
  return gone.length;
}

export async function insertRelation(tx: DbOrTx, values: typeof pipeRelations.$inferInsert) {
  const [row] = await tx.insert(pipeRelations).values(values).onConflictDoNothing().returning({ id: pipeRelations.id });
  return row?.id ?? null;
}

export async function deleteRelation(tx: DbOrTx, spaceId: string, projectId: string, id: string) {
  const gone = await tx
    .delete(pipeRelations)
    .where(and(eq(pipeRelations.spaceId, spaceId), eq(pipeRelations.projectId, projectId), eq(pipeRelations.id, id)))
    .returning({ id: pipeRelations.id });
  return gone.length;
}

export async function readSettings(db: DbOrTx, projectId: string) {
  const [row] = await db.select().from(pipeSettings).where(eq(pipeSettings.projectId, projectId));
  return row?.settings ?? null;
}

export async function saveSettings(
  tx: DbOrTx,
  spaceId: string,
  projectId: string,
  settings: typeof pipeSettings.$inferInsert.settings,
) {
  await tx
    .insert(pipeSettings)
    .values({ projectId, spaceId, settings })
    .onConflictDoUpdate({ target: pipeSettings.projectId, set: { settings, updatedAt: new Date() } });
}
