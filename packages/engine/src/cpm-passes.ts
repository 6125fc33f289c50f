import {
  boundLateStartInstant,
  completedLateInstant,
  finishMilestoneEarlyInstant,
  finishMilestoneLateInstant,
} from "./milestone-instants.js";
import {
  K_EXTERNAL,
  K_MS_FINISH,
  K_MS_START,
  L_NOT_LATER,
  NEG,
  type Network,
  NONE,
  P_RETAINED,
  POS,
  R_FF,
  R_FS,
  R_SF,
  R_SS,
  S_COMPLETED,
  S_IN_PROGRESS,
  S_NOT_STARTED,
  type ScheduleState,
  X_EXPECTED,
  X_MANDATORY_FINISH,
  X_MANDATORY_START,
  X_MANUAL,
  X_RESOURCES,
  X_RESUME,
} from "./network-model.js";
import { remainingWithoutExpected } from "./node-statics.js";
import { backwardBound, fastSource, forwardBound, sourceTime } from "./relation-bounds.js";
import { resourceEarly, resourceLate } from "./resource-driven.js";
import { MINUTES_PER_DAY } from "./time-format.js";

/** Externals are fixed: their given dates become their early and late values. */
export function initExternals(net: Network, st: ScheduleState): void {
  for (let j = net.n; j < net.total; j++) {
    const cal = net.calendars[net.cal[j]];
    st.sT[j] = net.extES[j];
    st.efT[j] = net.extEF[j];
    st.lsT[j] = net.extLS[j];
    st.lfT[j] = net.extLF[j];
    st.sW[j] = net.extES[j] === NONE ? NEG : cal.workAt(net.extES[j]);
    st.efW[j] = net.extEF[j] === NONE ? NEG : cal.workAt(net.extEF[j]);
    st.lsW[j] = net.extLS[j] === NONE ? POS : cal.workAt(net.extLS[j]);
    st.lfW[j] = net.extLF[j] === NONE ? POS : cal.workAt(net.extLF[j]);
  }
}

/**
 * Early dates of CPM node j from its active predecessors, constraints, data date and progress.
 * Works in j's work coordinates; returns true when they changed.
 */
