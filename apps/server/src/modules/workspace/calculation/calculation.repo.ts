import type { LimitType } from "@planum/contracts";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { calculateSettings, versions } from "../../../db/schema/index.js";
import { assertDetailsIn } from "../../../platform/access.js";
import type { DbOrTx } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import { PRESUMED_DEAD_SECONDS } from "../../../platform/processes.js";
import { execColumns, execRows, intArray, writtenSince, xidOf } from "../../../platform/sql.js";
import { minutesSql, timestampSql, wallClockSql } from "../../../platform/time.js";

/**
 * The SQL of the calculation: a version's calculation status, its network read in bulk, the results written back,
 * the timetable read, the schedule's calculation settings, and what the automatic calculation looks up.
 */

export type VersionRow = typeof versions.$inferSelect;
export type SettingsRow = typeof calculateSettings.$inferSelect;
export type SettingsValues = Omit<typeof calculateSettings.$inferInsert, "spaceId" | "scheduleId" | "updatedAt">;

// ---- the version's calculation status ----

export async function findVersion(db: DbOrTx, versionId: string): Promise<VersionRow | null> {
  const [row] = await db.select().from(versions).where(eq(versions.id, versionId));
  return row ?? null;
}

/**
 * Whether the version's calculation is held by somebody alive: a process calculating it synchronously whose heartbeat
 * is recent, or a job still queued or running (a job of a dead process is taken over by another, so it stays held).
 * A version left `in_process` by a killed process is therefore free again.
 */
const heldByTheLiving = sql`(${versions.calcStatus} = 'in_process' and (
  case when ${versions.calcJobId} is not null
    then exists (select 1 from jobs j where j.id = ${versions.calcJobId} and j.status in ('queued', 'in_process'))
    else exists (select 1 from server_processes p where p.id = ${versions.calcRunnerId}
                   and p.seen_at > now() - make_interval(secs => ${PRESUMED_DEAD_SECONDS}))
  end))`;

/**
 * Marks a version as being calculated by the process `runnerId`; refused while a live calculation of it runs, or
 * when it is locked.
 */
export async function beginCalculation(db: DbOrTx, versionId: string, runnerId: string) {
  const [row] = await db
    .update(versions)
    .set({ calcStatus: "in_process", calcError: null, calcRunnerId: runnerId, calcJobId: null })
    .where(
      and(
        eq(versions.id, versionId),
        sql`not ${heldByTheLiving}`,
        eq(versions.locked, false),
        // an uploaded version's relations still coming (import_details job) or failed: its network is not whole
        sql`${versions.detailsStatus} is distinct from 'importing_details'`,
        sql`${versions.detailsStatus} is distinct from 'relations_failed'`,
      ),
    )
    .returning();
  if (row) return row;
  const current = await findVersion(db, versionId);
  if (!current) throw new AppError("NotFound");
  if (current.locked) throw new AppError("VersionLocked", { label: current.label });
  assertDetailsIn(current);
  throw new AppError("CalculationInProgress");
}

/** The calculation begun by this process is handed to a job: the version is held while the job is open. */
export async function handCalculationToJob(db: DbOrTx, versionId: string, jobId: string) {
  await db
    .update(versions)
    .set({ calcJobId: jobId })
    .where(and(eq(versions.id, versionId), eq(versions.calcStatus, "in_process")));
}

/** Ends a failed calculation: the version is not calculated and says why. */
export async function failCalculation(db: DbOrTx, versionId: string, reason: string) {
  await db
    .update(versions)
    .set({ calcStatus: "not_calculated", calcError: reason, calcRunnerId: null, calcJobId: null })
    .where(eq(versions.id, versionId));
}

/** Leaves a version as a change leaves it (a calculation begun but never started). */
export async function abandonCalculation(db: DbOrTx, versionId: string) {
  await db
    .update(versions)
    .set({ calcStatus: "not_calculated", calcRunnerId: null, calcJobId: null })
    .where(eq(versions.id, versionId));
}

/**
 * Ends a successful calculation inside the transaction that wrote its results: calculated, unless the version
 * changed meanwhile (its revision moved), then the results stay but the status says not calculated.
 */
