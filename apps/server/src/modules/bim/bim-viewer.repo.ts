import type { BimAppearanceProfile, BimAppearanceProfileBody, BimViewerState } from "@planum/contracts";
import { and, asc, eq } from "drizzle-orm";
import { bimAppearanceProfiles, bimModels, bimViewerStates } from "../../db/schema/bim.table.js";
import { epsNodes } from "../../db/schema/structure.table.js";
import type { DbOrTx } from "../../platform/db.js";

/** A model of the space with the path of its project (for the caller's grants there), or null. */
export async function modelOfSpace(db: DbOrTx, spaceId: string, modelId: string) {
  const [row] = await db
    .select({ id: bimModels.id, projectPath: epsNodes.path })
    .from(bimModels)
    .innerJoin(epsNodes, eq(epsNodes.id, bimModels.projectId))
    .where(and(eq(bimModels.id, modelId), eq(bimModels.spaceId, spaceId)));
  return row ?? null;
}

export async function findState(db: DbOrTx, userId: string, modelId: string) {
  const [row] = await db
    .select({ state: bimViewerStates.state })
    .from(bimViewerStates)
    .where(and(eq(bimViewerStates.userId, userId), eq(bimViewerStates.modelId, modelId)));
  return row?.state ?? null;
}

export async function saveState(db: DbOrTx, userId: string, { modelId, ...state }: BimViewerState) {
  await db
    .insert(bimViewerStates)
    .values({ userId, modelId, state })
    .onConflictDoUpdate({
      target: [bimViewerStates.userId, bimViewerStates.modelId],
      set: { state, updatedAt: new Date() },
    });
}

type ProfileRow = typeof bimAppearanceProfiles.$inferSelect;
const toProfile = (row: ProfileRow): BimAppearanceProfile => ({
  id: row.id,
  name: row.name,
  rules: row.rules,
  createdAt: row.createdAt.toISOString(),
});

export async function listProfiles(db: DbOrTx, spaceId: string) {
  const rows = await db
    .select()
    .from(bimAppearanceProfiles)
    .where(eq(bimAppearanceProfiles.spaceId, spaceId))
    .orderBy(asc(bimAppearanceProfiles.name));
  return rows.map(toProfile);
}

export async function findProfile(db: DbOrTx, spaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(bimAppearanceProfiles)
    .where(and(eq(bimAppearanceProfiles.spaceId, spaceId), eq(bimAppearanceProfiles.id, id)));
  return row ? toProfile(row) : null;
}

export async function profileNamed(db: DbOrTx, spaceId: string, name: string) {
  const [row] = await db
    .select({ id: bimAppearanceProfiles.id })
    .from(bimAppearanceProfiles)
    .where(and(eq(bimAppearanceProfiles.spaceId, spaceId), eq(bimAppearanceProfiles.name, name)));
  return row?.id ?? null;
}

export async function insertProfile(db: DbOrTx, spaceId: string, createdBy: string, body: BimAppearanceProfileBody) {
  const [row] = await db
    .insert(bimAppearanceProfiles)
    .values({ spaceId, createdBy, ...body })
    .returning();
  return toProfile(row!);
}

export async function updateProfile(db: DbOrTx, spaceId: string, id: string, body: BimAppearanceProfileBody) {
  const [row] = await db
    .update(bimAppearanceProfiles)
    .set(body)
    .where(and(eq(bimAppearanceProfiles.spaceId, spaceId), eq(bimAppearanceProfiles.id, id)))
    .returning();
  return row ? toProfile(row) : null;
}

export async function deleteProfile(db: DbOrTx, spaceId: string, id: string) {
  const rows = await db
    .delete(bimAppearanceProfiles)
    .where(and(eq(bimAppearanceProfiles.spaceId, spaceId), eq(bimAppearanceProfiles.id, id)))
    .returning({ id: bimAppearanceProfiles.id });
  return rows.length > 0;
}
