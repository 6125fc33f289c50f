import { createHash, randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import type { BackupScope } from "@planum/contracts";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import { execRows } from "../../platform/sql.js";
import { objectKey, type Storage } from "../../platform/storage.js";
import { columnList, ident, type Scope, type ScopeTable } from "./backup-graph.js";

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

const FORMAT = "planum-backup";
const FORMAT_VERSION = 1;

type Row = Record<string, unknown>;

interface BackupHeader {
  format: typeof FORMAT;
  version: typeof FORMAT_VERSION;
  scope: BackupScope;
  rootId: string;
  spaceId: string;
  createdAt: string;
  /** Rows per table, as the list and the preview show them. */
  counts: Record<string, number>;
}

/**
 * A backup: its header, each table's rows as the JSON text the database wrote (never parsed on the way back in, so
 * numbers and JSON values return to the byte), and the bytes of the space's documents.
 */
export interface BackupContents {
  header: BackupHeader;
  tables: Map<string, string>;
  files: Map<string, Buffer>;
}

/** Columns of the space's own row a restore puts back: its licence and deletion are today's, not the backup's. */
const SPACE_COLUMNS_RESTORED = ["name", "type", "demo", "settings"];

/** Reads every row of the scope; `progress` hears the share read (0–1) after each table. */
export async function captureScope(
  db: DbOrTx,
  storage: Storage,
  scope: Scope,
  meta: { rootId: string; spaceId: string },
  progress: (share: number) => Promise<void>,
): Promise<BackupContents> {
  const tables = new Map<string, string>();
  const files = new Map<string, Buffer>();
  const counts: Record<string, number> = {};
  for (const [index, table] of scope.tables.entries()) {
    const order = table.info.primaryKey.length > 0 ? table.info.primaryKey : table.info.columns;
    const { rows } = await execRows(
      db,
      sql`select count(*)::int as n,
                 coalesce(json_agg(to_json(t) order by ${columnList(order, "t")}), '[]'::json)::text as rows
            from ${ident(table.info.name)} t where ${table.where}`,
    );
    const { n, rows: text } = rows[0] as { n: number; rows: string };
    tables.set(table.info.name, text);
    counts[table.info.name] = n;
    if (table.info.name === "stored_files") {
      for (const file of JSON.parse(text) as { id: string; area: "documents" }[]) {
        const bytes = await storage.store.get(objectKey(file));
        if (bytes) files.set(file.id, bytes);
      }
    }
    await progress((index + 1) / scope.tables.length);
  }
  const header: BackupHeader = {
    format: FORMAT,
    version: FORMAT_VERSION,
    scope: scope.scope,
    rootId: meta.rootId,
    spaceId: meta.spaceId,
    createdAt: new Date().toISOString(),
    counts,
  };
  return { header, tables, files };
}

/** What the target holds today, per table of the scope. */
export async function countScope(db: DbOrTx, scope: Scope): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of scope.tables) {
    const { rows } = await execRows(
      db,
      sql`select count(*)::int as n from ${ident(table.info.name)} t where ${table.where}`,
    );
    counts[table.info.name] = (rows[0] as { n: number }).n;
  }
  return counts;
}

/**
 * The file: the header as one line of JSON, then records `T <table> <bytes>\n<rows JSON>\n` and
 * `F <file id> <bytes>\n<bytes>\n`, gzipped. Lengths, not separators, delimit the records, so any text fits.
 */
export async function packBackup(contents: BackupContents): Promise<Buffer> {
  const parts: Buffer[] = [Buffer.from(`${JSON.stringify(contents.header)}\n`)];
  const record = (kind: "T" | "F", name: string, body: Buffer) => {
    parts.push(Buffer.from(`${kind} ${name} ${body.length}\n`), body, Buffer.from("\n"));
  };
  for (const [name, text] of contents.tables) record("T", name, Buffer.from(text));
  for (const [id, bytes] of contents.files) record("F", id, bytes);
  return gzipAsync(Buffer.concat(parts));
}

/**
 * The backup's contents from its file, or BackupDamaged: bytes that do not match the checksum written with them, that
 * do not unzip or parse, or that are not a backup of this space and scope.
 */
