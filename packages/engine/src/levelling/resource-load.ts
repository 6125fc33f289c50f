import type { Calendar } from "../calendar-build.js";
import { tryParseDate } from "../time-format.js";
import type { LevelResource } from "./levelling-types.js";

const EPSILON = 1e-9;

/**
 * The day-by-day load of one resource during levelling: what it can give (availability by period × the allowed
 * over-allocation; on its calendar's days off it is not asked for anything) and what the placed activities take, in two growable arrays
 * indexed from the first day of the network. Placements are kept so a refused day can name who holds the resource.
 */
export class ResourceLoad {
  private used: Float64Array;
  private limit: Float64Array;
  /** Days whose limit is computed (limit and used are valid below it). */
  private filled = 0;
  private readonly fromDays: number[];
  private readonly maxima: number[];
  readonly unlimited: boolean;
  /** The most it can ever give a day: more than this never fits, however long one waits. */
  readonly peak: number;
  private readonly placements: { activity: number; first: number; last: number }[] = [];

  constructor(
    readonly resource: LevelResource,
    private readonly calendar: Calendar | undefined,
    private readonly baseDay: number,
    private readonly factor: number,
  ) {
    const periods = resource.availability
      .map((p) => ({ day: tryParseDate(p.from), max: p.maxUnitsPerDay }))
      .filter((p): p is { day: number; max: number } => p.day !== undefined)
      .sort((a, b) => a.day - b.day);
    this.fromDays = periods.map((p) => p.day);
    this.maxima = periods.map((p) => p.max);
    this.unlimited = periods.length === 0;
    this.peak = this.unlimited ? Number.POSITIVE_INFINITY : Math.max(...this.maxima) * factor;
    this.used = new Float64Array(256);
    this.limit = new Float64Array(256);
  }

  /** Whether `units` more fit on `day`. */
  fits(day: number, units: number): boolean {
    if (this.unlimited) return true;
    const k = this.index(day);
    return this.used[k] + units <= this.limit[k] + EPSILON;
  }

  /** Books `units` a day (times the day's curve factor, when the assignment has a curve) on each of `days`. */
  take(activity: number, days: readonly number[], units: number, factors?: ArrayLike<number>) {
    if (days.length === 0) return;
    if (!this.unlimited)
      days.forEach((day, i) => {
        this.used[this.index(day)] += factors ? units * factors[i] : units;
      });
    this.placements.push({ activity, first: days[0], last: days[days.length - 1] });
  }

  /** The activities that use this resource on `day` (placement order). */
  holdersOn(day: number, except: number): number[] {
    const out: number[] = [];
    for (const p of this.placements) if (p.first <= day && day <= p.last && p.activity !== except) out.push(p.activity);
    return out;
  }

  private index(day: number): number {
    const k = day - this.baseDay;
    if (k < 0) throw new RangeError(`levelling: day ${day} before the network's first day`);
    if (k >= this.filled) this.fill(k + 1);
    return k;
  }

  private fill(upTo: number) {
    if (upTo > this.limit.length) {
      let size = this.limit.length;
      while (size < upTo) size *= 2;
      const used = new Float64Array(size);
      used.set(this.used);
      const limit = new Float64Array(size);
      limit.set(this.limit);
      this.used = used;
      this.limit = limit;
    }
    // Availability periods are few: walk them alongside the days being filled.
    let p = 0;
    for (let k = this.filled; k < upTo; k++) {
      const day = this.baseDay + k;
      while (p + 1 < this.fromDays.length && this.fromDays[p + 1] <= day) p++;
      // On its calendar's days off the resource does not work: the activity's other days carry its units.
      const working = !this.calendar || this.calendar.dayWorkMinutes(day) > 0;
      this.limit[k] = working ? this.maxima[p] * this.factor : Number.POSITIVE_INFINITY;
    }
    this.filled = upTo;
  }
}
