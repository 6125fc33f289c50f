import { and, eq, isNull, sql } from "drizzle-orm";
import { calendars, versions } from "../../db/schema/index.js";
import { insertColumns, reserveIds } from "../../platform/bulk-insert.js";
import type { DbOrTx } from "../../platform/db.js";
import { execRows } from "../../platform/sql.js";

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
  /** MS Project's manually scheduled task: its typed start and finish (both or neither). */
  manual_start: string | null;
  manual_finish: string | null;
  /** MS Project's elapsed duration: runs on the clock whatever the calendar. */
  elapsed: boolean;
  /** MS Project's splits of the remaining work as JSON: [start, end] pairs in minutes; null without. */
  splits: string | null;
}

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
export const reserveItemIds = (tx: DbOrTx, count: number) => reserveIds(tx, "wbs_items", "id", count);

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

/** How each field of an item row goes into `wbs_items`: its array type and the value the table defaults to. */
const ITEM_COLUMNS: { name: keyof ItemRow; type: string; empty?: ItemRow[keyof ItemRow]; plain?: boolean }[] = [
  { name: "id", type: "int" },
  { name: "parent_id", type: "int", empty: null },
  { name: "sort_order", type: "float8" },
  { name: "type", type: "text", plain: true },
  { name: "code", type: "text", empty: "" },
  { name: "name", type: "text" },
  { name: "calendar_id", type: "uuid", empty: null, plain: true },
  { name: "duration", type: "int", empty: 0 },
  { name: "start_limit_type", type: "text", empty: null, plain: true },
  { name: "start_limit_date", type: "timestamp", empty: null, plain: true },
  { name: "finish_limit_type", type: "text", empty: null, plain: true },
  { name: "finish_limit_date", type: "timestamp", empty: null, plain: true },
  { name: "status", type: "text", empty: "not_started", plain: true },
  { name: "percent_complete", type: "real", empty: 0 },
  { name: "actual_start", type: "timestamp", empty: null, plain: true },
  { name: "actual_finish", type: "timestamp", empty: null, plain: true },
  { name: "remaining", type: "int", empty: null },
  { name: "early_start", type: "timestamp", empty: null, plain: true },
  { name: "early_finish", type: "timestamp", empty: null, plain: true },
  { name: "late_start", type: "timestamp", empty: null, plain: true },
  { name: "late_finish", type: "timestamp", empty: null, plain: true },
  { name: "total_float", type: "int", empty: null },
  { name: "free_float", type: "int", empty: null },
  { name: "critical", type: "bool", empty: false },
  { name: "alap", type: "bool", empty: false },
  { name: "duration_type", type: "text", empty: "fixed_duration_units_time", plain: true },
  { name: "percent_complete_type", type: "text", empty: "duration", plain: true },
  { name: "resource_dependent", type: "bool", empty: false },
  { name: "expected_finish", type: "timestamp", empty: null, plain: true },
  { name: "suspend_date", type: "timestamp", empty: null, plain: true },
  { name: "resume_date", type: "timestamp", empty: null, plain: true },
  { name: "notes", type: "text", empty: "" },
  { name: "manual_start", type: "timestamp", empty: null, plain: true },
  { name: "manual_finish", type: "timestamp", empty: null, plain: true },
  { name: "elapsed", type: "bool", empty: false },
  { name: "splits", type: "jsonb", empty: null },
];

/**
 * Inserts items as columns (`insertColumns`: one `INSERT … SELECT FROM unnest(arrays)` per 50,000 rows, columns
 * at the table's default left out). Parents come before their children across statements (the parent foreign key
 * is checked at the end of each statement, when checks are on).
 */
export async function insertItems(tx: DbOrTx, spaceId: string, versionId: string, rows: ItemRow[]) {
  await insertColumns(
    tx,
    "wbs_items",
    rows.length,
    { space_id: sql`${spaceId}::uuid`, version_id: sql`${versionId}::uuid` },
    ITEM_COLUMNS.map((column) => ({ ...column, values: rows.map((row) => row[column.name]) })),
  );
}

/** Relations as columns: predecessor and successor ids, type (fs…), lag in minutes, lag calendar or null. */
export interface RelationColumns {
  p: number[];
  s: number[];
  t: string[];
  l: number[];
  c: (string | null)[];
  /** The version of each (cross links between versions); absent: all of the one version given. */
  v?: string[];
}

/** Inserts relations as columns; all of `versionId`, or each of its own (`links.v`). */
export async function insertRelations(tx: DbOrTx, spaceId: string, links: RelationColumns, versionId?: string) {
  await insertColumns(
    tx,
    "relations",
    links.p.length,
    { space_id: sql`${spaceId}::uuid`, ...(versionId ? { version_id: sql`${versionId}::uuid` } : {}) },
    [
      ...(versionId ? [] : [{ name: "version_id", type: "uuid", values: links.v ?? [], plain: true }]),
      { name: "predecessor_id", type: "int", values: links.p },
      { name: "successor_id", type: "int", values: links.s },
      { name: "type", type: "text", values: links.t, empty: "fs", plain: true },
      { name: "lag", type: "int", values: links.l, empty: 0 },
      { name: "lag_calendar", type: "text", values: links.c, empty: null, plain: true },
    ],
  );
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
 * After `deferRowChecks`: the triggers on again, and what the version's rows point at outside it checked as a row's
 * check would — the calendars they use exist, locked until commit so nobody deletes one meanwhile. Their references
 * inside the version (parents, relation ends: ids reserved in this transaction) were checked as they were built
 * (`checkOwnReferences`); checking them again here cost two index probes per row (~1 s of the embedded database for
 * 100,000 activities). The version's own row was inserted in this transaction with its space.
 */
export async function checkImportedVersion(tx: DbOrTx, versionId: string, calendarIds: readonly string[]) {
  await tx.execute(sql`set local session_replication_role = origin`);
  if (calendarIds.length === 0) return;
  const found = await execRows(
    tx,
    sql`select c.id from calendars c where c.id = any(${`{${calendarIds.join(",")}}`}::uuid[]) for key share of c`,
  );
  if (found.rows.length !== calendarIds.length)
    throw new Error(`import of version ${versionId}: ${calendarIds.length - found.rows.length} calendars are gone`);
}
