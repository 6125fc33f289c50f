import {
  type AttributeAccess,
  type createDirectoryBody,
  type Directory,
  type DirectoryColumnBody,
  type directoryRowsQuery,
  EVENTS_PROTOCOL_VERSION,
  type InvalidDirectoryValue,
  type UpdateDirectoryBody,
  type UpdateDirectoryColumnBody,
  type updateAllRowsBody,
} from "@planum/contracts";
import type { z } from "zod";
import { abilitiesAt, type EpsNodeRow, type Grant, lineage, loadNode } from "../../platform/access.js";
import type { Db, DbOrTx } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import type { Realtime } from "../../platform/realtime.js";
import { isUniqueViolation } from "../../platform/sql.js";
import { type ColumnRecord, DirectoriesRepo, type DirectoryWithNode, type RowWrite } from "./directories.repo.js";
import { DirectoryTree, type TreeNode } from "./directory-tree.js";
import { invalidReason, parseRowValues, rowsCondition, surelyValidSql, toColumnDto } from "./directory-values.js";

type Action = "created" | "updated" | "rows" | "moved" | "deleted" | "access" | "links" | "relations";

/**
 * Directories kept on EPS nodes. A directory on a node is seen at that node and below it. Defining one (create,
 * rename, columns, move, copy, delete) needs attribute:admin; reading and changing its rows follow the attribute
 * abilities at the directory's node, which a role's own row for the directory replaces (as for attributes).
 */
export class DirectoriesService {
  constructor(private readonly deps: { db: Db; realtime: Realtime }) {}

  /** Every directory of the space the caller may read (the `/directories` screen's tree). */
  async all(grant: Grant): Promise<Directory[]> {
    return this.dtos(grant, await new DirectoriesRepo(this.deps.db).list(grant.space.id));
  }

  /** Directories seen at a node: kept on it or on one of its ancestors. */
  async atNode(grant: Grant, node: EpsNodeRow): Promise<Directory[]> {
    return this.dtos(grant, await new DirectoriesRepo(this.deps.db).list(grant.space.id, lineage(node)));
  }

  async get(grant: Grant, node: EpsNodeRow, id: string): Promise<Directory> {
    const { dto } = await this.seen(grant, node, id, true);
    return dto;
  }

  async create(grant: Grant, node: EpsNodeRow, body: z.output<typeof createDirectoryBody>) {
    this.requireAdmin(grant);
    const id = await this.deps.db.transaction(async (tx) => {
      const repo = new DirectoriesRepo(tx);
      const row = await repo.insert({ spaceId: grant.space.id, nodeId: node.id, name: body.name, kind: body.kind });
      await repo.insertColumns(
        (body.columns ?? []).map((column, index) => ({
          ...columnValues(column),
          directoryId: row.id,
          spaceId: grant.space.id,
          sortOrder: index,
        })),
      );
      return row.id;
    });
    this.changed(grant, id, node.id, "created");
    return this.get(grant, node, id);
  }

  async update(grant: Grant, node: EpsNodeRow, id: string, body: UpdateDirectoryBody) {
    this.requireAdmin(grant);
    const { directory } = await this.seen(grant, node, id);
    await new DirectoriesRepo(this.deps.db).update(grant.space.id, directory.id, body);
    this.changed(grant, directory.id, directory.nodeId, "updated");
    return this.get(grant, node, id);
  }

  /** Deletes a directory with its rows once the caller confirmed how many rows go; else ConfirmationRequired. */
  async delete(grant: Grant, node: EpsNodeRow, id: string, confirmCount: number | undefined) {
    this.requireAdmin(grant);
    const { directory } = await this.seen(grant, node, id);
    const rows = await this.deps.db.transaction(async (tx) => {
      const repo = new DirectoriesRepo(tx);
      const current = await repo.get(grant.space.id, directory.id);
      const count = current?.rowCount ?? 0;
      if (confirmCount !== count) throw new AppError("ConfirmationRequired", { count });
      await repo.delete(grant.space.id, directory.id);
      return count;
    });
    this.changed(grant, directory.id, directory.nodeId, "deleted");
    return { id: directory.id, rows };
  }

