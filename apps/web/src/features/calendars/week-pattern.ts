/**
 * Working-time patterns of a calendar as people type them: "08:00-12:00, 13:00-17:00" for a day with two shifts,
 * empty for a day off. The server and the engine take the same intervals as ["HH:mm","HH:mm"] pairs, Monday first.
 */
export type Shift = [string, string];
export type WeekPattern = Shift[][];

/** Why a day's text was refused; the page shows `calendars:errors.<code>`. */
export type ShiftError = "format" | "order" | "overlap" | "tooMany";

export const MAX_SHIFTS_PER_DAY = 12;
const CLOCK = /^([01]?\d|2[0-3]):([0-5]\d)$|^24:00$/;
const SHIFT = /^\s*(\d{1,2}:\d{2})\s*[-–—]\s*(\d{1,2}:\d{2})\s*$/;

/** "8:00" → "08:00"; null when it is not a clock time. */
export function normalizeClock(text: string): string | null {
  const value = text.trim();
  if (!CLOCK.test(value)) return null;
  const [h, m] = value.split(":");
  return `${h.padStart(2, "0")}:${m}`;
}

export function clockMinutes(clock: string): number {
  const [h, m] = clock.split(":").map(Number);
  return h * 60 + m;
}

/** Parses one day's shifts; they come back sorted so a pattern typed in any order is stored the same way. */
export function parseShifts(text: string): { ok: true; shifts: Shift[] } | { ok: false; error: ShiftError } {
  const parts = text
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter((part) => part !== "");
  if (parts.length > MAX_SHIFTS_PER_DAY) return { ok: false, error: "tooMany" };
  const shifts: Shift[] = [];
  for (const part of parts) {
    const match = SHIFT.exec(part);
    const from = match ? normalizeClock(match[1]) : null;
    const to = match ? normalizeClock(match[2]) : null;
    if (!from || !to) return { ok: false, error: "format" };
    if (clockMinutes(from) >= clockMinutes(to)) return { ok: false, error: "order" };
    shifts.push([from, to]);
  }
  shifts.sort((a, b) => clockMinutes(a[0]) - clockMinutes(b[0]));
  for (let i = 1; i < shifts.length; i++) {
    if (clockMinutes(shifts[i][0]) < clockMinutes(shifts[i - 1][1])) return { ok: false, error: "overlap" };
  }
  return { ok: true, shifts };
}

export function formatShifts(shifts: readonly Shift[]): string {
  return shifts.map(([from, to]) => `${from}–${to}`).join(", ");
}

/** Working minutes of a day's shifts. */
export function shiftMinutes(shifts: readonly Shift[]): number {
  return shifts.reduce((sum, [from, to]) => sum + clockMinutes(to) - clockMinutes(from), 0);
}

/** Working hours of a whole week, for the summary beside the editor. */
export function weekHours(week: WeekPattern): number {
  return week.reduce((sum, day) => sum + shiftMinutes(day), 0) / 60;
}

/** Ready-made weeks: the common Russian five-day 40-hour week, a six-day week and round-the-clock work. */
export const WEEK_PRESETS = {
  fiveDay: [0, 1, 2, 3, 4].map(
    () =>
      [
        ["08:00", "12:00"],
        ["13:00", "17:00"],
      ] as Shift[],
  ),
  sixDay: [0, 1, 2, 3, 4, 5].map(
    () =>
      [
        ["08:00", "12:00"],
        ["13:00", "17:00"],
      ] as Shift[],
  ),
  allDay: [0, 1, 2, 3, 4, 5, 6].map(() => [["00:00", "24:00"]] as Shift[]),
} as const;

/** A preset padded to seven days (days past its end are days off). */
export function presetWeek(name: keyof typeof WEEK_PRESETS): WeekPattern {
  const days = WEEK_PRESETS[name];
  return Array.from({ length: 7 }, (_, i) => (days[i] ? days[i].map((s) => [s[0], s[1]] as Shift) : []));
}

/**
 * Texts of the seven day inputs → a week, or the first refused day. A week without any working time is refused too:
 * the engine cannot place a single minute of work on such a calendar.
 */
export function parseWeek(
  texts: readonly string[],
): { ok: true; week: WeekPattern } | { ok: false; day: number; error: ShiftError | "empty" } {
  const week: WeekPattern = [];
  for (let day = 0; day < 7; day++) {
    const parsed = parseShifts(texts[day] ?? "");
    if (!parsed.ok) return { ok: false, day, error: parsed.error };
    week.push(parsed.shifts);
  }
  if (weekHours(week) === 0) return { ok: false, day: 0, error: "empty" };
  return { ok: true, week };
}