export function computeEarly(net: Network, st: ScheduleState, j: number): boolean {
  const c = net.cal[j];
  const cal = net.calendars[c];
  const status = net.status[j];
  let s: number;
  let ef: number;
  let sT: number;
  let efT: number;
  if (status === S_COMPLETED) {
    s = net.actualStartW[j];
    ef = net.actualFinishW[j];
    sT = net.actualStartT[j] !== NONE ? net.actualStartT[j] : cal.startAt(s);
    efT = net.actualFinishT[j];
    // Work P6 counts as done never reaches past the data date: an actual date after it (typed ahead) counts at the
    // data date for the successors (scenario 062, a P6 23.11 update: a completed activity finishing the afternoon
    // after the data date; its 3-day-lag successor starts 3 days after the data date). Results still show it.
    if (net.actualsCapped && efT > net.dataDateT) {
      efT = net.dataDateT;
      ef = cal.workAt(efT);
      if (sT > efT) {
        sT = efT;
        s = ef;
      }
    }
    if (net.progress === P_RETAINED) {
      // P6's forward pass (retained logic) runs through completed work as a zero-duration node, as its backward pass
      // does (scenario 056): successors see the later of its actual dates and the instant its predecessors give it
      // (SP10: completed PWP02-5890, FF after 3230 in progress, is stored at 3230's finish 29 Sep 16:00 and its
      // 7-day successor starts 30 Sep; a lag from a completed task still counts from its actual finish; scenario
      // 058). Results show the actual dates (`shownStart`, `shownFinish`).
      const pushed = completedEarlyInstant(net, st, j);
      if (pushed > efT) {
        efT = pushed;
        ef = cal.workAt(pushed);
      }
      if (pushed > sT) {
        sT = pushed;
        s = cal.workAt(pushed);
      }
    }
  } else {
    let dur = net.remaining[j];
    // No remaining work before the data date; a start limit only moves an activity that has not started.
    let sb = net.floorW[c];
    if (status === S_NOT_STARTED && net.esMinW[j] > sb) sb = net.esMinW[j];
    let fb = net.efMinW[j];
    const inFrom = net.inFrom;
    const inType = net.inType;
    const inActive = net.inActive;
    const inFast = net.inFast;
    const inLag = net.inLag;
    const statusOf = net.status;
    const sW = st.sW;
    const efW = st.efW;
    for (let e = net.inStart[j], end = net.inStart[j + 1]; e < end; e++) {
      if (inActive[e] === 0) continue;
      const i = inFrom[e];
      const t = inType[e];
      let b: number;
      if (inFast[e] === 1) {
        // Inline fast path (the common case); started predecessors of start-sourced relations need the helper.
        if (inLag[e] !== 0 && statusOf[i] === S_COMPLETED) b = fastSource(net, st, e, i);
        else if (t === R_FS || t === R_FF) b = efW[i] + inLag[e];
        else if (statusOf[i] !== S_IN_PROGRESS) b = sW[i] + inLag[e];
        else b = fastSource(net, st, e, i);
      } else {
        const time = sourceTime(net, st, e, i);
        st.edgeT[e] = time;
        if (time === NONE) continue;
        b = cal.workAt(time);
      }
      if (t === R_FS || t === R_SS) {
        if (b > sb) sb = b;
      } else if (b > fb) fb = b;
    }
    const x = net.special[j];
    // P6: a suspended activity's remaining work waits for its resume date.
    if ((x & X_RESUME) !== 0) {
      const r = cal.workAt(net.resumeT[j]);
      if (r > sb) sb = r;
    }
    if ((x & X_RESOURCES) !== 0) {
      // Scheduled on its resources' calendars (scenario 050).
      const span = resourceEarly(net, j, sb, fb);
      s = span[0];
      ef = span[1];
      sT = span[2];
      efT = span[3];
    } else {
      // A finish driven by a start-to-finish relation (fb - dur >= sb; on a tie P6's later instant, the start, wins).
      let sfFinish = false;
      if (x === 0) {
        s = Math.max(fb - dur, sb);
        ef = s + dur;
        sfFinish = dur > 0 && fb - dur >= sb && finishBySF(net, st, j, fb);
      } else if ((x & X_MANUAL) !== 0) {
        // MS Project's manually scheduled task: where it was typed, even before its predecessors or the project
        // start (scenario 063).
        s = cal.workAt(net.manualStartT[j]);
        ef = s + dur;
      } else if ((x & X_MANDATORY_START) !== 0) {
        // P6 mandatory start: the date itself, whatever the predecessors say (never before the data date).
        s = Math.max(net.esMinW[j], net.floorW[c]);
        ef = s + dur;
      } else if ((x & X_MANDATORY_FINISH) !== 0) {
        s = Math.max(net.efMinW[j] - dur, net.floorW[c]);
        ef = s + dur;
      } else if ((x & X_EXPECTED) !== 0) {
        // P6 "use expected finish dates": the remaining duration becomes the working time from the remaining early
        // start to the expected finish. An expected finish at or before that start is ignored and the remaining
        // duration stays (SP10 COST-2410: expected 29 Dec 17:00, early start 1 Jan 08:00, P6 keeps its 4,152 h;
        // scenario 055).
        s = sb;
        const expected = cal.workAt(net.expectedT[j]);
        ef = Math.max(expected > s ? expected : s + remainingWithoutExpected(net, j), fb);
        dur = ef - s;
        net.remaining[j] = dur;
      } else {
        s = Math.max(fb - dur, sb);
        ef = s + dur;
      }
      const kind = net.kind[j];
      if (kind === K_MS_FINISH || (dur === 0 && status === S_IN_PROGRESS)) {
        // P6's forward pass writes early instants in start form: an activity in progress with nothing left
        // finishes at the next working start after the data date (Monday 08:00, not Friday 17:00; scenario 051).
        efT =
          kind === K_MS_FINISH && status === S_NOT_STARTED
            ? finishMilestoneEarlyInstant(net, st, j, ef)
            : kind === K_MS_FINISH
              ? cal.finishAt(ef)
              : cal.startAt(ef);
        // P6 writes a finish milestone that its own finish constraint drives at the constraint's instant when that
        // is the start of working time (08:00 Monday, not 17:00 Friday; scenario 044): the same working instant.
        // A constraint instant in the non-working time before that start (17:00 on a 08–16 calendar) puts it at
        // the next working start, as a driving finish there does (scenario 054, SP10 P1EWCC-PWP03-4730).
        if (status === S_NOT_STARTED && ef === fb && fb === net.efMinW[j] && net.finishLimitType[j] !== 0) {
          const limitT = net.finishLimitT[j];
          const morning = cal.startAt(ef);
          if (net.finishLimitType[j] !== L_NOT_LATER && limitT > efT && limitT <= morning) efT = morning;
        }
        sT = status === S_IN_PROGRESS ? cal.startAt(s) : efT;
      } else if (dur === 0) {
        sT = cal.startAt(s);
        efT = sT;
      } else {
        sT = cal.startAt(s);
        // P6 keeps the instant a start-to-finish relation gives (08:00 of the predecessor's start), not 17:00 before.
        efT = sfFinish ? cal.startAt(ef) : cal.finishAt(ef);
      }
      // P6 leaves a start milestone that nothing but the data date drives at the data date itself (00:00), where a
      // task moves to the next working time — when the data date's day is a working day; a data date on a day off
      // (Saturday 00:00) moves it to the next working start like any early instant (scenario 052, SP10).
      if ((x & X_MANUAL) !== 0 && dur === 0) {
        // A manual milestone shows the instant typed for it.
        sT = net.manualStartT[j];
        efT = sT;
      } else if (
        kind === K_MS_START &&
        status === S_NOT_STARTED &&
        s === net.floorW[c] &&
        noDrivingBound(net, j) &&
        cal.dayWorkMinutes(Math.floor(net.floorT / MINUTES_PER_DAY)) > 0
      ) {
        sT = net.floorT;
        efT = sT;
      }
    }
  }
  // All four are compared on every call (int32 values, no short-circuit), so optimized code never reaches a
  // comparison that has not run before: a cold full pass starts from zeros, where `||` would skip the later ones.
  const changed = ((s ^ st.sW[j]) | (ef ^ st.efW[j]) | (sT ^ st.sT[j]) | (efT ^ st.efT[j])) !== 0;
  st.sW[j] = s;
  st.efW[j] = ef;
  st.sT[j] = sT;
  st.efT[j] = efT;
  return changed;
}

