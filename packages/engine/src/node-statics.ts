import {
  K_EXTERNAL,
  K_LOE,
  K_MS_FINISH,
  K_MS_START,
  K_SUM,
  L_MANDATORY,
  L_NOT_EARLIER,
  L_NOT_LATER,
  NEG,
  type Network,
  NONE,
  P_ACTUAL_DATES,
  P_OVERRIDE,
  P_RETAINED,
  POS,
  R_FF,
  R_FS,
  S_COMPLETED,
  S_IN_PROGRESS,
  S_NOT_STARTED,
  X_ALAP,
  X_EXPECTED,
  X_MANDATORY_FINISH,
  X_MANDATORY_START,
  X_MANUAL,
  X_RESOURCES,
  X_RESUME,
} from "./network-model.js";

/**
 * Derives a node's status, remaining duration, actual and constraint work coordinates from its input fields.
 * Called once per node at build time and again for a node whose fields change (incremental updates).
 */
export function refreshNode(net: Network, j: number): void {
  const kind = net.kind[j];
  if (kind === K_EXTERNAL) return;
  const c = net.calendars[net.cal[j]];
  const isMilestone = kind === K_MS_START || kind === K_MS_FINISH;
  const duration = isMilestone ? 0 : net.duration[j];
  const as = net.actualStartT[j];
  const af = net.actualFinishT[j];
  if (af !== NONE) {
    net.status[j] = S_COMPLETED;
    net.actualFinishW[j] = c.workAt(af);
    // An actual finish without an actual start: the activity took its planned duration.
    net.actualStartW[j] = as !== NONE ? c.workAt(as) : net.actualFinishW[j] - duration;
  } else if (as !== NONE) {
    net.status[j] = S_IN_PROGRESS;
    net.actualStartW[j] = c.workAt(as);
    net.actualFinishW[j] = NONE;
  } else {
    net.status[j] = S_NOT_STARTED;
    net.actualStartW[j] = NONE;
    net.actualFinishW[j] = NONE;
  }
  if (isManual(net, j)) {
    // MS Project keeps a manually scheduled task where it was typed, begun or not (its start is then the actual
    // start): no constraint, data date or progress rule moves it, and its whole typed span is what the backward
    // pass places (scenario 063, mpxj's assignment-* files saved by Project 2010–2019).
    net.status[j] = S_NOT_STARTED;
    net.remaining[j] = remainingWithoutExpected(net, j);
    net.special[j] = X_MANUAL;
    net.esMinW[j] = NEG;
    net.efMinW[j] = NEG;
    net.lsMaxW[j] = POS;
    net.lfMaxW[j] = POS;
    return;
  }
  net.remaining[j] = remainingWithoutExpected(net, j);
  let esMin = NEG;
  let efMin = NEG;
  let lsMax = POS;
  let lfMax = POS;
  let special = 0;
  if (kind !== K_SUM) {
    const st = net.startLimitType[j];
    if (st !== 0) {
      const w = c.workAt(net.startLimitT[j]);
      if (st !== L_NOT_LATER) esMin = w;
      if (st !== L_NOT_EARLIER) lsMax = w;
      if (st === L_MANDATORY) special |= X_MANDATORY_START;
    }
    const ft = net.finishLimitType[j];
    if (ft !== 0) {
      const w = c.workAt(net.finishLimitT[j]);
      if (ft !== L_NOT_LATER) efMin = w;
      if (ft !== L_NOT_EARLIER) lfMax = w;
      if (ft === L_MANDATORY) special |= X_MANDATORY_FINISH;
    }
    // Rules of a not-started activity only (P6 ignores them once work has started), except the expected finish.
    if (net.status[j] !== S_NOT_STARTED) special &= ~(X_MANDATORY_START | X_MANDATORY_FINISH);
    else if (net.alap[j] === 1) special |= X_ALAP;
    if (net.expectedT[j] !== NONE && net.status[j] !== S_COMPLETED && !isMilestone) special |= X_EXPECTED;
    if (net.resumeT[j] !== NONE && net.status[j] === S_IN_PROGRESS) special |= X_RESUME;
    if (net.resourceRuns[j] !== undefined && net.status[j] !== S_COMPLETED && !isMilestone && kind !== K_LOE)
      special |= X_RESOURCES;
  }
  net.special[j] = special;
  net.esMinW[j] = esMin;
  net.efMinW[j] = efMin;
  net.lsMaxW[j] = lsMax;
  net.lfMaxW[j] = lfMax;
}

/** An MS Project manually scheduled task that is not completed (sums and LOEs follow their children). */
export function isManual(net: Network, j: number): boolean {
  const kind = net.kind[j];
  return net.manualStartT[j] !== NONE && net.actualFinishT[j] === NONE && kind !== K_SUM && kind !== K_LOE;
}

/**
 * Remaining duration of node j from its status and input (before any expected finish): none when completed; the
 * given remaining, else P6's default — planned duration minus the working time elapsed up to the data date (in
 * progress) or the planned duration (not started). Milestones have none. Needs status and actual start set.
 */
export function remainingWithoutExpected(net: Network, j: number): number {
  const kind = net.kind[j];
  const status = net.status[j];
  if (status === S_COMPLETED || kind === K_MS_START || kind === K_MS_FINISH) return 0;
  if (isManual(net, j)) {
    const cal = net.calendars[net.cal[j]];
    return Math.max(0, cal.workAt(net.manualFinishT[j]) - cal.workAt(net.manualStartT[j]));
  }
  const given = net.remainingInput[j];
  if (given >= 0) return given;
  const duration = net.duration[j];
  if (status === S_NOT_STARTED) return duration;
  const elapsed = Math.max(0, net.dataDateW[net.cal[j]] - net.actualStartW[j]);
  return Math.max(0, duration - elapsed);
}

/**
 * Whether relation e (into j) takes part in the passes. Out-of-sequence rules (P6):
 * retained logic keeps every relation of a started activity (its remaining work waits for the logic);
 * progress override drops the predecessors of a started activity (remaining work continues from the data date);
 * actual dates keeps only relations whose predecessor end has an actual date (actuals drive, plans do not).
 * A completed activity is fixed by its actual dates and never driven by its predecessors; under retained logic P6's
 * backward pass still runs through it as a zero-duration node, so it limits them (scenario 056).
 */
export function refreshInEdges(net: Network, j: number): void {
  const sj = net.status[j];
  for (let e = net.inStart[j], end = net.inStart[j + 1]; e < end; e++) {
    let active = 1;
    if (net.inBroken[e] === 1 || (sj === S_COMPLETED && net.progress !== P_RETAINED)) active = 0;
    else if (sj === S_IN_PROGRESS) {
      if (net.progress === P_OVERRIDE) active = 0;
      else if (net.progress === P_ACTUAL_DATES) {
        const i = net.inFrom[e];
        const si = net.kind[i] === K_EXTERNAL ? S_COMPLETED : net.status[i];
        const t = net.inType[e];
        const finishSourced = t === R_FS || t === R_FF;
        active = finishSourced ? (si === S_COMPLETED ? 1 : 0) : si !== S_NOT_STARTED ? 1 : 0;
      }
    }
    net.inActive[e] = active;
  }
}

/** Work coordinates of max(projectStart, dataDate) and of the data date in every calendar. */
export function refreshFloors(net: Network): void {
  for (let c = 0; c < net.calendars.length; c++) {
    net.floorW[c] = net.calendars[c].workAt(net.floorT);
    net.dataDateW[c] = net.calendars[c].workAt(net.dataDateT);
  }
}
