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
import { MINUTES_PER_DAY, parseDateTime } from "./time-format.js";
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
const LIMIT: Record<string, number> = { not_earlier: L_NOT_EARLIER, not_later: L_NOT_LATER, in_date: L_IN_DATE };

const timeOr = (s: string | undefined): number => (s === undefined ? NONE : parseDateTime(s));
const limitType = (l: DateLimit | undefined): number => (l === undefined ? L_NONE : LIMIT[l.type]);

/** Resolves a lag-calendar option into a calendar index for a relation between nodes i and j. */
export function lagCalendarIndex(net: Network, opt: LagCalendarOption | undefined, i: number, j: number): number {
  return lagCalendarByCode(net, lagCalendarCode(opt ?? net.input.options?.lagCalendar), i, j);
}

/** Code of a lag-calendar option (index in LAG_CALENDAR_CODES); no option = predecessor, P6's default. */
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
  const projectStartT = parseDateTime(input.projectStart);
  const dataDateT = input.dataDate !== undefined ? parseDateTime(input.dataDate) : projectStartT;
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
  const ids: string[] = new Array(total);
  // Validation already indexed the ids (activities, then externals, in input order).
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
    hasDataDate: input.dataDate !== undefined,
    floorT: Math.max(projectStartT, dataDateT),
    mustFinishByT: opts.mustFinishBy !== undefined ? parseDateTime(opts.mustFinishBy) : NONE,
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

  for (let j = 0; j < n; j++) {
    const a = acts[j];
    ids[j] = a.id;
    if (pre === undefined) index.add(a.id);
    net.kind[j] = KIND[a.type ?? "task"];
    net.cal[j] = a.calendar !== undefined ? (calendarIndex.get(a.calendar) as number) : defaultCal;
    net.duration[j] = a.duration;
    if (a.remaining !== undefined) net.remainingInput[j] = a.remaining;
    net.actualStartT[j] = timeOr(a.actualStart);
    net.actualFinishT[j] = timeOr(a.actualFinish);
    net.startLimitType[j] = limitType(a.startLimit);
    if (a.startLimit) net.startLimitT[j] = parseDateTime(a.startLimit.date);
    net.finishLimitType[j] = limitType(a.finishLimit);
    if (a.finishLimit) net.finishLimitT[j] = parseDateTime(a.finishLimit.date);
  }
  for (let x = 0; x < exts.length; x++) {
    const e = exts[x];
    const j = n + x;
    ids[j] = e.id;
    if (pre === undefined) index.add(e.id);
    net.kind[j] = K_EXTERNAL;
    net.cal[j] = e.calendar !== undefined ? (calendarIndex.get(e.calendar) as number) : defaultCal;
    net.extES[j] = timeOr(e.earlyStart ?? e.earlyFinish);
    net.extEF[j] = timeOr(e.earlyFinish ?? e.earlyStart);
    net.extLS[j] = timeOr(e.lateStart ?? e.lateFinish);
    net.extLF[j] = timeOr(e.lateFinish ?? e.lateStart);
  }
  for (let j = 0; j < n; j++) {
    const p = acts[j].parent;
    if (p !== undefined) net.parent[j] = index.get(p) as number;
    refreshNode(net, j);
  }
  buildEdges(net, pre);
  return net;
}

/** (Re)builds the relation CSR, edge flags, topological order and derived node lists from net.input.relations. */
export function buildEdges(net: Network, pre?: RelationArrays): void {
  const { total, kind, cal } = net;
  const rels = net.input.relations;
  const { relFrom: from, relTo: to, relType, relLag, relLagCal } = pre ?? relationArrays(rels, net.index);
  const m0 = rels.length;
  const keep = new Uint8Array(m0);
  const selfLoops: string[][] = [];
  const loe: number[] = [];
  const inCount = new Int32Array(total + 1);
  for (let r = 0; r < m0; r++) {
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
  for (let j = 0; j < total; j++) inCount[j + 1] += inCount[j];
  const m = inCount[total];
  const inStart = inCount;
  const fill = inStart.slice(0, total);
  const inFrom = new Int32Array(m);
  const inType = new Uint8Array(m);
  const inLag = new Int32Array(m);
  const inLagCal = new Int16Array(m);
  const inFast = new Uint8Array(m);
  net.inFrom = inFrom;
  net.inType = inType;
  net.inLag = inLag;
  net.inLagCal = inLagCal;
  net.inFast = inFast;
  net.inActive = new Uint8Array(m);
  net.inBroken = new Uint8Array(m);
  const outCount = new Int32Array(total + 1);
  // The lag calendar of relations without their own: P6's default counts lags on the predecessor's calendar.
  const defaultLag = lagCalendarCode(net.input.options?.lagCalendar);
  for (let r = 0; r < m0; r++) {
    if (keep[r] === 0) continue;
    const i = from[r];
    const j = to[r];
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
  for (let i = 0; i < total; i++) outCount[i + 1] += outCount[i];
  const outFill = outCount.slice(0, total);
  const outEdge = new Int32Array(m);
  const outTo = new Int32Array(m);
  net.outEdge = outEdge;
  net.outTo = outTo;
  for (let j = 0; j < total; j++) {
    for (let e = inStart[j], end = inStart[j + 1]; e < end; e++) {
      const o = outFill[inFrom[e]]++;
      outEdge[o] = e;
      outTo[o] = j;
    }
  }
  net.inStart = inStart;
  net.outStart = outCount;
  net.loeRelations = loe;

  let cpmCount = 0;
  const loeNodes: number[] = [];
  for (let j = 0; j < net.n; j++) {
    const k = kind[j];
    if (k === K_LOE) loeNodes.push(j);
    else if (k !== K_SUM) cpmCount++;
  }
  const cpm = new Int32Array(cpmCount);
  for (let j = 0, c = 0; c < cpmCount; j++) {
    const k = kind[j];
    if (k !== K_LOE && k !== K_SUM) cpm[c++] = j;
  }
  net.cycles = [];
  computeOrder(net, cpm);
  net.cycles = [...selfLoops, ...net.cycles];
  for (let j = 0; j < total; j++) refreshInEdges(net, j);
  net.loeNodes = Int32Array.from(loeNodes);
  net.sumOrder = sumOrder(net);
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
