import type { GanttData, WdpChange, WdpKind, WdpMeasure, WdpSeries, WdpStatus, WdpWorkState } from "@planum/contracts";
import { dayOfIso, isoOfDay } from "./wdp-numbers";

const MINUTES_PER_DAY = 1440;
const SUM = 0;

/** A work of the grid: its id, the position in the Gantt payload, code, name and its days (first and last). */
export interface WdpWork {
  id: number;
  code: string;
  name: string;
  /** Ids of its summaries, nearest first (the WBS filter). */
  ancestors: number[];
  /** First and last day of its span; -1 without dates. */
  start: number;
  finish: number;
}

/** A summary of the WBS (the node filter's choices). */
export interface WdpNode {
  id: number;
  code: string;
  name: string;
  depth: number;
}

/** Works and summaries of a version's Gantt payload, in WBS order. */
export function worksOf(data: GanttData): { works: WdpWork[]; nodes: WdpNode[] } {
  const works: WdpWork[] = [];
  const nodes: WdpNode[] = [];
  const depth = new Int32Array(data.ids.length);
  for (let i = 0; i < data.ids.length; i++) {
    const parent = data.parent[i];
    depth[i] = parent >= 0 ? depth[parent] + 1 : 0;
    if (data.type[i] === SUM) {
      nodes.push({ id: data.ids[i], code: data.code[i], name: data.name[i], depth: depth[i] });
      continue;
    }
    const ancestors: number[] = [];
    for (let p = parent; p >= 0; p = data.parent[p]) ancestors.push(data.ids[p]);
    const s = data.actualStart[i] >= 0 ? data.actualStart[i] : data.earlyStart[i];
    const f = data.actualFinish[i] >= 0 ? data.actualFinish[i] : data.earlyFinish[i];
    works.push({
      id: data.ids[i],
      code: data.code[i],
      name: data.name[i],
      ancestors,
      start: s >= 0 ? Math.floor(s / MINUTES_PER_DAY) : -1,
      // a finish at midnight ends the day before
      finish: f >= 0 ? Math.floor((f - 1) / MINUTES_PER_DAY) : -1,
    });
  }
  return { works, nodes };
}

/** One series as the grid keeps it: its first day and the values of its days as a typed array. */
export interface Series {
  start: number;
  values: Float64Array;
  total: number;
}

export function seriesKey(itemId: number, measure: WdpMeasure, kind: WdpKind): string {
  return `${itemId}:${measure}:${kind}`;
}

/**
 * The work-done plans of a version in memory: series by work × measure × kind (typed arrays), works' planning
 * status and mode. Immutable from the outside: `apply` answers a new store sharing the untouched series.
 */
export class WdpStore {
  constructor(
    readonly series: ReadonlyMap<string, Series>,
    readonly states: ReadonlyMap<number, WdpWorkState>,
  ) {}

  static empty = new WdpStore(new Map(), new Map());

  static from(list: { series: WdpSeries[]; works: WdpWorkState[] }): WdpStore {
    const series = new Map<string, Series>();
    for (const s of list.series) series.set(seriesKey(s.itemId, s.measure, s.kind), toSeries(s));
    return new WdpStore(series, new Map(list.works.map((w) => [w.itemId, w])));
  }

  /** The store after a change the server answered. */
  apply(change: Pick<WdpChange, "series" | "removed" | "works">): WdpStore {
    const series = new Map(this.series);
    for (const r of change.removed) series.delete(seriesKey(r.itemId, r.measure, r.kind));
    for (const s of change.series) series.set(seriesKey(s.itemId, s.measure, s.kind), toSeries(s));
    const states = new Map(this.states);
    for (const w of change.works) states.set(w.itemId, w);
    return new WdpStore(series, states);
  }

  get(itemId: number, measure: WdpMeasure, kind: WdpKind): Series | undefined {
    return this.series.get(seriesKey(itemId, measure, kind));
  }

  status(itemId: number): WdpStatus {
    return this.states.get(itemId)?.status ?? "active";
  }

  /** The value of one day. */
  value(itemId: number, measure: WdpMeasure, kind: WdpKind, day: number): number {
    const s = this.get(itemId, measure, kind);
    if (!s) return 0;
    const k = day - s.start;
    return k >= 0 && k < s.values.length ? s.values[k] : 0;
  }

  /** The sum of the days from `from` to `to` (both included). */
  sum(itemId: number, measure: WdpMeasure, kind: WdpKind, from: number, to: number): number {
    const s = this.get(itemId, measure, kind);
    if (!s) return 0;
    return sumOf(s, from, to);
  }

  total(itemId: number, measure: WdpMeasure, kind: WdpKind): number {
    return this.get(itemId, measure, kind)?.total ?? 0;
  }

  /** First and last day any series of the measure covers, or null. */
  extent(measure: WdpMeasure): [number, number] | null {
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (const [key, s] of this.series) {
      if (!key.includes(`:${measure}:`) || s.values.length === 0) continue;
      lo = Math.min(lo, s.start);
      hi = Math.max(hi, s.start + s.values.length - 1);
    }
    return lo <= hi ? [lo, hi] : null;
  }
}

function toSeries(s: WdpSeries): Series {
  return { start: dayOfIso(s.start), values: new Float64Array(s.values), total: s.total };
}

export function sumOf(s: Series, from: number, to: number): number {
  const a = Math.max(from - s.start, 0);
  const b = Math.min(to - s.start, s.values.length - 1);
  let total = 0;
  for (let k = a; k <= b; k++) total += s.values[k];
  return total;
}