/** The latest instant the active relations into completed node j give it as a zero-duration node (NEG without). */
function completedEarlyInstant(net: Network, st: ScheduleState, j: number): number {
  let t = NEG;
  for (let e = net.inStart[j], end = net.inStart[j + 1]; e < end; e++) {
    if (net.inActive[e] === 0) continue;
    const time = sourceTime(net, st, e, net.inFrom[e]);
    if (net.inFast[e] === 0) st.edgeT[e] = time;
    if (time !== NONE && time > t) t = time;
  }
  return t;
}

/**
 * Whether an active start-to-finish relation without lag into j gives its finish the bound fb (j's work
 * coordinates). P6 then writes the predecessor's start instant as is; with a lag the calendar arithmetic decides.
 */
function finishBySF(net: Network, st: ScheduleState, j: number, fb: number): boolean {
  for (let e = net.inStart[j], end = net.inStart[j + 1]; e < end; e++) {
    if (net.inType[e] !== R_SF || net.inLag[e] !== 0 || net.inActive[e] === 0) continue;
    if (forwardBound(net, st, e, net.inFrom[e], j) === fb) return true;
  }
  return false;
}

/** No active relation and no start limit bounds j's early start. */
function noDrivingBound(net: Network, j: number): boolean {
  if (net.esMinW[j] > net.floorW[net.cal[j]]) return false;
  for (let e = net.inStart[j], end = net.inStart[j + 1]; e < end; e++) if (net.inActive[e] === 1) return false;
  return true;
}

