import { and, eq, isNull, sql } from "drizzle-orm";
import { calendars, versions } from "../../db/schema/index.js";
import type { DbOrTx } from "../../platform/db.js";
import { execColumns, execRows, intArray, nullableArray, textArray } from "../../platform/sql.js";

export type LimitType = "not_earlier" | "not_later" | "in_date" | "mandatory";
export type ItemType = "sum" | "task" | "work" | "milestone_start" | "milestone_finish";

/** One WBS row as it goes into `json_to_recordset` (column names of `wbs_items`). */
export interface ItemRow {
  id: number;
  parent_id: number | null;
  sort_order: number;
  type: ItemType;
  code: string;
  name: string;
  calendar_id: string | null;
  duration: number;
  start_limit_type: LimitType | null;
  start_limit_date: string | null;
  finish_limit_type: LimitType | null;
  finish_limit_date: string | null;
  status: "not_started" | "in_progress" | "completed";
  percent_complete: number;
  actual_start: string | null;
  actual_finish: string | null;
  remaining: number | null;
  early_start: string | null;
  early_finish: string | null;
  late_start: string | null;
  late_finish: string | null;
  total_float: number | null;
  free_float: number | null;
  critical: boolean;
  /** P6 activity details (as late as possible, duration and percent-complete types, expected finish, suspend/resume, notes). */
  alap: boolean;
  duration_type: string;
  percent_complete_type: string;
  resource_dependent: boolean;
  expected_finish: string | null;
  suspend_date: string | null;
  resume_date: string | null;
  notes: string;
}

/**
 * Rows per INSERT: array parameters of a few MB, far below any statement limit, and few round trips (a 100k
 * version is written in a handful of statements).
 */
const CHUNK = 25_000;

/** The space's own calendars (not a project's), by name. */
export function spaceCalendarNames(tx: DbOrTx, spaceId: string) {
  return tx
    .select({ id: calendars.id, name: calendars.name })
    .from(calendars)
    .where(and(eq(calendars.spaceId, spaceId), isNull(calendars.projectId)));
}

export async function insertCalendar(tx: DbOrTx, values: typeof calendars.$inferInsert) {
  const [row] = await tx.insert(calendars).values(values).returning({ id: calendars.id });
  return row;
}

/** New row ids taken from the rows' own sequence, so relations can point at rows before they are written. */
export async function reserveItemIds(tx: DbOrTx, count: number): Promise<number[]> {
  if (count === 0) return [];
  return execColumns<number[]>(
    tx,
    sql`select json_agg(nextval(pg_get_serial_sequence('wbs_items', 'id'))::int) as j from generate_series(1, ${count})`,
  );
}

export async function hasActualVersion(tx: DbOrTx, scheduleId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: versions.id })
    .from(versions)
    .where(and(eq(versions.scheduleId, scheduleId), eq(versions.kind, "actual")));
  return Boolean(row);
}

export async function insertVersion(tx: DbOrTx, values: typeof versions.$inferInsert) {
  const [row] = await tx.insert(versions).values(values).returning({ id: versions.id });
  return row;
}

/**
 * Inserts items as columns: one `INSERT … SELECT FROM unnest(arrays)` per CHUNK rows (a 100k version: a few
 * statements of a few MB of array literals, no JSON built, sent or parsed). Parents come before their children
 * across chunks (the parent foreign key is checked at the end of each statement).
 */
export async function insertItems(tx: DbOrTx, spaceId: string, versionId: string, rows: ItemRow[]) {
  for (let k = 0; k < rows.length; k += CHUNK) {
    const part = rows.slice(k, k + CHUNK);
    const ints = (key: "id" | "parent_id" | "duration" | "remaining" | "total_float" | "free_float") =>
      nullableArray(part.map((row) => row[key]));
    const texts = (key: { [K in keyof ItemRow]: ItemRow[K] extends string | null ? K : never }[keyof ItemRow]) =>
      textArray(part.map((row) => row[key]));
    await tx.execute(sql`
      insert into wbs_items (id, space_id, version_id, parent_id, sort_order, type, code, name, calendar_id, duration,
        start_limit_type, start_limit_date, finish_limit_type, finish_limit_date, status, percent_complete,
        actual_start, actual_finish, remaining, early_start, early_finish, late_start, late_finish, total_float,
        free_float, critical, alap, duration_type, percent_complete_type, resource_dependent, expected_finish,
        suspend_date, resume_date, notes)
      select id, ${spaceId}::uuid, ${versionId}::uuid, parent_id, sort_order, type, code, name, calendar_id,
        duration, start_limit_type, start_limit_date, finish_limit_type, finish_limit_date, status, percent_complete,
        actual_start, actual_finish, remaining, early_start, early_finish, late_start, late_finish, total_float,
        free_float, critical, alap, duration_type, percent_complete_type, resource_dependent, expected_finish,
        suspend_date, resume_date, notes
      from unnest(${ints("id")}::int[], ${ints("parent_id")}::int[],
        ${nullableArray(part.map((row) => row.sort_order))}::float8[], ${texts("type")}::text[], ${texts("code")}::text[],
        ${texts("name")}::text[], ${texts("calendar_id")}::uuid[], ${ints("duration")}::int[],
        ${texts("start_limit_type")}::text[], ${texts("start_limit_date")}::timestamp[],
        ${texts("finish_limit_type")}::text[], ${texts("finish_limit_date")}::timestamp[], ${texts("status")}::text[],
        ${nullableArray(part.map((row) => row.percent_complete))}::real[], ${texts("actual_start")}::timestamp[],
        ${texts("actual_finish")}::timestamp[], ${ints("remaining")}::int[], ${texts("early_start")}::timestamp[],
        ${texts("early_finish")}::timestamp[], ${texts("late_start")}::timestamp[], ${texts("late_finish")}::timestamp[],
        ${ints("total_float")}::int[], ${ints("free_float")}::int[],
        ${nullableArray(part.map((row) => row.critical))}::bool[],
        ${nullableArray(part.map((row) => row.alap))}::bool[], ${texts("duration_type")}::text[],
        ${texts("percent_complete_type")}::text[],
        ${nullableArray(part.map((row) => row.resource_dependent))}::bool[], ${texts("expected_finish")}::timestamp[],
        ${texts("suspend_date")}::timestamp[], ${texts("resume_date")}::timestamp[], ${texts("notes")}::text[])
        as x(id, parent_id, sort_order, type, code, name, calendar_id, duration, start_limit_type, start_limit_date,
             finish_limit_type, finish_limit_date, status, percent_complete, actual_start, actual_finish, remaining,
             early_start, early_finish, late_start, late_finish, total_float, free_float, critical, alap, duration_type,
             percent_complete_type, resource_dependent, expected_finish, suspend_date, resume_date, notes)`);
  }
}