export async function unpackBackup(
  bytes: Buffer | null,
  checksum: string,
  expect: { scope: BackupScope; spaceId: string },
): Promise<BackupContents> {
  if (!bytes || createHash("sha256").update(bytes).digest("hex") !== checksum) throw new AppError("BackupDamaged");
  try {
    const raw = await gunzipAsync(bytes);
    let at = raw.indexOf(10);
    const header = JSON.parse(raw.subarray(0, at).toString("utf8")) as BackupHeader;
    if (
      header?.format !== FORMAT ||
      header.version !== FORMAT_VERSION ||
      header.scope !== expect.scope ||
      header.spaceId !== expect.spaceId
    ) {
      throw new Error("not a backup of this space");
    }
    const tables = new Map<string, string>();
    const files = new Map<string, Buffer>();
    at++;
    while (at < raw.length) {
      const end = raw.indexOf(10, at);
      const [kind, name, size] = raw.subarray(at, end).toString("utf8").split(" ");
      const length = Number(size);
      if (end < 0 || !Number.isInteger(length) || end + 1 + length > raw.length) throw new Error("cut short");
      const body = raw.subarray(end + 1, end + 1 + length);
      if (kind === "T") tables.set(name, body.toString("utf8"));
      else if (kind === "F") files.set(name, Buffer.from(body));
      else throw new Error("unknown record");
      at = end + 1 + length + 1;
    }
    return { header, tables, files };
  } catch {
    throw new AppError("BackupDamaged");
  }
}

export interface RestoreOutcome {
  rows: number;
  /** Saved rows left out because what they hung on is gone (a user deleted since): as a deletion would have done. */
  skipped: number;
  /** The restored target: the saved one, or the new copy. */
  targetId: string;
  /** Documents the restore no longer holds: their objects go once the transaction has committed. */
  removedFileKeys: string[];
  /** A copy's documents: saved id → the copy's id, whose object `putCopiedFiles` writes. */
  fileIds: Map<string, string>;
}

/**
 * Puts the scope back as the backup holds it, inside the caller's transaction: today's rows of the scope are
 * deleted (children first), then the saved rows inserted (parents first). A saved row whose parent outside the
 * scope is gone is treated as the deletion of that parent would have treated it: dropped (cascade) or its reference
 * emptied (set null). The space's own row is updated, never deleted.
 */
export async function replaceScope(
  tx: DbOrTx,
  storage: Storage,
  scope: Scope,
  contents: BackupContents,
): Promise<RestoreOutcome> {
  const removedFileKeys: string[] = [];
  for (const table of [...scope.tables].reverse()) {
    const name = table.info.name;
    if (name === "spaces") continue;
    const rows = contents.tables.get(name) ?? "[]";
    const files = name === "stored_files";
    const deleted = await execRows(
      tx,
      sql`delete from ${ident(name)} t where ${table.where}${files ? sql` returning t.area, t.id` : sql``}`,
    );
    if (files) {
      for (const row of deleted.rows as { area: "documents"; id: string }[]) {
        if (!contents.files.has(row.id)) removedFileKeys.push(objectKey(row));
      }
    }
    // A saved row may live outside the scope today (a schedule moved to another project): it comes back here.
    if (scope.scope !== "space" && table.info.primaryKey.length > 0 && (contents.header.counts[name] ?? 0) > 0) {
      const key = table.info.primaryKey;
      await execRows(
        tx,
        sql`delete from ${ident(name)} t where (${columnList(key, "t")}) in
              (select ${columnList(key, "r")} from json_populate_recordset(null::${ident(name)}, ${rows}::json) r)`,
      );
    }
  }
  let inserted = 0;
  let total = 0;
  for (const table of scope.tables) {
    const name = table.info.name;
    const rows = contents.tables.get(name) ?? "[]";
    total += contents.header.counts[name] ?? 0;
    if (name === "spaces") {
      inserted += await restoreSpaceRow(tx, rows);
      continue;
    }
    inserted += await insertRows(tx, table, rows);
  }
  for (const [id, bytes] of contents.files) {
    // Objects still there hold the same bytes (an object never changes under its id).
    const key = objectKey({ area: "documents", id });
    if (!(await storage.store.get(key))) await storage.store.put(key, bytes, "application/octet-stream");
  }
  return {
    rows: inserted,
    skipped: total - inserted,
    targetId: contents.header.rootId,
    removedFileKeys,
    fileIds: new Map(),
  };
}

async function restoreSpaceRow(tx: DbOrTx, rows: string) {
  const assignments = SPACE_COLUMNS_RESTORED.map((column) => sql`${ident(column)} = r.${ident(column)}`);
  const { rows: answer } = await execRows(
    tx,
    sql`update spaces s set ${sql.join(assignments, sql`, `)}
          from json_populate_recordset(null::spaces, ${rows}::json) r where s.id = r.id returning 1`,
  );
  return answer.length;
}

/**
 * Inserts saved rows of one table (a JSON array) in one statement, so a tree's rows may come in any order (foreign
 * keys are checked at the statement's end); references are checked against what exists now (see replaceScope).
 * Answers how many went in.
 */
