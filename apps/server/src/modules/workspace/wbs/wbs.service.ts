import type { CreateWbsBody, UpdateWbsBody, WbsType } from "@planum/contracts";
import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { wbsItemFlags, wbsItems } from "../../../db/schema/index.js";
import type { VersionScope } from "../../../platform/access.js";
import type { Db } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import { execRows, intArray } from "../../../platform/sql.js";
import type { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { snapshotRelationsOf, snapshotWbs } from "../undo/undo.repo.js";
import {
  ancestors,
  findItem,
  lockRow,
  lockRows,
  orderAt,
  requireCalendar,
  requireSumParent,
  siblings,
  subtreeIds,
} from "./wbs.repo.js";
import { applyChange, editValues } from "./wbs-changes.js";
import { toWbsDto, treeOrder } from "./wbs-dto.js";

const ZERO_DURATION: WbsType[] = ["sum", "milestone_start", "milestone_finish"];

/** WBS items of a version: create, edit, change type, delete, find, count, passport, per-user flags. */
export class WbsService {
  constructor(private readonly deps: { db: Db; events: WorkspaceEvents }) {}

  /** Every row in tree order, or the children of one row (`parentId`, null = the root level). */
  async list(scope: VersionScope, parentId?: number | null) {
    const where =
      parentId === undefined
        ? eq(wbsItems.versionId, scope.version.id)
        : and(
            eq(wbsItems.versionId, scope.version.id),
            parentId === null ? isNull(wbsItems.parentId) : eq(wbsItems.parentId, parentId),
          );
    const rows = await this.deps.db
      .select()
      .from(wbsItems)
      .where(where)
      .orderBy(asc(wbsItems.sortOrder), asc(wbsItems.id));
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
        const [n] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(wbsItems)
          .where(eq(wbsItems.versionId, version.id));
        code = `${type === "sum" ? "WBS" : "A"}${(n.n + 1) * 10}`;
      }
      const [row] = await tx
        .insert(wbsItems)
        .values({
          ...fields,
          code,
          type,
          attrs: Object.fromEntries(Object.entries(attrs ?? {}).filter(([, v]) => v !== null)),
          spaceId: grant.space.id,
          versionId: version.id,
          parentId: parentId ?? null,
          sortOrder,
          duration: ZERO_DURATION.includes(type) ? 0 : (fields.duration ?? 8 * 60),
        })
        .returning();
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
    return applyChange(this.deps, scope, "undo_wbs", "update", async (tx) => {
      const row = await lockRow(tx, version.id, id, body.revision);
      await requireCalendar(tx, grant.space.id, body.calendarId);
      const { revision, ...fields } = body;
      const set = editValues(row, fields, version.dataDate ?? version.projectStart);
      const [updated] = await tx
        .update(wbsItems)
        .set({ ...set, revision: sql`${wbsItems.revision} + 1` })
        .where(eq(wbsItems.id, id))
        .returning();
      return {
        result: { item: toWbsDto(updated) },
        changed: [id],
        inverse: { wbs: { restore: [row], remove: [] } },
        itemCount: 1,
      };
    });
  }

  /** A sum keeps its type while it has children (they would lose their parent). */
  async updateType(scope: VersionScope, id: number, revision: number, type: WbsType) {
    const { version } = scope;
    return applyChange(this.deps, scope, "undo_wbs", "type", async (tx) => {
      const row = await lockRow(tx, version.id, id, revision);
      if (row.type === "sum" && type !== "sum") {
        const [child] = await tx.select({ id: wbsItems.id }).from(wbsItems).where(eq(wbsItems.parentId, id)).limit(1);
        if (child) throw new AppError("InvalidValue", { field: "type" });
      }
      const [updated] = await tx
        .update(wbsItems)
        .set({
          type,
          ...(ZERO_DURATION.includes(type) ? { duration: 0 } : row.duration === 0 ? { duration: 8 * 60 } : {}),
          revision: sql`${wbsItems.revision} + 1`,
        })
        .where(eq(wbsItems.id, id))
        .returning();
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
      for (let i = 0; i < ids.length; i += 10_000) {
        await tx.delete(wbsItems).where(inArray(wbsItems.id, ids.slice(i, i + 10_000)));
      }
      return {
        result: { deleted: ids },
        changed: [],
        deleted: ids,
        relationsDeleted: rels.map((r) => r.id),
        inverse: { wbs: { restore: rows, remove: [] }, relations: { restore: rels, remove: [] } },
        itemCount: ids.length,
      };
    });
  }

  async find(scope: VersionScope, text: string, limit: number) {
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await this.deps.db
      .select({
        id: wbsItems.id,
        code: wbsItems.code,
        name: wbsItems.name,
        type: wbsItems.type,
        parentId: wbsItems.parentId,
      })
      .from(wbsItems)
      .where(
        and(
          eq(wbsItems.versionId, scope.version.id),
          or(sql`${wbsItems.code} ilike ${pattern}`, sql`${wbsItems.name} ilike ${pattern}`),
        ),
      )
      .orderBy(asc(wbsItems.code), asc(wbsItems.id))
      .limit(limit);
    return rows;
  }

  async count(scope: VersionScope) {
    const rows = await this.deps.db
      .select({ type: wbsItems.type, n: sql<number>`count(*)::int` })
      .from(wbsItems)
      .where(eq(wbsItems.versionId, scope.version.id))
      .groupBy(wbsItems.type);
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
    const counts = await execRows(
      this.deps.db,
      sql`
      select (select count(*)::int from wbs_items where parent_id = ${id}) as children,
             (select count(*)::int from relations where successor_id = ${id}) as predecessors,
             (select count(*)::int from relations where predecessor_id = ${id}) as successors`,
    );
    const [c] = counts.rows as { children: number; predecessors: number; successors: number }[];
    return { item: toWbsDto(row), path: path.slice(0, -1), ...c };
  }

  async materialPath(scope: VersionScope, id: number) {
    const path = await ancestors(this.deps.db, scope.version.id, id);
    if (path.length === 0) throw new AppError("NotFound");
    return path;
  }

  async flags(scope: VersionScope) {
    const rows = await this.deps.db
      .select({ itemId: wbsItemFlags.itemId, expanded: wbsItemFlags.expanded, checked: wbsItemFlags.checked })
      .from(wbsItemFlags)
      .where(and(eq(wbsItemFlags.versionId, scope.version.id), eq(wbsItemFlags.userId, scope.grant.userId)));
    return {
      collapsed: rows.filter((r) => !r.expanded).map((r) => r.itemId),
      checked: rows.filter((r) => r.checked).map((r) => r.itemId),
    };
  }

  /** Stores the caller's expanded or checked flag of rows (only rows of this version are touched). */
  async setFlags(scope: VersionScope, flag: "expanded" | "checked", ids: number[], value: boolean) {
    const column = sql.raw(flag);
    const result = await execRows(
      this.deps.db,
      sql`
      insert into wbs_item_flags (user_id, item_id, version_id, ${column})
      select ${scope.grant.userId}::uuid, id, version_id, ${value} from wbs_items
      where version_id = ${scope.version.id} and id = any(${intArray(ids)}::int[])
      on conflict (user_id, item_id) do update set ${column} = excluded.${column}
      returning item_id`,
    );
    return { updated: result.rows.length };
  }
}
