import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  directories,
  directoryAccess,
  directoryColumns,
  directoryRows,
  epsNodes,
  roles,
} from "../../db/schema/index.js";
import type { DbOrTx } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import { execColumns, execRows, intArray, nullableArray, textArray } from "../../platform/sql.js";

/** Rows as columns (an upload's), their values apart (`ValueColumn`). */
export interface RowColumns {
  id: string[];
  parentId: (string | null)[];
  code: string[];
  name: string[];
  sortKey: string[];
  depth: number[];
}

/** One directory column's values of rows given as columns: null leaves the value out (or clears it). */
export interface ValueColumn {
  columnId: string;
  /** The array's element type: numbers as float8, booleans as bool, texts (strings, dates, list entries) as text. */
  type: "float8" | "bool" | "text";
  values: (string | number | boolean | null)[];
}

export type DirectoryRowRecord = typeof directories.$inferSelect;
export type ColumnRecord = typeof directoryColumns.$inferSelect;
export type StoredValue = string | number | boolean;
export type StoredValues = Record<string, StoredValue>;
export interface DirectoryWithNode extends DirectoryRowRecord {
  nodeName: string;
  nodePath: string;
  rowCount: number;
}

/** The rows of a directory as columns (id, parent, code), to check a change against the whole tree in memory. */
export interface Skeleton {
  id: string[];
  parentId: (string | null)[];
  code: string[];
  sortKey: string[];
  depth: number[];
}

/** A row as written: its place in the tree is computed by the service. */
export interface RowWrite {
  id: string;
  parentId: string | null;
  code: string;
  name: string;
  sortKey: string;
  depth: number;
  values: StoredValues;
}

/**
 * Rows of an upload to a statement: array parameters of a few MB; a larger statement spills its unnest to a
 * temporary file on the embedded database.
 */
const ROWS_PER_STATEMENT = 25_000;

/** Uuids (and nulls) as an array literal: they never need quotes. */
const uuidArray = (ids: readonly (string | null)[]) => `{${ids.map((id) => id ?? "NULL").join(",")}}`;

const valueNames = (values: ValueColumn[]) => sql.raw(values.map((_, k) => `, c${k}`).join(""));

function valueArrays(values: ValueColumn[], part: <T>(list: T[]) => T[]) {
  return sql.join(
    values.map((v) => {
      const list = part(v.values);
      const literal =
        v.type === "text" ? textArray(list as (string | null)[]) : nullableArray(list as (number | boolean | null)[]);
      return sql`, ${literal}::${sql.raw(v.type)}[]`;
    }),
  );
}

/**
 * The values map of a row from `base` and the columns' arrays (`v.c0`, `v.c1`… in `values`' order): a value given
 * replaces the base's, a null clears it (stored values are never null). 40 pairs to a `jsonb_build_object` (a
 * function takes at most 100 arguments).
 */
function valuesMap(values: ValueColumn[], base: SQL): SQL {
  if (values.length === 0) return base;
  const objects: SQL[] = [];
  for (let from = 0; from < values.length; from += 40) {
    const pairs = values.slice(from, from + 40).map((v, k) => sql`${v.columnId}::text, ${sql.raw(`v.c${from + k}`)}`);
    objects.push(sql`jsonb_build_object(${sql.join(pairs, sql`, `)})`);
  }
  return sql`jsonb_strip_nulls(${base} || ${sql.join(objects, sql` || `)})`;
}

/** Directories, their columns, rows and per-role access; every query is filtered by space. */
export class DirectoriesRepo {
  constructor(private readonly db: DbOrTx) {}

  /** Directories of the space (on the given nodes when named), with their node and row count. */
  async list(spaceId: string, nodeIds?: string[]): Promise<DirectoryWithNode[]> {
    if (nodeIds && nodeIds.length === 0) return [];
    const rows = await this.db
      .select({
        directory: directories,
        nodeName: epsNodes.name,
        nodePath: epsNodes.path,
        rowCount: sql<number>`(select count(*)::int from ${directoryRows} where ${directoryRows.directoryId} = ${directories.id})`,
      })
      .from(directories)
      .innerJoin(epsNodes, eq(epsNodes.id, directories.nodeId))
      .where(and(eq(directories.spaceId, spaceId), nodeIds ? inArray(directories.nodeId, nodeIds) : undefined))
      .orderBy(asc(epsNodes.path), asc(directories.name), asc(directories.id));
    return rows.map((r) => ({ ...r.directory, nodeName: r.nodeName, nodePath: r.nodePath, rowCount: r.rowCount }));
  }

