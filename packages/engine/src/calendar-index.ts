import { dayOfWeek, MINUTES_PER_DAY } from "./time-format.js";

/** Working intervals of one day as flat [start0, end0, start1, end1, …] minutes of the day, sorted, disjoint. */
export type DayPattern = Int32Array;

const INITIAL_DAYS_BACK = 400;
const INITIAL_DAYS_FORWARD = 1500;
// 400 years: beyond that a calendar is considered to have no working time left (e.g. an empty week).
const MAX_SPAN_DAYS = 146_100;
const BUCKET_SHIFT = 9;

/**
 * Precomputed working-time index of one calendar.
 *
 * "Work coordinate" W(t) = working minutes between the anchor day's midnight and t (negative before it).
 * It is monotone in t and constant over non-working gaps, so:
 *  - adding working minutes is integer addition in W, then one inverse lookup;
 *  - a start snaps forward (`startAt`), a finish snaps back to the end of the previous interval (`finishAt`).
 * Intervals are stored as absolute minutes with a prefix sum `cum`; `dayIdx` maps a day to its first
 * interval so W(t) is O(1); inverse lookups are a binary search over `cum`. The covered day range grows
 * lazily (doubling) in both directions while the anchor, hence every W value handed out, stays valid.
 */
export class WorkCalendar {
  readonly id: string;
  readonly anchorDay: number;
  /** Working minutes of a full week, used to detect calendars with no working time. */
  readonly weekMinutes: number;
  private readonly week: DayPattern[];
  private readonly exceptions: Map<number, DayPattern>;
  private readonly lastExceptionDay: number;
  private firstDay = 0;
  private lastDay = 0;
  private count = 0;
  private starts: Int32Array = new Int32Array(0);
  private ends: Int32Array = new Int32Array(0);
  private cum: Int32Array = new Int32Array(1);
  private dayIdx: Int32Array = new Int32Array(1);
  /** bucket[b]: the interval holding work coordinate cum[0] + b·512 (start semantics). */
  private bucket: Int32Array = new Int32Array(2);

  constructor(id: string, week: DayPattern[], exceptions: Map<number, DayPattern>, anchorDay: number) {
    this.id = id;
    this.week = week;
    this.exceptions = exceptions;
    this.anchorDay = anchorDay;
    let wm = 0;
    for (const p of week) for (let k = 0; k < p.length; k += 2) wm += p[k + 1] - p[k];
    this.weekMinutes = wm;
    let last = Number.NEGATIVE_INFINITY;
    for (const d of exceptions.keys()) if (d > last) last = d;
    this.lastExceptionDay = last;
    this.build(anchorDay - INITIAL_DAYS_BACK, anchorDay + INITIAL_DAYS_FORWARD);
  }

  private patternOf(day: number): DayPattern {
    return this.exceptions.get(day) ?? this.week[dayOfWeek(day)];
  }

  private build(first: number, last: number): void {
    if (last - first > MAX_SPAN_DAYS) {
      throw new RangeError(`calendar "${this.id}" has no working time within 400 years of the schedule`);
    }
    // The day patterns are looked up once (weekday walked incrementally, exceptions only where there are any).
    const patterns: DayPattern[] = new Array(last - first);
    const exceptions = this.exceptions.size > 0 ? this.exceptions : undefined;
    let count = 0;
    for (let d = first, dow = dayOfWeek(first); d < last; d++) {
      const p = exceptions?.get(d) ?? this.week[dow];
      patterns[d - first] = p;
      count += p.length >> 1;
      dow = dow === 6 ? 0 : dow + 1;
    }
    const starts = new Int32Array(count);
    const ends = new Int32Array(count);
    const cum = new Int32Array(count + 1);
    const dayIdx = new Int32Array(last - first + 1);
    let k = 0;
    let acc = 0;
    let anchorCum = 0;
    for (let d = first; d < last; d++) {
      dayIdx[d - first] = k;
      if (d === this.anchorDay) anchorCum = acc;
      const p = patterns[d - first];
      const base = d * MINUTES_PER_DAY;
      for (let q = 0; q < p.length; q += 2) {
        starts[k] = base + p[q];
        ends[k] = base + p[q + 1];
        cum[k] = acc;
        acc += p[q + 1] - p[q];
        k++;
      }
    }
    dayIdx[last - first] = k;
    cum[count] = acc;
    if (anchorCum !== 0) for (let i = 0; i <= count; i++) cum[i] -= anchorCum;
    this.firstDay = first;
    this.lastDay = last;
    this.count = count;
    this.starts = starts;
    this.ends = ends;
    this.cum = cum;
    this.dayIdx = dayIdx;
    this.buildBuckets();
  }

