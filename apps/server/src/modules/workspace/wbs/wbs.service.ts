import {
  type AttributeDto,
  type AttributeValue,
  type CreateWbsBody,
  parseAttributeValue,
  type UpdateWbsBody,
  type WbsType,
} from "@planum/contracts";
import type { VersionScope } from "../../../platform/access.js";
import type { Db } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import type { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { snapshotPeopleOf, snapshotRelationsOf, snapshotWbs, snapshotWdpOf } from "../undo/undo.repo.js";
import { snapshotDirectoryOf } from "../undo/undo-directory.js";
import {
  ancestors,
  countByType,
  countItems,
  deleteItems,
  findItem,
  hasChild,
  insertItem,
  itemCounts,
  listItems,
  lockRow,
  lockRows,
  orderAt,
  requireCalendar,
  requireSumParent,
  searchItems,
  setUserFlags,
  siblings,
  subtreeIds,
  updateItem,
  userFlags,
} from "./wbs.repo.js";
import { applyChange, editMayMoveDates, editValues } from "./wbs-changes.js";
import { toWbsDto, treeOrder } from "./wbs-dto.js";

const ZERO_DURATION: WbsType[] = ["sum", "milestone_start", "milestone_finish"];

/** WBS items of a version: create, edit, change type, delete, find, count, passport, per-user flags. */
export class WbsService {
  constructor(
    private readonly deps: {
      db: Db;
      events: WorkspaceEvents;
      /** The work attributes applying in the version's schedule, with the caller's access to each. */
      workAttributes?: (scope: VersionScope) => Promise<AttributeDto[]>;
    },
  ) {}

  /**
   * Values of the schedule's work attributes are checked by the attribute's type (numbers with comma decimals, the
   * spec's dates, list entries…) and stored as parsed; the caller needs write access to the attribute. Keys that are
   * no defined attribute (values read from an imported file) are kept as they are.
   */
  private async checkedAttrs(scope: VersionScope, attrs: Record<string, AttributeValue> | undefined) {
    if (!attrs || !this.deps.workAttributes || Object.keys(attrs).length === 0) return attrs;
    const defined = new Map((await this.deps.workAttributes(scope)).map((a) => [a.id, a]));
    const out: Record<string, AttributeValue> = {};
    for (const [key, value] of Object.entries(attrs)) {
      const attribute = defined.get(key);
      if (!attribute) {
        out[key] = value;
        continue;
      }
      if (attribute.access !== "write") throw new AppError("Forbidden", { field: `attrs.${key}` });
      const parsed = parseAttributeValue(attribute.type, value, attribute.listValues);
      if (!parsed.ok) throw new AppError(parsed.code, { field: `attrs.${key}` });
      out[key] = parsed.value;
    }
    return out;
  }

  /** Every row in tree order, or the children of one row (`parentId`, null = the root level). */
  async list(scope: VersionScope, parentId?: number | null) {
    const rows = await listItems(this.deps.db, scope.version.id, parentId);
    if (parentId !== undefined) return rows.map(toWbsDto);
    const order = treeOrder(
      rows.map((r) => r.id),
      rows.map((r) => r.parentId ?? -1),
      rows.map((r) => r.sortOrder),
    );
    return order.map((i) => toWbsDto(rows[i]));
  }

  async get(scope: VersionScope, id: number) {
    const row = await findItem(this.deps.db, scope.version.id, id);
    if (!row) throw new AppError("NotFound");
    return toWbsDto(row);
  }

  async create(scope: VersionScope, body: CreateWbsBody) {
    const { grant, version } = scope;
    const checked = await this.checkedAttrs(scope, body.attrs);
    return applyChange(this.deps, scope, "undo_wbs", "create", async (tx) => {
      await requireSumParent(tx, version.id, body.parentId);
      await requireCalendar(tx, grant.space.id, body.calendarId);
      const list = await siblings(tx, version.id, body.parentId ?? null);
      const at = body.afterId ? list.findIndex((s) => s.id === body.afterId) : -1;
      if (body.afterId && at < 0) throw new AppError("InvalidParent");
      const sortOrder = orderAt(list, at < 0 ? list.length : at + 1);
      const { parentId, afterId, type, attrs, ...fields } = body;
      let code = fields.code;
      if (!code) {
        const n = await countItems(tx, version.id);
        code = `${type === "sum" ? "WBS" : "A"}${(n + 1) * 10}`;
      }
      const row = await insertItem(tx, {
        ...fields,
        code,
        type,
        attrs: Object.fromEntries(Object.entries(checked ?? attrs ?? {}).filter(([, v]) => v !== null)),
        spaceId: grant.space.id,
        versionId: version.id,
        parentId: parentId ?? null,
        sortOrder,
        duration: ZERO_DURATION.includes(type) ? 0 : (fields.duration ?? 8 * 60),
      });
      return {
        result: { item: toWbsDto(row) },
        changed: [row.id],
        inverse: { wbs: { restore: [], remove: [row.id] } },
        itemCount: 1,
      };
    });
  }

  async update(scope: VersionScope, id: number, body: UpdateWbsBody) {
    const { grant, version } = scope;
    const attrs = await this.checkedAttrs(scope, body.attrs);
    return applyChange(
      this.deps,
      scope,
      "undo_wbs",
      "update",
      async (tx) => {
        const row = await lockRow(tx, version.id, id, body.revision);
        await requireCalendar(tx, grant.space.id, body.calendarId);
        const { revision, ...rest } = body;
        const fields = attrs ? { ...rest, attrs } : rest;
        const set = editValues(row, fields, version.dataDate ?? version.projectStart);
        const updated = await updateItem(tx, id, set);
        return {
          result: { item: toWbsDto(updated) },
          changed: [id],
          inverse: { wbs: { restore: [row], remove: [] } },
          itemCount: 1,
        };
      },
      { datesMayMove: editMayMoveDates(body) },
    );
  }

  /** A sum keeps its type while it has children (they would lose their parent). */
  async updateType(scope: VersionScope, id: number, revision: number, type: WbsType) {
    const { version } = scope;
    return applyChange(this.deps, scope, "undo_wbs", "type", async (tx) => {
      const row = await lockRow(tx, version.id, id, revision);
      if (row.type === "sum" && type !== "sum") {
        const child = await hasChild(tx, id);
        if (child) throw new AppError("InvalidValue", { field: "type" });
      }
      const updated = await updateItem(tx, id, {
        type,
        ...(ZERO_DURATION.includes(type) ? { duration: 0 } : row.duration === 0 ? { duration: 8 * 60 } : {}),
      });
      return {
        result: { item: toWbsDto(updated) },
        changed: [id],
        inverse: { wbs: { restore: [row], remove: [] } },
        itemCount: 1,
      };
    });
  }

  /** Deletes rows with their subtrees and relations; undo brings all of them back under their old ids. */
  async delete(scope: VersionScope, refs: { id: number; revision: number }[]) {
    const { version } = scope;
    return applyChange(this.deps, scope, "undo_wbs", "delete", async (tx) => {
      await lockRows(tx, version.id, refs);
      const ids = await subtreeIds(
        tx,
        version.id,
        refs.map((r) => r.id),
      );
      const rows = await snapshotWbs(tx, ids);
      const rels = await snapshotRelationsOf(tx, ids);
      const wdp = await snapshotWdpOf(tx, scope.grant.space.id, version.id, ids);
      const people = await snapshotPeopleOf(tx, version.id, ids);
      const directory = await snapshotDirectoryOf(tx, version.id, ids);
      await deleteItems(tx, ids);
      return {
        result: { deleted: ids },
        changed: [],
        deleted: ids,
        relationsDeleted: rels.map((r) => r.id),
        inverse: {
          wbs: { restore: rows, remove: [] },
          relations: { restore: rels, remove: [] },
          ...(wdp ? { wdp } : {}),
          ...(people ? { people } : {}),
          ...(directory ? { directory } : {}),
        },
        itemCount: ids.length,
      };
    });
  }

  async find(scope: VersionScope, text: string, limit: number) {
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return searchItems(this.deps.db, scope.version.id, pattern, limit);
  }

  async count(scope: VersionScope) {
    const rows = await countByType(this.deps.db, scope.version.id);
    const byType: Record<string, number> = {
      sum: 0,
      task: 0,
      work: 0,
      milestone_start: 0,
      milestone_finish: 0,
      draft: 0,
    };
    for (const row of rows) byType[row.type] = row.n;
    return { total: rows.reduce((sum, row) => sum + row.n, 0), byType };
  }

  /** The item's card: its fields, where it sits, how many children and relations it has. */
  async passport(scope: VersionScope, id: number) {
    const row = await findItem(this.deps.db, scope.version.id, id);
    if (!row) throw new AppError("NotFound");
    const path = await ancestors(this.deps.db, scope.version.id, id);
    const c = await itemCounts(this.deps.db, id);
    return { item: toWbsDto(row), path: path.slice(0, -1), ...c };
  }

  async materialPath(scope: VersionScope, id: number) {
    const path = await ancestors(this.deps.db, scope.version.id, id);
    if (path.length === 0) throw new AppError("NotFound");
    return path;
  }

  async flags(scope: VersionScope) {
    const rows = await userFlags(this.deps.db, scope.version.id, scope.grant.userId);
    return {
      collapsed: rows.filter((r) => !r.expanded).map((r) => r.itemId),
      checked: rows.filter((r) => r.checked).map((r) => r.itemId),
    };
  }

  /** Stores the caller's expanded or checked flag of rows (only rows of this version are touched). */
  async setFlags(scope: VersionScope, flag: "expanded" | "checked", ids: number[], value: boolean) {
    const updated = await setUserFlags(this.deps.db, scope.version.id, scope.grant.userId, flag, ids, value);
    return { updated };
  }
}
