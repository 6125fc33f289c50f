import { buildCalendar, type CalendarInput } from "@planum/engine";

export interface PreviewDay {
  /** Day of the month, 1…31. */
  day: number;
  /** "YYYY-MM-DD" */
  date: string;
  /** Working minutes that day, exceptions applied. */
  minutes: number;
  /** Monday = 0. */
  weekday: number;
  exception: boolean;
}

/** Days since 1970-01-01 of a civil date: the engine's day numbering. */
export function dayNumber(year: number, month: number, day: number): number {
  return Math.floor(Date.UTC(year, month, day) / 86_400_000);
}

/**
 * The weeks of one month for the preview, Monday first, with leading and trailing blanks (null) so every week has
 * seven cells. The engine computes the working minutes, so the preview shows exactly what scheduling will use.
 */
export function monthWeeks(input: CalendarInput, year: number, month: number): (PreviewDay | null)[][] {
  const calendar = buildCalendar(input, dayNumber(year, month, 1));
  const exceptionDates = new Set((input.exceptions ?? []).map((e) => e.date));
  const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const first = (new Date(Date.UTC(year, month, 1)).getUTCDay() + 6) % 7;
  const cells: (PreviewDay | null)[] = Array.from({ length: first }, () => null);
  for (let day = 1; day <= days; day++) {
    const date = `${year}-${String(month + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
    cells.push({
      day,
      date,
      minutes: calendar.dayWorkMinutes(dayNumber(year, month, day)),
      weekday: (first + day - 1) % 7,
      exception: exceptionDates.has(date),
    });
  }
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (PreviewDay | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** Working days and hours of the month, for the caption under the preview. */
export function monthTotals(weeks: (PreviewDay | null)[][]): { days: number; hours: number } {
  let days = 0;
  let minutes = 0;
  for (const week of weeks) {
    for (const cell of week) {
      if (cell && cell.minutes > 0) {
        days++;
        minutes += cell.minutes;
      }
    }
  }
  return { days, hours: minutes / 60 };
}