  /** Moves a directory to another node of the space; the target must be seen from the node it is managed at. */
  async moveTo(grant: Grant, node: EpsNodeRow, id: string, targetId: string) {
    this.requireAdmin(grant);
    const { directory } = await this.seen(grant, node, id);
    const target = await loadNode(this.deps.db, grant.space.id, targetId);
    await new DirectoriesRepo(this.deps.db).update(grant.space.id, directory.id, { nodeId: target.id });
    this.changed(grant, directory.id, target.id, "moved");
    return this.get(grant, target, directory.id);
  }

  /** Copies a directory (columns, rows, values) onto another node in one transaction. */
  async copyTo(grant: Grant, node: EpsNodeRow, id: string, body: { targetId: string; name?: string }) {
    this.requireAdmin(grant);
    const { directory } = await this.seen(grant, node, id);
    const target = await loadNode(this.deps.db, grant.space.id, body.targetId);
    const copyId = await this.deps.db.transaction(async (tx) => {
      const repo = new DirectoriesRepo(tx);
      const copy = await repo.insert({
        spaceId: grant.space.id,
        nodeId: target.id,
        name: body.name ?? directory.name,
        kind: directory.kind,
      });
      const columns = await repo.columns([directory.id]);
      const copied = await repo.insertColumns(
        columns.map((c) => ({
          ...columnValues(c),
          directoryId: copy.id,
          spaceId: grant.space.id,
          sortOrder: c.sortOrder,
          // the copied values are as doubtful as the originals
          valuesChecked: c.valuesChecked,
        })),
      );
      const columnIds = new Map(columns.map((c, index) => [c.id, copied[index].id]));
      const rows = await repo.rowsById(directory.id);
      const rowIds = new Map(rows.map((r) => [r.id, crypto.randomUUID()]));
      const writes: RowWrite[] = rows.map((r) => ({
        id: rowIds.get(r.id)!,
        parentId: r.parentId ? rowIds.get(r.parentId)! : null,
        code: r.code,
        name: r.name,
        sortKey: r.sortKey,
        depth: r.depth,
        values: Object.fromEntries(
          Object.entries(r.values).flatMap(([k, v]) => (columnIds.has(k) ? [[columnIds.get(k)!, v]] : [])),
        ),
      }));
      await repo.insertRows(grant.space.id, copy.id, writes);
      return copy.id;
    });
    this.changed(grant, copyId, target.id, "created");
    return this.get(grant, target, copyId);
  }

  async addColumn(grant: Grant, node: EpsNodeRow, id: string, body: DirectoryColumnBody) {
    this.requireAdmin(grant);
    const { directory, columns } = await this.seen(grant, node, id);
    if (columns.some((c) => c.name.toLowerCase() === body.name.toLowerCase()))
      throw new AppError("NameTaken", { field: "name" });
    await new DirectoriesRepo(this.deps.db).insertColumns([
      { ...columnValues(body), directoryId: directory.id, spaceId: grant.space.id, sortOrder: columns.length },
    ]);
    return this.touched(grant, node, directory, "updated");
  }

  async updateColumn(grant: Grant, node: EpsNodeRow, id: string, columnId: string, body: UpdateDirectoryColumnBody) {
    this.requireAdmin(grant);
    const { directory, columns } = await this.seen(grant, node, id);
    const column = columns.find((c) => c.id === columnId);
    if (!column) throw new AppError("NotFound");
    if (body.name && columns.some((c) => c.id !== column.id && c.name.toLowerCase() === body.name!.toLowerCase()))
      throw new AppError("NameTaken", { field: "name" });
    const type = body.type ?? column.type;
    const list = body.listValues ?? column.listValues;
    if (type === "list" && list.length === 0) throw new AppError("Required", { field: "listValues" });
    // Values that no longer fit stay stored: `values/invalid` lists them until someone fixes them.
    await new DirectoriesRepo(this.deps.db).updateColumn(column.id, {
      name: body.name ?? column.name,
      type,
      listValues: type === "list" ? list : [],
      settings: body.settings ? { ...column.settings, ...body.settings } : column.settings,
      valuesChecked: column.valuesChecked && type === column.type && column.listValues.every((v) => list.includes(v)),
    });
    return this.touched(grant, node, directory, "updated");
  }

