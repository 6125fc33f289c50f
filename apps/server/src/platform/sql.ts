import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "./db.js";

/**
 * Raw SQL for the bulk paths (Gantt columns, calculation, copies): both drivers answer `{ rows }`, but the shared
 * Db type cannot say so, hence this one narrowing.
 */
export async function execRows(db: DbOrTx, query: SQL): Promise<{ rows: unknown[] }> {
  return (await db.execute(query)) as unknown as { rows: unknown[] };
}

/**
 * One query answering whole columns: `select json_build_object('a', json_agg(a), …)`. The embedded database hands
 * rows to JavaScript one by one (about 10 µs a row); a single JSON value of arrays crosses in one piece and parses
 * natively, an order of magnitude faster for 100,000 rows.
 */
export async function execColumns<T>(db: DbOrTx, query: SQL): Promise<T> {
  const result = await execRows(db, query);
  const value = (result.rows[0] as { j: unknown }).j;
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}

/**
 * Runs `fn` in a savepoint of `db`'s transaction (or a transaction of its own) whose statements join by hashing, not
 * by nested loops of index probes: for statements joining many rows on both sides (a rule tying 100,000 elements to
 * 100,000 works). The embedded database keeps no statistics (no autovacuum, so no ANALYZE), and even with them a
 * join on an expression such as `properties ->> name` is estimated at a few rows: its planner then probes an index
 * once per row, twice the CPU of one hash pass over each side. JIT off: the disabled nested loops' cost would make
 * PostgreSQL compile the statement. The settings are local and put back before the savepoint ends.
 */
export async function withHashJoins<T>(db: DbOrTx, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('enable_nestloop', 'off', true), set_config('work_mem', '64MB', true),
      set_config('jit', 'off', true)`);
    const result = await fn(tx);
    await tx.execute(sql`select set_config(name, reset_val, true) from pg_settings
      where name in ('enable_nestloop', 'work_mem', 'jit')`);
    return result;
  });
}

/** A PostgreSQL array literal for one parameter: drizzle would otherwise spread a JS array into one parameter each. */
export const intArray = (values: readonly number[]) => `{${values.join(",")}}`;

/**
 * An array literal of numbers or booleans that may be null (`::int[]`, `::float8[]`, `::bool[]` …); a number that
 * is not finite is null, as JSON would have it.
 */
export function nullableArray(values: readonly (number | boolean | null | undefined)[]): string {
  const parts: string[] = new Array(values.length);
  for (let k = 0; k < values.length; k++) {
    const v = values[k];
    parts[k] = v === true ? "t" : v === false ? "f" : typeof v === "number" && Number.isFinite(v) ? String(v) : "NULL";
  }
  return `{${parts.join(",")}}`;
}

const ARRAY_QUOTED = /["\\]/g;

/**
 * An array literal of texts that may be null (`::text[]`, `::uuid[]`, `::timestamp[]` …): every element quoted,
 * so commas, braces, spaces and the word NULL stay text. With `unnest` it inserts columns of many rows in one
 * statement, a third of the bytes of the same rows as JSON and no JSON to parse.
 */
export function textArray(values: readonly (string | null | undefined)[]): string {
  const parts: string[] = new Array(values.length);
  for (let k = 0; k < values.length; k++) {
    const v = values[k];
    // most texts hold neither quote nor backslash: looking for them is cheaper than a replace that finds none
    parts[k] =
      v == null ? "NULL" : v.includes('"') || v.includes("\\") ? `"${v.replace(ARRAY_QUOTED, "\\$&")}"` : `"${v}"`;
  }
  return `{${parts.join(",")}}`;
}

/**
 * Whether a row version (`xmin`) was written after the snapshot `snapshot` (`pg_current_snapshot()` as text,
 * "xmin:xmax:xip,…") was taken: by a transaction that began at or after the snapshot's end, or was under way when it
 * was taken. "At or after the end" is compared as `age` (the distance back from the transaction counter now, modulo
 * 2^32 as PostgreSQL compares ids): three times cheaper per row than turning each `xmin` into text and a number (76
 * against 219 ms CPU over 250,000 rows on PGlite), and every row looked at pays it. A frozen row is infinitely old,
 * so seen; should the end itself be a special id, every row reads as written since (an error only ever towards
 * reading a row again, never towards missing one).
 */
export function writtenSince(snapshot: string): SQL {
  const [, xmax, xip] = snapshot.split(":");
  const end = xidOf(xmax);
  const underWay = xip ? xip.split(",").map(xidOf) : [];
  return sql`(age(xmin) <= age(${end}::xid) or xmin = any(${`{${underWay.join(",")}}`}::xid[]))`;
}

/** A transaction id (xid8 as text) as rows carry it in `xmin`: modulo 2^32. */
export const xidOf = (xid8: string) => (BigInt(xid8) % BigInt(2 ** 32)).toString();

/** Escapes LIKE wildcards so a search for "50%" finds the text, not everything. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** PostgreSQL's unique-violation, from either driver. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/** Moved to the time module; kept here while modules still import it from this file. */
export { wallClockText } from "./time.js";

/** How many rows a statement wrote, from either driver's answer. */
export function rowCount(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}