export async function finishCalculation(tx: DbOrTx, versionId: string, readRevision: number, finish: string) {
  await tx
    .update(versions)
    .set({
      calcStatus: sql`case when ${versions.revision} = ${readRevision} then 'calculated' else 'not_calculated' end`,
      calcError: null,
      calculatedAt: new Date(),
      calcRunnerId: null,
      calcJobId: null,
      finish,
      revision: sql`${versions.revision} + 1`,
    })
    .where(eq(versions.id, versionId));
}

// ---- results ----

/**
 * Rows per UPDATE statement when results are written back: one statement for a 100k version measured ~20% faster
 * than four of 25k (one hash join, one scan); each integer array parameter stays under 2 MB.
 */
const WRITE_CHUNK = 200_000;

const arrayText = (values: (string | number | null)[]) => `{${values.map((v) => (v === null ? "NULL" : v)).join(",")}}`;

/** Calculated results of some items, as parallel arrays; dates are minutes since 1970-01-01T00:00 (wall clock). */
export interface ResultColumns {
  ids: number[];
  earlyStart: (number | null)[];
  earlyFinish: (number | null)[];
  lateStart: (number | null)[];
  lateFinish: (number | null)[];
  totalFloat: (number | null)[];
  freeFloat: (number | null)[];
  critical: boolean[];
}

/**
 * Writes calculated results onto the items of a version: one UPDATE … FROM unnest(int arrays) per 200k rows. `wbs_items`
 * keeps free room on its pages (fillfactor, migration 0003), so these updates are HOT: the new row version stays on
 * the same page and no index is touched. Call inside the caller's transaction.
 */
export async function writeResults(tx: DbOrTx, versionId: string, columns: ResultColumns) {
  for (let from = 0; from < columns.ids.length; from += WRITE_CHUNK) {
    const to = from + WRITE_CHUNK;
    const part = <T>(values: T[]) => values.slice(from, to);
    await tx.execute(sql`
      update wbs_items w set early_start = ${timestampSql(sql`r.es`)}, early_finish = ${timestampSql(sql`r.ef`)},
             late_start = ${timestampSql(sql`r.ls`)}, late_finish = ${timestampSql(sql`r.lf`)},
             total_float = r.tf, free_float = r.ff, critical = r.cr
      from unnest(${arrayText(part(columns.ids))}::int[], ${arrayText(part(columns.earlyStart))}::int[],
                  ${arrayText(part(columns.earlyFinish))}::int[], ${arrayText(part(columns.lateStart))}::int[],
                  ${arrayText(part(columns.lateFinish))}::int[], ${arrayText(part(columns.totalFloat))}::int[],
                  ${arrayText(part(columns.freeFloat))}::int[], ${arrayText(part(columns.critical).map((c) => (c ? "t" : "f")))}::bool[])
           as r(id, es, ef, ls, lf, tf, ff, cr)
      where w.id = r.id and w.version_id = ${versionId}`);
  }
}

/** The transaction's id as rows it writes carry it (`xmin`); gives it one if it has none yet. */
export async function currentXid(tx: DbOrTx): Promise<string> {
  const result = await execRows(tx, sql`select pg_current_xact_id()::text as x`);
  return xidOf((result.rows[0] as { x: string }).x);
}

/** Codes of items by id (to name them in a failure's reason). */
export async function codesOf(db: DbOrTx, ids: string[]) {
  const result = await execRows(
    db,
    sql`select id, code from wbs_items where id = any(${intArray(ids.map(Number))}::int[])`,
  );
  return new Map((result.rows as { id: number; code: string }[]).map((row) => [String(row.id), row.code]));
}