  async deleteColumn(grant: Grant, node: EpsNodeRow, id: string, columnId: string) {
    this.requireAdmin(grant);
    const { directory, columns } = await this.seen(grant, node, id);
    if (!columns.some((c) => c.id === columnId)) throw new AppError("NotFound");
    await this.deps.db.transaction((tx) => new DirectoriesRepo(tx).deleteColumn(directory.id, columnId));
    return this.touched(grant, node, directory, "updated");
  }

  /** A page of rows in tree order, searched and filtered. */
  async rows(grant: Grant, node: EpsNodeRow, id: string, query: z.output<typeof directoryRowsQuery>) {
    const { directory, columns } = await this.seen(grant, node, id);
    const where = rowsCondition(new Map(columns.map((c) => [c.id, c])), query.search, query.filter);
    const page = await new DirectoriesRepo(this.deps.db).page(directory.id, where, query.offset, query.limit);
    return { total: page.total, offset: query.offset, rows: page.rows };
  }

  /** Creates, changes and deletes rows in one transaction, after checking the whole change. */
  async updateAll(grant: Grant, node: EpsNodeRow, id: string, body: z.output<typeof updateAllRowsBody>) {
    const { directory, columns, access } = await this.seen(grant, node, id);
    if (access !== "write") throw new AppError("Forbidden");
    const result = await this.deps.db.transaction(async (tx) => {
      const repo = new DirectoriesRepo(tx);
      return writeRows(repo, grant.space.id, directory.id, columns, body);
    });
    await new DirectoriesRepo(this.deps.db).update(grant.space.id, directory.id, {});
    this.changed(grant, directory.id, directory.nodeId, "rows");
    return result;
  }

  /** Stored values that do not fit their column any more, with the row and column they are in. */
  async invalidValues(grant: Grant, node: EpsNodeRow, id: string): Promise<InvalidDirectoryValue[]> {
    const { directory, columns } = await this.seen(grant, node, id);
    const byId = new Map(columns.map((c) => [c.id, c]));
    // a column whose values were all parsed against its definition holds none that do not fit
    const surely = new Map(columns.filter((c) => !c.valuesChecked).map((c) => [c.id, surelyValidSql(c)]));
    const out: InvalidDirectoryValue[] = [];
    for (const { id: rowId, code, columnId, value } of await new DirectoriesRepo(this.deps.db).doubtfulValues(
      directory.id,
      surely,
    )) {
      const column = byId.get(columnId);
      const error = column && invalidReason(column, value);
      if (column && error) out.push({ rowId, code, columnId, column: column.name, value, error });
    }
    return out;
  }

  /** Sets (or with null removes) a role's own access to a directory's rows (roles:write). */
  async setAccess(grant: Grant, node: EpsNodeRow, id: string, roleId: string, access: AttributeAccess | null) {
    if (!grant.abilities.includes("roles:write")) throw new AppError("Forbidden");
    const { directory } = await this.seen(grant, node, id);
    const repo = new DirectoriesRepo(this.deps.db);
    if (!(await repo.role(grant.space.id, roleId))) throw new AppError("NotFound", { field: "roleId" });
    await repo.setAccess(grant.space.id, roleId, directory.id, access);
    this.changed(grant, directory.id, directory.nodeId, "access");
    return this.get(grant, node, id);
  }

  /**
   * A directory seen at the node, with its columns and the caller's access; 404 when not seen or not readable. The
   * rows are counted (`dto.rowCount`) only when `counted`: the calls on rows do not answer the count.
   */
  async seen(grant: Grant, node: EpsNodeRow, id: string, counted = false) {
    return this.seenAt(grant, lineage(node), id, counted);
  }

  /** The same, seen from a place given by its lineage (a version's schedule: the project's ancestors and itself). */
  async seenAt(grant: Grant, place: string[], id: string, counted = false) {
    const repo = new DirectoriesRepo(this.deps.db);
    const directory = await repo.get(grant.space.id, id, counted);
    if (!directory || !place.includes(directory.nodeId)) throw new AppError("NotFound");
    const columns = await repo.columns([directory.id]);
    const access = (await this.accessTo(grant, [directory])).get(directory.id)!;
    if (access === "none") throw new AppError("NotFound");
    return { directory, columns, access, dto: toDto(directory, columns, access, this.isAdmin(grant)) };
  }