/** Fact against plan up to the key date (both included): behind, ahead, on plan, or nothing to compare. */
export type Pace = "behind" | "ahead" | "even" | "none";
const EPSILON = 0.0005;

export function paceOf(store: WdpStore, itemId: number, measure: WdpMeasure, keyDay: number): Pace {
  const plan = store.get(itemId, measure, "plan");
  const fact = store.get(itemId, measure, "fact");
  if (!plan && !fact) return "none";
  const planned = plan ? sumOf(plan, Number.NEGATIVE_INFINITY, keyDay) : 0;
  const done = fact ? sumOf(fact, Number.NEGATIVE_INFINITY, keyDay) : 0;
  if (planned === 0 && done === 0) return "none";
  if (done < planned - EPSILON) return "behind";
  if (done > planned + EPSILON) return "ahead";
  return "even";
}

export type Zoom = "day" | "week" | "month";

/** A column of the grid: its first and last day and what its header says. */
export interface Column {
  from: number;
  to: number;
}

/** Columns from `first` to `last` (days) at a zoom; weeks start on Monday, months on the 1st. */
export function columnsOf(first: number, last: number, zoom: Zoom): Column[] {
  const out: Column[] = [];
  if (last < first) return out;
  if (zoom === "day") {
    for (let d = first; d <= last; d++) out.push({ from: d, to: d });
    return out;
  }
  if (zoom === "week") {
    // 1970-01-01 was a Thursday: Monday of a day's week
    let monday = first - ((first + 3) % 7);
    for (; monday <= last; monday += 7) out.push({ from: monday, to: monday + 6 });
    return out;
  }
  const start = new Date(isoOfDay(first));
  let y = start.getUTCFullYear();
  let m = start.getUTCMonth();
  for (;;) {
    const from = Date.UTC(y, m, 1) / 86_400_000;
    if (from > last) break;
    const to = Date.UTC(y, m + 1, 1) / 86_400_000 - 1;
    out.push({ from, to });
    m++;
    if (m === 12) {
      m = 0;
      y++;
    }
  }
  return out;
}

/** The index of the column holding `day` (binary search), or -1. */
export function columnOfDay(columns: readonly Column[], day: number): number {
  let lo = 0;
  let hi = columns.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (columns[mid].to < day) lo = mid + 1;
    else if (columns[mid].from > day) hi = mid - 1;
    else return mid;
  }
  return -1;
}

/** One line of the grid: a work and a data kind. */
export interface Line {
  work: WdpWork;
  kind: WdpKind;
}

export const LINE_KINDS: readonly WdpKind[] = ["plan", "fact", "approved_plan"];

export interface WorkFilter {
  nodeId: number | null;
  status: WdpStatus | "all";
  /** First and last day shown; null: the schedule's. */
  from: number | null;
  to: number | null;
}

/** The works the filters keep: under the node, with the status, and touching the period. */
export function filterWorks(works: readonly WdpWork[], store: WdpStore, filter: WorkFilter): WdpWork[] {
  return works.filter((w) => {
    if (filter.nodeId !== null && !w.ancestors.includes(filter.nodeId)) return false;
    if (filter.status !== "all" && store.status(w.id) !== filter.status) return false;
    if (filter.from !== null && w.finish >= 0 && w.finish < filter.from) return false;
    if (filter.to !== null && w.start >= 0 && w.start > filter.to) return false;
    return true;
  });
}

export function linesOf(works: readonly WdpWork[]): Line[] {
  const out: Line[] = [];
  for (const work of works) for (const kind of LINE_KINDS) out.push({ work, kind });
  return out;
}

/** The days the grid spans: the works' dates and any series, or the filter's period. */
export function spanOf(
  works: readonly WdpWork[],
  store: WdpStore,
  measure: WdpMeasure,
  filter: WorkFilter,
  today: number,
): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const w of works) {
    if (w.start >= 0) lo = Math.min(lo, w.start);
    if (w.finish >= 0) hi = Math.max(hi, w.finish);
  }
  const extent = store.extent(measure);
  if (extent) {
    lo = Math.min(lo, extent[0]);
    hi = Math.max(hi, extent[1]);
  }
  if (!Number.isFinite(lo)) lo = today;
  if (!Number.isFinite(hi)) hi = today + 30;
  return [filter.from ?? lo, filter.to ?? Math.max(hi, filter.from ?? hi)];
}

/** "A, B and 3 more": the first two codes, then how many else (spec §8). */
/** A work as the server's refusals name it: code and name. */
export function workLabel(w: WdpWork | undefined): string {
  return w ? (w.code ? `${w.code} ${w.name}` : w.name) : "";
}

export function firstTwo(codes: readonly string[], t: (key: string, o: Record<string, unknown>) => string): string {
  const shown = codes.slice(0, 2).join(", ");
  return codes.length > 2 ? t("missingVolumeMore", { codes: shown, count: codes.length - 2 }) : shown;
}

/**
 * What a distribution did to the works asked for: those that now carry a plan of the measure, and those that got
 * none (no quantity to spread: the spec's missing-volume warning names them; the success notice counts only the
 * others).
 */
export function distributed(
  ids: readonly number[],
  series: readonly { itemId: number; measure: WdpMeasure; kind: WdpKind; total: number }[],
  measure: WdpMeasure,
): { planned: number[]; missing: number[] } {
  const withPlan = new Set(
    series.filter((s) => s.kind === "plan" && s.measure === measure && s.total > 0).map((s) => s.itemId),
  );
  return { planned: ids.filter((id) => withPlan.has(id)), missing: ids.filter((id) => !withPlan.has(id)) };
}
