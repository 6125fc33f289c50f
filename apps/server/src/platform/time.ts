import { formatDateTime, MINUTES_PER_DAY, parseDateTime } from "@planum/engine";
import { type SQL, sql } from "drizzle-orm";

/**
 * Time inside the server. A date of a schedule is wall-clock time — no time zone can move it — and inside the server
 * it is one number: minutes since 1970-01-01T00:00 on the engine's scale. Text exists only at the edges: the
 * database stores `timestamp without time zone` (read as minutes in SQL, or as the driver's text converted here),
 * and the API and files speak "YYYY-MM-DDTHH:mm". Every conversion between them is one of the functions below.
 * Moments (when something happened: `created_at`, `calculated_at`) are instants, answered as ISO text in UTC.
 */

/** Minutes since 1970-01-01T00:00, wall clock. */
export type Minutes = number;

/** "YYYY-MM-DDTHH:mm" of minutes. */
export function minutesText(value: Minutes): string {
  return formatDateTime(value);
}

/** Minutes of "YYYY-MM-DDTHH:mm", or of the driver's text of a wall-clock column ("2025-01-13 08:00:00"). */
export function textMinutes(value: string): Minutes {
  return parseDateTime(value.length === 16 && value[10] === "T" ? value : (wallClockText(value) as string));
}

/** "2025-01-13 08:00:00" (either driver's text of a timestamp without time zone) → "2025-01-13T08:00". */
export function wallClockText(value: string | null | undefined): string | null {
  if (value == null) return null;
  return `${value.slice(0, 10)}T${value.slice(11, 16)}`;
}

/** An instant (timestamp with time zone) as the API answers it: ISO text in UTC. */
export function instantText(value: Date): string;
export function instantText(value: Date | null | undefined): string | null;
export function instantText(value: Date | null | undefined): string | null {
  return value ? value.toISOString() : null;
}

/** Today's date (the server's UTC date) at a wall-clock time of day, e.g. where a new schedule starts. */
export function todayAt(clock: string): string {
  const day = Math.floor(Date.now() / 60_000 / MINUTES_PER_DAY);
  return `${minutesText(day * MINUTES_PER_DAY).slice(0, 10)}T${clock}`;
}

// ---- in SQL ----

/**
 * Minutes of a wall-clock column or expression, computed by the database (null stays null). `date_part` answers a
 * double; `extract` answers numeric, several times slower over 50,000 rows × 9 dates.
 */
export const minutesSql = (expression: string) => sql.raw(`(date_part('epoch', ${expression}) / 60)::int`);

/** A wall-clock column or expression as "YYYY-MM-DDTHH:mm" text (answers built by the database). */
export const wallClockSql = (expression: string) => sql.raw(`to_char(${expression}, 'YYYY-MM-DD"T"HH24:MI')`);

/** A wall-clock timestamp of a minutes expression (writing minutes back into a column). */
export const timestampSql = (minutes: SQL) => sql`(to_timestamp(${minutes} * 60::float8) at time zone 'UTC')`;