async function insertRows(tx: DbOrTx, table: ScopeTable, rows: string): Promise<number> {
  if (rows === "[]") return 0;
  const name = table.info.name;
  const values = table.info.columns.map((column) => {
    const nullable = table.parents.find(
      (key) => key.onDelete === "n" && key.columns.length === 1 && key.columns[0] === column,
    );
    if (!nullable) return sql`r.${ident(column)}`;
    return sql`case when exists (select 1 from ${ident(nullable.parent)} p
                                 where p.${ident(nullable.parentColumns[0])} = r.${ident(column)})
                    then r.${ident(column)} end`;
  });
  const required = table.parents
    .filter((key) => !(key.onDelete === "n" && key.columns.length === 1))
    .map(
      (key) =>
        sql`(${sql.join(
          key.columns.map((column) => sql`r.${ident(column)} is null`),
          sql` or `,
        )} or (${columnList(key.columns, "r")}) in (select ${columnList(key.parentColumns, "p")} from ${ident(key.parent)} p))`,
    );
  const where = required.length > 0 ? sql.join(required, sql` and `) : sql`true`;
  const { rows: answer } = await execRows(
    tx,
    sql`with put as (insert into ${ident(name)} (${columnList(table.info.columns)}) overriding system value
                     select ${sql.join(values, sql`, `)}
                       from json_populate_recordset(null::${ident(name)}, ${rows}::json) r where ${where}
                     returning 1)
        select count(*)::int as n from put`,
  );
  return (answer[0] as { n: number }).n;
}

/**
 * A copy of a saved project or schedule beside today's (restore "as a new project"): every row takes a new key
 * (uuid, or the next value of its sequence), references inside the backup follow, references outside it (the
 * space's calendars, directories, users) stay; ids inside JSON values follow as well. The copy's root is renamed, and a schedule goes into `projectId`.
 * With `spaceId` (a project of another installation's space), the rows move into that space and the project is put
 * at the top of its tree; references to rows of the other space that this one lacks are emptied or their rows left
 * out, as a deletion of those rows would do.
 */
export async function copyScope(
  tx: DbOrTx,
  scope: Scope,
  contents: BackupContents,
  target: { name: string; projectId?: string; spaceId?: string },
): Promise<RestoreOutcome> {
  const saved = new Map<string, Row[]>();
  for (const [name, text] of contents.tables) saved.set(name, JSON.parse(text) as Row[]);
  // Per table, old key → new key (single-column keys only: a composite key is made of references, mapped below).
  const keys = new Map<string, Map<unknown, unknown>>();
  for (const table of scope.tables) {
    const rows = saved.get(table.info.name) ?? [];
    const [key, ...more] = table.info.primaryKey;
    if (!key || more.length > 0 || rows.length === 0) continue;
    // A row that extends another one (its key is a reference to that row's key: settings of a schedule) takes the
    // key that row takes, never one of its own: the old id must stand for one new id only, in JSON values too.
    const extended = table.parents.find(
      (parent) =>
        parent.columns.length === 1 &&
        parent.columns[0] === key &&
        keys.has(parent.parent) &&
        scope.tables.find((other) => other.info.name === parent.parent)?.info.primaryKey.join() ===
          parent.parentColumns.join(),
    );
    if (extended) {
      keys.set(table.info.name, keys.get(extended.parent) as Map<unknown, unknown>);
      continue;
    }
    const fresh = table.info.sequenced.includes(key) ? await nextValues(tx, table.info.name, key, rows.length) : null;
    keys.set(table.info.name, new Map(rows.map((row, index) => [row[key], fresh ? fresh[index] : randomUUID()])));
  }
  const renamed = uuidRenames(keys);
  const intoSpace = target.spaceId && target.spaceId !== contents.header.spaceId ? target.spaceId : null;
  if (intoSpace) renamed.set(contents.header.spaceId, intoSpace);
  const primaryKeyOf = new Map(scope.tables.map((table) => [table.info.name, table.info.primaryKey]));
  let inserted = 0;
  let total = 0;
  let rootId = contents.header.rootId;
  for (const table of scope.tables) {
    const name = table.info.name;
    const own = keys.get(name);
    const [pk] = table.info.primaryKey;
    // References to a row of the backup follow its new key (only references to a single-column primary key).
    const references = [...table.parents, ...table.selfKeys]
      .filter((key) => {
        const parentKey = primaryKeyOf.get(key.parent);
        return keys.has(key.parent) && parentKey?.length === 1 && key.parentColumns.includes(parentKey[0]);
      })
      .map((key) => {
        const parentKey = (primaryKeyOf.get(key.parent) as string[])[0];
        return {
          column: key.columns[key.parentColumns.indexOf(parentKey)],
          map: keys.get(key.parent) as Map<unknown, unknown>,
        };
      });
    const rows = (saved.get(name) ?? []).map((row) => {
      const copy: Row = {};
      // Ids kept inside JSON values (settings naming a schedule, maps keyed by node) follow their rows too.
      for (const [column, value] of Object.entries(row)) copy[column] = renumberJson(value, renamed);
      // Every row of the scope names its space: the copy's name the space it goes into.
      if (intoSpace && copy.space_id === contents.header.spaceId) copy.space_id = intoSpace;
      if (own && pk) copy[pk] = own.get(row[pk]);
      for (const reference of references) {
        const mapped = reference.map.get(row[reference.column]);
        if (mapped !== undefined) copy[reference.column] = mapped;
      }
      return copy;
    });
    if (name === scope.rootTable) {
      if (intoSpace) reroot(rows, own?.get(contents.header.rootId));
      for (const row of rows) {
        // Keys are unique in the space: the copied nodes take none, their originals keep theirs.
        if ("key" in row) row.key = null;
        // A node's path names its ancestors: the copied ones are named by their new ids.
        if (typeof row.path === "string" && own) {
          row.path = row.path
            .split("/")
            .map((part) => (own.get(part) as string | undefined) ?? part)
            .join("/");
        }
        if (row.id === own?.get(contents.header.rootId)) {
          rootId = row.id as string;
          row.name = target.name;
          if (target.projectId && "project_id" in row) row.project_id = target.projectId;
        }
      }
    }
    total += rows.length;
    inserted += await insertRows(tx, table, JSON.stringify(rows));
  }
  const fileIds = new Map<string, string>();
  for (const [from, to] of keys.get("stored_files") ?? []) fileIds.set(String(from), String(to));
  return { rows: inserted, skipped: total - inserted, targetId: rootId, removedFileKeys: [], fileIds };
}

