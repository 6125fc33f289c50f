import { randomUUID } from "node:crypto";
import type { EpsKind, Passport } from "@planum/contracts";
import { type EpsNodeRow, type Grant, lineage, loadNode, type NodeScope, requireAt } from "../../../platform/access.js";
import type { Db, DbOrTx } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import type { Realtime } from "../../../platform/realtime.js";
import { isUniqueViolation } from "../../../platform/sql.js";
import type { Storage } from "../../../platform/storage.js";
import { epsUpdated } from "../structure-events.js";
import { EpsRepo, toNodeDto } from "./eps.repo.js";

/** Which kinds may hang below which: nodes group nodes and facilities, facilities hold projects. */
const ALLOWED_PARENTS: Record<EpsKind, (EpsKind | null)[]> = {
  node: [null, "node"],
  facility: [null, "node"],
  project: ["facility"],
};

export interface EpsDeps {
  db: Db;
  realtime: Realtime;
  storage: Storage;
}

export class EpsService {
  constructor(private readonly deps: EpsDeps) {}

  /** Whole light tree; `parentId` for one level (root: "root"); `search` for matches and their ancestors. */
  async list(grant: Grant, query: { parentId?: string; search?: string }) {
    const repo = new EpsRepo(this.deps.db);
    const { parentId, search } = query;
    if (search) return repo.search(grant.space.id, search);
    if (parentId) {
      if (parentId !== "root") await loadNode(this.deps.db, grant.space.id, parentId);
      return { nodes: await repo.children(grant.space.id, parentId === "root" ? null : parentId) };
    }
    return { nodes: await repo.all(grant.space.id) };
  }

  /** The node as answers show it. */
  async describe(node: EpsNodeRow) {
    return toNodeDto(node, await new EpsRepo(this.deps.db).hasChildren(node.id));
  }

  /** The space a node belongs to (for links opened without a space), or null. */
  spaceOf(id: string) {
    return new EpsRepo(this.deps.db).spaceOf(id);
  }

  async create(grant: Grant, kind: EpsKind, body: { parentId?: string | null; name: string; key?: string }) {
    const db = this.deps.db;
    const parent = body.parentId ? await loadNode(db, grant.space.id, body.parentId) : null;
    if (!ALLOWED_PARENTS[kind].includes(parent?.kind ?? null)) throw new AppError("InvalidParent");
    await requireAt(db, grant, "eps:write", parent ? lineage(parent) : []);
    const id = randomUUID();
    try {
      const node = await db.transaction(async (tx) => {
        const repo = new EpsRepo(tx);
        return repo.insert({
          id,
          spaceId: grant.space.id,
          parentId: parent?.id ?? null,
          kind,
          name: body.name,
          key: body.key ?? null,
          sortOrder: await repo.nextOrder(grant.space.id, parent?.id ?? null),
          path: `${parent?.path ?? "/"}${id}/`,
          depth: parent ? parent.depth + 1 : 0,
          createdBy: grant.userId,
        });
      });
      epsUpdated(this.deps.realtime, grant, "created", [node.id], [node.parentId]);
      return toNodeDto(node, false);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("KeyTaken", { field: "key" });
      throw error;
    }
  }

  private async update(grant: Grant, node: EpsNodeRow, values: Partial<EpsNodeRow>, action: "updated" = "updated") {
    const repo = new EpsRepo(this.deps.db);
    const row = await repo.update(grant.space.id, node.id, values);
    epsUpdated(this.deps.realtime, grant, action, [row.id], [row.parentId]);
    return toNodeDto(row, await repo.hasChildren(row.id));
  }

  // The methods below take a node the caller may change (the route's access `node("eps:write")` loaded it).

  async rename({ grant, node }: NodeScope, name: string) {
    return this.update(grant, node, { name });
  }

  async setPassport({ grant, node }: NodeScope, passport: Passport) {
    return (await this.update(grant, node, { passport })).passport;
  }

  /** Merges settings of a facility or project (absent fields keep their value). */
  async patchSettings({ grant, node }: NodeScope, settings: Record<string, unknown>) {
    return this.update(grant, node, { settings: { ...node.settings, ...settings } });
  }

  /** Merges a project's settings, refusing a planned finish before its planned start. */
  async patchProjectSettings(scope: NodeScope, settings: Record<string, unknown>) {
    const merged = { ...scope.node.settings, ...settings };
    if (merged.plannedStart && merged.plannedFinish && String(merged.plannedFinish) < String(merged.plannedStart))
      throw new AppError("InvalidDate", { field: "settings.plannedFinish" });
    return this.patchSettings(scope, settings);
  }

