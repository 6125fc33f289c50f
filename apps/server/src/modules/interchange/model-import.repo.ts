import { and, eq, isNull, sql } from "drizzle-orm";
import { calendars, versions } from "../../db/schema/index.js";
import type { DbOrTx } from "../../platform/db.js";
import { execColumns, intArray, nullableArray, textArray } from "../../platform/sql.js";

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
        free_float, critical, alap, duration_type, percent_complete_type, expected_finish, suspend_date, resume_date,
        notes)
      select id, ${spaceId}::uuid, ${versionId}::uuid, parent_id, sort_order, type, code, name, calendar_id,
        duration, start_limit_type, start_limit_date, finish_limit_type, finish_limit_date, status, percent_complete,
        actual_start, actual_finish, remaining, early_start, early_finish, late_start, late_finish, total_float,
        free_float, critical, alap, duration_type, percent_complete_type, expected_finish, suspend_date, resume_date,
        notes
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
        ${texts("percent_complete_type")}::text[], ${texts("expected_finish")}::timestamp[],
        ${texts("suspend_date")}::timestamp[], ${texts("resume_date")}::timestamp[], ${texts("notes")}::text[])
        as x(id, parent_id, sort_order, type, code, name, calendar_id, duration, start_limit_type, start_limit_date,
             finish_limit_type, finish_limit_date, status, percent_complete, actual_start, actual_finish, remaining,
             early_start, early_finish, late_start, late_finish, total_float, free_float, critical, alap, duration_type,
             percent_complete_type, expected_finish, suspend_date, resume_date, notes)`);
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