/**
 * Puts a copied subtree (rows with their new ids, paths still the saved ones) at the top of the tree: its root loses
 * its parent, which the space it goes into does not have, and every path and depth drops the ancestors above it.
 */
function reroot(rows: Row[], rootId: unknown) {
  const root = rows.find((row) => row.id === rootId);
  if (!root || typeof root.path !== "string") return;
  const parts = root.path.split("/").filter(Boolean);
  const above = parts.length > 1 ? `/${parts.slice(0, -1).join("/")}` : "";
  const depth = typeof root.depth === "number" ? root.depth : 0;
  root.parent_id = null;
  for (const row of rows) {
    if (typeof row.path === "string" && above && row.path.startsWith(above)) row.path = row.path.slice(above.length);
    if (typeof row.depth === "number") row.depth -= depth;
  }
}

/**
 * The bytes of a copy's documents under their new ids (an object is named by its file's id), once the copy's rows
 * have committed: a copy whose transaction rolled back leaves no object behind.
 */
export async function putCopiedFiles(storage: Storage, contents: BackupContents, fileIds: Map<string, string>) {
  for (const [from, to] of fileIds) {
    const bytes = contents.files.get(from);
    if (bytes) await storage.store.put(objectKey({ area: "documents", id: to }), bytes, "application/octet-stream");
  }
}

/** Every uuid key of the copy, old → new: only a uuid is unmistakably an id inside a JSON value (a number is not). */
function uuidRenames(keys: Map<string, Map<unknown, unknown>>): Map<string, string> {
  const renamed = new Map<string, string>();
  for (const map of keys.values()) {
    for (const [from, to] of map) {
      if (typeof from === "string" && typeof to === "string" && !renamed.has(from)) renamed.set(from, to);
    }
  }
  return renamed;
}

/** A JSON value (object or array, at any depth) with the copy's old ids, as whole strings or object keys, renewed. */
function renumberJson(value: unknown, renamed: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => renumberString(item, renamed));
  if (value === null || typeof value !== "object") return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[renamed.get(key) ?? key] = renumberString(item, renamed);
  return copy;
}

/** Inside a JSON value a string equal to an old id is that id; a plain column's string is left to its foreign key. */
function renumberString(value: unknown, renamed: Map<string, string>): unknown {
  return typeof value === "string" ? (renamed.get(value) ?? value) : renumberJson(value, renamed);
}

/** `count` values of the column's sequence, found once (a scalar subquery), not in the catalogue for every value. */
async function nextValues(tx: DbOrTx, table: string, column: string, count: number): Promise<number[]> {
  const { rows } = await execRows(
    tx,
    sql`select nextval((select pg_get_serial_sequence(${table}, ${column}))::regclass) as v from generate_series(1, ${count})`,
  );
  return (rows as { v: string | number }[]).map((row) => Number(row.v));
}
