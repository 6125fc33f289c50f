import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import { calendars, wbsItems } from "../../db/schema/index.js";
import type { DbOrTx } from "../../platform/db.js";

export type CalendarRow = typeof calendars.$inferSelect;
export type Week = [string, string][][];
export type Exceptions = { date: string; intervals: [string, string][] }[];

/** The SQL of calendars; every query is filtered by space. */

export async function findDefault(db: DbOrTx, spaceId: string): Promise<CalendarRow | null> {
  const [found] = await db
    .select()
    .from(calendars)
    .where(and(eq(calendars.spaceId, spaceId), eq(calendars.isDefault, true)))
    .limit(1);
  return found ?? null;
}

/** The space's calendars, oldest first; with a project, the space-wide ones and that project's own. */
export function listCalendars(db: DbOrTx, spaceId: string, projectId?: string) {
  const scope = projectId ? or(isNull(calendars.projectId), eq(calendars.projectId, projectId)) : undefined;
  return db
    .select()
    .from(calendars)
    .where(and(eq(calendars.spaceId, spaceId), scope))
    .orderBy(asc(calendars.createdAt), asc(calendars.id));
}

export async function findCalendar(db: DbOrTx, spaceId: string, id: string): Promise<CalendarRow | null> {
  const [row] = await db
    .select()
    .from(calendars)
    .where(and(eq(calendars.spaceId, spaceId), eq(calendars.id, id)));
  return row ?? null;
}

export async function hasCalendars(db: DbOrTx, spaceId: string): Promise<boolean> {
  const [any] = await db.select({ id: calendars.id }).from(calendars).where(eq(calendars.spaceId, spaceId)).limit(1);
  return any !== undefined;
}

export async function insertCalendar(
  db: DbOrTx,
  values: {
    spaceId: string;
    projectId: string | null;
    name: string;
    week: Week;
    exceptions: Exceptions;
    isDefault: boolean;
  },
): Promise<CalendarRow> {
  const [created] = await db.insert(calendars).values(values).returning();
  return created;
}

/** Changes a calendar if its revision is still `revision`; null when somebody changed it meanwhile. */
export async function updateCalendar(
  db: DbOrTx,
  spaceId: string,
  id: string,
  revision: number,
  values: { name?: string; week?: Week; exceptions?: Exceptions },
): Promise<CalendarRow | null> {
  const [row] = await db
    .update(calendars)
    .set({ ...values, revision: sql`${calendars.revision} + 1` })
    .where(and(eq(calendars.spaceId, spaceId), eq(calendars.id, id), eq(calendars.revision, revision)))
    .returning();
  return row ?? null;
}

/** How many works use the calendar. */
export async function usesOf(db: DbOrTx, id: string): Promise<number> {
  const [used] = await db.select({ n: sql<number>`count(*)::int` }).from(wbsItems).where(eq(wbsItems.calendarId, id));
  return used.n;
}

export async function deleteCalendar(db: DbOrTx, spaceId: string, id: string) {
  await db.delete(calendars).where(and(eq(calendars.spaceId, spaceId), eq(calendars.id, id)));
}

/** The space's oldest calendar. */
export async function oldest(db: DbOrTx, spaceId: string): Promise<{ id: string } | null> {
  const [next] = await db
    .select({ id: calendars.id })
    .from(calendars)
    .where(eq(calendars.spaceId, spaceId))
    .orderBy(asc(calendars.createdAt))
    .limit(1);
  return next ?? null;
}

/** Makes `id` the space's one default calendar (none when id is null); the changed row. */
export async function makeDefault(db: DbOrTx, spaceId: string, id: string | null): Promise<CalendarRow | null> {
  await db.update(calendars).set({ isDefault: false }).where(eq(calendars.spaceId, spaceId));
  if (id === null) return null;
  const [updated] = await db
    .update(calendars)
    .set({ isDefault: true })
    .where(and(eq(calendars.spaceId, spaceId), eq(calendars.id, id)))
    .returning();
  return updated ?? null;
}