  async setKey({ grant, node }: NodeScope, key: string) {
    if (!(await this.keyFree(grant.space.id, key, node.id))) throw new AppError("KeyTaken", { field: "key" });
    try {
      return { key: (await this.update(grant, node, { key })).key };
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("KeyTaken", { field: "key" });
      throw error;
    }
  }

  /** Whether the key could be set on the node: a taken key answers `valid: false` with its code. */
  async checkKey({ grant, node }: NodeScope, key: string) {
    const free = await this.keyFree(grant.space.id, key, node.id);
    return { valid: free, ...(free ? {} : { code: "KeyTaken" as const }) };
  }

  async keyFree(spaceId: string, key: string, exceptId?: string): Promise<boolean> {
    const row = await new EpsRepo(this.deps.db).byKey(spaceId, key);
    return !row || row.id === exceptId;
  }

  async byKey(grant: Grant, key: string) {
    const repo = new EpsRepo(this.deps.db);
    const node = await repo.byKey(grant.space.id, key);
    if (!node) throw new AppError("NotFound");
    return toNodeDto(node, await repo.hasChildren(node.id));
  }

  /** Swaps the node with its previous (up) or next (down) sibling; at the edge nothing moves. */
  async shift({ grant, node }: NodeScope, direction: "up" | "down") {
    const siblings = await this.deps.db.transaction(async (tx) => {
      const repo = new EpsRepo(tx);
      const neighbour = await repo.neighbour(node, direction);
      if (neighbour) await repo.swapOrder(node, neighbour);
      return repo.children(grant.space.id, node.parentId);
    });
    epsUpdated(this.deps.realtime, grant, "moved", [node.id], [node.parentId]);
    return siblings;
  }

  /**
   * Moves a node (with its subtree) under another parent, where its kind may hang, at a position among the new
   * siblings. The subtree's materialised paths and depths are rewritten in one statement, in one transaction.
   */
  async move({ grant, node }: NodeScope, parentId: string | null, index?: number) {
    const db = this.deps.db;
    const parent = parentId ? await loadNode(db, grant.space.id, parentId) : null;
    if (!ALLOWED_PARENTS[node.kind].includes(parent?.kind ?? null)) throw new AppError("InvalidParent");
    if (parent?.path.startsWith(node.path)) throw new AppError("InvalidParent");
    if (parent) await requireAt(db, grant, "eps:write", lineage(parent));
    const siblings = await db.transaction(async (tx) => {
      const repo = new EpsRepo(tx);
      const order = await repo.siblingIds(grant.space.id, parent?.id ?? null, node.id);
      order.splice(Math.min(index ?? order.length, order.length), 0, node.id);
      await repo.reparent(node, parent);
      await repo.reorder(order);
      return repo.children(grant.space.id, parent?.id ?? null);
    });
    epsUpdated(this.deps.realtime, grant, "moved", [node.id], [node.parentId, parent?.id ?? null]);
    return siblings;
  }

  /**
   * Deletes whole subtrees (nodes, their schedules, attributes defined on them, values, comments, grants) in one
   * transaction, only when the caller confirmed the current count; otherwise answers ConfirmationRequired(count).
   */
  async deleteNodes(grant: Grant, ids: string[], confirmCount: number | undefined, kinds?: EpsKind[]) {
    const db = this.deps.db;
    const nodes = await new EpsRepo(db).nodes(grant.space.id, [...new Set(ids)]);
    if (nodes.length !== new Set(ids).size || (kinds && nodes.some((n) => !kinds.includes(n.kind))))
      throw new AppError("NotFound");
    for (const node of nodes) await requireAt(db, grant, "eps:write", lineage(node));
    const result = await db.transaction(async (tx) => {
      const repo = new EpsRepo(tx);
      const count = await repo.subtreeCount(grant.space.id, nodes);
      if (confirmCount !== count) throw new AppError("ConfirmationRequired", { count });
      return { deleted: count, ...(await repo.deleteSubtrees(grant.space.id, nodes)) };
    });
    for (const fileId of result.photoFiles) await this.deps.storage.remove(db, fileId);
    epsUpdated(
      this.deps.realtime,
      grant,
      "deleted",
      nodes.map((n) => n.id),
      nodes.map((n) => n.parentId),
    );
    return { deleted: result.deleted, schedules: result.scheduleCount };
  }

  /** How many nodes and schedules deleting these nodes would remove (for the confirmation dialog). */
  async deleteCount(grant: Grant, ids: string[], db: DbOrTx = this.deps.db) {
    const repo = new EpsRepo(db);
    const nodes = await repo.nodes(grant.space.id, ids);
    if (nodes.length !== new Set(ids).size) throw new AppError("NotFound");
    return { count: await repo.subtreeCount(grant.space.id, nodes) };
  }
}
