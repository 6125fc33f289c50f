import type { LinkType } from "@planum/contracts";
import { formatUserDate, parseNumber } from "@planum/contracts";

/** Lags and floats are typed and shown in days of 8 working hours, the unit planners read P6 floats in. */
export const MINUTES_PER_WORKDAY = 480;
export const LINK_TYPE_CODES: readonly LinkType[] = ["fs", "ss", "ff", "sf"];

/** Working minutes → days for a table cell ("2", "-1,5"), empty when not computed. */
export function minutesToDays(minutes: number | null | undefined, locale: string): string {
  if (minutes === null || minutes === undefined) return "";
  const days = minutes / MINUTES_PER_WORKDAY;
  return days.toLocaleString(locale, { maximumFractionDigits: 2 });
}

/** Days typed by a user (spec §5: trimmed, comma decimals, finite) → whole working minutes; null when invalid. */
export function daysToMinutes(text: string): number | null {
  const days = parseNumber(text);
  if (days === null) return null;
  return Math.round(days * MINUTES_PER_WORKDAY);
}

/** "YYYY-MM-DDTHH:mm" → "DD.MM.YYYY HH:mm"; empty for none. */
export function showDateTime(text: string | null | undefined): string {
  return text ? formatUserDate(text, true) : "";
}

/** The relation type as the spec spells it (FS, SS, FF, SF). */
export function linkTypeLabel(type: LinkType): string {
  return type.toUpperCase();
}