  /**
   * Work-coordinate buckets of 512 minutes: inverse lookups binary-search only the few intervals of one bucket
   * instead of the whole horizon.
   */
  private buildBuckets(): void {
    const { cum, count } = this;
    const base = cum[0];
    const nb = ((cum[count] - base) >> BUCKET_SHIFT) + 2;
    const bucket = new Int32Array(nb);
    let i = 0;
    for (let b = 0; b < nb; b++) {
      const w = base + b * (1 << BUCKET_SHIFT);
      while (i < count - 1 && cum[i + 1] <= w) i++;
      bucket[b] = i;
    }
    this.bucket = bucket;
  }

  /** Largest interval index i with cum[i] <= w (w inside the covered range). */
  private indexAt(w: number): number {
    const cum = this.cum;
    const b = (w - cum[0]) >> BUCKET_SHIFT;
    let lo = this.bucket[b];
    let hi = b + 1 < this.bucket.length ? this.bucket[b + 1] : this.count - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (cum[mid] <= w) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  private grow(towardsPast: boolean): void {
    const span = this.lastDay - this.firstDay;
    if (towardsPast) this.build(this.firstDay - span, this.lastDay);
    else this.build(this.firstDay, this.lastDay + span);
  }

  private ensureWork(w: number, strictLow: boolean): void {
    // A calendar whose week is empty only has the working time of its exceptions: stop once past them.
    while (strictLow ? w <= this.cum[0] : w < this.cum[0]) {
      if (this.weekMinutes === 0 && this.firstDay * MINUTES_PER_DAY < this.minExceptionTime()) this.noWork();
      this.grow(true);
    }
    while (strictLow ? w > this.cum[this.count] : w >= this.cum[this.count]) {
      if (this.weekMinutes === 0 && this.lastDay > this.lastExceptionDay) this.noWork();
      this.grow(false);
    }
  }

  private minExceptionTime(): number {
    let first = Number.POSITIVE_INFINITY;
    for (const d of this.exceptions.keys()) if (d < first) first = d;
    return first * MINUTES_PER_DAY;
  }

  private noWork(): never {
    throw new RangeError(`calendar "${this.id}" has no working time to schedule on`);
  }

  /** Work coordinate of time t (working minutes since the anchor; constant across non-working time). */
  workAt(t: number): number {
    const day = Math.floor(t / MINUTES_PER_DAY);
    if (day < this.firstDay || day >= this.lastDay) {
      while (day < this.firstDay) this.grow(true);
      while (day >= this.lastDay) this.grow(false);
    }
    const di = day - this.firstDay;
    let k = this.dayIdx[di];
    const kEnd = this.dayIdx[di + 1];
    const starts = this.starts;
    for (; k < kEnd; k++) {
      if (t < starts[k]) return this.cum[k];
      if (t < this.ends[k]) return this.cum[k] + t - starts[k];
    }
    return this.cum[kEnd];
  }

  /** Earliest time whose work coordinate is w, as a start: at an interval boundary, the next interval's start. */
  startAt(w: number): number {
    if (w < this.cum[0] || w >= this.cum[this.count]) this.ensureWork(w, false);
    const i = this.indexAt(w);
    return this.starts[i] + (w - this.cum[i]);
  }

  /** Time whose work coordinate is w, as a finish: at an interval boundary, the previous interval's end. */
  finishAt(w: number): number {
    if (w <= this.cum[0] || w > this.cum[this.count]) this.ensureWork(w, true);
    // The interval ending at or containing w as a finish is the one holding the minute before it.
    const i = this.indexAt(w - 1);
    return this.starts[i] + (w - this.cum[i]);
  }

  /** t moved by `lag` working minutes; the result lands on a finish (interval end) or on a start. */
  shift(t: number, lag: number, asFinish: boolean): number {
    const w = this.workAt(t) + lag;
    return asFinish ? this.finishAt(w) : this.startAt(w);
  }

  /** True when t lies inside a working interval [start, end). */
  isWorking(t: number): boolean {
    const day = Math.floor(t / MINUTES_PER_DAY);
    const p = this.patternOf(day);
    const m = t - day * MINUTES_PER_DAY;
    for (let q = 0; q < p.length; q += 2) if (m >= p[q] && m < p[q + 1]) return true;
    return false;
  }

  /** Working intervals of a day as absolute minutes [start, end, …] (for Gantt shading, distributions). */
  dayIntervals(day: number): number[] {
    const p = this.patternOf(day);
    const base = day * MINUTES_PER_DAY;
    const out: number[] = [];
    for (let q = 0; q < p.length; q++) out.push(base + p[q]);
    return out;
  }

  /** Working minutes of one day. */
  dayWorkMinutes(day: number): number {
    const p = this.patternOf(day);
    let s = 0;
    for (let q = 0; q < p.length; q += 2) s += p[q + 1] - p[q];
    return s;
  }
}
