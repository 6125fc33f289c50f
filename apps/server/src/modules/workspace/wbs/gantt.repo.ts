import { and, eq, sql } from "drizzle-orm";
import { ganttSnapshots } from "../../../db/schema/index.js";
import type { VersionRow } from "../../../platform/access.js";
import type { DbOrTx } from "../../../platform/db.js";
import { execColumns, execRows, writtenSince } from "../../../platform/sql.js";
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
  /** Status (not_started, in_progress, completed): the health checks read it from a kept build (see GanttCache). */
  st: string;
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
  /** MS Project's elapsed duration (its days are 24 hours of the clock). */
  el: boolean;
  /** Planned and actual cost, labour and volume (null = none). */
  pcost: number | null;
  acost: number | null;
  plab: number | null;
  alab: number | null;
  pvol: number | null;
  avol: number | null;
  attrs: Record<string, string | number | boolean | null> | null;
}

/**
 * The columns of rows of `wbs_items` as one JSON value (see execColumns), with the row count and the statement's
 * snapshot: the rows written after it are the ones `readGanttChanges` reads.
 */
const itemColumns = sql`
    json_build_object(
           'id', coalesce(json_agg(id), '[]'),
           'p', coalesce(json_agg(coalesce(parent_id, -1)), '[]'),
           'o', coalesce(json_agg(sort_order), '[]'),
           't', coalesce(json_agg(type), '[]'),
           'st', coalesce(json_agg(status), '[]'),
           'code', coalesce(json_agg(code), '[]'),
           'name', coalesce(json_agg(name), '[]'),
           'cal', coalesce(json_agg(calendar_id), '[]'),
           'd', coalesce(json_agg(duration), '[]'),
           'rem', coalesce(json_agg(coalesce(remaining, -1)), '[]'),
           'es', coalesce(json_agg(${minutes("early_start")}), '[]'),
           'ef', coalesce(json_agg(${minutes("early_finish")}), '[]'),
           'ls', coalesce(json_agg(${minutes("late_start")}), '[]'),
           'lf', coalesce(json_agg(${minutes("late_finish")}), '[]'),
           'tf', coalesce(json_agg(total_float), '[]'),
           'ff', coalesce(json_agg(free_float), '[]'),
           'cr', coalesce(json_agg(critical), '[]'),
           'pc', coalesce(json_agg(percent_complete), '[]'),
           'bs', coalesce(json_agg(${minutes("target_start")}), '[]'),
           'bf', coalesce(json_agg(${minutes("target_finish")}), '[]'),
           'as', coalesce(json_agg(${minutes("actual_start")}), '[]'),
           'af', coalesce(json_agg(${minutes("actual_finish")}), '[]'),
           'slt', coalesce(json_agg(start_limit_type), '[]'),
           'sld', coalesce(json_agg(${minutes("start_limit_date")}), '[]'),
           'flt', coalesce(json_agg(finish_limit_type), '[]'),
           'fld', coalesce(json_agg(${minutes("finish_limit_date")}), '[]'),
           'rev', coalesce(json_agg(revision), '[]'),
           'el', coalesce(json_agg(elapsed), '[]'),
           'pcost', coalesce(json_agg(planned_cost), '[]'),
           'acost', coalesce(json_agg(actual_cost), '[]'),
           'plab', coalesce(json_agg(planned_labour), '[]'),
           'alab', coalesce(json_agg(actual_labour), '[]'),
           'pvol', coalesce(json_agg(planned_volume), '[]'),
           'avol', coalesce(json_agg(actual_volume), '[]'),
           'attrs', coalesce(json_agg(case when attrs = '{}'::jsonb then null else attrs end), '[]'))`;

const relationColumns = sql`
    json_build_object('id', coalesce(json_agg(id), '[]'), 'a', coalesce(json_agg(predecessor_id), '[]'),
           'b', coalesce(json_agg(successor_id), '[]'), 't', coalesce(json_agg(type), '[]'),
           'l', coalesce(json_agg(lag), '[]'))`;

/** Relations as columns: id, predecessor, successor, type, lag. */
export interface RelationSource {
  id: number[];
  a: number[];
  b: number[];
  t: string[];
  l: number[];
}

/**
 * The point in the database's history a reading was taken at (`pg_current_snapshot()` as text, "xmin:xmax:xip,…"),
 * with the rows of the version then. Rows written later carry a transaction id the snapshot does not see.
 */
export interface ReadMark {
  snapshot: string;
  items: number;
  relations: number;
}

