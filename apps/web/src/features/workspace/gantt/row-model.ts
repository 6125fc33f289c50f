import { calendarMinutesPerDay } from "@planum/contracts";
import { buildCalendar, type Calendar, type CalendarInput } from "@planum/engine";
import {
  COST_COLUMNS,
  type CostColumn,
  type GanttAttribute,
  type GanttData,
  NO_TIME,
  ROW_FIELDS,
  TYPE_SUM,
} from "./gantt-data";
import { rollUpSummaries } from "./roll-up";

/**
 * The decoded payload: one typed array per field, indexed by row position, plus the relation and tree indexes
 * (CSR: `xStart[i]..xStart[i+1]` slices a flat list). Typed arrays keep 100k rows at a few MB and let the canvas
 * read a row's dates without touching objects.
 */
export interface RowModel {
  n: number;
  ids: Float64Array;
  parent: Int32Array;
  type: Uint8Array;
  code: string[];
  name: string[];
  calendar: Int32Array;
  duration: Int32Array;
  remaining: Int32Array;
  es: Int32Array;
  ef: Int32Array;
  ls: Int32Array;
  lf: Int32Array;
  totalFloat: Float64Array;
  freeFloat: Float64Array;
  critical: Uint8Array;
  progress: Float32Array;
  bs: Int32Array;
  bf: Int32Array;
  as: Int32Array;
  af: Int32Array;
  startLimitType: Uint8Array;
  startLimitDate: Int32Array;
  finishLimitType: Uint8Array;
  finishLimitDate: Int32Array;
  revision: Float64Array;
  /** Works below a summary (its own 1 for a work), filled by the roll-up. */
  count: Int32Array;
  /** Money, labour and volume per row (NaN = none), summaries already summed by the server. */
  costs: Record<CostColumn, Float64Array>;
  attrs: Map<string, (string | number | null)[]>;
  attributes: GanttAttribute[];
  rel: RelationIndex;
  tree: TreeShape;
  calendars: (CalendarInput & { name?: string })[];
  /** Engine calendar arithmetic per calendar position (non-working shading, drag snapping). */
  cal: Calendar[];
  /** Minutes per day of each calendar by the one rule (contracts' workspace-units): the "days" users read and type. */
  minutesPerDay: Float64Array;
  /** 1 where the work has MS Project's elapsed duration: its days are 24 hours of the clock (`minutesPerDayOf`). */
  elapsed: Uint8Array;
  defaultCalendar: number;
  projectStart: number;
  dataDate: number;
  /** Earliest and latest time on any bar, for the timeline's extent. */
  minTime: number;
  maxTime: number;
  /** Bumped whenever dates are patched in place (preview commits), so views know to redraw. */
  version: number;
}

export interface RelationIndex {
  count: number;
  from: Int32Array;
  to: Int32Array;
  type: Uint8Array;
  lag: Int32Array;
  /** Relations leaving row i: outRel[outStart[i]..outStart[i+1]]. */
  outStart: Int32Array;
  outRel: Int32Array;
  inStart: Int32Array;
  inRel: Int32Array;
}

export interface TreeShape {
  /** Children of row i: children[childStart[i]..childStart[i+1]], in payload order. */
  childStart: Int32Array;
  children: Int32Array;
  roots: Int32Array;
  depth: Uint16Array;
}

export class GanttDataError extends Error {}

function int32(source: ArrayLike<number>, n: number): Int32Array {
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = source[i];
  return out;
}

function floats(source: ArrayLike<number | null>, n: number): Float64Array {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = source[i];
    out[i] = v === null ? Number.NaN : v;
  }
  return out;
}

/** The payload's cost columns as floats; a column the payload leaves out is none throughout. */
function costsOf(data: GanttData, n: number): Record<CostColumn, Float64Array> {
  const out = {} as Record<CostColumn, Float64Array>;
  for (const column of COST_COLUMNS) {
    const values = data[column];
    if (values && values.length !== n) throw new GanttDataError(`field "${column}" must hold ${n} values`);
    out[column] = values ? floats(values, n) : new Float64Array(n).fill(Number.NaN);
  }
  return out;
}

