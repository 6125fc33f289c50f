import { sql } from "drizzle-orm";
import type { VersionRow } from "../../../platform/access.js";
import type { DbOrTx } from "../../../platform/db.js";
import { execColumns, execRows } from "../../../platform/sql.js";
import { minutesSql } from "../../../platform/time.js";

/**
 * Minutes since 1970-01-01T00:00 of a wall-clock timestamp, computed by the database (-1 = none). `date_part` answers
 * a double; `extract` answers numeric, several times slower over 50,000 rows × 9 dates.
 */
const minutes = (column: string) => sql`coalesce(${minutesSql(column)}, -1)`;

/** The columns as the database sends them (one array per field, table order). */
export type GanttSource = { [K in keyof GanttRow]: GanttRow[K][] };

export interface GanttRow {
  id: number;
  p: number;
  o: number;
  t: string;
  code: string;
  name: string;
  cal: string | null;
  d: number;
  rem: number;
  es: number;
  ef: number;
  ls: number;
  lf: number;
  tf: number | null;
  ff: number | null;
  cr: boolean;
  pc: number;
  bs: number;
  bf: number;
  as: number;
  af: number;
  slt: string | null;
  sld: number;
  flt: string | null;
  fld: number;
  rev: number;
  attrs: Record<string, string | number | boolean | null> | null;
}

/** What the Gantt of a version is built from: its rows and relations as columns, the space's calendars. */
export async function readGanttSource(db: DbOrTx, version: VersionRow) {
  const c = await execColumns<GanttSource>(
    db,
    sql`
    select json_build_object(
           'id', coalesce(json_agg(id), '[]'),
           'p', json_agg(coalesce(parent_id, -1)),
           'o', json_agg(sort_order),
           't', json_agg(type),
           'code', json_agg(code),
           'name', json_agg(name),
           'cal', json_agg(calendar_id),
           'd', json_agg(duration),
           'rem', json_agg(coalesce(remaining, -1)),
           'es', json_agg(${minutes("early_start")}),
           'ef', json_agg(${minutes("early_finish")}),
           'ls', json_agg(${minutes("late_start")}),
           'lf', json_agg(${minutes("late_finish")}),
           'tf', json_agg(total_float),
           'ff', json_agg(free_float),
           'cr', json_agg(critical),
           'pc', json_agg(percent_complete),
           'bs', json_agg(${minutes("target_start")}),
           'bf', json_agg(${minutes("target_finish")}),
           'as', json_agg(${minutes("actual_start")}),
           'af', json_agg(${minutes("actual_finish")}),
           'slt', json_agg(start_limit_type),
           'sld', json_agg(${minutes("start_limit_date")}),
           'flt', json_agg(finish_limit_type),
           'fld', json_agg(${minutes("finish_limit_date")}),
           'rev', json_agg(revision),
           'attrs', json_agg(case when attrs = '{}'::jsonb then null else attrs end)) as j
    from wbs_items where version_id = ${version.id}`,
  );
  const r = await execColumns<{ a: number[]; b: number[]; t: string[]; l: number[] }>(
    db,
    sql`
    select json_build_object('a', coalesce(json_agg(predecessor_id), '[]'), 'b', coalesce(json_agg(successor_id), '[]'),
           't', coalesce(json_agg(type), '[]'), 'l', coalesce(json_agg(lag), '[]')) as j
    from relations where version_id = ${version.id}`,
  );
  const calendarsResult = await execRows(
    db,
    sql`
    select id, name, week, exceptions, is_default as d from calendars where space_id = ${version.spaceId} order by created_at, id`,
  );
  return { c, r, calendarsResult };
}

/** The rows of the version the user has collapsed (the only part of the Gantt that depends on the user). */
export async function readCollapsedIds(db: DbOrTx, versionId: string, userId: string): Promise<Set<number>> {
  const result = await execRows(
    db,
    sql`
    select item_id as id from wbs_item_flags where version_id = ${versionId} and user_id = ${userId} and not expanded`,
  );
  return new Set((result.rows as { id: number }[]).map((row) => row.id));
}
