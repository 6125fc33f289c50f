import type { BimPrimitive, CreateBimPrimitiveBody, UpdateBimPrimitiveBody } from "@planum/contracts";
import { type Grant, lineage, loadNode, type NodeScope, requireAt } from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import type { DbOrTx } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import * as repo from "./bim-primitives.repo.js";

/**
 * Primitive 3D models of a structure node (issue 20): shapes on the node's site plan, each tied to works of the
 * schedules at or under the node — as model elements are by a link — so the 4D player and the Gantt colour them.
 * Reading needs eps:read at the node, changing eps:write; a create or change is one transaction, refused whole when
 * a work is not of the node's schedules (`BimPrimitiveWork`).
 */
export class BimPrimitivesService {
  constructor(private readonly deps: Pick<AppContext, "db">) {}

  /** The node's shapes; with its ancestors', the root's first (reading the structure is space-wide). */
  list(scope: NodeScope, withAncestors = false): Promise<BimPrimitive[]> {
    const nodes = withAncestors ? lineage(scope.node) : [scope.node.id];
    return repo.listPrimitives(this.deps.db, scope.grant.space.id, nodes);
  }

  async one(scope: NodeScope, id: string): Promise<BimPrimitive> {
    const [found] = await repo.listPrimitives(this.deps.db, scope.grant.space.id, scope.node.id, id);
    if (!found) throw new AppError("NotFound");
    return found;
  }

  async create(grant: Grant, body: CreateBimPrimitiveBody): Promise<BimPrimitive> {
    const spaceId = grant.space.id;
    const id = await this.deps.db.transaction(async (tx) => {
      const node = await this.writableNode(tx, grant, body.epsId);
      const itemIds = await this.checkedWorks(tx, spaceId, node.path, body.itemIds);
      const created = await repo.insertPrimitive(tx, spaceId, grant.userId, body);
      await repo.setWorks(tx, created, itemIds);
      return created;
    });
    return this.found(spaceId, body.epsId, id);
  }

  async update(grant: Grant, body: UpdateBimPrimitiveBody): Promise<BimPrimitive> {
    const spaceId = grant.space.id;
    await this.deps.db.transaction(async (tx) => {
      const node = await this.writableNode(tx, grant, body.epsId);
      if (!(await repo.updatePrimitive(tx, spaceId, body))) throw new AppError("NotFound");
      if (body.itemIds) await repo.setWorks(tx, body.id, await this.checkedWorks(tx, spaceId, node.path, body.itemIds));
    });
    return this.found(spaceId, body.epsId, body.id);
  }

  async remove(scope: NodeScope, id: string) {
    if (!(await repo.deletePrimitive(this.deps.db, scope.grant.space.id, scope.node.id, id)))
      throw new AppError("NotFound");
    return null;
  }

  /** The node named in a body, where the caller holds eps:write (a node of another space answers 404). */
  private async writableNode(db: DbOrTx, grant: Grant, epsId: string) {
    const node = await loadNode(db, grant.space.id, epsId);
    await requireAt(db, grant, "eps:write", lineage(node));
    return node;
  }

  private async checkedWorks(db: DbOrTx, spaceId: string, nodePath: string, itemIds: number[]) {
    const wanted = [...new Set(itemIds)];
    const found = await repo.worksUnderNode(db, spaceId, nodePath, wanted);
    const missing = wanted.find((id) => !found.has(id));
    if (missing !== undefined) throw new AppError("BimPrimitiveWork", { work: String(missing) });
    return wanted;
  }

  private async found(spaceId: string, epsId: string, id: string) {
    const [found] = await repo.listPrimitives(this.deps.db, spaceId, epsId, id);
    if (!found) throw new AppError("NotFound");
    return found;
  }
}
