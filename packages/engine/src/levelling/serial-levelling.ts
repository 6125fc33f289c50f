import { buildCalendar, type Calendar } from "../calendar-build.js";
import { EngineInputError } from "../engine-input-error.js";
import type { ResourceCurve } from "../resource-curves.js";
import type { ResultColumns } from "../result-format.js";
import { scheduleColumns } from "../schedule.js";
import { MINUTES_PER_DAY } from "../time-format.js";
import type { LagCalendarOption } from "../types.js";
import { resourceConstrainedLate } from "./constrained-late.js";
import { curveFactors } from "./curve-factors.js";
import { type LevelEdge, type LevelState, shift } from "./level-state.js";
import { levellingResult } from "./levelling-result.js";
import type { LevellingInput, LevellingResult, LevelReason } from "./levelling-types.js";
import { DEFAULT_PRIORITIES, priorityCompare, ReadyHeap } from "./priority-order.js";
import { ResourceLoad } from "./resource-load.js";

const DEFAULT_HORIZON_DAYS = 3_660;
/** One resource an activity uses: its load's index, units per day (mean over the days) and curve. */
type Use = [load: number, perDay: number, curve: ResourceCurve | undefined];
const dayOf = (t: number) => Math.floor(t / MINUTES_PER_DAY);

/**
 * P6's serial levelling method. Activities become ready when all their predecessors are placed; the ready ones are
 * taken by priority (default early start, then total float); each starts at the earliest time its levelled
 * predecessors allow and is delayed, a working day at a time, until every resource it uses has room on each working
 * day of its remaining duration. Started activities keep their dates and take their load first. `step` places a
 * bounded number of activities so a caller can report progress and stop between slices.
 */
export class Leveller {
  private readonly s: LevelState;
  private readonly loads: ResourceLoad[];
  /** Per activity: the resources it uses. */
  private readonly uses: Use[][];
  private readonly inEdges: LevelEdge[][];
  private readonly waiting: Int32Array;
  private readonly heap: ReadyHeap;
  private readonly logicStart: Float64Array;
  private readonly logicBy: Int32Array;
  private readonly withinFloat: boolean;
  private readonly horizon: number;
  private placed = 0;

