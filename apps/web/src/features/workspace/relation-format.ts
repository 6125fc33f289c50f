import type { LinkType } from "@planum/contracts";
import {
  DEFAULT_MINUTES_PER_DAY,
  daysToMinutes as daysOfCalendarToMinutes,
  formatDays,
  formatUserDate,
  parseNumber,
} from "@planum/contracts";

/**
 * Days where no calendar is known (the schedule-wide settings: critical float); everything tied to a work is shown
 * in days of its calendar by the one rule of contracts' workspace-units.
 */
export const MINUTES_PER_WORKDAY = DEFAULT_MINUTES_PER_DAY;
export const LINK_TYPE_CODES: readonly LinkType[] = ["fs", "ss", "ff", "sf"];

/** Working minutes → days of a calendar for a table cell ("2", "-1,5"), empty when not computed. */
export function minutesToDays(
  minutes: number | null | undefined,
  locale: string,
  minutesPerDay: number = DEFAULT_MINUTES_PER_DAY,
): string {
  return formatDays(minutes, minutesPerDay, locale);
}

/** Days typed by a user (spec §5: trimmed, comma decimals, finite) → whole working minutes; null when invalid. */
export function daysToMinutes(text: string, minutesPerDay: number = DEFAULT_MINUTES_PER_DAY): number | null {
  const days = parseNumber(text);
  if (days === null) return null;
  return daysOfCalendarToMinutes(days, minutesPerDay);
}

/** "YYYY-MM-DDTHH:mm" → "DD.MM.YYYY HH:mm"; empty for none. */
export function showDateTime(text: string | null | undefined): string {
  return text ? formatUserDate(text, true) : "";
}

/** The relation type as the spec spells it (FS, SS, FF, SF). */
export function linkTypeLabel(type: LinkType): string {
  return type.toUpperCase();
}
