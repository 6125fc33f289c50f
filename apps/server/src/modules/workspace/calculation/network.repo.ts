import type { LimitType } from "@planum/contracts";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../platform/db.js";
import { execColumns, execRows, intArray, writtenSince } from "../../../platform/sql.js";
import { minutesSql } from "../../../platform/time.js";
import type { VersionRow } from "./calculation.repo.js";

/**
 * The SQL that reads a version's network for the calculation: its items, relations, externals and calendars in
 * bulk, what changed since a kept network's snapshot, and the assignments of resource-dependent works.
 */

/** Dates come as minutes (platform/time.ts): the engine takes them as they are. */
const minutes = minutesSql;
/**
 * The progress columns (PROGRESS, in that order) of the started items only, one array per item under a single
 * filter (twelve filtered aggregates tested the filter twelve times a row, for the few started items).
 */
const startedRows = sql`coalesce(json_agg(json_build_array(percent_complete, ${minutes("actual_start")},
  ${minutes("actual_finish")}, remaining, target_duration, planned_volume, actual_volume, planned_labour, actual_labour,
  planned_cost, actual_cost, base_intensity, ${minutes("resume_date")})) filter (where status <> 'not_started'), '[]')`;

/**
 * The columns of a version's items as read: the core ones for every item, the progress ones (PROGRESS) only for
 * started items, in the same order (most items are not started: their nulls are not sent at all).
 */
export type ItemColumns = { [K in keyof ItemRow]: ItemRow[K][] } & {
  /** The stored results (see StoredResults), when nothing is known of them (else `chg`). */
  res?: StoredResults;
  /** [id, the seven stored results] of the rows written since the known results (see known-results.ts). */
  chg?: (number | null)[][];
  /** The snapshot the read was taken at. */
  snap: string;
  /** With readNetworkChanges: the version's items (but drafts) and relations counted in the same snapshot. */
  n?: number;
  rn?: number;
  /** Ids of the P6 "as late as possible" items (rare: listed, not a column). */
  alap: number[];
  /** Ids of resource-dependent works. */
  rd: number[];
  /** [id, expected finish in minutes] of the items that have one (rare). */
  xf: [number, number][];
  /** [id, typed start, typed finish in minutes] of MS Project's manually scheduled tasks (rare). */
  man: [number, number, number][];
  /** Ids of the works of an elapsed duration (MS Project, rare). */
  el: number[];
  /** [id, splits as [start, end] minutes] of MS Project's split works (rare). */
  sp: [number, [number, number][]][];
  /** [id, target finish in minutes] of the items that have one (the health checks' baseline finish). */
  tgf: [number, number][];
  /** Ids of the items with a resource assigned (the health checks' resources). */
  asg: number[];
};

/**
 * The results stored on the items, column by column in the items' order: early start, early finish, late start,
 * late finish (minutes since 1970), total float, free float, critical (1/0); null where none is stored. Numbers, not
 * one text per item: comparing them with the engine's needs no text built per item (100k × 7 numbers formatted).
 */
export type StoredResults = [
  StoredColumn,
  StoredColumn,
  StoredColumn,
  StoredColumn,
  StoredColumn,
  StoredColumn,
  StoredColumn,
];

/** One column of stored results: read by position only (a kept network's is a typed copy, NaN where none). */
export type StoredColumn = ArrayLike<number | null> & { [k: number]: number | null };

export const PROGRESS = ["pc", "as", "af", "rem", "td", "pv", "av", "pl", "al", "pcost", "acost", "bi", "rs"] as const;

/** All fields of item k, the j-th started one (the scenarios need them). */
export function itemAt(c: ItemColumns, k: number, j: number): ItemRow {
  const row = { d: c.d[k], st: c.st[k] } as Record<string, unknown>;
  for (const key of PROGRESS) row[key] = c[key][j];
  return row as unknown as ItemRow;
}

