import type { DateTime } from "../model/schedule-model.js";

/*
 * All date arithmetic works on minutes since 1970-01-01 computed with Date.UTC, so the host time zone
 * and daylight-saving changes can never move a schedule date.
 */

const MS_PER_MIN = 60_000;

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** Minutes since epoch → "YYYY-MM-DDTHH:mm". */
export function formatMinutes(total: number): DateTime {
  const d = new Date(total * MS_PER_MIN);
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}T${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`;
}

export function toMinutes(dt: DateTime): number {
  const y = Number(dt.slice(0, 4));
  const mo = Number(dt.slice(5, 7));
  const d = Number(dt.slice(8, 10));
  const h = dt.length > 11 ? Number(dt.slice(11, 13)) : 0;
  const mi = dt.length > 14 ? Number(dt.slice(14, 16)) : 0;
  return Date.UTC(y, mo - 1, d, h, mi) / MS_PER_MIN;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(y: number, mo: number): number {
  if (mo === 2 && ((y % 4 === 0 && y % 100 !== 0) || y % 400 === 0)) return 29;
  return DAYS_IN_MONTH[mo - 1];
}

function valid(y: number, mo: number, d: number, h: number, mi: number): boolean {
  if (!(y >= 1800 && y <= 2200 && mo >= 1 && mo <= 12 && d >= 1 && h >= 0 && h <= 24 && mi >= 0 && mi <= 59)) {
    return false;
  }
  return d <= daysInMonth(y, mo) && !(h === 24 && mi > 0);
}

/** Digits at s[i], s[i+1] as a number, or -1. */
function two(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/** Fast path for "YYYY-MM-DD HH:MM" / "YYYY-MM-DDTHH:mm", the form of nearly every date in XER and XML files. */
function fastIso(s: string): DateTime | undefined {
  if (s.length !== 16 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || s.charCodeAt(13) !== 58) return undefined;
  const sep = s.charCodeAt(10);
  if (sep !== 32 && sep !== 84) return undefined;
  const y = two(s, 0) * 100 + two(s, 2);
  const mo = two(s, 5);
  const d = two(s, 8);
  const h = two(s, 11);
  const mi = two(s, 14);
  if (y < 0 || mo < 0 || d < 0 || h < 0 || mi < 0 || h > 23 || !valid(y, mo, d, h, mi)) return undefined;
  return sep === 84 ? s : `${s.slice(0, 10)}T${s.slice(11)}`;
}

function build(y: number, mo: number, d: number, h: number, mi: number): DateTime | undefined {
  if (!valid(y, mo, d, h, mi)) return undefined;
  if (h === 24) return formatMinutes(Date.UTC(y, mo - 1, d, 24, 0) / MS_PER_MIN);
  return `${y}-${pad2(mo)}-${pad2(d)}T${pad2(h)}:${pad2(mi)}`;
}

const ISO_RE =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{1,2})(?::(\d{1,2}(?:\.\d+)?))?)?(?:Z|[+-]\d{2}:?\d{2})?$/;
const DMY_RE = /^(\d{1,2})[./-](\d{1,2})[./-](\d{2}|\d{4})(?:[ T](\d{1,2}):(\d{2})(?::\d{2})?)?$/;
const MDY_RE = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})(?:[ T](\d{1,2}):(\d{2})(?::\d{2})?\s*(AM|PM|am|pm)?)?$/;

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
  янв: 1,
  фев: 2,
  мар: 3,
  апр: 4,
  мая: 5,
  май: 5,
  июн: 6,
  июл: 7,
  авг: 8,
  сен: 9,
  окт: 10,
  ноя: 11,
  дек: 12,
  janv: 1,
  févr: 2,
  mars: 3,
  avr: 4,
  mai: 5,
  juin: 6,
  juil: 7,
  août: 8,
  sept: 9,
  déc: 12,
};
const NAMED_RE = /^(\d{1,2})[.\s-]([^\d\s.-]+)\.?[.\s-](\d{2}|\d{4})(?:[ T](\d{1,2}):(\d{2}))?$/u;

function year(text: string): number {
  const y = Number(text);
  return text.length === 2 ? (y < 70 ? 2000 + y : 1900 + y) : y;
}

/**
 * Parse the date forms schedule files use: ISO (with single-digit month/day as some P6 versions write),
 * "YYYY-MM-DD HH:MM" (XER), the spec's DD.MM.YYYY family (also DD.MMM.YYYY with month names), and
 * US "M/D/YYYY h:mm AM" (MPX). Returns undefined when the text is not a date.
 */
export function parseDateTime(text: string, order: "dmy" | "mdy" = "dmy"): DateTime | undefined {
  const fast = fastIso(text);
  if (fast) return fast;
  const s = text.trim();
  if (s === "") return undefined;
  let m = ISO_RE.exec(s);
  if (m) {
    const d = build(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0));
    // Seconds round to the nearest minute: a finish stored as 15:59:59 (or 15:59:30.5) is P6's 16:00.
    return d !== undefined && Number(m[6] ?? 0) >= 30 ? formatMinutes(toMinutes(d) + 1) : d;
  }
  if (order === "mdy") {
    m = MDY_RE.exec(s);
    if (m) {
      let h = Number(m[4] ?? 0);
      const ampm = m[6]?.toLowerCase();
      if (ampm === "pm" && h < 12) h += 12;
      if (ampm === "am" && h === 12) h = 0;
      return build(year(m[3]), Number(m[1]), Number(m[2]), h, Number(m[5] ?? 0));
    }
  }
  m = DMY_RE.exec(s);
  if (m) return build(year(m[3]), Number(m[2]), Number(m[1]), Number(m[4] ?? 0), Number(m[5] ?? 0));
  m = NAMED_RE.exec(s);
  if (m) {
    const name = m[2].toLowerCase();
    const key = Object.keys(MONTHS).find((k) => name.startsWith(k));
    if (key) return build(year(m[3]), MONTHS[key], Number(m[1]), Number(m[4] ?? 0), Number(m[5] ?? 0));
  }
  return undefined;
}

/** Excel / P6 calendar serial day (1899-12-30 = 0) → "YYYY-MM-DD". */
export function serialToDate(serial: number): string {
  return formatMinutes(Date.UTC(1899, 11, 30) / MS_PER_MIN + serial * 1440).slice(0, 10);
}

export function dateToSerial(date: string): number {
  return Math.round((toMinutes(date) - Date.UTC(1899, 11, 30) / MS_PER_MIN) / 1440);
}

/** ISO weekday index with Monday = 0. */
export function weekdayIndex(date: string): number {
  const d = new Date(toMinutes(date) * MS_PER_MIN).getUTCDay();
  return (d + 6) % 7;
}

export function addDays(date: string, days: number): string {
  return formatMinutes(toMinutes(date) + days * 1440).slice(0, 10);
}

/** "HH:mm[:ss]" → minutes of day. */
export function timeToMinutes(t: string): number {
  const [h, m] = t.split(":");
  return Number(h) * 60 + Number(m ?? 0);
}

export function minutesToTime(m: number): string {
  return `${pad2(Math.floor(m / 60))}:${pad2(m % 60)}`;
}