  private async touched(grant: Grant, node: EpsNodeRow, directory: DirectoryWithNode, action: Action) {
    await new DirectoriesRepo(this.deps.db).update(grant.space.id, directory.id, {});
    this.changed(grant, directory.id, directory.nodeId, action);
    return this.get(grant, node, directory.id);
  }

  private async dtos(grant: Grant, list: DirectoryWithNode[]): Promise<Directory[]> {
    const access = await this.accessTo(grant, list);
    const readable = list.filter((d) => access.get(d.id) !== "none");
    const columns = await new DirectoriesRepo(this.deps.db).columns(readable.map((d) => d.id));
    return readable.map((d) =>
      toDto(
        d,
        columns.filter((c) => c.directoryId === d.id),
        access.get(d.id)!,
        this.isAdmin(grant),
      ),
    );
  }

  /** The caller's access to each directory: owners write; the attribute abilities at its node; a role's row wins. */
  private async accessTo(grant: Grant, list: DirectoryWithNode[], db: DbOrTx = this.deps.db) {
    const result = new Map<string, AttributeAccess>();
    if (grant.role === "owner") {
      for (const d of list) result.set(d.id, "write");
      return result;
    }
    const own = grant.roleId
      ? new Map(
          (
            await new DirectoriesRepo(db).accessRows(
              grant.roleId,
              list.map((d) => d.id),
            )
          ).map((r) => [r.directoryId, r.access]),
        )
      : new Map<string, AttributeAccess>();
    const byNode = new Map<string, string[]>();
    for (const d of list) {
      const nodeLineage = d.nodePath.split("/").filter(Boolean);
      const key = nodeLineage.join("/");
      if (!byNode.has(key)) byNode.set(key, await abilitiesAt(db, grant, nodeLineage));
      const abilities = byNode.get(key)!;
      const base: AttributeAccess = abilities.includes("attribute:write")
        ? "write"
        : abilities.includes("attribute:read")
          ? "read"
          : "none";
      result.set(d.id, own.get(d.id) ?? base);
    }
    return result;
  }

  private isAdmin(grant: Grant) {
    return grant.role === "owner" || grant.abilities.includes("attribute:admin");
  }

  private requireAdmin(grant: Grant) {
    if (!this.isAdmin(grant)) throw new AppError("Forbidden");
  }

  /** Directories seen from a lineage that the caller may read, with their columns. */
  async readableAt(grant: Grant, place: string[]) {
    const list = await new DirectoriesRepo(this.deps.db).list(grant.space.id, place);
    const access = await this.accessTo(grant, list);
    const readable = list.filter((d) => access.get(d.id) !== "none");
    const columns = await new DirectoriesRepo(this.deps.db).columns(readable.map((d) => d.id));
    return readable.map((d) => ({ directory: d, columns: columns.filter((c) => c.directoryId === d.id) }));
  }

  changed(
    grant: Grant,
    directoryId: string,
    nodeId: string,
    action: Action,
    links?: { versionId: string; itemIds: number[] },
  ) {
    this.deps.realtime.toSpace({
      v: EVENTS_PROTOCOL_VERSION,
      type: "directory_updated",
      spaceId: grant.space.id,
      byUserId: grant.userId,
      directoryId,
      nodeId,
      action,
      ...links,
    });
  }
}

function columnValues(column: Pick<ColumnRecord, "name" | "type"> & { listValues?: string[]; settings?: object }) {
  return {
    name: column.name,
    type: column.type,
    listValues: column.type === "list" ? (column.listValues ?? []) : [],
    settings: (column.settings ?? {}) as Record<string, unknown>,
  };
}

function toDto(d: DirectoryWithNode, columns: ColumnRecord[], access: AttributeAccess, canAdmin: boolean): Directory {
  return {
    id: d.id,
    nodeId: d.nodeId,
    nodeName: d.nodeName,
    name: d.name,
    kind: d.kind,
    columns: columns.map(toColumnDto),
    rowCount: d.rowCount,
    access,
    canAdmin,
    updatedAt: d.updatedAt.toISOString(),
  };
}

