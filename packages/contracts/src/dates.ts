/**
 * Dates typed by users (spec §5): DD.M.YYYY, DD.MM.YYYY, DD.MMM.YYYY, DD.MMMM.YYYY, DD.M.YY, DD.MM.YY and
 * DD.MM.YYYY HH:mm, with month names in Russian, English or French. Two-digit years are 20YY: the product's date
 * series live between 2000 and 2050. The result is wall-clock ISO text ("YYYY-MM-DD" or "YYYY-MM-DDTHH:mm"), never
 * a Date, so no time zone can move a day.
 */
export const DISPLAY_DATE_FORMAT = "DD.MM.YYYY";
export const DATE_SERIES_MIN_YEAR = 2000;
export const DATE_SERIES_MAX_YEAR = 2050;

const MONTH_NAMES: string[][] = [
  ["jan", "january", "янв", "январь", "января", "janv", "janvier"],
  ["feb", "february", "фев", "февраль", "февраля", "févr", "fevr", "février", "fevrier"],
  ["mar", "march", "мар", "март", "марта", "mars"],
  ["apr", "april", "апр", "апрель", "апреля", "avr", "avril"],
  ["may", "май", "мая", "mai"],
  ["jun", "june", "июн", "июнь", "июня", "juin"],
  ["jul", "july", "июл", "июль", "июля", "juil", "juillet"],
  ["aug", "august", "авг", "август", "августа", "août", "aout"],
  ["sep", "sept", "september", "сен", "сент", "сентябрь", "сентября", "septembre"],
  ["oct", "october", "окт", "октябрь", "октября", "octobre"],
  ["nov", "november", "ноя", "нояб", "ноябрь", "ноября", "novembre"],
  ["dec", "december", "дек", "декабрь", "декабря", "déc", "decembre", "décembre"],
];

function monthFromName(name: string): number | null {
  const key = name.toLowerCase().replace(/\.$/, "");
  const index = MONTH_NAMES.findIndex((names) => names.includes(key));
  return index < 0 ? null : index + 1;
}

const pad = (n: number) => String(n).padStart(2, "0");

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const DATE_PATTERN = /^(\d{1,2})\.([^.\s]+)\.(\d{2}|\d{4})(?:\s+(\d{1,2}):(\d{2}))?$/u;
const ISO_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?$/;

export function parseUserDate(text: string): string | null {
  const trimmed = text.trim();
  let day: number;
  let month: number | null;
  let year: number;
  let hours: string | undefined;
  let minutes: string | undefined;
  const iso = ISO_PATTERN.exec(trimmed);
  if (iso) {
    [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    [hours, minutes] = [iso[4], iso[5]];
  } else {
    const match = DATE_PATTERN.exec(trimmed);
    if (!match) return null;
    day = Number(match[1]);
    month = /^\d{1,2}$/.test(match[2]) ? Number(match[2]) : monthFromName(match[2]);
    year = match[3].length === 2 ? 2000 + Number(match[3]) : Number(match[3]);
    [hours, minutes] = [match[4], match[5]];
  }
  if (month === null || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  const date = `${year}-${pad(month)}-${pad(day)}`;
  if (hours === undefined) return date;
  const h = Number(hours);
  const m = Number(minutes);
  if (h > 23 || m > 59) return null;
  return `${date}T${pad(h)}:${pad(m)}`;
}

/** Formats wall-clock ISO text as the display format DD.MM.YYYY (and HH:mm when the value has a time). */
export function formatUserDate(iso: string, withTime = false): string {
  const match = ISO_PATTERN.exec(iso);
  if (!match) return iso;
  const date = `${match[3]}.${match[2]}.${match[1]}`;
  return withTime && match[4] !== undefined ? `${date} ${match[4]}:${match[5]}` : date;
}

/** True when two closed ranges of ISO dates overlap (the spec's date-range overlap check). */
export function rangesOverlap(a: { start: string; finish: string }, b: { start: string; finish: string }): boolean {
  return a.start <= b.finish && b.start <= a.finish;
}
