import { buildCalendar, type Calendar } from "@planum/engine";
import type { DbOrTx } from "../../platform/db.js";
import { listCalendars } from "./calendars.repo.js";
import { ensureDefaultCalendar } from "./calendars.service.js";

/** A work's calendar as engine arithmetic; a work without one (or with an unknown id) follows the space's default. */
export type CalendarOf = (id: string | null) => Calendar;

/**
 * The space's calendars, read once and each built on first use (building one expands its week and exceptions, so a
 * change over thousands of works on a few calendars builds each calendar once).
 */
export async function loadSpaceCalendars(db: DbOrTx, spaceId: string): Promise<CalendarOf> {
  const fallback = await ensureDefaultCalendar(db, spaceId);
  const rows = new Map((await listCalendars(db, spaceId)).map((row) => [row.id, row]));
  const built = new Map<string, Calendar>();
  return (id) => {
    const row = (id && rows.get(id)) || fallback;
    let calendar = built.get(row.id);
    if (!calendar) {
      calendar = buildCalendar({ id: row.id, week: row.week, exceptions: row.exceptions });
      built.set(row.id, calendar);
    }
    return calendar;
  };
}
