import type { WorkspaceCalendar } from "@planum/contracts";
import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import { calendars, wbsItems } from "../../db/schema/index.js";
import type { Grant } from "../../platform/access.js";
import type { Db, DbOrTx } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import type { WorkspaceEvents } from "../../platform/workspace-events.js";

export type CalendarRow = typeof calendars.$inferSelect;
type Week = [string, string][][];
type Exceptions = { date: string; intervals: [string, string][] }[];

const DAY: [string, string][] = [
  ["08:00", "12:00"],
  ["13:00", "17:00"],
];
/** Five days of two four-hour shifts: what a space calculates with before anyone defines a calendar. */
export const STANDARD_WEEK: Week = [DAY, DAY, DAY, DAY, DAY, [], []];
export const STANDARD_CALENDAR_NAME = "Стандартный 5×8";

export function toCalendarDto(row: CalendarRow): WorkspaceCalendar {
  return {
    id: row.id,
    name: row.name,
    projectId: row.projectId,
    isDefault: row.isDefault,
    week: row.week,
    exceptions: row.exceptions,
    revision: row.revision,
  };
}

/** The space's default calendar, created on first need so every version can be calculated from the start. */
export async function ensureDefaultCalendar(db: DbOrTx, spaceId: string): Promise<CalendarRow> {
  const [found] = await db
    .select()
    .from(calendars)
    .where(and(eq(calendars.spaceId, spaceId), eq(calendars.isDefault, true)))
    .limit(1);
  if (found) return found;
  const [created] = await db
    .insert(calendars)
    .values({ spaceId, name: STANDARD_CALENDAR_NAME, isDefault: true, week: STANDARD_WEEK, exceptions: [] })
    .returning();
  return created;
}

export class CalendarsService {
  constructor(private readonly deps: { db: Db; events: WorkspaceEvents }) {}

  /** The space's calendars; with a project, the space-wide ones and that project's own. */
  async list(grant: Grant, projectId?: string): Promise<WorkspaceCalendar[]> {
    const scope = projectId ? or(isNull(calendars.projectId), eq(calendars.projectId, projectId)) : undefined;
    const rows = await this.deps.db
      .select()
      .from(calendars)
      .where(and(eq(calendars.spaceId, grant.space.id), scope))
      .orderBy(asc(calendars.createdAt), asc(calendars.id));
    return rows.map(toCalendarDto);
  }

  async get(grant: Grant, id: string): Promise<CalendarRow> {
    const [row] = await this.deps.db
      .select()
      .from(calendars)
      .where(and(eq(calendars.spaceId, grant.space.id), eq(calendars.id, id)));
    if (!row) throw new AppError("NotFound");
    return row;
  }

  async create(
    grant: Grant,
    body: { name: string; projectId?: string | null; week: Week; exceptions: Exceptions; isDefault?: boolean },
  ) {
    const row = await this.deps.db.transaction(async (tx) => {
      const [any] = await tx
        .select({ id: calendars.id })
        .from(calendars)
        .where(eq(calendars.spaceId, grant.space.id))
        .limit(1);
      const isDefault = body.isDefault === true || !any;
      if (isDefault) await tx.update(calendars).set({ isDefault: false }).where(eq(calendars.spaceId, grant.space.id));
      const [created] = await tx
        .insert(calendars)
        .values({
          spaceId: grant.space.id,
          projectId: body.projectId ?? null,
          name: body.name,
          week: body.week,
          exceptions: sortExceptions(body.exceptions),
          isDefault,
        })
        .returning();
      return created;
    });
    this.deps.events.calendarsUpdated(grant.space.id, grant.userId, [row.id]);
    return toCalendarDto(row);
  }

  /** Refuses a stale revision with the calendar as it is now, so the editor can show the other user's change. */
  async update(
    grant: Grant,
    id: string,
    body: { revision: number; name?: string; week?: Week; exceptions?: Exceptions },
  ) {
    const current = await this.get(grant, id);
    const [row] = await this.deps.db
      .update(calendars)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.week !== undefined ? { week: body.week } : {}),
        ...(body.exceptions !== undefined ? { exceptions: sortExceptions(body.exceptions) } : {}),
        revision: sql`${calendars.revision} + 1`,
      })
      .where(and(eq(calendars.id, id), eq(calendars.revision, body.revision)))
      .returning();
    if (!row) {
      const fresh = await this.get(grant, id);
      throw new AppError("Conflict", { entity: "calendar", id, revision: fresh.revision }, undefined, {
        current: toCalendarDto(fresh ?? current),
      });
    }
    this.deps.events.calendarsUpdated(grant.space.id, grant.userId, [row.id]);
    return toCalendarDto(row);
  }

  /** A calendar that works use cannot go (their dates would silently change); the default passes to the oldest. */
  async delete(grant: Grant, id: string) {
    const row = await this.get(grant, id);
    const [used] = await this.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(wbsItems)
      .where(eq(wbsItems.calendarId, id));
    if (used.n > 0) throw new AppError("CalendarInUse", { count: used.n });
    await this.deps.db.transaction(async (tx) => {
      await tx.delete(calendars).where(eq(calendars.id, id));
      if (row.isDefault) {
        const [next] = await tx
          .select({ id: calendars.id })
          .from(calendars)
          .where(eq(calendars.spaceId, grant.space.id))
          .orderBy(asc(calendars.createdAt))
          .limit(1);
        if (next) await tx.update(calendars).set({ isDefault: true }).where(eq(calendars.id, next.id));
      }
    });
    this.deps.events.calendarsUpdated(grant.space.id, grant.userId, [id]);
    return { id };
  }

  async setDefault(grant: Grant, id: string) {
    await this.get(grant, id);
    const row = await this.deps.db.transaction(async (tx) => {
      await tx.update(calendars).set({ isDefault: false }).where(eq(calendars.spaceId, grant.space.id));
      const [updated] = await tx.update(calendars).set({ isDefault: true }).where(eq(calendars.id, id)).returning();
      return updated;
    });
    this.deps.events.calendarsUpdated(grant.space.id, grant.userId, [id]);
    return toCalendarDto(row);
  }
}

function sortExceptions(list: Exceptions): Exceptions {
  const byDate = new Map(list.map((entry) => [entry.date, entry]));
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}