  constructor(private readonly input: LevellingInput) {
    const options = input.options ?? {};
    const percent = options.maxOverallocationPercent ?? 0;
    if (!(percent >= 0)) throw new EngineInputError("options", "maxOverallocationPercent must be 0 or more");
    this.withinFloat = options.withinFloat === true;
    this.horizon = (options.horizonDays ?? DEFAULT_HORIZON_DAYS) * MINUTES_PER_DAY;
    const network = input.network;
    const cols: ResultColumns = scheduleColumns(network);
    const column = new Map<string, number>();
    for (let j = 0; j < cols.ids.length; j++) column.set(cols.ids[j], j);
    const calendars = new Map<string, Calendar>();
    for (const c of network.calendars) calendars.set(c.id, buildCalendar(c));
    const calendarOf = (id: string | undefined, item: string) => {
      const cal = calendars.get(id ?? network.defaultCalendar);
      if (!cal) throw new EngineInputError(item, `unknown calendar "${id}"`);
      return cal;
    };

    const kept = network.activities.filter((a) => a.type !== "sum" && a.type !== "level_of_effort");
    const n = kept.length;
    const index = new Map<string, number>();
    const s: LevelState = {
      ids: kept.map((a) => a.id),
      cal: kept.map((a) => calendarOf(a.calendar, `activity "${a.id}"`)),
      es: new Float64Array(n),
      ef: new Float64Array(n),
      ls: new Float64Array(n),
      lf: new Float64Array(n),
      tf: new Float64Array(n),
      rem: new Float64Array(n),
      start: new Float64Array(n).fill(Number.NaN),
      finish: new Float64Array(n).fill(Number.NaN),
      order: [],
      outEdges: Array.from({ length: n }, () => []),
      resourceLinks: Array.from({ length: n }, () => []),
      reasons: new Array(n),
      criticalFloat: network.options?.criticalFloat ?? 0,
      scheduledFinish: cols.finish,
    };
    let firstDay = Number.POSITIVE_INFINITY;
    kept.forEach((a, k) => {
      index.set(a.id, k);
      const j = column.get(a.id)!;
      s.es[k] = cols.earlyStart[j];
      s.ef[k] = cols.earlyFinish[j];
      s.ls[k] = cols.lateStart[j];
      s.lf[k] = cols.lateFinish[j];
      s.tf[k] = cols.totalFloat[j];
      s.rem[k] = a.actualFinish !== undefined ? 0 : cols.remaining[j];
      firstDay = Math.min(firstDay, dayOf(s.es[k]));
    });
    this.s = s;

    const factor = 1 + percent / 100;
    const baseDay = Number.isFinite(firstDay) ? firstDay - 1 : 0;
    const loadIndex = new Map<string, number>();
    this.loads = input.resources.map((r, i) => {
      loadIndex.set(r.id, i);
      const cal = r.calendar ? calendarOf(r.calendar, `resource "${r.id}"`) : undefined;
      return new ResourceLoad(r, cal, baseDay, factor);
    });
    this.uses = Array.from({ length: n }, () => []);
    for (const a of input.assignments) {
      const k = index.get(a.activity);
      const r = loadIndex.get(a.resource);
      if (k === undefined || r === undefined || s.rem[k] <= 0) continue;
      const perDay =
        a.unitsPerDay ??
        (a.units ?? 0) / Math.max(1, this.daysOf(k, s.cal[k].subtractWorking(s.ef[k], s.rem[k]), s.ef[k]).length);
      if (!(perDay > 0)) continue;
      const curve = a.curve === "evenly" ? undefined : a.curve;
      const same = this.uses[k].find((u) => u[0] === r && u[2] === curve);
      if (same) same[1] += perDay;
      else this.uses[k].push([r, perDay, curve]);
    }

    this.inEdges = Array.from({ length: n }, () => []);
    this.waiting = new Int32Array(n);
    const lagDefault: LagCalendarOption = network.options?.lagCalendar ?? "predecessor";
    for (const rel of network.relations) {
      const from = index.get(rel.from);
      const to = index.get(rel.to);
      if (from === undefined || to === undefined) continue;
      const option = rel.lagCalendar ?? lagDefault;
      const lagCal =
        option === "24h"
          ? null
          : option === "successor"
            ? s.cal[to]
            : option === "project"
              ? calendarOf(undefined, "network")
              : s.cal[from];
      const edge: LevelEdge = { from, to, type: rel.type, lag: rel.lag ?? 0, lagCal };
      s.outEdges[from].push(edge);
      this.inEdges[to].push(edge);
      this.waiting[to]++;
    }

    this.logicStart = new Float64Array(n);
    this.logicBy = new Int32Array(n).fill(-1);
    const attributes = input.attributes ?? {};
    this.heap = new ReadyHeap(
      priorityCompare(options.priorities?.length ? options.priorities : DEFAULT_PRIORITIES, {
        logicStart: this.logicStart,
        lateStart: s.ls,
        totalFloat: s.tf,
        remaining: s.rem,
        attribute: (name, k) => attributes[s.ids[k]]?.[name],
      }),
    );
    // Started and completed activities keep their dates: their remaining load is taken before anything moves.
    kept.forEach((a, k) => {
      if (a.actualStart === undefined) return;
      const from = s.rem[k] > 0 ? s.cal[k].subtractWorking(s.ef[k], s.rem[k]) : s.ef[k];
      this.place(k, s.es[k], s.ef[k], this.daysOf(k, from, s.ef[k]));
    });
    for (let k = 0; k < n; k++) if (this.waiting[k] === 0 && Number.isNaN(s.start[k])) this.ready(k);
  }

  get total() {
    return this.s.ids.length;
  }

  get done() {
    return this.placed;
  }

  /** Places up to `budget` activities; true once every activity is placed. */
  step(budget: number): boolean {
    const s = this.s;
    for (let left = budget; left > 0 && this.placed < s.ids.length; left--) {
      if (this.heap.size === 0) {
        // Only loops leave activities waiting forever (the scheduling reported them): take the first one anyway.
        const k = s.start.findIndex((t, i) => Number.isNaN(t) && this.waiting[i] >= 0);
        this.waiting[k] = 0;
        this.ready(k);
      }
      this.levelOne(this.heap.pop());
    }
    return this.placed >= s.ids.length;
  }

  result(): LevellingResult {
    while (!this.step(Number.MAX_SAFE_INTEGER));
    const late = resourceConstrainedLate(this.s);
    return levellingResult(this.s, late, this.input.options?.preserveDates === true);
  }

  /** An activity whose predecessors are all placed: its logic start is known, it joins the ready heap. */
  private ready(k: number) {
    const s = this.s;
    let start = s.es[k];
    let by = -1;
    for (const e of this.inEdges[k]) {
      const p = e.from;
      if (Number.isNaN(s.start[p]) || (s.start[p] === s.es[p] && s.finish[p] === s.ef[p])) continue;
      const bound = this.forwardBound(e, k);
      if (bound > start) {
        start = bound;
        by = p;
      }
    }
    if (by >= 0 && s.rem[k] > 0) start = s.cal[k].nextWorkingStart(start);
    this.logicStart[k] = start;
    this.logicBy[k] = by;
    this.waiting[k] = -1;
    this.heap.push(k);
  }