  /**
   * A directory of the space with its node; `rowCount` counted only when asked (counting 100,000 rows is a third of
   * a searched page's time on the embedded database), else 0.
   */
  async get(spaceId: string, id: string, counted = true): Promise<DirectoryWithNode | undefined> {
    const rows = await this.db
      .select({
        directory: directories,
        nodeName: epsNodes.name,
        nodePath: epsNodes.path,
        rowCount: counted
          ? sql<number>`(select count(*)::int from ${directoryRows} where ${directoryRows.directoryId} = ${directories.id})`
          : sql<number>`0`,
      })
      .from(directories)
      .innerJoin(epsNodes, eq(epsNodes.id, directories.nodeId))
      .where(and(eq(directories.spaceId, spaceId), eq(directories.id, id)));
    const row = rows[0];
    return row && { ...row.directory, nodeName: row.nodeName, nodePath: row.nodePath, rowCount: row.rowCount };
  }

  async columns(directoryIds: string[]): Promise<ColumnRecord[]> {
    if (directoryIds.length === 0) return [];
    return this.db
      .select()
      .from(directoryColumns)
      .where(inArray(directoryColumns.directoryId, directoryIds))
      .orderBy(asc(directoryColumns.sortOrder), asc(directoryColumns.id));
  }

  async insert(values: typeof directories.$inferInsert) {
    const [row] = await this.db.insert(directories).values(values).returning();
    return row;
  }