/**
 * Inserts relations as columns, one `INSERT … SELECT FROM unnest(arrays)` per CHUNK rows; all of `versionId`, or
 * each of its own (`v`).
 */
export async function insertRelations(
  tx: DbOrTx,
  spaceId: string,
  links: { v?: string; p: number; s: number; t: string; l: number; c: string | null }[],
  versionId?: string,
) {
  for (let k = 0; k < links.length; k += CHUNK) {
    const part = links.slice(k, k + CHUNK);
    // One version: a single parameter (the shorter array of unnest pads with nulls); several: a column of them.
    const versions = versionId ? "{}" : textArray(part.map((x) => x.v));
    await tx.execute(sql`
      insert into relations (space_id, version_id, predecessor_id, successor_id, type, lag, lag_calendar)
      select ${spaceId}::uuid, coalesce(x.v, ${versionId ?? null}::uuid), p, s, t, l, c
      from unnest(${versions}::uuid[], ${intArray(part.map((x) => x.p))}::int[],
        ${intArray(part.map((x) => x.s))}::int[], ${textArray(part.map((x) => x.t))}::text[],
        ${intArray(part.map((x) => x.l))}::int[], ${textArray(part.map((x) => x.c))}::text[]) as x(v, p, s, t, l, c)`);
  }
}

/**
 * Turns off the per-row foreign-key checks of the rest of this transaction's inserts, when the session may
 * (`session_replication_role` is a superuser setting: the embedded database, a PostgreSQL role with the right).
 * Each check is a query of its own (2–4 per inserted row: two thirds of a 100k import); `checkImportedVersion`
 * makes the same checks afterwards in two set-wise queries and turns the triggers back on. Only for the rows of a
 * version made in this transaction: nobody else can see them, so only what they point at outside it (calendars)
 * could go meanwhile, and that is locked there. Answers whether the checks were turned off.
 */
export async function deferRowChecks(tx: DbOrTx): Promise<boolean> {
  const result = await execRows(
    tx,
    sql`select current_setting('is_superuser') = 'on' as able, current_setting('session_replication_role') = 'origin' as origin`,
  );
  const row = result.rows[0] as { able: boolean; origin: boolean };
  if (!row.able || !row.origin) return false;
  await tx.execute(sql`set local session_replication_role = replica`);
  return true;
}

/**
 * After `deferRowChecks`: the foreign keys of the version's items and relations checked set-wise (what the
 * triggers would have checked row by row: the version of the item's space, the parent, the calendar, the
 * predecessor, and the successor in the relation's version and space), the calendars they use locked as a
 * row's check would lock them, and the triggers on again. A row that fails aborts the import (it cannot happen
 * through importModel, which makes every reference it writes).
 */
export async function checkImportedVersion(tx: DbOrTx, versionId: string) {
  await tx.execute(sql`set local session_replication_role = origin`);
  await tx.execute(sql`
    select c.id from calendars c
    where c.id in (select distinct calendar_id from wbs_items where version_id = ${versionId}) for key share of c`);
  const result = await execRows(
    tx,
    sql`
    select (select count(*) from wbs_items w where w.version_id = ${versionId} and (
              not exists (select 1 from versions v where v.id = w.version_id and v.space_id = w.space_id)
              or (w.parent_id is not null and not exists (select 1 from wbs_items p where p.id = w.parent_id))
              or (w.calendar_id is not null and not exists (select 1 from calendars c where c.id = w.calendar_id))))::int
           as items,
           (select count(*) from relations r where r.version_id = ${versionId} and (
              not exists (select 1 from wbs_items p where p.id = r.predecessor_id)
              or not exists (select 1 from wbs_items s
                             where s.id = r.successor_id and s.version_id = r.version_id and s.space_id = r.space_id)))::int
           as relations`,
  );
  const broken = result.rows[0] as { items: number; relations: number };
  if (broken.items > 0 || broken.relations > 0)
    throw new Error(
      `import of version ${versionId}: ${broken.items} items and ${broken.relations} relations point at missing rows`,
    );
}