export interface ItemRow {
  id: number;
  p: number;
  t: "sum" | "task" | "work" | "milestone_start" | "milestone_finish";
  cal: string | null;
  d: number;
  slt: LimitType | null;
  sld: number | null;
  flt: LimitType | null;
  fld: number | null;
  st: "not_started" | "in_progress" | "completed";
  pc: number;
  as: number | null;
  af: number | null;
  rem: number | null;
  td: number | null;
  pv: number | null;
  av: number | null;
  pl: number | null;
  al: number | null;
  pcost: number | null;
  acost: number | null;
  bi: number | null;
  /** Resume date of a suspended work (P6 suspend/resume). */
  rs: number | null;
}

export interface RelationColumns {
  a: number[];
  b: number[];
  t: ("fs" | "ss" | "ff" | "sf")[];
  l: number[];
  c: (string | null)[];
}

export interface ExternalRow {
  id: number;
  es: number | null;
  ef: number | null;
  ls: number | null;
  lf: number | null;
  cal: string | null;
}

export interface CalendarRow {
  id: string;
  week: [string, string][][];
  exceptions: { date: string; intervals: [string, string][] }[];
}

/**
 * Reads a version in bulk for the engine: its items but drafts (as columns), its relations, the works of other
 * versions its relations come from, and the space's calendars. Plain reads without joins (a join costs more here
 * than filtering in JavaScript): a predecessor that is not among the items is an external one when it lies in
 * another version of the space (a draft of this version is neither).
 */
export async function readNetworkRows(
  db: DbOrTx,
  version: Pick<VersionRow, "id" | "spaceId">,
  known: { snapshot: string; xid: string } | null = null,
) {
  const results = [
    minutes("early_start"),
    minutes("early_finish"),
    minutes("late_start"),
    minutes("late_finish"),
    sql`total_float`,
    sql`free_float`,
    sql`critical::int`,
  ];
  // The stored results of every row, or (known) only of the rows some other transaction wrote since.
  const stored = known
    ? sql`'chg', coalesce(json_agg(json_build_array(id, ${sql.join(results, sql`, `)}))
                   filter (where ${writtenSince(known.snapshot)} and not xmin = ${known.xid}::xid), '[]')`
    : sql`'res', json_build_array(${sql.join(
        results.map((column) => sql`json_agg(${column})`),
        sql`, `,
      )})`;
  // A calendar comes as its 1-based place among the space's calendars (`cals`), not as uuid text: 100k uuids as JSON
  // were a third of this query's time; one of another space (never written so) still comes as its id.
  const spaceCalendars = sql`array(select id from calendars where space_id = ${version.spaceId} order by id)`;
  const c = await execColumns<ItemColumns & { cals: string[] }>(
    db,
    sql`
    select json_build_object('id', coalesce(json_agg(id), '[]'), 'p', json_agg(coalesce(parent_id, -1)), 't', json_agg(type),
           'cals', to_json(${spaceCalendars}),
           'cal', json_agg(coalesce(to_json(array_position(${spaceCalendars}, calendar_id)), to_json(calendar_id))),
           'd', json_agg(duration), 'slt', json_agg(start_limit_type),
           'sld', json_agg(${minutes("start_limit_date")}), 'flt', json_agg(finish_limit_type),
           'fld', json_agg(${minutes("finish_limit_date")}), 'st', json_agg(status),
           'alap', coalesce(json_agg(id) filter (where alap), '[]'),
           'rd', coalesce(json_agg(id) filter (where resource_dependent), '[]'),
           'xf', coalesce(json_agg(json_build_array(id, ${minutes("expected_finish")})) filter (where expected_finish is not null), '[]'),
           'man', coalesce(json_agg(json_build_array(id, ${minutes("manual_start")}, ${minutes("manual_finish")}))
                  filter (where manual_start is not null and manual_finish is not null), '[]'),
           'el', coalesce(json_agg(id) filter (where elapsed), '[]'),
           'sp', coalesce(json_agg(json_build_array(id, splits)) filter (where splits is not null), '[]'),
           'tgf', coalesce(json_agg(json_build_array(id, ${minutes("target_finish")})) filter (where target_finish is not null), '[]'),
           'asg', to_json(array(select distinct item_id from assignments where version_id = ${version.id})),
           'prog', ${startedRows},
           'snap', pg_current_snapshot()::text, ${stored}) as j
    from wbs_items where version_id = ${version.id} and type <> 'draft'`,
  );
  const r = await execColumns<RelationColumns>(
    db,
    sql`
    select json_build_object('a', coalesce(json_agg(predecessor_id), '[]'), 'b', json_agg(successor_id),
           't', json_agg(type), 'l', json_agg(lag), 'c', json_agg(lag_calendar)) as j
    from relations where version_id = ${version.id}`,
  );
  const cal = (c.cal ?? []) as unknown[];
  for (let k = 0; k < cal.length; k++) if (typeof cal[k] === "number") cal[k] = c.cals[(cal[k] as number) - 1];
  const prog = (c as unknown as { prog: unknown[][] }).prog;
  PROGRESS.forEach((key, i) => {
    (c as unknown as Record<string, unknown[]>)[key] = prog.map((row) => row[i]);
  });
  const inVersion = new Set<number>(c.id);
  // Predecessors outside the calculated items: works of other versions (external links) or this version's drafts,
  // which take no part; the drafts are told by their version, in the query of the externals.
  const candidates = [...new Set(r.a.filter((id) => !inVersion.has(id)))];
  const externals = await readExternals(db, version, candidates);
  return { c, r, inVersion, candidates, ...externals, calendars: await readCalendarRows(db, version) };
}