/** Project early finish: the latest early finish of the CPM activities (project start when there are none). */
export function projectFinish(net: Network, st: ScheduleState): number {
  let f = NEG;
  const order = net.order;
  for (let k = 0; k < order.length; k++) {
    const t = st.efT[order[k]];
    if (t > f) f = t;
  }
  return f === NEG ? net.projectStartT : f;
}

/** Late finish of open-ended activities: the must-finish-by date when set, else the project early finish. */
export function setProjectLate(net: Network, st: ScheduleState, force = false): boolean {
  const late = net.mustFinishByT !== NONE ? net.mustFinishByT : st.projectFinishT;
  if (late === st.projectLateT && !force) return false;
  st.projectLateT = late;
  for (let c = 0; c < net.calendars.length; c++) st.projLateW[c] = net.calendars[c].workAt(late);
  return true;
}

/** Late dates of CPM node i from its active successors, constraints and the project late finish. */
export function computeLate(net: Network, st: ScheduleState, i: number): boolean {
  const status = net.status[i];
  let ls: number;
  let lf: number;
  let lsT: number;
  let lfT: number;
  if (status === S_COMPLETED && net.progress === P_RETAINED) {
    // P6's backward pass (retained logic) runs through completed work as a zero-duration node: it holds the
    // earliest bound its successors give and limits its predecessors (P6 stores these late dates for it; SP10
    // PWP01-3040, in progress, whose only successor 3800 is completed; scenario 056). Results still show its
    // actual dates and no float (`shownLateStart`, `shownLateFinish`).
    lf = completedLate(net, st, i);
    ls = lf;
    // At the earliest instant its successors give (08:00 before an FS successor starting late at 08:00; 066).
    lfT = completedLateInstant(net, st, i, lf);
    lsT = lfT;
  } else if (status === S_COMPLETED) {
    // Completed work has no float: P6 shows its late dates as the actual dates.
    ls = st.sW[i];
    lf = st.efW[i];
    lsT = st.sT[i];
    lfT = st.efT[i];
  } else {
    lf = net.lfMaxW[i];
    let lsb = status === S_NOT_STARTED ? net.lsMaxW[i] : POS;
    const outEdge = net.outEdge;
    const outTo = net.outTo;
    const inActive = net.inActive;
    const inType = net.inType;
    const inFast = net.inFast;
    const inLag = net.inLag;
    const lsW = st.lsW;
    const lfW = st.lfW;
    const plainStart = status === S_NOT_STARTED;
    // MS Project 2016+ (ScheduleOptions.startLinksBoundLate) and any MS Project manually scheduled predecessor
    // (scenario 065): SS/SF links do not bound the predecessor's late dates.
    const startBound = net.startLinksBoundLate && (net.special[i] & X_MANUAL) === 0;
    for (let o = net.outStart[i], end = net.outStart[i + 1]; o < end; o++) {
      const e = outEdge[o];
      if (inActive[e] === 0) continue;
      const j = outTo[o];
      const t = inType[e];
      let b: number;
      if (inFast[e] === 1 && plainStart && net.kind[j] !== K_EXTERNAL) {
        b = (t === R_FS || t === R_SS ? lsW[j] : lfW[j]) - inLag[e];
      } else {
        b = backwardBound(net, st, e, i, j);
        if (b >= POS) continue;
      }
      if (t === R_FS || t === R_FF) {
        if (b < lf) lf = b;
      } else if (b < lsb && startBound) lsb = b;
    }
    return storeLate(net, st, i, lf, lsb);
  }
  const changed = ((ls ^ st.lsW[i]) | (lf ^ st.lfW[i]) | (lsT ^ st.lsT[i]) | (lfT ^ st.lfT[i])) !== 0;
  st.lsW[i] = ls;
  st.lfW[i] = lf;
  st.lsT[i] = lsT;
  st.lfT[i] = lfT;
  return changed;
}

