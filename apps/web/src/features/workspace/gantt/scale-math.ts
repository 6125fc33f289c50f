/**
 * Timeline geometry: minutes (wall clock since 1970, the engine's time) ↔ pixels, and the calendar units of the
 * two-tier header. Date.UTC is only calendar arithmetic here; no local time zone is ever involved.
 */
export const GANTT_SCALES = ["day", "week", "month", "quarter", "year"] as const;
export type GanttScale = (typeof GANTT_SCALES)[number];
export type TimeUnit = "hour" | "day" | "week" | "month" | "quarter" | "year" | "decade";

const DAY = 1440;

/** Pixels per day a scale opens at; zoom moves continuously between and beyond them. */
export const SCALE_PX_PER_DAY: Record<GanttScale, number> = { day: 36, week: 14, month: 3.2, quarter: 1.1, year: 0.3 };
export const MIN_PX_PER_DAY = 0.08;
export const MAX_PX_PER_DAY = 240;

/** Upper tier and lower tier of the header for each scale. */
export const SCALE_TIERS: Record<GanttScale, [TimeUnit, TimeUnit]> = {
  day: ["week", "day"],
  week: ["month", "week"],
  month: ["year", "month"],
  quarter: ["year", "quarter"],
  year: ["decade", "year"],
};

/** The scale whose opening zoom is nearest to this zoom (geometric midpoints, since zoom steps multiply). */
export function scaleForZoom(pxPerDay: number): GanttScale {
  let best: GanttScale = "day";
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const s of GANTT_SCALES) {
    const d = Math.abs(Math.log(pxPerDay / SCALE_PX_PER_DAY[s]));
    if (d < bestDistance) {
      bestDistance = d;
      best = s;
    }
  }
  return best;
}

export function clampZoom(pxPerDay: number): number {
  return Math.min(MAX_PX_PER_DAY, Math.max(MIN_PX_PER_DAY, pxPerDay));
}

/** Horizontal state of the timeline: `origin` is the time at content x = 0; `scrollX` is how far content scrolled. */
export interface TimeViewport {
  origin: number;
  pxPerDay: number;
  scrollX: number;
}

export function timeToX(t: number, v: TimeViewport): number {
  return ((t - v.origin) * v.pxPerDay) / DAY - v.scrollX;
}

export function xToTime(x: number, v: TimeViewport): number {
  return v.origin + ((x + v.scrollX) * DAY) / v.pxPerDay;
}

/** scrollX that puts time t at screen x (used to zoom around the cursor and to jump to today). */
export function scrollXFor(t: number, x: number, origin: number, pxPerDay: number): number {
  return ((t - origin) * pxPerDay) / DAY - x;
}

function civil(t: number): { y: number; m: number; d: number; dow: number } {
  const date = new Date(Math.floor(t / DAY) * 86_400_000);
  // getUTCDay is 0 on Sunday; the product's weeks start on Monday (ISO), so Monday → 0.
  return { y: date.getUTCFullYear(), m: date.getUTCMonth(), d: date.getUTCDate(), dow: (date.getUTCDay() + 6) % 7 };
}

function fromCivil(y: number, m: number, d: number): number {
  return Math.round(Date.UTC(y, m, d) / 60_000);
}

/** Start of the unit containing t. */
export function unitStart(t: number, unit: TimeUnit): number {
  if (unit === "hour") return Math.floor(t / 60) * 60;
  const dayStart = Math.floor(t / DAY) * DAY;
  if (unit === "day") return dayStart;
  const { y, m, dow } = civil(t);
  switch (unit) {
    case "week":
      return dayStart - dow * DAY;
    case "month":
      return fromCivil(y, m, 1);
    case "quarter":
      return fromCivil(y, m - (m % 3), 1);
    case "year":
      return fromCivil(y, 0, 1);
    default:
      return fromCivil(y - (((y % 10) + 10) % 10), 0, 1);
  }
}

/** t moved by k units (t should be a unit start; months keep day 1). */
export function addUnits(t: number, unit: TimeUnit, k: number): number {
  if (unit === "hour") return t + 60 * k;
  if (unit === "day") return t + DAY * k;
  if (unit === "week") return t + 7 * DAY * k;
  const { y, m, d } = civil(t);
  const months = unit === "month" ? k : unit === "quarter" ? 3 * k : unit === "year" ? 12 * k : 120 * k;
  return fromCivil(y, m + months, d) + (t % DAY);
}

/** Unit starts from the one containing `from` up to the first one past `to` (so the last cell's end is known). */
export function unitTicks(from: number, to: number, unit: TimeUnit, limit = 5000): number[] {
  const out: number[] = [];
  let t = unitStart(from, unit);
  while (out.length < limit) {
    out.push(t);
    if (t > to) break;
    t = addUnits(t, unit, 1);
  }
  return out;
}

/** ISO 8601 week number of the week containing t. */
export function isoWeek(t: number): number {
  const { dow } = civil(t);
  const thursday = Math.floor(t / DAY) - dow + 3;
  const { y } = civil(thursday * DAY);
  const firstThursdayDay = Math.floor(fromCivil(y, 0, 4) / DAY);
  const { dow: d4 } = civil(firstThursdayDay * DAY);
  return 1 + Math.round((thursday - (firstThursdayDay - d4 + 3)) / 7);
}

export function civilParts(t: number): { year: number; month: number; day: number; weekday: number } {
  const { y, m, d, dow } = civil(t);
  return { year: y, month: m, day: d, weekday: dow };
}

/** Snap granularity of a bar drag at a zoom: hours when a day is wide, days otherwise. */
export function snapMinutes(pxPerDay: number): number {
  if (pxPerDay >= 120) return 60;
  if (pxPerDay >= 60) return 240;
  return DAY;
}