/** The timetable of a version: every item's results, in id order, as one JSON value (see execColumns). */
export async function readTimetableItems(db: DbOrTx, versionId: string) {
  const f = wallClockSql;
  return execColumns<
    {
      id: number;
      code: string;
      earlyStart: string | null;
      earlyFinish: string | null;
      lateStart: string | null;
      lateFinish: string | null;
      totalFloat: number | null;
      freeFloat: number | null;
      critical: boolean;
    }[]
  >(
    db,
    sql`
    select coalesce(json_agg(json_build_object('id', id, 'code', code, 'earlyStart', ${f("early_start")},
           'earlyFinish', ${f("early_finish")}, 'lateStart', ${f("late_start")}, 'lateFinish', ${f("late_finish")},
           'totalFloat', total_float, 'freeFloat', free_float, 'critical', critical) order by id), '[]') as j
    from wbs_items where version_id = ${versionId}`,
  );
}

// ---- calculation settings ----

export async function findSettings(db: DbOrTx, scheduleId: string): Promise<SettingsRow | null> {
  const [row] = await db.select().from(calculateSettings).where(eq(calculateSettings.scheduleId, scheduleId));
  return row ?? null;
}

/** Stores the schedule's one row of settings. */
export async function upsertSettings(db: DbOrTx, spaceId: string, scheduleId: string, values: SettingsValues) {
  const [row] = await db
    .insert(calculateSettings)
    .values({ ...values, scheduleId, spaceId })
    .onConflictDoUpdate({ target: calculateSettings.scheduleId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row;
}

export async function deleteSettings(db: DbOrTx, scheduleId: string) {
  await db.delete(calculateSettings).where(eq(calculateSettings.scheduleId, scheduleId));
}

/** Calculated versions of a schedule become not calculated (except `keepVersionId`); their ids, sorted. */
export async function markSchedulesVersionsStale(db: DbOrTx, scheduleId: string, keepVersionId?: string) {
  const stale = await db
    .update(versions)
    .set({ calcStatus: "not_calculated" })
    .where(
      and(
        eq(versions.scheduleId, scheduleId),
        eq(versions.calcStatus, "calculated"),
        ...(keepVersionId ? [ne(versions.id, keepVersionId)] : []),
      ),
    )
    .returning({ id: versions.id });
  return stale.map((v) => v.id).sort();
}

/** Unlocked versions of a schedule that are not calculated, oldest first. */
export async function versionsDue(db: DbOrTx, scheduleId: string) {
  return db
    .select({ id: versions.id })
    .from(versions)
    .where(and(eq(versions.scheduleId, scheduleId), eq(versions.locked, false), ne(versions.calcStatus, "calculated")))
    .orderBy(asc(versions.createdAt), asc(versions.id));
}

// ---- automatic calculation ----

/**
 * Whether a version is locked, its calculation status, whether a live calculation holds it, and its schedule's
 * calculation mode.
 */
export async function autoState(db: DbOrTx, versionId: string) {
  const [row] = await db
    .select({
      locked: versions.locked,
      status: versions.calcStatus,
      held: sql<boolean>`${heldByTheLiving}`,
      mode: sql<string>`coalesce(${calculateSettings.calculationMode}, 'manual')`,
    })
    .from(versions)
    .leftJoin(calculateSettings, eq(calculateSettings.scheduleId, versions.scheduleId))
    .where(eq(versions.id, versionId));
  return row;
}

/**
 * Unlocked versions of auto-mode schedules a calendar change may move: those whose items use one of the calendars,
 * and — when one of them is (or, deleted, may have been) the space's default — every one of the space.
 */
export async function autoVersionsUsingCalendars(db: DbOrTx, spaceId: string, calendarIds: string[]) {
  const ids = sql`array[${sql.join(
    calendarIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
  const result = await execRows(
    db,
    sql`
    with touched as (
      select count(*) filter (where c.is_default) > 0 or count(*) < ${calendarIds.length} as all_versions
      from calendars c where c.id = any(${ids}) and c.space_id = ${spaceId})
    select v.id from versions v join calculate_settings s on s.schedule_id = v.schedule_id, touched
    where v.space_id = ${spaceId} and s.calculation_mode = 'auto' and not v.locked
      and (touched.all_versions
           or exists (select 1 from wbs_items w where w.version_id = v.id and w.calendar_id = any(${ids})))
    order by v.id`,
  );
  return (result.rows as { id: string }[]).map((row) => row.id);
}

// ---- the network ----

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