/** The fields `readNetworkChanges` sends of each changed item, in its order: the core, progress, rare, results. */
const CHANGED_CORE = ["id", "p", "t", "cal", "d", "slt", "sld", "flt", "fld", "st"] as const;

/**
 * The items of a version written since `since` by another transaction than `since.xid` (see known-results.ts), as
 * `ItemColumns` of those items only (with their stored results in `res`), the version's items (but drafts) and
 * relations counted (`n`, `rn`), how many relations were written since (`rc`), and the snapshot (`snap`) — in one
 * statement, so one snapshot. Each table is scanned once: the count and the rows written since come from the same
 * pass, the `xmin` test made once per row (two scans each, counting apart, cost ~90 ms CPU more at 100k items /
 * 270k relations on PGlite). The changed rows come as one array each, the few there are.
 */
export async function readNetworkChanges(
  db: DbOrTx,
  version: Pick<VersionRow, "id" | "spaceId">,
  since: { snapshot: string; xid: string },
): Promise<{ c: ItemColumns; rc: number }> {
  const written = sql`${writtenSince(since.snapshot)} and not xmin = ${since.xid}::xid`;
  const row = sql.join(
    [
      sql`id, coalesce(parent_id, -1), type, calendar_id, duration, start_limit_type`,
      minutes("start_limit_date"),
      sql`finish_limit_type`,
      minutes("finish_limit_date"),
      sql`status, percent_complete`,
      minutes("actual_start"),
      minutes("actual_finish"),
      sql`remaining, target_duration, planned_volume, actual_volume, planned_labour, actual_labour, planned_cost,
          actual_cost, base_intensity`,
      minutes("resume_date"),
      sql`alap, resource_dependent`,
      minutes("expected_finish"),
      minutes("manual_start"),
      minutes("manual_finish"),
      sql`elapsed`,
      minutes("target_finish"),
      minutes("early_start"),
      minutes("early_finish"),
      minutes("late_start"),
      minutes("late_finish"),
      sql`total_float, free_float, critical::int`,
    ],
    sql`, `,
  );
  const read = await execColumns<{ n: number; rows: unknown[][]; rn: number; rc: number; asg: number[]; snap: string }>(
    db,
    sql`
    select json_build_object('n', i.n, 'rows', i.rows, 'rn', r.n, 'rc', r.c,
           'asg', to_json(array(select distinct item_id from assignments where version_id = ${version.id})),
           'snap', pg_current_snapshot()::text) as j
    from (select count(*) as n, coalesce(json_agg(json_build_array(${row})) filter (where ${written}), '[]') as rows
            from wbs_items where version_id = ${version.id} and type <> 'draft') i,
         (select count(*) as n, count(*) filter (where ${written}) as c
            from relations where version_id = ${version.id}) r`,
  );
  const c = {
    alap: [],
    rd: [],
    xf: [],
    man: [],
    el: [],
    tgf: [],
    asg: read.asg,
    snap: read.snap,
    n: Number(read.n),
    rn: Number(read.rn),
  } as unknown as ItemColumns;
  const columns = c as unknown as Record<string, unknown[]>;
  for (const key of [...CHANGED_CORE, ...PROGRESS]) columns[key] = [];
  const res = Array.from({ length: 7 }, () => [] as (number | null)[]) as unknown as (number | null)[][];
  for (const v of read.rows) {
    const id = v[0] as number;
    CHANGED_CORE.forEach((key, i) => {
      columns[key].push(v[i]);
    });
    if (v[9] !== "not_started")
      PROGRESS.forEach((key, i) => {
        columns[key].push(v[10 + i]);
      });
    // 10 + 13 progress fields: alap, resource-dependent, expected finish, manual start and finish, elapsed, target
    if (v[23]) c.alap.push(id);
    if (v[24]) c.rd.push(id);
    if (v[25] != null) c.xf.push([id, v[25] as number]);
    if (v[26] != null && v[27] != null) c.man.push([id, v[26] as number, v[27] as number]);
    if (v[28]) c.el.push(id);
    if (v[29] != null) c.tgf.push([id, v[29] as number]);
    for (let k = 0; k < 7; k++) res[k].push(v[30 + k] as number | null);
  }
  c.res = res as unknown as StoredResults;
  return { c, rc: Number(read.rc) };
}

