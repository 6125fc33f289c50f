import {
  K_MS_FINISH,
  type Network,
  NONE,
  POS,
  R_FF,
  R_FS,
  R_SF,
  R_SS,
  S_IN_PROGRESS,
  type ScheduleState,
} from "./network-model.js";
import { backwardBound, backwardTime } from "./relation-bounds.js";

/*
 * P6 schedules in instants, and a finish milestone shows the instant that drives it. Where that instant is the
 * start of a working period of the milestone's calendar (a predecessor on a 24-hour calendar ending at 08:00, a
 * Saturday data date moving remaining work to Monday 08:00), the milestone is written there and not at 17:00 the
 * evening before: the same working position, another instant, which successors and predecessors on other calendars
 * then see (scenarios 035, 045, 046). Only the written times change, never work coordinates or floats. Called for
 * finish milestones only, so ordinary activities pay nothing.
 */

/** Early instant of a not-started finish milestone j at working position ef (finishAt(ef) unless a start drives). */
export function finishMilestoneEarlyInstant(net: Network, st: ScheduleState, j: number, ef: number): number {
  const c = net.cal[j];
  const cal = net.calendars[c];
  const evening = cal.finishAt(ef);
  const morning = cal.startAt(ef);
  if (evening === morning) return evening;
  // The instant that drives it lies after the evening, in the non-working time before the morning (or is the
  // morning itself): P6 shows the morning.
  if (ef === net.floorW[c] && net.floorT > evening) return morning;
  for (let e = net.inStart[j], end = net.inStart[j + 1]; e < end; e++) {
    if (net.inActive[e] === 0) continue;
    const t = drivingInstant(net, st, e, net.inFrom[e]);
    if (t > evening && t <= morning) return morning;
  }
  return evening;
}

/**
 * The instant relation e from i gives its successor, when it can be told without calendar arithmetic. A start
 * counts too: a finish milestone start-to-start after a task starting Monday 08:00 is written Monday 08:00, not
 * Friday 17:00 (scenario 061, P6 25.8 updates of a public-works project: "Start of Foundations").
 */
function drivingInstant(net: Network, st: ScheduleState, e: number, i: number): number {
  if (net.inFast[e] === 0) return st.edgeT[e];
  if (net.inLag[e] !== 0) return NONE;
  const t = net.inType[e];
  if (t === R_FS || t === R_FF) return st.efT[i];
  return net.status[i] === S_IN_PROGRESS ? NONE : st.sT[i];
}

/**
 * Late instant of a finish milestone i at working position lf: the earliest instant its bounds give (P6 takes the
 * earliest), so the morning only when every bound at that position is a morning.
 */
export function finishMilestoneLateInstant(net: Network, st: ScheduleState, i: number, lf: number): number {
  const c = net.cal[i];
  const cal = net.calendars[c];
  const evening = cal.finishAt(lf);
  const morning = cal.startAt(lf);
  if (evening === morning) return evening;
  let any = false;
  if (st.projLateW[c] === lf) {
    if (st.projectLateT !== morning) return evening;
    any = true;
  }
  if (net.lfMaxW[i] === lf || net.lsMaxW[i] === lf) return evening;
  for (let o = net.outStart[i], end = net.outStart[i + 1]; o < end; o++) {
    const e = net.outEdge[o];
    if (net.inActive[e] === 0) continue;
    const j = net.outTo[o];
    if (backwardBound(net, st, e, i, j) !== lf) continue;
    // Only a finish milestone shows a morning its predecessors must meet: a task's late start is a morning by
    // construction, and P6 ends a predecessor on the same calendar at 17:00 the evening before it.
    if (net.kind[j] !== K_MS_FINISH || net.inLag[e] !== 0) return evening;
    const t = net.inType[e];
    if ((t === R_FS || t === R_SS ? st.lsT[j] : st.lfT[j]) !== morning) return evening;
    any = true;
  }
  return any ? morning : evening;
}

/**
 * Late start instant at working position ls of an activity whose late start a bound drives directly: a start
 * milestone (every bound: its late start is its late finish) or a task whose start-to-start / start-to-finish
 * successors or start constraint bound its start (`startOnly`). P6's backward pass works in instants and takes the
 * earliest: a bound that lies before the morning at that position (a 7-day successor's Sunday 08:00, the project
 * late finish at Friday 17:00, a successor written at 17:00) makes it the evening before (Friday 17:00, not
 * Monday 08:00; scenario 053, SP10). Otherwise the morning, as a task's late start is by construction.
 */
export function boundLateStartInstant(
  net: Network,
  st: ScheduleState,
  i: number,
  ls: number,
  startOnly: boolean,
): number {
  const c = net.cal[i];
  const cal = net.calendars[c];
  const morning = cal.startAt(ls);
  const evening = cal.finishAt(ls);
  if (evening === morning) return morning;
  if (!startOnly && st.projLateW[c] === ls && st.projectLateT < morning) return evening;
  if (net.lsMaxW[i] === ls && net.startLimitT[i] < morning) return evening;
  if (!startOnly && net.lfMaxW[i] === ls && net.finishLimitT[i] < morning) return evening;
  for (let o = net.outStart[i], end = net.outStart[i + 1]; o < end; o++) {
    const e = net.outEdge[o];
    if (net.inActive[e] === 0) continue;
    const t = net.inType[e];
    const startSourced = t === R_SS || t === R_SF;
    if (startOnly && !startSourced) continue;
    const j = net.outTo[o];
    if (backwardBound(net, st, e, i, j) !== ls) continue;
    let time: number;
    if (net.inFast[e] === 1) {
      if (net.inLag[e] !== 0) continue;
      time = t === R_FS || t === R_SS ? st.lsT[j] : st.lfT[j];
    } else time = backwardTime(net, st, e, i, j);
    if (time !== NONE && time < POS && time < morning) return evening;
  }
  return morning;
}

/**
 * Late instant of completed node i (retained logic: a zero-duration node in the backward pass) at working position
 * lf: the earliest instant its successors are written at (an FS/SS successor's late start, an FF/SF one's late
 * finish) and the project late finish. P6 stores that instant as the completed activity's late dates: 08:00 when its
 * only FS successor starts late at 08:00, not 17:00 the evening before — and an SS predecessor in progress then
 * starts late at that morning (scenario 066, a P6 25.5 update: activity 36506, whose only successor is completed).
 * A relation with a lag gives the evening, as before (P6's instant after a lag is not settled by the files at hand).
 */
export function completedLateInstant(net: Network, st: ScheduleState, i: number, lf: number): number {
  const c = net.cal[i];
  const cal = net.calendars[c];
  const evening = cal.finishAt(lf);
  const morning = cal.startAt(lf);
  if (evening === morning) return evening;
  let best = POS;
  if (st.projLateW[c] === lf && st.projectLateT < best) best = st.projectLateT;
  for (let o = net.outStart[i], end = net.outStart[i + 1]; o < end; o++) {
    const e = net.outEdge[o];
    if (net.inActive[e] === 0) continue;
    const t = net.inType[e];
    if (!net.startLinksBoundLate && (t === R_SS || t === R_SF)) continue;
    const j = net.outTo[o];
    if (backwardBound(net, st, e, i, j) !== lf) continue;
    if (net.inLag[e] !== 0) return evening;
    const time = t === R_FS || t === R_SS ? st.lsT[j] : st.lfT[j];
    if (time === NONE) continue;
    if (time < best) best = time;
  }
  if (best <= evening) return evening;
  return best < morning ? best : morning;
}
