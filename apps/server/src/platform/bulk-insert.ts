import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "./db.js";
import { execColumns, nullableArray, textArray } from "./sql.js";

type Value = string | number | boolean | null | undefined;

/** One column of a bulk insert, as a whole column of values (no row objects). */
export interface InsertColumn {
  name: string;
  /** The array parameter's element type: int, float8, real, bool, text, uuid, timestamp… */
  type: string;
  values: readonly Value[];
  /**
   * What the table puts in the column by itself (its default; null for a nullable column without one): when every
   * row of a statement has it, the column is left out. Each array element costs the embedded database about a
   * microsecond to parse, and most columns of an imported schedule (constraints, actual dates, notes…) are empty.
   */
  empty?: Value;
  /** Texts that can never hold a quote, backslash, comma, brace, space or the word NULL (timestamps, uuids, enums). */
  plain?: boolean;
}

/**
 * Rows go in as one `INSERT … SELECT FROM unnest(array, …)` per this many: array parameters of a few MB (far below
 * any limit, gathered whole by db.ts on the embedded database) and a handful of statements for 100,000 rows.
 */
export const INSERT_CHUNK = 50_000;

const isEmpty = (value: Value, empty: Value) => value === empty || (empty === null && value === undefined);

/** An array literal of texts that need no quoting: joined as they are. */
function plainArray(values: readonly Value[]): string {
  const parts: string[] = new Array(values.length);
  for (let k = 0; k < values.length; k++) {
    const v = values[k];
    parts[k] = v == null ? "NULL" : String(v);
  }
  return `{${parts.join(",")}}`;
}

function arrayLiteral(column: InsertColumn, values: readonly Value[]): string {
  if (column.type === "int" || column.type === "float8" || column.type === "real" || column.type === "bool")
    return nullableArray(values as readonly (number | boolean | null | undefined)[]);
  return column.plain ? plainArray(values) : textArray(values as readonly (string | null | undefined)[]);
}

/**
 * Inserts `rows` rows given as columns into `table`, `INSERT_CHUNK` rows a statement: `same` are values every row
 * shares (one parameter each, e.g. the space and version), `columns` one array each. Column and type names are
 * the caller's constants, never input.
 */
export async function insertColumns(
  tx: DbOrTx,
  table: string,
  rows: number,
  same: Record<string, SQL>,
  columns: readonly InsertColumn[],
): Promise<void> {
  for (let from = 0; from < rows; from += INSERT_CHUNK) {
    const to = Math.min(rows, from + INSERT_CHUNK);
    const kept: { column: InsertColumn; values: readonly Value[] }[] = [];
    for (const column of columns) {
      const values = from === 0 && to === column.values.length ? column.values : column.values.slice(from, to);
      if ("empty" in column && values.every((v) => isEmpty(v, column.empty))) continue;
      kept.push({ column, values });
    }
    const names = [...Object.keys(same), ...kept.map((k) => k.column.name)];
    const selected = [...Object.values(same), ...kept.map((k) => sql.raw(`x.${k.column.name}`))];
    // unnest() of no arrays is not a thing: a chunk of nothing but shared values numbers its rows instead.
    const source = kept.length
      ? sql`unnest(${sql.join(
          kept.map((k) => sql`${arrayLiteral(k.column, k.values)}::${sql.raw(k.column.type)}[]`),
          sql`, `,
        )}) as x(${sql.raw(kept.map((k) => k.column.name).join(", "))})`
      : sql`generate_series(1, ${to - from}) as x`;
    await tx.execute(
      sql`insert into ${sql.raw(table)} (${sql.raw(names.join(", "))}) select ${sql.join(selected, sql`, `)} from ${source}`,
    );
  }
}

/**
 * `count` new ids from the serial sequence of `table.column`, so rows can point at each other before they are
 * written. The sequence is looked up once (a scalar subquery): `nextval(pg_get_serial_sequence(…))` looked it up in
 * the catalogue for every id — 1.0 of the 1.1 s the embedded database spent on 100,000 ids.
 */
export async function reserveIds(tx: DbOrTx, table: string, column: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  return execColumns<number[]>(
    tx,
    sql`select json_agg(nextval((select pg_get_serial_sequence(${table}, ${column}))::regclass)::int) as j
        from generate_series(1, ${count})`,
  );
}
