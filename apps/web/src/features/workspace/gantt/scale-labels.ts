import { monthYearTitle } from "../../../shared/date-format";
import { civilParts, isoWeek, type TimeUnit } from "./scale-math";

/** Words the header needs from the locale namespace (quarter and week prefixes differ per language). */
export interface ScaleWords {
  quarter: (n: number) => string;
  week: (n: number) => string;
}

/** Label of a header cell; `upper` is the top tier, which names its period in full (the lower tier has it as context). */
export type TickLabeler = (t: number, unit: TimeUnit, width: number, upper: boolean) => string;

/**
 * Header labels for a language. Each unit has a long and a short form; the short one is used when the cell is too
 * narrow, and nothing when even that cannot fit (Russian month names are long, so widths are checked, not assumed).
 */
export function createLabeler(locale: string, words: ScaleWords, measure: (text: string) => number): TickLabeler {
  const monthShort = new Intl.DateTimeFormat(locale, { month: "short", timeZone: "UTC" });
  const dayMonth = new Intl.DateTimeFormat(locale, {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
  const weekday = new Intl.DateTimeFormat(locale, { weekday: "narrow", timeZone: "UTC" });
  const cache = new Map<string, string>();
  const asDate = (t: number) => new Date(t * 60_000);

  const candidates = (t: number, unit: TimeUnit, upper: boolean): string[] => {
    const p = civilParts(t);
    switch (unit) {
      case "hour":
        return [`${String(Math.floor((t % 1440) / 60)).padStart(2, "0")}:00`];
      case "day":
        return [`${weekday.format(asDate(t))} ${p.day}`, String(p.day)];
      case "week":
        return [
          `${words.week(isoWeek(t))} · ${dayMonth.format(asDate(t))}`,
          words.week(isoWeek(t)),
          String(isoWeek(t)),
        ];
      case "month":
        return upper
          ? [monthYearTitle(locale, asDate(t)), monthYearTitle(locale, asDate(t), false), monthShort.format(asDate(t))]
          : [monthYearTitle(locale, asDate(t), false), monthShort.format(asDate(t))];
      case "quarter":
        return [`${words.quarter(Math.floor(p.month / 3) + 1)} ${p.year}`, words.quarter(Math.floor(p.month / 3) + 1)];
      case "year":
        return [String(p.year), `'${String(p.year % 100).padStart(2, "0")}`];
      default:
        return [`${p.year}–${p.year + 9}`, `${p.year}`];
    }
  };

  return (t, unit, width, upper) => {
    // Width is bucketed so the cache stays small while zooming continuously.
    const bucket = Math.round(width / 8);
    const key = `${unit}:${t}:${bucket}:${upper}`;
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    let label = "";
    for (const text of candidates(t, unit, upper)) {
      if (measure(text) + 8 <= width) {
        label = text;
        break;
      }
    }
    if (cache.size > 20_000) cache.clear();
    cache.set(key, label);
    return label;
  };
}
