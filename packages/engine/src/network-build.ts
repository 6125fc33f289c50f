import { calendar24h, compileCalendar } from "./calendar-build.js";
import type { WorkCalendar } from "./calendar-index.js";
import { IdIndex } from "./id-index.js";
import {
  F_FINISH,
  F_SMALLEST,
  F_START,
  K_EXTERNAL,
  K_LOE,
  K_MS_FINISH,
  K_MS_START,
  K_SUM,
  K_TASK,
  L_IN_DATE,
  L_MANDATORY,
  L_NONE,
  L_NOT_EARLIER,
  L_NOT_LATER,
  type Network,
  NONE,
  P_ACTUAL_DATES,
  P_OVERRIDE,
  P_RETAINED,
} from "./network-model.js";
import { refreshFloors, refreshInEdges, refreshNode } from "./node-statics.js";
import { MINUTES_PER_DAY, type WallTime, wallMinutes } from "./time-format.js";
import { computeOrder } from "./topo-order.js";
import type { DateLimit, LagCalendarOption, NetworkInput } from "./types.js";
import { type RelationArrays, relationArrays, type ValidatedNetwork } from "./validate-network.js";

const KIND: Record<string, number> = {
  task: K_TASK,
  work: K_TASK,
  milestone_start: K_MS_START,
  milestone_finish: K_MS_FINISH,
  sum: K_SUM,
  level_of_effort: K_LOE,
};
const LIMIT: Record<string, number> = {
  not_earlier: L_NOT_EARLIER,
  not_later: L_NOT_LATER,
  in_date: L_IN_DATE,
  mandatory: L_MANDATORY,
};

const timeOr = (s: WallTime | undefined): number => (s === undefined ? NONE : wallMinutes(s));
const limitType = (l: DateLimit | undefined): number => (l === undefined ? L_NONE : LIMIT[l.type]);

/** Resolves a lag-calendar option into a calendar index for a relation between nodes i and j. */
export function lagCalendarIndex(net: Network, opt: LagCalendarOption | undefined, i: number, j: number): number {
  return lagCalendarByCode(net, lagCalendarCode(opt ?? net.input.options?.lagCalendar), i, j);
}

/** Code of a lag-calendar option (as RelationArrays.relLagCal); no option = predecessor, P6's default. */
function lagCalendarCode(opt: LagCalendarOption | undefined): number {
  return opt === "successor" ? 1 : opt === "24h" ? 2 : opt === "project" ? 3 : 0;
}

function lagCalendarByCode(net: Network, code: number, i: number, j: number): number {
  switch (code) {
    case 1:
      return net.cal[j];
    case 2:
      return net.cal24h;
    case 3:
      return net.defaultCal;
    default:
      return net.cal[i];
  }
}

