import {
  F_FINISH,
  F_START,
  K_EXTERNAL,
  type Network,
  NONE,
  POS,
  R_FF,
  R_FS,
  R_SS,
  S_COMPLETED,
  S_IN_PROGRESS,
  type ScheduleState,
} from "./network-model.js";
import { fastSource, forwardBound, sourceTime } from "./relation-bounds.js";

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
  st.ff[i] = Math.max(freeFloat(net, st, i), 0);
  if (!net.longestPath) st.crit[i] = tf <= net.criticalFloat ? 1 : 0;
}

/**
 * Free float: how far i can slip without moving any successor's early date, i.e. the smallest gap between a
 * successor's early start/finish and the bound this relation puts on it. Without successors: the gap to the
 * project late finish.
 */
function freeFloat(net: Network, st: ScheduleState, i: number): number {
  let ff = POS;
  const cal = net.calendars[net.cal[i]];
  const { outEdge, outTo, inActive, inType, inFast, inLag, kind } = net;
  const { sW, efW, sT, efT, edgeT } = st;
  // Source end of i for start-sourced fast relations; started activities need the helper (SS lag rules).
  const plainStart = net.status[i] !== S_IN_PROGRESS;
  for (let o = net.outStart[i], end = net.outStart[i + 1]; o < end; o++) {
    const e = outEdge[o];
    if (inActive[e] === 0) continue;
    const j = outTo[o];
    const t = inType[e];
    const startTarget = t === R_FS || t === R_SS;
    let gap: number;
    if (inFast[e] === 1 && kind[j] !== K_EXTERNAL) {
      const src =
        t === R_FS || t === R_FF ? efW[i] + inLag[e] : plainStart ? sW[i] + inLag[e] : fastSource(net, st, e, i);
      gap = (startTarget ? sW[j] : efW[j]) - src;
    } else {
      // Externals keep their given early dates; one without the date this relation targets bounds nothing.
      const time = kind[j] === K_EXTERNAL ? sourceTime(net, st, e, i) : edgeT[e];
      const target = startTarget ? sT[j] : efT[j];
      if (time === NONE || target === NONE) continue;
      gap = cal.workAt(target) - cal.workAt(time);
    }
    if (gap < ff) ff = gap;
  }
  return ff === POS ? st.projLateW[net.cal[i]] - efW[i] : ff;
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