/** Counting sort of relation indexes by an endpoint: O(n + m), no comparator calls. */
function csr(n: number, key: Int32Array): { start: Int32Array; list: Int32Array } {
  const start = new Int32Array(n + 1);
  for (let r = 0; r < key.length; r++) start[key[r] + 1]++;
  for (let i = 0; i < n; i++) start[i + 1] += start[i];
  const fill = start.slice(0, n);
  const list = new Int32Array(key.length);
  for (let r = 0; r < key.length; r++) list[fill[key[r]]++] = r;
  return { start, list };
}

function buildTree(parent: Int32Array, n: number): TreeShape {
  const keyed = new Int32Array(n);
  let roots = 0;
  for (let i = 0; i < n; i++) {
    keyed[i] = parent[i];
    if (parent[i] < 0) roots++;
  }
  // Roots are bucketed apart; children keep payload order inside their parent because csr is stable.
  const start = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) if (parent[i] >= 0) start[parent[i] + 1]++;
  for (let i = 0; i < n; i++) start[i + 1] += start[i];
  const fill = start.slice(0, n);
  const children = new Int32Array(n - roots);
  const rootList = new Int32Array(roots);
  let r = 0;
  for (let i = 0; i < n; i++) {
    const p = keyed[i];
    if (p < 0) rootList[r++] = i;
    else children[fill[p]++] = i;
  }
  const depth = new Uint16Array(n);
  // Iterative DFS from the roots: a recursion 10 levels deep is fine, but payload order does not guarantee parents first.
  const stack: number[] = [];
  for (let k = rootList.length - 1; k >= 0; k--) stack.push(rootList[k]);
  let seen = 0;
  while (stack.length > 0) {
    const i = stack.pop() as number;
    seen++;
    for (let c = start[i]; c < start[i + 1]; c++) {
      depth[children[c]] = depth[i] + 1;
      stack.push(children[c]);
    }
  }
  if (seen !== n) throw new GanttDataError("parent references form a loop");
  return { childStart: start, children, roots: rootList, depth };
}

