import { and, asc, eq, ne, sql } from "drizzle-orm";
import { calculateSettings, versions } from "../../../db/schema/index.js";
import { assertDetailsIn } from "../../../platform/access.js";
import type { DbOrTx } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import { PRESUMED_DEAD_SECONDS } from "../../../platform/processes.js";
import { execColumns, execRows, intArray, xidOf } from "../../../platform/sql.js";
import { timestampSql, wallClockSql } from "../../../platform/time.js";

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
