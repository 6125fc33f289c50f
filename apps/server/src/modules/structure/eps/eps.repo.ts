import type { EpsRow, Passport } from "@planum/contracts";
import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { epsNodes, epsPhotos, resourceGrants, schedules } from "../../../db/schema/index.js";
import { type EpsNodeRow, lineage } from "../../../platform/access.js";
import type { DbOrTx } from "../../../platform/db.js";
import { likePattern } from "../../../platform/sql.js";

const light = {
  id: epsNodes.id,
  parentId: epsNodes.parentId,
  kind: epsNodes.kind,
  name: epsNodes.name,
  key: epsNodes.key,
  order: epsNodes.sortOrder,
};

/** Tree reads, written for 20,000-node spaces: light columns only, one index range each. */
export class EpsRepo {
  constructor(private readonly db: DbOrTx) {}

  /**
   * The whole tree as light rows. `hasChildren` is derived from the rows themselves: a per-row EXISTS would cost a
   * probe for each of 20,000 nodes.
   */
  async all(spaceId: string): Promise<EpsRow[]> {
    const rows = await this.db
      .select(light)
      .from(epsNodes)
      .where(eq(epsNodes.spaceId, spaceId))
      .orderBy(asc(epsNodes.depth), asc(epsNodes.sortOrder));
    const parents = new Set<string>();
    for (const row of rows) if (row.parentId) parents.add(row.parentId);
    return rows.map((row) => ({ ...row, hasChildren: parents.has(row.id) }));
  }

  /** Children of one node (null: the roots), in their order. */
  async children(spaceId: string, parentId: string | null): Promise<EpsRow[]> {
    const child = sql`exists (select 1 from ${epsNodes} c where c.parent_id = ${epsNodes.id})`;
    return this.db
      .select({ ...light, hasChildren: sql<boolean>`${child}` })
      .from(epsNodes)
      .where(and(eq(epsNodes.spaceId, spaceId), parentId ? eq(epsNodes.parentId, parentId) : isNull(epsNodes.parentId)))
      .orderBy(asc(epsNodes.sortOrder));
  }

  /** Nodes whose name or key contains the text, and the ids of their ancestors (to expand the path to them). */
  async search(spaceId: string, text: string, limit = 200) {
    const pattern = likePattern(text);
    const rows = await this.db
      .select({
        ...light,
        path: epsNodes.path,
        hasChildren: sql<boolean>`exists (select 1 from ${epsNodes} c where c.parent_id = ${epsNodes.id})`,
      })
      .from(epsNodes)
      .where(
        and(
          eq(epsNodes.spaceId, spaceId),
          or(sql`${epsNodes.name} ilike ${pattern}`, sql`${epsNodes.key} ilike ${pattern}`),
        ),
      )
      .orderBy(asc(epsNodes.depth), asc(epsNodes.name))
      .limit(limit);
    const ancestorIds = new Set<string>();
    for (const row of rows) for (const id of lineage(row).slice(0, -1)) ancestorIds.add(id);
    return { nodes: rows.map(({ path: _path, ...row }) => row), ancestorIds: [...ancestorIds] };
  }

  /** The space of a node whatever the space (for links opened without one), or null. */
  async spaceOf(id: string): Promise<string | null> {
    const [row] = await this.db.select({ spaceId: epsNodes.spaceId }).from(epsNodes).where(eq(epsNodes.id, id));
    return row?.spaceId ?? null;
  }

  async hasChildren(id: string): Promise<boolean> {
    const [row] = await this.db.select({ id: epsNodes.id }).from(epsNodes).where(eq(epsNodes.parentId, id)).limit(1);
    return Boolean(row);
  }

  /** Nodes of a space by id (those of other spaces are not found). */
  nodes(spaceId: string, ids: string[]): Promise<EpsNodeRow[]> {
    return this.db
      .select()
      .from(epsNodes)
      .where(and(eq(epsNodes.spaceId, spaceId), inArray(epsNodes.id, ids)));
  }

  async byKey(spaceId: string, key: string): Promise<EpsNodeRow | null> {
    const [node] = await this.db
      .select()
      .from(epsNodes)
      .where(and(eq(epsNodes.spaceId, spaceId), eq(epsNodes.key, key)));
    return node ?? null;
  }

  /** The place after the last child of a parent (null: the roots). */
  async nextOrder(spaceId: string, parentId: string | null): Promise<number> {
    const [{ next }] = await this.db
      .select({ next: sql<number>`coalesce(max(${epsNodes.sortOrder}) + 1, 0)::int` })
      .from(epsNodes)
      .where(
        and(eq(epsNodes.spaceId, spaceId), parentId ? eq(epsNodes.parentId, parentId) : isNull(epsNodes.parentId)),
      );
    return next;
  }

  async insert(values: typeof epsNodes.$inferInsert): Promise<EpsNodeRow> {
    const [row] = await this.db.insert(epsNodes).values(values).returning();
    return row;
  }