/** Compiles a validated network into flat arrays, CSR adjacency and a topological order. */
export function buildNetwork(input: NetworkInput, pre?: ValidatedNetwork): Network {
  const opts = input.options ?? {};
  const projectStartT = wallMinutes(input.projectStart);
  const dataDateT = input.dataDate !== undefined ? wallMinutes(input.dataDate) : projectStartT;
  const anchorDay = Math.floor(projectStartT / MINUTES_PER_DAY);
  const calendars: WorkCalendar[] = [];
  const calendarIndex = new Map<string, number>();
  for (const c of input.calendars) {
    calendarIndex.set(c.id, calendars.length);
    calendars.push(compileCalendar(c, anchorDay));
  }
  const cal24h = calendars.length;
  calendars.push(calendar24h(anchorDay));
  const defaultCal = calendarIndex.get(input.defaultCalendar) as number;

  const acts = input.activities;
  const exts = input.externals ?? [];
  const n = acts.length;
  const total = n + exts.length;
  // Validation indexed activities then externals in input order: its id list is the node order.
  const ids: string[] = pre !== undefined ? pre.index.ids() : [];
  const index = pre?.index ?? new IdIndex(total);
  const net: Network = {
    input,
    n,
    total,
    ids,
    index,
    kind: new Uint8Array(total),
    status: new Uint8Array(total),
    cal: new Uint16Array(total),
    calendars,
    calendarIndex,
    cal24h,
    defaultCal,
    duration: new Int32Array(total),
    remainingInput: new Int32Array(total).fill(-1),
    remaining: new Int32Array(total),
    actualStartT: new Int32Array(total).fill(NONE),
    actualFinishT: new Int32Array(total).fill(NONE),
    actualStartW: new Int32Array(total).fill(NONE),
    actualFinishW: new Int32Array(total).fill(NONE),
    startLimitType: new Uint8Array(total),
    startLimitT: new Int32Array(total),
    finishLimitType: new Uint8Array(total),
    finishLimitT: new Int32Array(total),
    esMinW: new Int32Array(total),
    efMinW: new Int32Array(total),
    lsMaxW: new Int32Array(total),
    lfMaxW: new Int32Array(total),
    extES: new Int32Array(total).fill(NONE),
    extEF: new Int32Array(total).fill(NONE),
    extLS: new Int32Array(total).fill(NONE),
    extLF: new Int32Array(total).fill(NONE),
    parent: new Int32Array(total).fill(-1),
    alap: new Uint8Array(total),
    expectedT: new Int32Array(total).fill(NONE),
    resumeT: new Int32Array(total).fill(NONE),
    manualStartT: new Int32Array(total).fill(NONE),
    manualFinishT: new Int32Array(total).fill(NONE),
    special: new Uint8Array(total),
    resourceRuns: [],
    fullOnly: false,
    openEndsCritical: opts.openEndsCritical === true,
    startLinksBoundLate: opts.startLinksBoundLate !== false,
    resourceRunsInActivityHours: opts.resourceRunsInActivityHours === true,
    inStart: new Int32Array(total + 1),
    inFrom: new Int32Array(0),
    inType: new Uint8Array(0),
    inLag: new Int32Array(0),
    inLagCal: new Int16Array(0),
    inFast: new Uint8Array(0),
    inActive: new Uint8Array(0),
    inBroken: new Uint8Array(0),
    outStart: new Int32Array(total + 1),
    outEdge: new Int32Array(0),
    outTo: new Int32Array(0),
    loeRelations: [],
    loeNodes: new Int32Array(0),
    sumOrder: new Int32Array(0),
    order: new Int32Array(0),
    topoPos: new Int32Array(0),
    cycles: [],
    projectStartT,
    dataDateT,
    actualsCapped: input.dataDate !== undefined && (opts.progress ?? "retained_logic") === "retained_logic",
    hasDataDate: input.dataDate !== undefined,
    floorT: Math.max(projectStartT, dataDateT),
    mustFinishByT: opts.mustFinishBy !== undefined ? wallMinutes(opts.mustFinishBy) : NONE,
    progress:
      opts.progress === "progress_override"
        ? P_OVERRIDE
        : opts.progress === "actual_dates"
          ? P_ACTUAL_DATES
          : P_RETAINED,
    floatType: opts.floatType === "start" ? F_START : opts.floatType === "smallest" ? F_SMALLEST : F_FINISH,
    ssFromEarlyStart: (opts.ssLagFrom ?? "early_start") === "early_start",
    criticalFloat: opts.criticalFloat ?? 0,
    longestPath: opts.critical === "longest_path",
    floorW: new Int32Array(calendars.length),
    dataDateW: new Int32Array(calendars.length),
  };
  refreshFloors(net);

  let rich: Int32Array | undefined;
  if (pre !== undefined) {
    // Validation already read the common fields into flat arrays; only activities with more are read again.
    net.kind.set(pre.actKind);
    net.duration.set(pre.actDuration);
    commonCalendars(net.cal, pre.actCal, defaultCal);
    rich = pre.actRich;
  } else {
    for (let j = 0; j < n; j++) {
      const a = acts[j];
      ids.push(a.id);
      index.add(a.id);
      net.kind[j] = KIND[a.type ?? "task"];
      net.cal[j] = a.calendar !== undefined ? (calendarIndex.get(a.calendar) as number) : defaultCal;
      net.duration[j] = a.duration;
    }
  }
  for (let r = 0, end = rich !== undefined ? rich.length : n; r < end; r++) {
    const j = rich !== undefined ? rich[r] : r;
    const a = acts[j];
    if (a.remaining !== undefined) net.remainingInput[j] = a.remaining;
    net.actualStartT[j] = timeOr(a.actualStart);
    net.actualFinishT[j] = timeOr(a.actualFinish);
    net.startLimitType[j] = limitType(a.startLimit);
    if (a.startLimit) net.startLimitT[j] = wallMinutes(a.startLimit.date);
    net.finishLimitType[j] = limitType(a.finishLimit);
    if (a.finishLimit) net.finishLimitT[j] = wallMinutes(a.finishLimit.date);
    const p = a.parent;
    if (p !== undefined) net.parent[j] = index.get(p) as number;
    if (a.alap === true) net.alap[j] = 1;
    if (a.expectedFinish !== undefined) net.expectedT[j] = wallMinutes(a.expectedFinish);
    if (a.resume !== undefined) net.resumeT[j] = wallMinutes(a.resume);
    if (a.manual !== undefined) {
      net.manualStartT[j] = wallMinutes(a.manual.start);
      net.manualFinishT[j] = wallMinutes(a.manual.finish);
    }
    const runs = a.resources;
    if (runs !== undefined && runs.length > 0) {
      net.resourceRuns[j] = {
        cal: Uint16Array.from(runs, (r) => calendarIndex.get(r.calendar) as number),
        remaining: Int32Array.from(runs, (r) => r.remaining),
      };
    }
  }
  for (let x = 0; x < exts.length; x++) {
    const e = exts[x];
    const j = n + x;
    if (pre === undefined) {
      ids.push(e.id);
      index.add(e.id);
    }
    net.kind[j] = K_EXTERNAL;
    net.cal[j] = e.calendar !== undefined ? (calendarIndex.get(e.calendar) as number) : defaultCal;
    net.extES[j] = timeOr(e.earlyStart ?? e.earlyFinish);
    net.extEF[j] = timeOr(e.earlyFinish ?? e.earlyStart);
    net.extLS[j] = timeOr(e.lateStart ?? e.lateFinish);
    net.extLF[j] = timeOr(e.lateFinish ?? e.lateStart);
  }
  let late = net.openEndsCritical;
  for (let j = 0; j < n; j++) {
    refreshNode(net, j);
    if (net.alap[j] === 1 || net.expectedT[j] !== NONE || net.resourceRuns[j] !== undefined) late = true;
  }
  net.fullOnly = late;
  buildEdges(net, pre);
  return net;
}