/** Decodes the server's columnar payload. Throws GanttDataError when arrays disagree in length or point nowhere. */
export function decodeGanttData(data: GanttData, prebuilt?: ReadonlyMap<string, Calendar>): RowModel {
  const n = data.ids.length;
  for (const field of ROW_FIELDS) {
    const column = data[field] as ArrayLike<unknown> | undefined;
    if (!column || column.length !== n) throw new GanttDataError(`field "${field}" must hold ${n} values`);
  }
  const parent = int32(data.parent, n);
  const calendar = int32(data.calendar, n);
  const ncal = data.calendars.length;
  for (let i = 0; i < n; i++) {
    if (parent[i] >= n || parent[i] < -1) throw new GanttDataError(`row ${i}: parent ${parent[i]} out of range`);
    if (calendar[i] < 0 || calendar[i] >= ncal) throw new GanttDataError(`row ${i}: calendar ${calendar[i]} unknown`);
  }
  const es = int32(data.earlyStart, n);
  const ef = int32(data.earlyFinish, n);
  const bs = int32(data.baselineStart, n);
  const bf = int32(data.baselineFinish, n);
  let minTime = Number.POSITIVE_INFINITY;
  let maxTime = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    if (es[i] !== NO_TIME && es[i] < minTime) minTime = es[i];
    if (ef[i] > maxTime) maxTime = ef[i];
    if (bs[i] !== NO_TIME && bs[i] < minTime) minTime = bs[i];
    if (bf[i] > maxTime) maxTime = bf[i];
  }
  if (!Number.isFinite(minTime)) minTime = data.projectStart;
  if (!Number.isFinite(maxTime)) maxTime = data.projectStart + 30 * 1440;

  const relCount = data.relations.from.length;
  const rel = data.relations;
  if (rel.to.length !== relCount || rel.type.length !== relCount || rel.lag.length !== relCount) {
    throw new GanttDataError("relation arrays must have the same length");
  }
  const from = int32(rel.from, relCount);
  const to = int32(rel.to, relCount);
  for (let r = 0; r < relCount; r++) {
    if (from[r] < 0 || from[r] >= n || to[r] < 0 || to[r] >= n) throw new GanttDataError(`relation ${r} out of range`);
  }
  const out = csr(n, from);
  const inn = csr(n, to);

  const cal = data.calendars.map((c) => prebuilt?.get(c.id) ?? buildCalendar(c));
  const minutesPerDay = Float64Array.from(data.calendars, (c) => calendarMinutesPerDay(c.week));
  const remaining = data.remaining ? int32(data.remaining, n) : new Int32Array(n).fill(-1);

  const model: RowModel = {
    n,
    ids: Float64Array.from(data.ids),
    parent,
    type: Uint8Array.from(data.type),
    code: data.code,
    name: data.name.slice(),
    calendar,
    duration: int32(data.duration, n),
    remaining,
    es,
    ef,
    ls: int32(data.lateStart, n),
    lf: int32(data.lateFinish, n),
    totalFloat: floats(data.totalFloat, n),
    freeFloat: floats(data.freeFloat, n),
    critical: Uint8Array.from(data.critical),
    progress: Float32Array.from(data.progress),
    bs,
    bf,
    as: int32(data.actualStart, n),
    af: int32(data.actualFinish, n),
    startLimitType: Uint8Array.from(data.startLimitType),
    startLimitDate: int32(data.startLimitDate, n),
    finishLimitType: Uint8Array.from(data.finishLimitType),
    finishLimitDate: int32(data.finishLimitDate, n),
    revision: Float64Array.from(data.revision),
    count: new Int32Array(n),
    costs: costsOf(data, n),
    attrs: new Map(Object.entries(data.attrs ?? {})),
    attributes: data.attributes ?? [],
    rel: {
      count: relCount,
      from,
      to,
      type: Uint8Array.from(rel.type),
      lag: int32(rel.lag, relCount),
      outStart: out.start,
      outRel: out.list,
      inStart: inn.start,
      inRel: inn.list,
    },
    tree: buildTree(parent, n),
    calendars: data.calendars,
    cal,
    minutesPerDay,
    elapsed: data.elapsed ? Uint8Array.from(data.elapsed) : new Uint8Array(n),
    defaultCalendar: data.defaultCalendar,
    projectStart: data.projectStart,
    dataDate: data.dataDate,
    minTime,
    maxTime,
    version: 0,
  };
  rollUpSummaries(model);
  return model;
}

/** The "days" of row i: its calendar's, or 24 hours of the clock for an elapsed duration (MS Project's "ed"). */
export function minutesPerDayOf(model: RowModel, i: number): number {
  return model.elapsed[i] === 1 ? 24 * 60 : model.minutesPerDay[model.calendar[i]];
}

/** True when row i has children (a WBS summary that can be expanded). */
export function hasChildren(model: RowModel, i: number): boolean {
  return model.tree.childStart[i + 1] > model.tree.childStart[i];
}

export function isSummary(model: RowModel, i: number): boolean {
  return model.type[i] === TYPE_SUM;
}

/** Position of the row with this id, or -1. Built once on first use: most sessions never look ids up. */
export function rowOfId(model: RowModel, id: number): number {
  let lookup = idLookups.get(model);
  if (!lookup) {
    lookup = new Map();
    for (let i = 0; i < model.n; i++) lookup.set(model.ids[i], i);
    idLookups.set(model, lookup);
  }
  return lookup.get(id) ?? -1;
}

const idLookups = new WeakMap<RowModel, Map<number, number>>();
