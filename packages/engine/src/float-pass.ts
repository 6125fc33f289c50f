import { computeLate, storeLate } from "./cpm-passes.js";
import {
  F_FINISH,
  F_START,
  K_EXTERNAL,
  K_MS_FINISH,
  type Network,
  NONE,
  POS,
  R_FF,
  R_FS,
  R_SS,
  S_COMPLETED,
  S_IN_PROGRESS,
  S_NOT_STARTED,
  type ScheduleState,
  X_ALAP,
  X_MANUAL,
} from "./network-model.js";
import { backwardBound, fastSource, forwardBound, sourceTime } from "./relation-bounds.js";

/**
 * Total float (start, finish or the smaller, in the activity's working minutes), free float and the
 * float-based critical flag of CPM node i. Completed activities have no float and are never critical.
 */
export function computeFloat(net: Network, st: ScheduleState, i: number): void {
  if (net.status[i] === S_COMPLETED) {
    st.tf[i] = 0;
    st.ff[i] = 0;
    st.crit[i] = 0;
    return;
  }
  storeFloat(net, st, i, freeFloat(net, st, i));
}

/** Total float, free float (`ff` = smallest gap to the successors, POS without any) and critical flag of i. */
function storeFloat(net: Network, st: ScheduleState, i: number, ff: number): void {
  const startFloat = st.lsW[i] - st.sW[i];
  const finishFloat = st.lfW[i] - st.efW[i];
  const tf =
    net.floatType === F_FINISH
      ? finishFloat
      : net.floatType === F_START
        ? startFloat
        : Math.min(startFloat, finishFloat);
  st.tf[i] = tf;
  // Free float is never negative (negative float shows in total float only). It is not capped by total float: P6
  // measures it against the successors' early dates, which may lie past the project late finish that bounds total
  // float (an external successor months later: P6 stores TF 0 h with FF 1270 h).
  st.ff[i] = Math.max(ff === POS ? st.projLateW[net.cal[i]] - st.efW[i] : ff, 0);
  if (!net.longestPath) st.crit[i] = tf <= net.criticalFloat ? 1 : 0;
}

/**
 * computeLate then computeFloat of node i with one sweep over its successors (the full backward pass): the late
 * bounds need the successors' late dates, free float their early dates, and neither changes the other.
 */
export function computeLateAndFloat(net: Network, st: ScheduleState, i: number): void {
  const status = net.status[i];
  if (status === S_COMPLETED) {
    computeLate(net, st, i);
    computeFloat(net, st, i);
    return;
  }
  let lf = net.lfMaxW[i];
  let lsb = status === S_NOT_STARTED ? net.lsMaxW[i] : POS;
  let ff = POS;
  const cal = net.calendars[net.cal[i]];
  const { outEdge, outTo, inActive, inType, inFast, inLag, kind } = net;
  const { lsW, lfW } = st;
  // Not completed here, so "not started" is also freeFloat's "not in progress".
  const plainStart = status === S_NOT_STARTED;
  // MS Project 2016+ (ScheduleOptions.startLinksBoundLate) and any MS Project manually scheduled predecessor
  // (scenario 065): SS/SF links do not bound the predecessor's late dates.
  const startBound = net.startLinksBoundLate && (net.special[i] & X_MANUAL) === 0;
  const alap = (net.special[i] & X_ALAP) !== 0;
  const withFreeFloat = alap || !st.withoutFreeFloat;
  for (let o = net.outStart[i], end = net.outStart[i + 1]; o < end; o++) {
    const e = outEdge[o];
    if (inActive[e] === 0) continue;
    const j = outTo[o];
    const t = inType[e];
    const fast = inFast[e] === 1 && kind[j] !== K_EXTERNAL;
    // Late bound on i (as computeLate).
    let b: number;
    if (fast && plainStart) b = (t === R_FS || t === R_SS ? lsW[j] : lfW[j]) - inLag[e];
    else b = backwardBound(net, st, e, i, j);
    if (b < POS) {
      if (t === R_FS || t === R_FF) {
        if (b < lf) lf = b;
      } else if (b < lsb && startBound) lsb = b;
    }
    if (!withFreeFloat) continue;
    const gap = freeFloatGap(net, st, e, i, j, fast, plainStart, cal);
    if (gap < ff) ff = gap;
  }
  storeLate(net, st, i, lf, lsb);
  storeFloat(net, st, i, ff);
  if (alap) moveIntoFreeFloat(net, st, i);
}

