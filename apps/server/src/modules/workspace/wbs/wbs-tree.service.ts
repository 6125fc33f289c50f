import type { MoveWbsBody } from "@planum/contracts";
import type { VersionScope } from "../../../platform/access.js";
import type { Db } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import type { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { snapshotRelationsOf } from "../undo/undo.repo.js";
import {
  deleteItems,
  existingIds,
  findItem,
  lockChildren,
  lockRow,
  orderAt,
  placeItem,
  requireSumParent,
  siblings,
  subtreeIds,
} from "./wbs.repo.js";
import { applyChange } from "./wbs-changes.js";
import { copyWbsRows } from "./wbs-copy.repo.js";
import type { WbsRow } from "./wbs-dto.js";

/** Moving rows around the tree (spec §4: up, down, left, right, elsewhere), dissolving sums and copying subtrees. */
export class WbsTreeService {
  constructor(private readonly deps: { db: Db; events: WorkspaceEvents }) {}

  async move(scope: VersionScope, id: number, body: MoveWbsBody) {
    const versionId = scope.version.id;
    return applyChange(this.deps, scope, "undo_wbs", "move", async (tx) => {
      const row = await lockRow(tx, versionId, id, body.revision);
      const before: WbsRow[] = [row];
      const list = (await siblings(tx, versionId, row.parentId)).filter((s) => s.id !== id);
      const index = (await siblings(tx, versionId, row.parentId)).findIndex((s) => s.id === id);
      if ("direction" in body) {
        if (body.direction === "up" || body.direction === "down") {
          const to = body.direction === "up" ? index - 1 : index + 1;
          if (to < 0 || to > list.length) throw new AppError("InvalidMove");
          await placeItem(tx, id, row.parentId, orderAt(list, to));
        } else if (body.direction === "left") {
          // Outdent: the row becomes its parent's next sibling.
          if (row.parentId === null) throw new AppError("InvalidMove");
          const parent = (await findItem(tx, versionId, row.parentId))!;
          const outer = (await siblings(tx, versionId, parent.parentId)).filter((s) => s.id !== id);
          await placeItem(tx, id, parent.parentId, orderAt(outer, outer.findIndex((s) => s.id === parent.id) + 1));
        } else {
          // Indent: the row becomes the last child of the sum right above it.
          const above = list[index - 1];
          if (above?.type !== "sum") throw new AppError("InvalidMove");
          const inner = await siblings(tx, versionId, above.id);
          await placeItem(tx, id, above.id, orderAt(inner, inner.length));
        }
      } else {
        await requireSumParent(tx, versionId, body.parentId);
        if (body.parentId !== null) {
          const inside = await subtreeIds(tx, versionId, [id]);
          if (inside.includes(body.parentId)) throw new AppError("InvalidMove");
        }
        const target = (await siblings(tx, versionId, body.parentId)).filter((s) => s.id !== id);
        await placeItem(tx, id, body.parentId, orderAt(target, body.index ?? target.length));
      }
      return { result: { id }, changed: [id], inverse: { wbs: { restore: before, remove: [] } }, itemCount: 1 };
    });
  }

  /** Dissolves a sum: its children take its place under its parent, in their order; the sum goes. */
  async dissolve(scope: VersionScope, id: number, revision: number) {
    const versionId = scope.version.id;
    return applyChange(this.deps, scope, "undo_wbs", "dissolve", async (tx) => {
      const row = await lockRow(tx, versionId, id, revision);
      if (row.type !== "sum") throw new AppError("InvalidValue", { field: "type" });
      const children = await lockChildren(tx, id);
      children.sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
      const outer = await siblings(tx, versionId, row.parentId);
      const at = outer.findIndex((s) => s.id === id);
      const low = row.sortOrder;
      const high = at + 1 < outer.length ? outer[at + 1].sortOrder : low + 1;
      const step = (high - low) / (children.length + 1);
      for (let k = 0; k < children.length; k++) await placeItem(tx, children[k].id, row.parentId, low + step * (k + 1));
      const rels = await snapshotRelationsOf(tx, [id]);
      await deleteItems(tx, [id]);
      return {
        result: { moved: children.map((c) => c.id) },
        changed: children.map((c) => c.id),
        deleted: [id],
        relationsDeleted: rels.map((r) => r.id),
        inverse: { wbs: { restore: [row, ...children], remove: [] }, relations: { restore: rels, remove: [] } },
        itemCount: children.length + 1,
      };
    });
  }

  /** Copies rows with their subtrees and the relations among them under a sum (or the root), after a sibling. */
  async copy(scope: VersionScope, body: { ids: number[]; parentId: number | null; afterId?: number }) {
    const { grant, version } = scope;
    return applyChange(this.deps, scope, "undo_wbs", "copy", async (tx) => {
      const found = await existingIds(tx, version.id, body.ids);
      if (found.length !== new Set(body.ids).size) throw new AppError("NotFound");
      await requireSumParent(tx, version.id, body.parentId);
      const list = await siblings(tx, version.id, body.parentId);
      const at = body.afterId ? list.findIndex((s) => s.id === body.afterId) : list.length - 1;
      if (body.afterId && at < 0) throw new AppError("InvalidParent");
      const low = at >= 0 ? list[at].sortOrder : 0;
      const high = at + 1 < list.length ? list[at + 1].sortOrder : low + body.ids.length + 1;
      const copied = await copyWbsRows(tx, {
        spaceId: grant.space.id,
        fromVersionId: version.id,
        toVersionId: version.id,
        ids: body.ids,
        rootParentId: body.parentId,
        rootOrderStart: low,
        rootOrderStep: (high - low) / (body.ids.length + 1),
      });
      const created = await subtreeIds(tx, version.id, copied.topIds);
      return {
        result: { ids: copied.topIds, count: copied.count },
        changed: created,
        inverse: { wbs: { restore: [], remove: copied.topIds } },
        itemCount: copied.count,
      };
    });
  }
}
