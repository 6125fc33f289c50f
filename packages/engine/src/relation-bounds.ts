import {
  K_EXTERNAL,
  K_MS_FINISH,
  NEG,
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
} from "./network-model.js";

/**
 * How a relation e (i → j) bounds its ends. Source end: finish of i for FS/FF, start of i for SS/SF.
 * Target end: start of j for FS/SS, finish of j for FF/SF. Lags are counted on the relation's lag calendar.
 *
 * Fast path (inFast): predecessor, successor and lag share one calendar, so everything is integer addition in
 * that calendar's work coordinates. Otherwise the source time is shifted on the lag calendar (a finish-sourced
 * lag ends on an interval end, a start-sourced lag on an interval start) and mapped into the other calendar.
 */

/** Lag of a start-sourced relation from an in-progress predecessor under "SS lag from early start": the lag
 *  already elapsed between the actual start and the data date is used up (P6). */
function effectiveLag(net: Network, e: number, lagWorkElapsed: number): number {
  const lag = net.inLag[e];
  return lag > 0 ? Math.max(0, lag - lagWorkElapsed) : lag;
}

function startSourcedByRemaining(net: Network, i: number): boolean {
  return net.status[i] === S_IN_PROGRESS && net.ssFromEarlyStart;
}

/**
 * A lag from completed work counts from its actual date, while the instant logic pushed it to (retained logic,
 * scenario 058) passes on without the lag (scenario 059, a real P6 25.11 update: an SS 80 h lag from a completed
 * activity that a chain of completed work pushed to the day before the data date does not delay the remaining work
 * 80 h past it). `pushed` and `actual` are the source end as the pass placed it and as it happened.
 */
function lagFromCompleted(pushed: number, actual: number, fromActual: number): number {
  return pushed > actual && pushed > fromActual ? pushed : fromActual;
}

/** Source end plus lag, in the shared work coordinates (fast edges only). */
export function fastSource(net: Network, st: ScheduleState, e: number, i: number): number {
  const t = net.inType[e];
  if (net.inLag[e] !== 0 && net.status[i] === S_COMPLETED) {
    const finishSourced = t === R_FS || t === R_FF;
    const pushed = finishSourced ? st.efW[i] : st.sW[i];
    const done = finishSourced ? net.actualFinishW[i] : net.actualStartW[i];
    // An actual date after the data date counts at it (scenario 062).
    const ddW = net.dataDateW[net.cal[i]];
    const actual = net.actualsCapped && done > ddW ? ddW : done;
    return lagFromCompleted(pushed, actual, actual + net.inLag[e]);
  }
  if (t === R_FS || t === R_FF) return st.efW[i] + net.inLag[e];
  const si = net.status[i];
  if (si === S_NOT_STARTED || si === S_COMPLETED || net.kind[i] === K_EXTERNAL) return st.sW[i] + net.inLag[e];
  if (startSourcedByRemaining(net, i)) {
    const elapsed = net.dataDateW[net.cal[i]] - net.actualStartW[i];
    return st.sW[i] + effectiveLag(net, e, elapsed);
  }
  return net.actualStartW[i] + net.inLag[e];
}

/** Source end plus lag as a time (any edge); NONE when an external has no early date. */
export function sourceTime(net: Network, st: ScheduleState, e: number, i: number): number {
  const t = net.inType[e];
  const finishSourced = t === R_FS || t === R_FF;
  let lag = net.inLag[e];
  let time: number;
  const lc = net.calendars[net.inLagCal[e]];
  if (finishSourced) time = st.efT[i];
  else if (net.kind[i] === K_EXTERNAL || net.status[i] !== S_IN_PROGRESS) time = st.sT[i];
  else if (startSourcedByRemaining(net, i)) {
    time = st.sT[i];
    lag = effectiveLag(net, e, lc.workAt(net.dataDateT) - lc.workAt(net.actualStartT[i]));
  } else time = net.actualStartT[i];
  if (time === NONE) return NONE;
  if (lag === 0) return time;
  if (net.status[i] === S_COMPLETED) {
    let actual = finishSourced ? net.actualFinishT[i] : net.actualStartT[i];
    if (net.actualsCapped && actual > net.dataDateT) actual = net.dataDateT; // scenario 062
    if (actual !== NONE) return lagFromCompleted(time, actual, lc.shift(actual, lag, finishSourced));
  }
  return lc.shift(time, lag, finishSourced);
}

/** Forward bound of edge e (into j) on j's start (FS/SS) or finish (FF/SF), in j's work coordinates. */
export function forwardBound(net: Network, st: ScheduleState, e: number, i: number, j: number): number {
  if (net.inFast[e] === 1) return fastSource(net, st, e, i);
  const time = sourceTime(net, st, e, i);
  return time === NONE ? NEG : net.calendars[net.cal[j]].workAt(time);
}

/** Lag a backward bound uses, mirroring the forward rule (same effective lag in both passes). */
function backwardLag(net: Network, e: number, i: number, elapsedW: number): number {
  const t = net.inType[e];
  if (t === R_FS || t === R_FF || !startSourcedByRemaining(net, i)) return net.inLag[e];
  return effectiveLag(net, e, elapsedW);
}

/**
 * Backward bound of edge e (i → j) on i's finish (FS/FF) or start (SS/SF), in i's work coordinates;
 * POS when j gives no late date (an external without one).
 */
export function backwardBound(net: Network, st: ScheduleState, e: number, i: number, j: number): number {
  const t = net.inType[e];
  const startTarget = t === R_FS || t === R_SS;
  if (net.inFast[e] === 1) {
    const ref = startTarget ? st.lsW[j] : st.lfW[j];
    if (ref >= POS) return POS;
    const elapsed = startSourcedByRemaining(net, i) ? net.dataDateW[net.cal[i]] - net.actualStartW[i] : 0;
    return ref - backwardLag(net, e, i, elapsed);
  }
  const bt = backwardTime(net, st, e, i, j);
  return bt === NONE ? POS : net.calendars[net.cal[i]].workAt(bt);
}

/**
 * The instant a relation e (i → j) between calendars bounds i's finish (FS/FF) or start (SS/SF) at; NONE when j
 * gives no late date (an external without one). P6 works in instants: a finish milestone's late instant is the
 * one it shows (16:00 at the end of a 08–16 day bounds a predecessor on 08–12/13–17 at 16:00, not at 17:00: SP10,
 * scenario 045). For any other successor, the latest moment with its late working position: a finish shown at
 * 17:00 is the same working instant as 08:00 next morning, and a predecessor on another calendar may run until
 * then without delaying it.
 */
export function backwardTime(net: Network, st: ScheduleState, e: number, i: number, j: number): number {
  const t = net.inType[e];
  const startTarget = t === R_FS || t === R_SS;
  const written = startTarget ? st.lsT[j] : st.lfT[j];
  if (written === NONE) return NONE;
  const time =
    net.kind[j] === K_MS_FINISH ? written : net.calendars[net.cal[j]].startAt(startTarget ? st.lsW[j] : st.lfW[j]);
  const lc = net.calendars[net.inLagCal[e]];
  const elapsed = startSourcedByRemaining(net, i) ? lc.workAt(net.dataDateT) - lc.workAt(net.actualStartT[i]) : 0;
  const lag = backwardLag(net, e, i, elapsed);
  return lag === 0 ? time : lc.shift(time, -lag, t === R_FS || t === R_FF);
}
