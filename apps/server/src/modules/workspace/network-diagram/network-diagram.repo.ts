import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../platform/db.js";
import { execColumns, execRows } from "../../../platform/sql.js";
import { minutesSql } from "../../../platform/time.js";

/**
 * The network diagram's SQL. Every query reads one version found inside the caller's space by the access rule, and
 * filters by that space too. Rows arrive as one JSON value of columns (see execColumns); dates become minutes in SQL.
 */

const minutes = (column: string) => sql`coalesce(${minutesSql(column)}, -1)`;

/** Items of the version as columns, every type, for ordering and grouping (`o` is the sort order among siblings). */
export interface ItemSource {
  id: number[];
  p: number[];
  o: number[];
  t: string[];
  code: string[];
  name: string[];
  cal: (string | null)[];
  d: number[];
  es: number[];
  ef: number[];
  ls: number[];
  lf: number[];
  as: number[];
  af: number[];
  tf: (number | null)[];
  cr: boolean[];
  pc: number[];
  rev: number[];
}

export async function readItems(db: DbOrTx, spaceId: string, versionId: string): Promise<ItemSource> {
  return execColumns<ItemSource>(
    db,
    sql`
    select json_build_object(
           'id', coalesce(json_agg(id), '[]'),
           'p', coalesce(json_agg(coalesce(parent_id, -1)), '[]'),
           'o', coalesce(json_agg(sort_order), '[]'),
           't', coalesce(json_agg(type), '[]'),
           'code', coalesce(json_agg(code), '[]'),
           'name', coalesce(json_agg(name), '[]'),
           'cal', coalesce(json_agg(calendar_id), '[]'),
           'd', coalesce(json_agg(duration), '[]'),
           'es', coalesce(json_agg(${minutes("early_start")}), '[]'),
           'ef', coalesce(json_agg(${minutes("early_finish")}), '[]'),
           'ls', coalesce(json_agg(${minutes("late_start")}), '[]'),
           'lf', coalesce(json_agg(${minutes("late_finish")}), '[]'),
           'as', coalesce(json_agg(${minutes("actual_start")}), '[]'),
           'af', coalesce(json_agg(${minutes("actual_finish")}), '[]'),
           'tf', coalesce(json_agg(total_float), '[]'),
           'cr', coalesce(json_agg(critical), '[]'),
           'pc', coalesce(json_agg(percent_complete), '[]'),
           'rev', coalesce(json_agg(revision), '[]')) as j
    from wbs_items where space_id = ${spaceId} and version_id = ${versionId}`,
  );
}

/** Summaries only, with what the tasks call needs. */
export async function readSummaries(db: DbOrTx, spaceId: string, versionId: string) {
  return execColumns<Pick<ItemSource, "id" | "p" | "o" | "t" | "code" | "name">>(
    db,
    sql`
    select json_build_object(
           'id', coalesce(json_agg(id), '[]'),
           'p', coalesce(json_agg(coalesce(parent_id, -1)), '[]'),
           'o', coalesce(json_agg(sort_order), '[]'),
           't', coalesce(json_agg(type), '[]'),
           'code', coalesce(json_agg(code), '[]'),
           'name', coalesce(json_agg(name), '[]')) as j
    from wbs_items where space_id = ${spaceId} and version_id = ${versionId} and type = 'sum'`,
  );
}

/** Relations whose both ends are items of the version (an external predecessor is not a box of this diagram). */
export async function readRelations(db: DbOrTx, spaceId: string, versionId: string) {
  return execColumns<{ id: number[]; a: number[]; b: number[]; t: string[]; l: number[] }>(
    db,
    sql`
    select json_build_object('id', coalesce(json_agg(r.id order by r.id), '[]'),
           'a', coalesce(json_agg(r.predecessor_id order by r.id), '[]'),
           'b', coalesce(json_agg(r.successor_id order by r.id), '[]'),
           't', coalesce(json_agg(r.type order by r.id), '[]'),
           'l', coalesce(json_agg(r.lag order by r.id), '[]')) as j
    from relations r
    join wbs_items p on p.id = r.predecessor_id and p.version_id = ${versionId} and p.type not in ('sum', 'draft')
    join wbs_items s on s.id = r.successor_id and s.type not in ('sum', 'draft')
    where r.space_id = ${spaceId} and r.version_id = ${versionId}`,
  );
}

/** The space's calendars in a stable order, and which is the default. */
export async function readCalendars(db: DbOrTx, spaceId: string) {
  const result = await execRows(
    db,
    sql`select id, week, exceptions, is_default as d from calendars where space_id = ${spaceId} order by created_at, id`,
  );
  return result.rows as {
    id: string;
    week: [string, string][][];
    exceptions: { date: string; intervals: [string, string][] }[];
    d: boolean;
  }[];
}