  private levelOne(k: number) {
    const s = this.s;
    const cal = s.cal[k];
    const rem = s.rem[k];
    const logicStart = this.logicStart[k];
    const uses = this.uses[k];
    let t = logicStart;
    let blocked: { load: number; day: number } | null = null;
    let unresolved: "float" | "horizon" | null = null;
    let days: number[];
    for (;;) {
      const finish = rem > 0 ? cal.addWorking(t, rem) : t;
      days = this.daysOf(k, t, finish);
      const conflict = uses.length > 0 ? this.firstConflict(uses, days) : null;
      if (!conflict) break;
      blocked = conflict;
      t = cal.nextWorkingStart((conflict.day + 1) * MINUTES_PER_DAY);
      if (this.withinFloat && t > s.ls[k]) unresolved = "float";
      else if (t - logicStart > this.horizon || this.neverFits(uses, days.length)) unresolved = "horizon";
      if (unresolved) {
        t = logicStart;
        days = this.daysOf(k, t, rem > 0 ? cal.addWorking(t, rem) : t);
        break;
      }
    }
    const finish = rem > 0 ? cal.addWorking(t, rem) : t;
    const reasons: LevelReason[] = [];
    if (this.logicBy[k] >= 0 && logicStart > s.es[k]) {
      reasons.push({
        kind: "logic",
        days: this.workingDays(k, s.es[k], logicStart),
        predecessor: s.ids[this.logicBy[k]],
      });
    }
    if (blocked) {
      const load = this.loads[blocked.load];
      const holders = load.holdersOn(blocked.day, k);
      if (unresolved) {
        reasons.push({
          kind: "unresolved",
          resource: load.resource.id,
          holders: holders.map((h) => s.ids[h]),
          cause: unresolved,
        });
      } else {
        for (const h of holders) s.resourceLinks[h].push(k);
        reasons.push({
          kind: "resource",
          days: this.workingDays(k, logicStart, t),
          resource: load.resource.id,
          holders: holders.map((h) => s.ids[h]),
        });
      }
    }
    if (reasons.length > 0) s.reasons[k] = reasons;
    this.place(k, t, finish, days);
    for (const e of s.outEdges[k]) if (--this.waiting[e.to] === 0) this.ready(e.to);
  }

  private place(k: number, start: number, finish: number, days: number[]) {
    const s = this.s;
    s.start[k] = start;
    s.finish[k] = finish;
    s.order.push(k);
    for (const [r, units, curve] of this.uses[k]) this.loads[r].take(k, days, units, curveFactors(curve, days.length));
    this.placed++;
  }

  /** Whether a resource is asked more a day than it ever gives (no delay helps). */
  private neverFits(uses: Use[], n: number): boolean {
    for (const [r, units, curve] of uses) {
      const factors = curveFactors(curve, n);
      const most = factors ? units * Math.max(...factors) : units;
      if (most > this.loads[r].peak + 1e-9) return true;
    }
    return false;
  }

  /** The first day of `days` on which one of the activity's resources lacks room. */
  private firstConflict(uses: Use[], days: number[]) {
    const factors = uses.map((u) => curveFactors(u[2], days.length));
    for (let i = 0; i < days.length; i++) {
      for (let u = 0; u < uses.length; u++) {
        const [r, units] = uses[u];
        if (!this.loads[r].fits(days[i], factors[u] ? units * factors[u]![i] : units)) return { load: r, day: days[i] };
      }
    }
    return null;
  }

  /** The working days (activity calendar) of [start, finish). */
  private daysOf(k: number, start: number, finish: number): number[] {
    const cal = this.s.cal[k];
    const out: number[] = [];
    if (finish <= start) return out;
    const last = dayOf(finish - 1);
    for (let d = dayOf(start); d <= last; d++) if (cal.dayWorkMinutes(d) > 0) out.push(d);
    return out;
  }

  /** Working days of the activity's calendar from `from`'s day up to (not including) `to`'s day. */
  private workingDays(k: number, from: number, to: number): number {
    const cal = this.s.cal[k];
    let count = 0;
    for (let d = dayOf(from); d < dayOf(to); d++) if (cal.dayWorkMinutes(d) > 0) count++;
    return count === 0 && to > from ? 1 : count;
  }

  /** The earliest start of `k` that the relation allows with its predecessor's levelled dates. */
  private forwardBound(e: LevelEdge, k: number): number {
    const s = this.s;
    const p = e.from;
    const source = e.type === "FS" || e.type === "FF" ? s.finish[p] : s.start[p];
    const lagged = shift(source, e.lag, e.lagCal);
    if (e.type === "FS" || e.type === "SS") return lagged;
    return s.rem[k] > 0 ? s.cal[k].subtractWorking(lagged, s.rem[k]) : lagged;
  }
}

/** Levels a network's resources in one call (P6's serial method; see `Leveller`). */
export function levelResources(input: LevellingInput): LevellingResult {
  return new Leveller(input).result();
}
