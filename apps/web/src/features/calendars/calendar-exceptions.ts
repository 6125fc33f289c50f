import { parseUserDate } from "@planum/contracts";
import { parseShifts, type Shift, type ShiftError, type WeekPattern } from "./week-pattern";

export interface CalendarException {
  /** "YYYY-MM-DD" */
  date: string;
  /** Empty: a holiday. */
  intervals: Shift[];
}

/** What an exception means against the usual week: the editor shows it by kind, the server stores only intervals. */
export type ExceptionKind = "holiday" | "workday" | "changed";
export const EXCEPTION_KINDS: readonly ExceptionKind[] = ["holiday", "workday", "changed"];

/** Monday = 0 … Sunday = 6 of a "YYYY-MM-DD" day (the engine's week order). */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split("-").map(Number);
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

export function kindOf(exception: CalendarException, week: WeekPattern): ExceptionKind {
  if (exception.intervals.length === 0) return "holiday";
  return (week[weekdayOf(exception.date)] ?? []).length === 0 ? "workday" : "changed";
}

export type ExceptionError = "date" | "duplicate" | "needsHours" | ShiftError;

/**
 * A new exception from the form: the date in any accepted format (spec §5), the kind, and for working kinds the
 * hours. A date already listed is refused so two rows never describe one day.
 */
export function buildException(
  input: { dateText: string; kind: ExceptionKind; hoursText: string },
  existing: readonly CalendarException[],
): { ok: true; exception: CalendarException } | { ok: false; error: ExceptionError } {
  const parsed = parseUserDate(input.dateText.trim());
  if (parsed === null) return { ok: false, error: "date" };
  const date = parsed.slice(0, 10);
  if (existing.some((e) => e.date === date)) return { ok: false, error: "duplicate" };
  if (input.kind === "holiday") return { ok: true, exception: { date, intervals: [] } };
  const shifts = parseShifts(input.hoursText);
  if (!shifts.ok) return { ok: false, error: shifts.error };
  if (shifts.shifts.length === 0) return { ok: false, error: "needsHours" };
  return { ok: true, exception: { date, intervals: shifts.shifts } };
}

/** Exceptions sorted by date, the order the list and the server keep. */
export function sortExceptions(list: readonly CalendarException[]): CalendarException[] {
  return [...list].sort((a, b) => a.date.localeCompare(b.date));
}

/** "2025-05-09" → "09.05.2025", the spec's display format. */
export function displayDate(date: string): string {
  const [y, m, d] = date.split("-");
  return `${d}.${m}.${y}`;
}