/** What the Gantt of a version is built from: its rows and relations as columns, the space's calendars. */
export async function readGanttSource(db: DbOrTx, version: VersionRow) {
  const { c, r, mark } = await execColumns<{ c: GanttSource; r: RelationSource; mark: ReadMark }>(
    db,
    sql`
    select json_build_object(
           'c', (select ${itemColumns} from wbs_items where version_id = ${version.id}),
           'r', (select ${relationColumns} from relations where version_id = ${version.id}),
           'mark', json_build_object('snapshot', pg_current_snapshot()::text,
                    'items', (select count(*) from wbs_items where version_id = ${version.id}),
                    'relations', (select count(*) from relations where version_id = ${version.id}))) as j`,
  );
  return { c, r, mark, calendarsResult: await readCalendars(db, version) };
}

/** The version's relations alone, as columns. */
export async function readRelations(db: DbOrTx, version: VersionRow) {
  return execColumns<RelationSource>(
    db,
    sql`select ${relationColumns} as j from relations where version_id = ${version.id}`,
  );
}

export function readCalendars(db: DbOrTx, version: VersionRow) {
  return execRows(
    db,
    sql`
    select id, name, week, exceptions, is_default as d from calendars where space_id = ${version.spaceId} order by created_at, id`,
  );
}

const unseen = (mark: ReadMark) => writtenSince(mark.snapshot);

/**
 * The rows and relations of the version written since `mark`, and a new mark (counts and snapshot now). Each table is
 * scanned once: one pass counts the version's rows and collects the ids of those written since (the `xmin` test made
 * once per row), then those few are read by id. Counting in a scan of its own cost ~90 ms CPU more at 100k rows /
 * 270k relations on PGlite. One statement, so one snapshot.
 */
export async function readGanttChanges(db: DbOrTx, version: VersionRow, mark: ReadMark) {
  return execColumns<{ c: GanttSource; r: RelationSource; mark: ReadMark }>(
    db,
    sql`
    with i as materialized (
           select count(*) as n, coalesce(array_agg(id) filter (where ${unseen(mark)}), '{}') as ids
           from wbs_items where version_id = ${version.id}),
         r as materialized (
           select count(*) as n, coalesce(array_agg(id) filter (where ${unseen(mark)}), '{}') as ids
           from relations where version_id = ${version.id})
    select json_build_object(
           'c', (select ${itemColumns} from wbs_items
                 where id = any((select ids from i)::int[]) and version_id = ${version.id}),
           'r', (select ${relationColumns} from relations
                 where id = any((select ids from r)::int[]) and version_id = ${version.id}),
           'mark', json_build_object('snapshot', pg_current_snapshot()::text,
                    'items', (select n from i), 'relations', (select n from r))) as j`,
  );
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

/** The row versions of the space's calendars and, per user who collapsed rows of the version, a digest of them. */
export interface GanttStamp {
  calendars: string;
  collapsed: Record<string, string>;
}

/** What a Gantt answer depends on beyond the version's own row: read in one query for the cache key. */
export async function readGanttStamp(db: DbOrTx, spaceId: string, versionId: string): Promise<GanttStamp> {
  const result = await execRows(
    db,
    sql`
    select (select coalesce(string_agg(id::text || '.' || xmin::text, ',' order by id), '')
              from calendars where space_id = ${spaceId}) as calendars,
           (select coalesce(json_object_agg(user_id, digest), '{}'::json)
              from (select user_id, md5(string_agg(item_id::text, ',' order by item_id)) as digest
                      from wbs_item_flags where version_id = ${versionId} and not expanded
                     group by user_id) as per_user) as collapsed`,
  );
  const stamp = result.rows[0] as GanttStamp | undefined;
  if (!stamp) throw new Error("the Gantt key query answered no row");
  return stamp;
}

/** A Gantt answer's part common to all users, as kept (see gantt-snapshots.table.ts): compressed JSON and row ids. */
export interface GanttSnapshot {
  head: Buffer;
  ids: Buffer;
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The version's kept Gantt answer if it was built under `key`, else null. */
export async function readGanttSnapshot(db: DbOrTx, versionId: string, key: string): Promise<GanttSnapshot | null> {
  const [row] = await db
    .select({ head: ganttSnapshots.head, ids: ganttSnapshots.ids })
    .from(ganttSnapshots)
    .where(and(eq(ganttSnapshots.versionId, versionId), eq(ganttSnapshots.key, key)));
  return row ? { head: asBuffer(row.head), ids: asBuffer(row.ids) } : null;
}

/** Keeps a version's Gantt answer built under `key` in place of the one kept before. */
export async function storeGanttSnapshot(
  db: DbOrTx,
  version: Pick<VersionRow, "id" | "spaceId">,
  key: string,
  snapshot: GanttSnapshot,
) {
  await db
    .insert(ganttSnapshots)
    .values({ versionId: version.id, spaceId: version.spaceId, key, ...snapshot })
    .onConflictDoUpdate({ target: ganttSnapshots.versionId, set: { key, ...snapshot, builtAt: new Date() } });
}