/**
 * The change of `update/all` against the whole tree: deletions (with descendants), then changes, then new rows;
 * every value checked, codes unique, no row under its own descendant — the first refusal names its row and nothing
 * is written. Answers what was written.
 */
export async function writeRows(
  repo: DirectoriesRepo,
  spaceId: string,
  directoryId: string,
  columnList: ColumnRecord[],
  body: z.output<typeof updateAllRowsBody>,
  /** How errors name a row: by default its code; an upload names the file's row. */
  label: (kind: "create" | "update", index: number, code: string) => string = (_kind, _index, code) => code,
) {
  const columns = new Map(columnList.map((c) => [c.id, c]));
  const tree = new DirectoryTree(await repo.skeletonForChange(directoryId));
  body.delete.forEach((rowId, index) => {
    if (!tree.has(rowId)) throw new AppError("NotFound", { field: `delete.${index}` });
  });
  const deleted = tree.remove(body.delete);
  const stored = new Map(
    (
      await repo.rowsById(
        directoryId,
        body.update.map((u) => u.id),
      )
    ).map((r) => [r.id, r]),
  );
  const changed = new Map<string, { name: string; values: Record<string, string | number | boolean> }>();
  body.update.forEach((change, index) => {
    const node = tree.nodes.get(change.id);
    const row = stored.get(change.id);
    if (!node || !row) throw new AppError("NotFound", { field: `update.${index}.id` });
    if (change.code !== undefined) node.code = change.code;
    if (change.parentId !== undefined) node.parentId = change.parentId;
    node.label = label("update", index, node.code);
    const base = changed.get(row.id) ?? { name: row.name, values: row.values };
    changed.set(row.id, {
      name: change.name ?? base.name,
      values: change.values
        ? parseRowValues(columns, change.values, base.values, node.label, `update.${index}.values`)
        : base.values,
    });
  });
  const refs = new Map<string, string>();
  const created = body.create.map((row) => {
    const id = crypto.randomUUID();
    if (row.ref) refs.set(row.ref, id);
    return id;
  });
  const fresh = new Map<string, { name: string; values: Record<string, string | number | boolean> }>();
  body.create.forEach((row, index) => {
    const parentId = row.parentRef !== undefined ? refs.get(row.parentRef) : row.parentId;
    const rowLabel = label("create", index, row.code);
    if (row.parentRef !== undefined && !parentId)
      throw new AppError("InvalidParent", { field: `create.${index}.parentRef`, row: rowLabel });
    const node: TreeNode = { id: created[index], parentId: parentId ?? null, code: row.code, label: rowLabel };
    tree.nodes.set(node.id, node);
    fresh.set(node.id, {
      name: row.name,
      values: parseRowValues(columns, row.values ?? {}, {}, rowLabel, `create.${index}.values`),
    });
  });
  const moved = tree.settle();

  const write = (id: string, data: { name: string; values: Record<string, string | number | boolean> }): RowWrite => {
    const node = tree.nodes.get(id)!;
    const place = DirectoryTree.placeOf(node, moved);
    return { id, parentId: node.parentId, code: node.code, name: data.name, ...place, values: data.values };
  };
  const updates = [...changed].map(([id, data]) => write(id, data));
  const inserts = [...fresh].map(([id, data]) => write(id, data));
  const placed = [...moved]
    .filter(([id]) => !changed.has(id) && !fresh.has(id))
    .map(([id, place]) => ({ id, ...place }));
  try {
    await repo.deleteRows(directoryId, body.delete);
    await repo.updateRows(directoryId, updates);
    await repo.placeRows(directoryId, placed);
    await repo.insertRows(spaceId, directoryId, inserts);
  } catch (error) {
    // Two requests writing one code at once: the index refuses the later one.
    if (isUniqueViolation(error)) throw new AppError("DirectoryCodeTaken", { code: "", row: "" });
    throw error;
  }
  return {
    created: body.create.map((row, index) => ({ ref: row.ref ?? null, id: created[index] })),
    updated: updates.length,
    deleted: deleted.length,
    rowCount: tree.nodes.size,
  };
}
