import type { BimPrimitive, CreateBimPrimitiveBody, UpdateBimPrimitiveBody } from "@planum/contracts";
import { and, asc, eq, inArray, like, notInArray, sql } from "drizzle-orm";
import { bimPrimitives, bimPrimitiveWorks } from "../../db/schema/bim.table.js";
import { epsNodes, schedules } from "../../db/schema/structure.table.js";
import { versions, wbsItems } from "../../db/schema/workspace.table.js";
import type { DbOrTx } from "../../platform/db.js";

type PrimitiveRow = typeof bimPrimitives.$inferSelect;

const toPrimitive = (row: PrimitiveRow, itemIds: number[]): BimPrimitive => ({
  id: row.id,
  epsId: row.epsId,
  name: row.name,
  shape: row.shape,
  size: row.size,
  position: row.position,
  rotation: row.rotation,
  colour: row.colour,
  itemIds,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The primitives of the nodes (a node, or a node and its ancestors root first), each node's in the order they were
 * placed, each with its works.
 */
export async function listPrimitives(db: DbOrTx, spaceId: string, epsIds: string | string[], id?: string) {
  const nodes = typeof epsIds === "string" ? [epsIds] : epsIds;
  const rows = await db
    .select({
      primitive: bimPrimitives,
      itemIds: sql<number[]>`coalesce(array_agg(${bimPrimitiveWorks.itemId} order by ${bimPrimitiveWorks.itemId})
        filter (where ${bimPrimitiveWorks.itemId} is not null), '{}')`,
    })
    .from(bimPrimitives)
    .leftJoin(bimPrimitiveWorks, eq(bimPrimitiveWorks.primitiveId, bimPrimitives.id))
    .where(
      and(
        eq(bimPrimitives.spaceId, spaceId),
        inArray(bimPrimitives.epsId, nodes),
        id === undefined ? undefined : eq(bimPrimitives.id, id),
      ),
    )
    .groupBy(bimPrimitives.id)
    .orderBy(
      sql`array_position(${sql.param(nodes)}::uuid[], ${bimPrimitives.epsId})`,
      asc(bimPrimitives.createdAt),
      asc(bimPrimitives.id),
    );
  return rows.map(({ primitive, itemIds }) => toPrimitive(primitive, itemIds.map(Number)));
}

export async function insertPrimitive(
  db: DbOrTx,
  spaceId: string,
  createdBy: string,
  { itemIds: _, ...fields }: CreateBimPrimitiveBody,
) {
  const [row] = await db
    .insert(bimPrimitives)
    .values({ spaceId, createdBy, ...fields })
    .returning({ id: bimPrimitives.id });
  return row!.id;
}

/** Changes the fields given; false when the node has no such primitive. */
export async function updatePrimitive(
  db: DbOrTx,
  spaceId: string,
  { id, epsId, itemIds: _, ...fields }: UpdateBimPrimitiveBody,
) {
  const where = and(eq(bimPrimitives.spaceId, spaceId), eq(bimPrimitives.epsId, epsId), eq(bimPrimitives.id, id));
  const changed = Object.keys(fields).length
    ? await db.update(bimPrimitives).set(fields).where(where).returning({ id: bimPrimitives.id })
    : await db.select({ id: bimPrimitives.id }).from(bimPrimitives).where(where).for("update");
  return changed.length > 0;
}

export async function deletePrimitive(db: DbOrTx, spaceId: string, epsId: string, id: string) {
  const rows = await db
    .delete(bimPrimitives)
    .where(and(eq(bimPrimitives.spaceId, spaceId), eq(bimPrimitives.epsId, epsId), eq(bimPrimitives.id, id)))
    .returning({ id: bimPrimitives.id });
  return rows.length > 0;
}

/** Ties the primitive to exactly these works: drops the others, adds the new ones (no delete-then-insert). */
export async function setWorks(db: DbOrTx, primitiveId: string, itemIds: number[]) {
  await db
    .delete(bimPrimitiveWorks)
    .where(
      and(
        eq(bimPrimitiveWorks.primitiveId, primitiveId),
        itemIds.length ? notInArray(bimPrimitiveWorks.itemId, itemIds) : undefined,
      ),
    );
  if (itemIds.length)
    await db
      .insert(bimPrimitiveWorks)
      .values(itemIds.map((itemId) => ({ primitiveId, itemId })))
      .onConflictDoNothing();
}

/** Of these rows, those of versions of schedules whose project lies at or under the node (path prefix). */
export async function worksUnderNode(db: DbOrTx, spaceId: string, nodePath: string, itemIds: number[]) {
  if (itemIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: wbsItems.id })
    .from(wbsItems)
    .innerJoin(versions, eq(versions.id, wbsItems.versionId))
    .innerJoin(schedules, eq(schedules.id, versions.scheduleId))
    .innerJoin(epsNodes, eq(epsNodes.id, schedules.projectId))
    .where(and(eq(wbsItems.spaceId, spaceId), inArray(wbsItems.id, itemIds), like(epsNodes.path, `${nodePath}%`)));
  return new Set(rows.map((row) => row.id));
}
