import type { WorkspaceCalendar } from "@planum/contracts";
import type { Grant } from "../../platform/access.js";
import { loadNode } from "../../platform/access.js";
import type { Db, DbOrTx } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import type { WorkspaceEvents } from "../../platform/workspace-events.js";
import {
  type CalendarRow,
  deleteCalendar,
  type Exceptions,
  findCalendar,
  findDefault,
  hasCalendars,
  insertCalendar,
  listCalendars,
  makeDefault,
  oldest,
  updateCalendar,
  usesOf,
  type Week,
} from "./calendars.repo.js";

export type { CalendarRow };

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
  const found = await findDefault(db, spaceId);
  if (found) return found;
  return insertCalendar(db, {
    spaceId,
    projectId: null,
    name: STANDARD_CALENDAR_NAME,
    isDefault: true,
    week: STANDARD_WEEK,
    exceptions: [],
  });
}

export class CalendarsService {
  constructor(private readonly deps: { db: Db; events: WorkspaceEvents }) {}

  /** The space's calendars; with a project, the space-wide ones and that project's own. */
  async list(grant: Grant, projectId?: string): Promise<WorkspaceCalendar[]> {
    return (await listCalendars(this.deps.db, grant.space.id, projectId)).map(toCalendarDto);
  }

  async get(grant: Grant, id: string): Promise<CalendarRow> {
    const row = await findCalendar(this.deps.db, grant.space.id, id);
    if (!row) throw new AppError("NotFound");
    return row;
  }

  async create(
    grant: Grant,
    body: { name: string; projectId?: string | null; week: Week; exceptions: Exceptions; isDefault?: boolean },
  ) {
    const spaceId = grant.space.id;
    // A project's own calendar: the project must be one of the space's.
    if (body.projectId) await loadNode(this.deps.db, spaceId, body.projectId, ["project"]);
    const row = await this.deps.db.transaction(async (tx) => {
      const isDefault = body.isDefault === true || !(await hasCalendars(tx, spaceId));
      if (isDefault) await makeDefault(tx, spaceId, null);
      return insertCalendar(tx, {
        spaceId,
        projectId: body.projectId ?? null,
        name: body.name,
        week: body.week,
        exceptions: sortExceptions(body.exceptions),
        isDefault,
      });
    });
    this.deps.events.calendarsUpdated(spaceId, grant.userId, [row.id]);
    return toCalendarDto(row);
  }

  /** Refuses a stale revision with the calendar as it is now, so the editor can show the other user's change. */
  async update(
    grant: Grant,
    id: string,
    body: { revision: number; name?: string; week?: Week; exceptions?: Exceptions },
  ) {
    const current = await this.get(grant, id);
    const row = await updateCalendar(this.deps.db, grant.space.id, id, body.revision, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.week !== undefined ? { week: body.week } : {}),
      ...(body.exceptions !== undefined ? { exceptions: sortExceptions(body.exceptions) } : {}),
    });
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
    const spaceId = grant.space.id;
    const row = await this.get(grant, id);
    const used = await usesOf(this.deps.db, id);
    if (used > 0) throw new AppError("CalendarInUse", { count: used });
    await this.deps.db.transaction(async (tx) => {
      await deleteCalendar(tx, spaceId, id);
      if (row.isDefault) {
        const next = await oldest(tx, spaceId);
        if (next) await makeDefault(tx, spaceId, next.id);
      }
    });
    this.deps.events.calendarsUpdated(spaceId, grant.userId, [id]);
    return { id };
  }

  async setDefault(grant: Grant, id: string) {
    await this.get(grant, id);
    const row = await this.deps.db.transaction((tx) => makeDefault(tx, grant.space.id, id));
    this.deps.events.calendarsUpdated(grant.space.id, grant.userId, [id]);
    return toCalendarDto(row!);
  }
}

function sortExceptions(list: Exceptions): Exceptions {
  const byDate = new Map(list.map((entry) => [entry.date, entry]));
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}
