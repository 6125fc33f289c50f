/**
 * A month with its year as a title ("Ноябрь 2026", "November 2026", "Novembre 2026"): Intl's parts without the
 * Russian year abbreviation ("г."), first letter capitalised by the language's rules — CSS capitalize would make
 * "Ноябрь 2026 Г." of it.
 */
export function monthYearTitle(locale: string, date: Date, withYear = true): string {
  const format = new Intl.DateTimeFormat(locale, {
    month: "long",
    ...(withYear ? { year: "numeric" } : {}),
    timeZone: "UTC",
  });
  const parts = format.formatToParts(date);
  const month = parts.find((part) => part.type === "month")?.value ?? "";
  const year = parts.find((part) => part.type === "year")?.value;
  const text = year ? `${month} ${year}` : month;
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/** "YYYY-MM-DD…" (an ISO date, or a date and time) as the spec shows a date: DD.MM.YYYY. */
export function shownDate(iso: string): string {
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
}
