/**
 * Wall-clock time model: integer minutes since 1970-01-01T00:00, no time zones.
 * Date.UTC is used only as a calendar-arithmetic helper, never for local time.
 */
export const MINUTES_PER_DAY = 1440;

const DATE_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK_RE = /^(\d{2}):(\d{2})$/;

function dayFromParts(y: number, mo: number, d: number): number | undefined {
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return undefined;
  const ms = Date.UTC(y, mo - 1, d);
  const check = new Date(ms);
  // Rejects 2023-02-30 and similar: Date.UTC would silently roll it over.
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return undefined;
  return Math.round(ms / 86_400_000);
}

/** Parses "YYYY-MM-DDTHH:mm" into minutes since 1970-01-01T00:00; undefined when malformed. */
export function tryParseDateTime(s: unknown): number | undefined {
  if (typeof s !== "string") return undefined;
  const m = DATE_TIME_RE.exec(s);
  if (m === null) return undefined;
  const day = dayFromParts(+m[1], +m[2], +m[3]);
  const h = +m[4];
  const min = +m[5];
  if (day === undefined || h > 23 || min > 59) return undefined;
  return day * MINUTES_PER_DAY + h * 60 + min;
}

/** A wall-clock time as the engine takes it: "YYYY-MM-DDTHH:mm" text, or minutes since 1970-01-01T00:00. */
export type WallTime = string | number;

/** Bounds of a wall time in minutes: years 0000 to 9999. */
const MIN_T = -719_528 * MINUTES_PER_DAY;
const MAX_T = 2_932_897 * MINUTES_PER_DAY - 1;

/** Minutes of a wall time given as text or as a whole number of minutes; undefined when malformed. */
export function tryWallMinutes(v: unknown): number | undefined {
  if (typeof v === "number") return Number.isInteger(v) && v >= MIN_T && v <= MAX_T ? v : undefined;
  return tryParseDateTime(v);
}

/** Minutes of a wall time (text or minutes). Throws RangeError when malformed. */
export function wallMinutes(v: WallTime): number {
  if (typeof v === "number") {
    const t = tryWallMinutes(v);
    if (t === undefined) throw new RangeError(`malformed wall time ${v}, expected whole minutes`);
    return t;
  }
  return parseDateTime(v);
}

/** Parses "YYYY-MM-DDTHH:mm" into minutes since 1970-01-01T00:00 (wall clock). Throws RangeError when malformed. */
export function parseDateTime(s: string): number {
  const t = tryParseDateTime(s);
  if (t === undefined) throw new RangeError(`malformed date-time "${String(s)}", expected YYYY-MM-DDTHH:mm`);
  return t;
}

/** Parses "YYYY-MM-DD" into a day number (days since 1970-01-01); undefined when malformed. */
export function tryParseDate(s: unknown): number | undefined {
  if (typeof s !== "string") return undefined;
  const m = DATE_RE.exec(s);
  if (m === null) return undefined;
  return dayFromParts(+m[1], +m[2], +m[3]);
}

/** Parses "HH:mm" (00:00..24:00) into minutes of the day; undefined when malformed. */
export function tryParseClock(s: unknown): number | undefined {
  if (typeof s !== "string") return undefined;
  const m = CLOCK_RE.exec(s);
  if (m === null) return undefined;
  const h = +m[1];
  const min = +m[2];
  if (min > 59 || h > 24 || (h === 24 && min !== 0)) return undefined;
  return h * 60 + min;
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : `${n}`);

// Formatting 100k results asks for the same few hundred days again and again: cache the date part per day.
const dayCache = new Map<number, string>();

/** Formats a day number as "YYYY-MM-DD". */
export function formatDate(day: number): string {
  let s = dayCache.get(day);
  if (s === undefined) {
    const d = new Date(day * 86_400_000);
    const y = d.getUTCFullYear();
    const ys = y >= 0 && y < 10000 ? String(y).padStart(4, "0") : String(y);
    s = `${ys}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
    if (dayCache.size > 200_000) dayCache.clear();
    dayCache.set(day, s);
  }
  return s;
}

const clockStrings: string[] = [];
for (let m = 0; m < MINUTES_PER_DAY; m++) clockStrings.push(`${pad2(Math.floor(m / 60))}:${pad2(m % 60)}`);

/** Formats minutes since 1970-01-01T00:00 as "YYYY-MM-DDTHH:mm". */
export function formatDateTime(t: number): string {
  const day = Math.floor(t / MINUTES_PER_DAY);
  return `${formatDate(day)}T${clockStrings[t - day * MINUTES_PER_DAY]}`;
}

/** Day of week, Monday = 0 … Sunday = 6 (1970-01-01 was a Thursday). */
export function dayOfWeek(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}
