import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { attributes, calendars, relations, schedules, versions, wbsItems } from "../../db/schema/index.js";
import type { DbOrTx } from "../../platform/db.js";
import { execRows, intArray, nullableArray, textArray } from "../../platform/sql.js";
import { minutesSql } from "../../platform/time.js";

/** The statements of the demo schedule: a handful of bulk statements, whatever the size of the plan. */

/** The schedule's version a demo already filled (its actual version first), if any. */
export async function existingVersion(db: DbOrTx, scheduleId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: versions.id })
    .from(versions)
    .where(eq(versions.scheduleId, scheduleId))
    .orderBy(sql`${versions.kind} = 'actual' desc`, asc(versions.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/** The space's first schedule (a demo whose structure existed before). */
export async function firstSchedule(db: DbOrTx, spaceId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: schedules.id })
    .from(schedules)
    .where(eq(schedules.spaceId, spaceId))
    .orderBy(asc(schedules.createdAt), asc(schedules.sortOrder), asc(schedules.id))
    .limit(1);
  return row?.id ?? null;
}

export async function hasDefaultCalendar(db: DbOrTx, spaceId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: calendars.id })
    .from(calendars)
    .where(and(eq(calendars.spaceId, spaceId), isNull(calendars.projectId), eq(calendars.isDefault, true)))
    .limit(1);
  return Boolean(row);
}

export async function insertCalendars(db: DbOrTx, rows: (typeof calendars.$inferInsert)[]): Promise<string[]> {
  return (await db.insert(calendars).values(rows).returning({ id: calendars.id })).map((row) => row.id);
}

export async function insertAttribute(db: DbOrTx, values: typeof attributes.$inferInsert): Promise<string> {
  const [row] = await db.insert(attributes).values(values).returning({ id: attributes.id });
  return row.id;
}

export async function insertVersion(db: DbOrTx, values: typeof versions.$inferInsert): Promise<string> {
  const [row] = await db.insert(versions).values(values).returning({ id: versions.id });
  return row.id;
}

/** Items (parents before children) and relations, one statement each. */
export async function insertNetwork(
  db: DbOrTx,
  items: (typeof wbsItems.$inferInsert)[],
  links: (typeof relations.$inferInsert)[],
) {
  await db.insert(wbsItems).values(items);
  if (links.length) await db.insert(relations).values(links);
}

/** Marks a version as being calculated (what the calculation expects before it runs). */
export async function markInProcess(db: DbOrTx, versionId: string) {
  await db.update(versions).set({ calcStatus: "in_process" }).where(eq(versions.id, versionId));
}

export async function setDataDate(db: DbOrTx, versionId: string, dataDate: string) {
  await db.update(versions).set({ dataDate }).where(eq(versions.id, versionId));
}

export async function lockVersion(db: DbOrTx, versionId: string) {
  await db.update(versions).set({ locked: true }).where(eq(versions.id, versionId));
}

/** The calculated plan of a version: every item's id, type, calendar, duration and early dates (minutes). */
export interface PlanRows {
  id: number[];
  type: string[];
  calendarId: (string | null)[];
  duration: number[];
  earlyStart: (number | null)[];
  earlyFinish: (number | null)[];
}

export async function readPlan(db: DbOrTx, versionId: string): Promise<PlanRows> {
  const result = await execRows(
    db,
    sql`select id, type, calendar_id, duration, ${minutesSql("early_start")} as es, ${minutesSql("early_finish")} as ef
        from wbs_items where version_id = ${versionId} order by id`,
  );
  const rows = result.rows as {
    id: number;
    type: string;
    calendar_id: string | null;
    duration: number;
    es: number | null;
    ef: number | null;
  }[];
  return {
    id: rows.map((r) => r.id),
    type: rows.map((r) => r.type),
    calendarId: rows.map((r) => r.calendar_id),
    duration: rows.map((r) => r.duration),
    earlyStart: rows.map((r) => r.es),
    earlyFinish: rows.map((r) => r.ef),
  };
}

/** Progress and baseline of the items of a version, one UPDATE … FROM unnest(…); dates as wall-clock text. */
export interface ProgressRows {
  id: number[];
  status: ("not_started" | "in_progress" | "completed")[];
  percentComplete: number[];
  actualStart: (string | null)[];
  actualFinish: (string | null)[];
  remaining: (number | null)[];
  targetStart: (string | null)[];
  targetFinish: (string | null)[];
  targetDuration: (number | null)[];
}

export async function writeProgress(db: DbOrTx, versionId: string, rows: ProgressRows) {
  if (rows.id.length === 0) return;
  await db.execute(sql`
    update wbs_items w set status = x.status, percent_complete = x.pc, actual_start = x.as_, actual_finish = x.af,
      remaining = x.rem, target_start = x.ts, target_finish = x.tf, target_duration = x.td
    from unnest(${intArray(rows.id)}::int[], ${textArray(rows.status)}::text[],
      ${nullableArray(rows.percentComplete)}::real[], ${textArray(rows.actualStart)}::timestamp[],
      ${textArray(rows.actualFinish)}::timestamp[], ${nullableArray(rows.remaining)}::int[],
      ${textArray(rows.targetStart)}::timestamp[], ${textArray(rows.targetFinish)}::timestamp[],
      ${nullableArray(rows.targetDuration)}::int[]) as x(id, status, pc, as_, af, rem, ts, tf, td)
    where w.id = x.id and w.version_id = ${versionId}`);
}