/**
 * P6 "as late as possible": once its successors have their dates, a not-started activity's early dates move by its
 * whole free float, past its late dates when its total float is negative (SP10, P6 8.1: an ALAP start milestone sits
 * at its successor's early start with total float −544 h; scenario 048); total float shrinks by as much, free float
 * becomes 0. The backward sweep runs in reverse topological order, so an ALAP predecessor sees its ALAP successors
 * already moved.
 */
function moveIntoFreeFloat(net: Network, st: ScheduleState, i: number): void {
  const shift = st.ff[i];
  if (shift <= 0) return;
  const cal = net.calendars[net.cal[i]];
  const s = st.sW[i] + shift;
  const ef = st.efW[i] + shift;
  st.sW[i] = s;
  st.efW[i] = ef;
  if (net.kind[i] === K_MS_FINISH) {
    st.efT[i] = cal.finishAt(ef);
    st.sT[i] = st.efT[i];
  } else if (ef === s) {
    st.sT[i] = cal.startAt(s);
    st.efT[i] = st.sT[i];
  } else {
    st.sT[i] = cal.startAt(s);
    st.efT[i] = cal.finishAt(ef);
  }
  storeFloat(net, st, i, 0);
}

/**
 * Free float: how far i can slip without moving any successor's early date, i.e. the smallest gap between a
 * successor's early start/finish and the bound this relation puts on it; POS without successors (storeFloat
 * then measures the gap to the project late finish).
 */
function freeFloat(net: Network, st: ScheduleState, i: number): number {
  let ff = POS;
  const cal = net.calendars[net.cal[i]];
  const { outEdge, outTo, inActive, inFast, kind } = net;
  // Source end of i for start-sourced fast relations; started activities need the helper (SS lag rules).
  const plainStart = net.status[i] !== S_IN_PROGRESS;
  for (let o = net.outStart[i], end = net.outStart[i + 1]; o < end; o++) {
    const e = outEdge[o];
    if (inActive[e] === 0) continue;
    const j = outTo[o];
    const gap = freeFloatGap(net, st, e, i, j, inFast[e] === 1 && kind[j] !== K_EXTERNAL, plainStart, cal);
    if (gap < ff) ff = gap;
  }
  return ff;
}

/**
 * The gap between successor j's early date and the bound relation e (from i) puts on it; POS when it bounds nothing.
 * `fast`: a relation on working minutes of one calendar to a non-external successor; `plainStart`: i not in progress.
 */
function freeFloatGap(
  net: Network,
  st: ScheduleState,
  e: number,
  i: number,
  j: number,
  fast: boolean,
  plainStart: boolean,
  cal: Network["calendars"][number],
): number {
  const t = net.inType[e];
  const startTarget = t === R_FS || t === R_SS;
  if (fast) {
    const lag = net.inLag[e];
    const src = t === R_FS || t === R_FF ? st.efW[i] + lag : plainStart ? st.sW[i] + lag : fastSource(net, st, e, i);
    return (startTarget ? st.sW[j] : st.efW[j]) - src;
  }
  // Externals keep their given early dates; one without the date this relation targets bounds nothing.
  const time = net.kind[j] === K_EXTERNAL ? sourceTime(net, st, e, i) : st.edgeT[e];
  const target = startTarget ? st.sT[j] : st.efT[j];
  if (time === NONE || target === NONE) return POS;
  return cal.workAt(target) - cal.workAt(time);
}

/**
 * Longest path (P6 "critical = longest path"): from the activities finishing at the project finish, walk back
 * along driving relations (those whose bound equals the successor's early date). Completed work is skipped.
 */
export function markLongestPath(net: Network, st: ScheduleState): void {
  const order = net.order;
  for (let k = 0; k < order.length; k++) {
    const j = order[k];
    st.crit[j] = st.efT[j] === st.projectFinishT && net.status[j] !== S_COMPLETED ? 1 : 0;
  }
  for (let k = order.length - 1; k >= 0; k--) {
    const j = order[k];
    if (st.crit[j] === 0) continue;
    for (let e = net.inStart[j], end = net.inStart[j + 1]; e < end; e++) {
      if (net.inActive[e] === 0) continue;
      const i = net.inFrom[e];
      if (net.kind[i] === K_EXTERNAL || net.status[i] === S_COMPLETED) continue;
      const t = net.inType[e];
      const b = forwardBound(net, st, e, i, j);
      if (b === (t === R_FS || t === R_SS ? st.sW[j] : st.efW[j])) st.crit[i] = 1;
    }
  }
}