  async update(spaceId: string, id: string, set: Partial<Pick<DirectoryRowRecord, "name" | "kind" | "nodeId">>) {
    await this.db
      .update(directories)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(directories.spaceId, spaceId), eq(directories.id, id)));
  }

  async delete(spaceId: string, id: string) {
    await this.db.delete(directories).where(and(eq(directories.spaceId, spaceId), eq(directories.id, id)));
  }

  async insertColumns(values: (typeof directoryColumns.$inferInsert)[]) {
    if (values.length === 0) return [];
    // a new column holds no values yet: all of them will be parsed against it
    return this.db
      .insert(directoryColumns)
      .values(values.map((v) => ({ ...v, valuesChecked: v.valuesChecked ?? true })))
      .returning();
  }

  async updateColumn(
    id: string,
    set: Partial<Pick<ColumnRecord, "name" | "type" | "listValues" | "settings" | "valuesChecked">>,
  ) {
    await this.db.update(directoryColumns).set(set).where(eq(directoryColumns.id, id));
  }

  /** Deletes a column and its values in every row. */
  async deleteColumn(directoryId: string, columnId: string) {
    await this.db.delete(directoryColumns).where(eq(directoryColumns.id, columnId));
    await this.db
      .update(directoryRows)
      .set({ values: sql`${directoryRows.values} - ${columnId}::text` })
      .where(and(eq(directoryRows.directoryId, directoryId), sql`${directoryRows.values} ? ${columnId}::text`));
  }

  async accessRows(roleId: string, directoryIds: string[]) {
    if (directoryIds.length === 0) return [];
    return this.db
      .select()
      .from(directoryAccess)
      .where(and(eq(directoryAccess.roleId, roleId), inArray(directoryAccess.directoryId, directoryIds)));
  }

  async role(spaceId: string, roleId: string) {
    const [role] = await this.db
      .select()
      .from(roles)
      .where(and(eq(roles.spaceId, spaceId), eq(roles.id, roleId)));
    return role;
  }

  async setAccess(spaceId: string, roleId: string, directoryId: string, access: "none" | "read" | "write" | null) {
    if (access === null) {
      await this.db
        .delete(directoryAccess)
        .where(and(eq(directoryAccess.roleId, roleId), eq(directoryAccess.directoryId, directoryId)));
      return;
    }
    await this.db
      .insert(directoryAccess)
      .values({ roleId, directoryId, spaceId, access })
      .onConflictDoUpdate({ target: [directoryAccess.roleId, directoryAccess.directoryId], set: { access } });
  }

  /**
   * Every row's place in the tree, as columns (one JSON value: 100,000 rows cross in one piece), read to change the
   * rows: the directory's row is locked first, so until the transaction ends no other writer changes the tree and
   * the directory is not deleted. Rows keep no foreign keys to their directory or parent: what a writer places from
   * this tree is what the keys checked. NotFound when the directory is gone.
   */
  async skeletonForChange(directoryId: string): Promise<Skeleton> {
    const locked = await execRows(this.db, sql`select 1 from directories where id = ${directoryId} for no key update`);
    if (locked.rows.length === 0) throw new AppError("NotFound");
    return execColumns<Skeleton>(
      this.db,
      sql`select json_build_object(
        'id', coalesce(json_agg(id), '[]'), 'parentId', coalesce(json_agg(parent_id), '[]'),
        'code', coalesce(json_agg(code), '[]'), 'sortKey', coalesce(json_agg(sort_key), '[]'),
        'depth', coalesce(json_agg(depth), '[]')) as j
        from directory_rows where directory_id = ${directoryId}`,
    );
  }

  /** Rows whole (for changes to some of them, copies and checks). */
  async rowsById(directoryId: string, ids?: string[]) {
    if (ids && ids.length === 0) return [];
    return this.db
      .select()
      .from(directoryRows)
      .where(
        and(
          eq(directoryRows.directoryId, directoryId),
          ids ? sql`${directoryRows.id} = any(${textArray(ids)}::uuid[])` : undefined,
        ),
      );
  }

  async deleteRows(directoryId: string, ids: string[]) {
    if (ids.length === 0) return;
    await this.db
      .delete(directoryRows)
      .where(
        and(eq(directoryRows.directoryId, directoryId), sql`${directoryRows.id} = any(${textArray(ids)}::uuid[])`),
      );
  }

  /** Inserts rows (placed by the caller from `skeletonForChange`), 5,000 to a statement. */
  async insertRows(spaceId: string, directoryId: string, rows: RowWrite[]) {
    for (let start = 0; start < rows.length; start += 5000) {
      const part = rows.slice(start, start + 5000);
      await this.db.execute(sql`insert into directory_rows
        (id, directory_id, space_id, parent_id, code, name, sort_key, depth, values)
        select id, ${directoryId}::uuid, ${spaceId}::uuid, parent_id, code, name, sort_key, depth, values
        from unnest(${textArray(part.map((r) => r.id))}::uuid[], ${textArray(part.map((r) => r.parentId))}::uuid[],
          ${textArray(part.map((r) => r.code))}::text[], ${textArray(part.map((r) => r.name))}::text[],
          ${textArray(part.map((r) => r.sortKey))}::text[], ${intArray(part.map((r) => r.depth))}::int[],
          ${textArray(part.map((r) => JSON.stringify(r.values)))}::jsonb[])
          as v(id, parent_id, code, name, sort_key, depth, values)`);
    }
  }

  /**
   * Inserts rows given as columns (placed by the caller from `skeletonForChange`), 25,000 to an
   * `insert … select from unnest(…)`: the values map is built by the database from one array per column, so
   * no JSON is written, quoted or parsed per row.
   */
  async insertRowColumns(spaceId: string, directoryId: string, rows: RowColumns, values: ValueColumn[]) {
    for (let start = 0; start < rows.id.length; start += ROWS_PER_STATEMENT) {
      const end = Math.min(rows.id.length, start + ROWS_PER_STATEMENT);
      const part = <T>(list: T[]) => (start === 0 && end === list.length ? list : list.slice(start, end));
      await this.db.execute(sql`insert into directory_rows
          (id, directory_id, space_id, parent_id, code, name, sort_key, depth, values)
        select id, ${directoryId}::uuid, ${spaceId}::uuid, parent_id, code, name, sort_key, depth,
          ${valuesMap(values, sql`'{}'::jsonb`)}
        from unnest(${uuidArray(part(rows.id))}::uuid[], ${uuidArray(part(rows.parentId))}::uuid[],
          ${textArray(part(rows.code))}::text[], ${textArray(part(rows.name))}::text[],
          ${textArray(part(rows.sortKey))}::text[], ${intArray(part(rows.depth))}::int[]
          ${valueArrays(values, part)}) as v(id, parent_id, code, name, sort_key, depth ${valueNames(values)})`);
    }
  }

  /**
   * Changes existing rows from columns (an upload's): a name given replaces the name, the parent (when `parentId`
   * is given at all) and the place are set, and the values given are merged in — a null clears its key.
   */
  async mergeRowColumns(
    directoryId: string,
    rows: Omit<RowColumns, "code" | "name" | "parentId"> & {
      name: (string | null)[];
      parentId: (string | null)[] | null;
    },
    values: ValueColumn[],
  ) {
    for (let start = 0; start < rows.id.length; start += ROWS_PER_STATEMENT) {
      const end = Math.min(rows.id.length, start + ROWS_PER_STATEMENT);
      const part = <T>(list: T[]) => list.slice(start, end);
      const parent = rows.parentId ? sql`v.parent_id` : sql`r.parent_id`;
      await this.db.execute(sql`update directory_rows r set parent_id = ${parent}, name = coalesce(v.name, r.name),
          sort_key = v.sort_key, depth = v.depth, values = ${valuesMap(values, sql`r.values`)}
        from unnest(${uuidArray(part(rows.id))}::uuid[], ${uuidArray(rows.parentId ? part(rows.parentId) : [])}::uuid[],
          ${textArray(part(rows.name))}::text[], ${textArray(part(rows.sortKey))}::text[],
          ${intArray(part(rows.depth))}::int[] ${valueArrays(values, part)})
          as v(id, parent_id, name, sort_key, depth ${valueNames(values)})
        where r.directory_id = ${directoryId} and r.id = v.id`);
    }
  }

  /**
   * Rewrites rows whole. Codes move in two steps (first to a code no row can have, then to their own), so two rows
   * swapping codes never meet on the unique index mid-statement.
   */
  async updateRows(directoryId: string, rows: RowWrite[]) {
    for (let start = 0; start < rows.length; start += 5000) {
      const part = rows.slice(start, start + 5000);
      const ids = textArray(part.map((r) => r.id));
      await this.db.execute(sql`update directory_rows set code = E'\\x01' || id::text
        where directory_id = ${directoryId} and id = any(${ids}::uuid[])`);
      await this.db.execute(sql`update directory_rows r set parent_id = v.parent_id, code = v.code, name = v.name,
          sort_key = v.sort_key, depth = v.depth, values = v.values
        from unnest(${ids}::uuid[], ${textArray(part.map((r) => r.parentId))}::uuid[],
          ${textArray(part.map((r) => r.code))}::text[], ${textArray(part.map((r) => r.name))}::text[],
          ${textArray(part.map((r) => r.sortKey))}::text[], ${intArray(part.map((r) => r.depth))}::int[],
          ${textArray(part.map((r) => JSON.stringify(r.values)))}::jsonb[])
          as v(id, parent_id, code, name, sort_key, depth, values)
        where r.directory_id = ${directoryId} and r.id = v.id`);
    }
  }

  /** Moves rows in the tree only (their codes and values stay). */
  async placeRows(directoryId: string, rows: { id: string; sortKey: string; depth: number }[]) {
    for (let start = 0; start < rows.length; start += 5000) {
      const part = rows.slice(start, start + 5000);
      await this.db.execute(sql`update directory_rows r set sort_key = v.sort_key, depth = v.depth
        from unnest(${textArray(part.map((r) => r.id))}::uuid[], ${textArray(part.map((r) => r.sortKey))}::text[],
          ${intArray(part.map((r) => r.depth))}::int[]) as v(id, sort_key, depth)
        where r.directory_id = ${directoryId} and r.id = v.id`);
    }
  }

  /**
   * One page of rows in tree order, with whether each has children, and how many rows the condition keeps. With a
   * condition (a search or filter, which no index answers) the directory is read once for both; without, the page is
   * an offset into the order index.
   */
  async page(directoryId: string, where: ReturnType<typeof sql> | undefined, offset: number, limit: number) {
    const rows = (from: SQL, order: SQL) => sql`coalesce((select json_agg(p) from (
          select r.id, r.parent_id as "parentId", r.code, r.name, r.depth, r.values,
            exists (select 1 from directory_rows c where c.parent_id = r.id) as "hasChildren"
          from ${from} order by ${order} offset ${offset} limit ${limit}) p), '[]')`;
    const query = where
      ? sql`with hit as materialized (select r.id, r.sort_key from directory_rows r
            where r.directory_id = ${directoryId} and ${where})
          select json_build_object('total', (select count(*) from hit),
            'rows', ${rows(sql`hit join directory_rows r on r.id = hit.id`, sql`hit.sort_key collate "C"`)}) as j`
      : sql`select json_build_object(
            'total', (select count(*) from directory_rows r where r.directory_id = ${directoryId}),
            'rows', ${rows(sql`directory_rows r where r.directory_id = ${directoryId}`, sql`r.sort_key collate "C"`)}) as j`;
    const result = await execColumns<{
      total: number;
      rows: {
        id: string;
        parentId: string | null;
        code: string;
        name: string;
        depth: number;
        hasChildren: boolean;
        values: StoredValues;
      }[];
    }>(this.db, query);
    return result;
  }

  /**
   * The stored values the database cannot vouch for (`surelyValid` per column: a condition on `e.value`), with their
   * row, in tree order: what the check of values against their columns still has to read.
   */
  async doubtfulValues(directoryId: string, surelyValid: Map<string, SQL>) {
    if (surelyValid.size === 0) return [];
    const cases = [...surelyValid].map(([id, condition]) => sql`when ${id}::text then ${condition}`);
    const result = await execColumns<{ id: string; code: string; columnId: string; value: StoredValue }[] | null>(
      this.db,
      sql`select json_agg(d) as j from (
        select r.id, r.code, e.key as "columnId", e.value from directory_rows r, jsonb_each(r.values) e
        where r.directory_id = ${directoryId} and r.values <> '{}'::jsonb
          and not (case e.key ${sql.join(cases, sql` `)} else true end)
        order by r.sort_key collate "C") d`,
    );
    return result ?? [];
  }
}
