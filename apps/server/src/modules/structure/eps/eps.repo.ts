import type { EpsRow, Passport } from "@planum/contracts";
import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import { epsNodes } from "../../../db/schema/index.js";
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