/** Late position of completed node i as a zero-duration node: the earliest bound of its successors and the project. */
function completedLate(net: Network, st: ScheduleState, i: number): number {
  let lf = st.projLateW[net.cal[i]];
  for (let o = net.outStart[i], end = net.outStart[i + 1]; o < end; o++) {
    const e = net.outEdge[o];
    if (net.inActive[e] === 0) continue;
    const t = net.inType[e];
    if (!net.startLinksBoundLate && (t === R_SS || t === R_SF)) continue;
    const b = backwardBound(net, st, e, i, net.outTo[o]);
    if (b < lf) lf = b;
  }
  return lf;
}

/**
 * Late dates of a node that is not completed from the bounds its successors and constraints give: late finish
 * at most `lf`, late start at most `lsb`. Returns true when they changed.
 */
export function storeLate(net: Network, st: ScheduleState, i: number, lfBound: number, lsb: number): boolean {
  const x = net.special[i];
  if ((x & X_RESOURCES) !== 0) return resourceLate(net, st, i, lfBound, lsb);
  const c = net.cal[i];
  const cal = net.calendars[c];
  const status = net.status[i];
  const dur = net.remaining[i];
  let lf = lfBound;
  // P6 starts the backward pass of every activity from the project late finish (not only open ends).
  if (st.projLateW[c] < lf) lf = st.projLateW[c];
  // A late start driven by a start-to-finish relation keeps that instant (17:00 of the successor's late finish; on
  // a tie P6's earlier instant, the finish, wins).
  const sfStart = lsb < POS && lsb + dur <= lf && dur > 0 && startBySF(net, st, i, lsb);
  if (lsb + dur < lf) lf = lsb + dur;
  // P6 "make open-ended activities critical": no successor, so the late finish is the early finish.
  if (net.openEndsCritical && net.outStart[i + 1] === net.outStart[i] && st.efW[i] < lf) lf = st.efW[i];
  if ((x & X_MANDATORY_START) !== 0) lf = net.lsMaxW[i] + dur;
  else if ((x & X_MANDATORY_FINISH) !== 0) lf = net.lfMaxW[i];
  const ls = lf - dur;
  let lsT: number;
  let lfT: number;
  const kind = net.kind[i];
  if (kind === K_MS_FINISH || (dur === 0 && status === S_IN_PROGRESS)) {
    // No remaining work: the late start coincides with the late finish (never after it).
    lfT =
      kind === K_MS_FINISH && status === S_NOT_STARTED ? finishMilestoneLateInstant(net, st, i, lf) : cal.finishAt(lf);
    lsT = lfT;
  } else if (dur === 0) {
    lsT = kind === K_MS_START ? boundLateStartInstant(net, st, i, ls, false) : cal.startAt(ls);
    lfT = lsT;
  } else {
    lsT = ls !== lsb ? cal.startAt(ls) : sfStart ? cal.finishAt(ls) : boundLateStartInstant(net, st, i, ls, true);
    lfT = cal.finishAt(lf);
  }
  const changed = ((ls ^ st.lsW[i]) | (lf ^ st.lfW[i]) | (lsT ^ st.lsT[i]) | (lfT ^ st.lfT[i])) !== 0;
  st.lsW[i] = ls;
  st.lfW[i] = lf;
  st.lsT[i] = lsT;
  st.lfT[i] = lfT;
  return changed;
}

/** Whether an active start-to-finish relation without lag from i bounds its late start at lsb (i's work coordinates). */
function startBySF(net: Network, st: ScheduleState, i: number, lsb: number): boolean {
  for (let o = net.outStart[i], end = net.outStart[i + 1]; o < end; o++) {
    const e = net.outEdge[o];
    if (net.inType[e] !== R_SF || net.inLag[e] !== 0 || net.inActive[e] === 0) continue;
    if (backwardBound(net, st, e, i, net.outTo[o]) === lsb) return true;
  }
  return false;
}

export function isCpmNode(net: Network, j: number): boolean {
  return net.topoPos[j] >= 0 && net.kind[j] !== K_EXTERNAL;
}