  async update(spaceId: string, id: string, values: Partial<EpsNodeRow>): Promise<EpsNodeRow> {
    const [row] = await this.db
      .update(epsNodes)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(epsNodes.spaceId, spaceId), eq(epsNodes.id, id)))
      .returning();
    return row;
  }

  /** The sibling just before (up) or after (down) a node, or null at the edge. */
  async neighbour(node: EpsNodeRow, direction: "up" | "down"): Promise<EpsNodeRow | null> {
    const sameParent = node.parentId ? eq(epsNodes.parentId, node.parentId) : isNull(epsNodes.parentId);
    const [row] = await this.db
      .select()
      .from(epsNodes)
      .where(
        and(
          eq(epsNodes.spaceId, node.spaceId),
          sameParent,
          direction === "up" ? lt(epsNodes.sortOrder, node.sortOrder) : gt(epsNodes.sortOrder, node.sortOrder),
        ),
      )
      .orderBy(direction === "up" ? desc(epsNodes.sortOrder) : asc(epsNodes.sortOrder))
      .limit(1);
    return row ?? null;
  }

  /** Two siblings trade places. */
  async swapOrder(a: EpsNodeRow, b: EpsNodeRow) {
    await this.db.update(epsNodes).set({ sortOrder: b.sortOrder }).where(eq(epsNodes.id, a.id));
    await this.db.update(epsNodes).set({ sortOrder: a.sortOrder }).where(eq(epsNodes.id, b.id));
  }

  /** Gives the nodes the places 0, 1, 2… in this order (ids of one space, checked by the caller). */
  async reorder(ids: string[]) {
    for (const [position, id] of ids.entries())
      await this.db.update(epsNodes).set({ sortOrder: position }).where(eq(epsNodes.id, id));
  }

  /** Ids of a parent's children but one, in their order. */
  async siblingIds(spaceId: string, parentId: string | null, exceptId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: epsNodes.id })
      .from(epsNodes)
      .where(
        and(
          eq(epsNodes.spaceId, spaceId),
          parentId ? eq(epsNodes.parentId, parentId) : isNull(epsNodes.parentId),
          sql`${epsNodes.id} <> ${exceptId}`,
        ),
      )
      .orderBy(asc(epsNodes.sortOrder));
    return rows.map((row) => row.id);
  }

  /** Hangs a node and its subtree under a new parent: paths and depths rewritten in one statement. */
  async reparent(node: EpsNodeRow, parent: EpsNodeRow | null) {
    const newPath = `${parent?.path ?? "/"}${node.id}/`;
    const depthShift = (parent ? parent.depth + 1 : 0) - node.depth;
    await this.db
      .update(epsNodes)
      .set({
        path: sql`${newPath} || substr(${epsNodes.path}, ${node.path.length + 1})`,
        depth: sql`${epsNodes.depth} + ${depthShift}`,
      })
      .where(and(eq(epsNodes.spaceId, node.spaceId), subtreeOf([node])));
    await this.db
      .update(epsNodes)
      .set({ parentId: parent?.id ?? null, updatedAt: new Date() })
      .where(eq(epsNodes.id, node.id));
  }

  /**
   * Deletes whole subtrees with what hangs on them (schedules and attributes cascade; grants on their nodes and
   * schedules are removed here). Answers how many schedules went, and the stored files of their photos, which live in
   * the file store and are the caller's to remove once committed.
   */
  async deleteSubtrees(spaceId: string, nodes: EpsNodeRow[]) {
    const inside = this.db
      .select({ id: epsNodes.id })
      .from(epsNodes)
      .where(and(eq(epsNodes.spaceId, spaceId), subtreeOf(nodes)));
    const [{ scheduleCount }] = await this.db
      .select({ scheduleCount: sql<number>`count(*)::int` })
      .from(schedules)
      .where(and(eq(schedules.spaceId, spaceId), inArray(schedules.projectId, inside)));
    const scheduleIds = this.db
      .select({ id: schedules.id })
      .from(schedules)
      .where(inArray(schedules.projectId, inside));
    await this.db
      .delete(resourceGrants)
      .where(
        and(
          eq(resourceGrants.spaceId, spaceId),
          or(inArray(resourceGrants.resourceId, inside), inArray(resourceGrants.resourceId, scheduleIds)),
        ),
      );
    const photoFiles = await this.db
      .select({ fileId: epsPhotos.fileId })
      .from(epsPhotos)
      .where(and(eq(epsPhotos.spaceId, spaceId), inArray(epsPhotos.nodeId, inside)));
    // Deepest first is not needed: removing the subtree by path in one statement satisfies the parent FK at commit.
    await this.db.delete(epsNodes).where(and(eq(epsNodes.spaceId, spaceId), subtreeOf(nodes)));
    return { scheduleCount, photoFiles: photoFiles.map((row) => row.fileId) };
  }

  /** Nodes of the subtrees below the given nodes (themselves included). */
  async subtreeCount(spaceId: string, nodes: Pick<EpsNodeRow, "path">[]) {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(epsNodes)
      .where(and(eq(epsNodes.spaceId, spaceId), subtreeOf(nodes)));
    return row.count;
  }
}

/** A condition matching every node below (and including) any of the given nodes. */
export function subtreeOf(nodes: Pick<EpsNodeRow, "path">[]) {
  return or(...nodes.map((node) => sql`${epsNodes.path} like ${`${node.path}%`}`))!;
}

/** The stored passport: its fields were validated on the way in (texts, ISO dates, numbers). */
export function passportOf(node: EpsNodeRow): Passport {
  return node.passport as Passport;
}

export function toNodeDto(node: EpsNodeRow, hasChildren: boolean) {
  return {
    id: node.id,
    parentId: node.parentId,
    kind: node.kind,
    name: node.name,
    key: node.key,
    order: node.sortOrder,
    hasChildren,
    /** Ancestor ids from the root down, this node excluded. */
    ancestorIds: lineage(node).slice(0, -1),
    passport: passportOf(node),
    settings: node.settings,
    createdAt: node.createdAt.toISOString(),
    updatedAt: node.updatedAt.toISOString(),
  };
}