/** The works of other versions among `candidates` (a version's predecessors outside its calculated items). */
export async function readExternals(db: DbOrTx, version: Pick<VersionRow, "id" | "spaceId">, candidates: number[]) {
  const externalsResult = candidates.length
    ? await execRows(
        db,
        sql`
    select w.id, ${minutes("w.early_start")} as es, ${minutes("w.early_finish")} as ef, ${minutes("w.late_start")} as ls,
           ${minutes("w.late_finish")} as lf, w.calendar_id as cal
    from wbs_items w
    where w.id = any(${intArray(candidates)}::int[]) and w.space_id = ${version.spaceId} and w.version_id <> ${version.id}
    order by w.id`,
      )
    : { rows: [] };
  const outside = (externalsResult.rows as ExternalRow[]).map((row) => row.id);
  return { outside, externals: externalsResult.rows as ExternalRow[] };
}

/** The space's calendars as the engine takes them. */
export async function readCalendarRows(db: DbOrTx, version: Pick<VersionRow, "spaceId">) {
  const result = await execRows(
    db,
    sql`select id, week, exceptions from calendars where space_id = ${version.spaceId} order by id`,
  );
  return result.rows as CalendarRow[];
}

/** One assignment of a resource-dependent work as the calculation needs it. */
export interface ResourceRunRow {
  itemId: number;
  calendarId: string | null;
  kind: string;
  remainingUnits: number;
  unitsPerDay: number | null;
}

/** The assignments of these works of a version, with their resources' calendar and kind. */
export async function resourceRunRows(
  db: DbOrTx,
  version: Pick<VersionRow, "id" | "spaceId">,
  itemIds: readonly number[],
): Promise<ResourceRunRow[]> {
  if (itemIds.length === 0) return [];
  const result = await execRows(
    db,
    sql`
    select a.item_id as "itemId", r.calendar_id as "calendarId", r.kind, a.remaining_units as "remainingUnits",
           a.units_per_day as "unitsPerDay"
    from assignments a join resources r on r.id = a.resource_id and r.space_id = a.space_id
    where a.version_id = ${version.id} and a.space_id = ${version.spaceId} and a.item_id = any(${intArray([...itemIds])}::int[])
    order by a.item_id, a.id`,
  );
  return result.rows as ResourceRunRow[];
}