function commonCalendars(cal: Uint16Array, given: Int32Array, defaultCal: number): void {
  for (let j = 0; j < given.length; j++) {
    const c = given[j];
    cal[j] = c < 0 ? defaultCal : c;
  }
}

/**
 * (Re)builds the relation CSR, edge flags, topological order and derived node lists from net.input.relations.
 * Each pass over the relations or nodes is a small function of its own: on a cold call V8 compiles a running loop
 * on the stack, which is quicker for a small function, and leaving the loop does not deoptimize it into code that
 * never ran.
 */
export function buildEdges(net: Network, pre?: RelationArrays): void {
  const { total, kind } = net;
  const rels = net.input.relations;
  const ra = pre ?? relationArrays(rels, net.index);
  const keep = new Uint8Array(rels.length);
  const inStart = new Int32Array(total + 1);
  const loe: number[] = [];
  const selfLoops = keptRelations(net, ra.relFrom, ra.relTo, keep, inStart, loe);
  prefixSums(inStart);
  const m = inStart[total];
  net.inStart = inStart;
  net.inFrom = new Int32Array(m);
  net.inType = new Uint8Array(m);
  net.inLag = new Int32Array(m);
  net.inLagCal = new Int16Array(m);
  net.inFast = new Uint8Array(m);
  net.inActive = new Uint8Array(m);
  net.inBroken = new Uint8Array(m);
  const outStart = new Int32Array(total + 1);
  fillIncoming(net, ra, keep, outStart);
  prefixSums(outStart);
  net.outStart = outStart;
  net.outEdge = new Int32Array(m);
  net.outTo = new Int32Array(m);
  fillOutgoing(net);
  net.loeRelations = loe;

  let cpmCount = 0;
  const loeNodes: number[] = [];
  for (let j = 0; j < net.n; j++) {
    const k = kind[j];
    if (k === K_LOE) loeNodes.push(j);
    else if (k !== K_SUM) cpmCount++;
  }
  net.cycles = [];
  computeOrder(net, cpmNodes(kind, cpmCount));
  net.cycles = [...selfLoops, ...net.cycles];
  for (let j = 0; j < total; j++) refreshInEdges(net, j);
  net.loeNodes = Int32Array.from(loeNodes);
  net.sumOrder = loeNodes.length + cpmCount < net.n ? sumOrder(net) : new Int32Array(0);
}

/**
 * Marks the relations that take part in the passes (keep = 1) and counts them per successor into inCount[j + 1];
 * collects LOE relations; returns the self-loops (as loops of one id).
 */
function keptRelations(
  net: Network,
  from: Int32Array,
  to: Int32Array,
  keep: Uint8Array,
  inCount: Int32Array,
  loe: number[],
): string[][] {
  const kind = net.kind;
  const selfLoops: string[][] = [];
  for (let r = 0; r < from.length; r++) {
    const i = from[r];
    const j = to[r];
    const ki = kind[i];
    const kj = kind[j];
    // Relations of WBS summaries are ignored (P6 derives sums from their children only).
    if (ki === K_SUM || kj === K_SUM) continue;
    if (ki === K_LOE || kj === K_LOE) {
      loe.push(r);
      continue;
    }
    if (kj === K_EXTERNAL && ki === K_EXTERNAL) continue;
    if (i === j) {
      selfLoops.push([net.ids[i]]);
      continue;
    }
    keep[r] = 1;
    inCount[j + 1]++;
  }
  return selfLoops;
}

/** Counts → start offsets, in place (a[0] = 0). */
function prefixSums(a: Int32Array): void {
  for (let k = 1; k < a.length; k++) a[k] += a[k - 1];
}

/** Incoming CSR in successor order (relations in input order within a successor); counts out-degrees. */
function fillIncoming(net: Network, ra: RelationArrays, keep: Uint8Array, outCount: Int32Array): void {
  const { cal, inFrom, inType, inLag, inLagCal, inFast } = net;
  const { relFrom, relTo, relType, relLag, relLagCal } = ra;
  const fill = net.inStart.slice(0, net.total);
  // The lag calendar of relations without their own: P6's default counts lags on the predecessor's calendar.
  const defaultLag = lagCalendarCode(net.input.options?.lagCalendar);
  for (let r = 0; r < keep.length; r++) {
    if (keep[r] === 0) continue;
    const i = relFrom[r];
    const j = relTo[r];
    const e = fill[j]++;
    inFrom[e] = i;
    inType[e] = relType[r];
    inLag[e] = relLag[r];
    const code = relLagCal[r];
    const ci = cal[i];
    const lc = code < 0 && defaultLag === 0 ? ci : lagCalendarByCode(net, code < 0 ? defaultLag : code, i, j);
    inLagCal[e] = lc;
    inFast[e] = ci === cal[j] && lc === ci ? 1 : 0;
    outCount[i + 1]++;
  }
}

/** Outgoing CSR: per predecessor, indices of its incoming-CSR edges (in successor order) and their successors. */
function fillOutgoing(net: Network): void {
  const { inStart, inFrom, outEdge, outTo } = net;
  const outFill = net.outStart.slice(0, net.total);
  for (let j = 0; j < net.total; j++) {
    for (let e = inStart[j], end = inStart[j + 1]; e < end; e++) {
      const o = outFill[inFrom[e]]++;
      outEdge[o] = e;
      outTo[o] = j;
    }
  }
}

/** Activities taking part in the passes (neither sums nor LOEs), in index order. */
function cpmNodes(kind: Uint8Array, count: number): Int32Array {
  const cpm = new Int32Array(count);
  for (let j = 0, c = 0; c < count; j++) {
    const k = kind[j];
    if (k !== K_LOE && k !== K_SUM) cpm[c++] = j;
  }
  return cpm;
}

/** Sum activities ordered so that nested sums come before their parents. */
function sumOrder(net: Network): Int32Array {
  const depth = new Int32Array(net.n);
  const sums: number[] = [];
  for (let j = 0; j < net.n; j++) {
    if (net.kind[j] !== K_SUM) continue;
    sums.push(j);
    let d = 0;
    // A parent chain longer than the activity count can only be a loop of parents: stop there.
    for (let p = net.parent[j]; p >= 0 && d <= net.n; p = net.parent[p]) d++;
    depth[j] = d;
  }
  sums.sort((a, b) => depth[b] - depth[a] || a - b);
  return Int32Array.from(sums);
}
