import type { WorkCalendar } from "./calendar-index.js";
import { type Network, NONE, POS, S_NOT_STARTED, type ScheduleState } from "./network-model.js";

/**
 * Resource-driven activities (scenario 050): P6's "resource dependent" activity and MS Project's task without a
 * task calendar are scheduled on their resources' calendars. Each assignment's remaining work runs on its own
 * resource calendar from the activity's earliest instant; the activity starts with its first assignment and
 * finishes with its last (mpx/sample.mpx, mspdi/sample.xml saved by MS Project: a 0.5-unit 200 h assignment on
 * the 08–17 calendar and a 0.75-unit 300 h one on a night shift both start on 7 January; the task finishes
 * 18 March 08:00 with the night shift, 400 h of its calendar later, not 100 days after its start).
 *
 * The bounds arrive in work coordinates of the activity's own calendar; they are turned into instants first (a
 * predecessor finishing at 17:00 lets a night shift start at 23:00 the same day, not the next morning), never before
 * the data date or project start. The answer is written back in the activity's coordinates so its relations,
 * floats and sums work as for any activity; its remaining duration becomes its span on its own calendar.
 */

/** Scratch for the four values a span computes (start and finish as work coordinates and as instants). */
const SPAN = new Int32Array(4);

/** Spans the assignments forward from instant t0: sets SPAN to [-, -, earliest start, latest finish]. */
function spanFrom(net: Network, j: number, t0: number): void {
  const runs = net.resourceRuns[j];
  let sT = POS;
  let fT = -POS;
  if (runs !== undefined) {
    for (let k = 0; k < runs.cal.length; k++) {
      const rc: WorkCalendar = net.calendars[runs.cal[k]];
      const w = rc.workAt(t0);
      const s = rc.startAt(w);
      const f = runs.remaining[k] > 0 ? rc.finishAt(w + runs.remaining[k]) : s;
      if (s < sT) sT = s;
      if (f > fT) fT = f;
    }
  }
  SPAN[2] = sT;
  SPAN[3] = fT;
}

/** Spans the assignments backward to instant tF: sets SPAN to [-, -, earliest start, latest finish]. */
function spanTo(net: Network, j: number, tF: number): void {
  const runs = net.resourceRuns[j];
  let sT = POS;
  let fT = -POS;
  if (runs !== undefined) {
    for (let k = 0; k < runs.cal.length; k++) {
      const rc: WorkCalendar = net.calendars[runs.cal[k]];
      const w = rc.workAt(tF);
      const f = rc.finishAt(w);
      const s = runs.remaining[k] > 0 ? rc.startAt(w - runs.remaining[k]) : f;
      if (s < sT) sT = s;
      if (f > fT) fT = f;
    }
  }
  SPAN[2] = sT;
  SPAN[3] = fT;
}

/**
 * Early dates of resource-driven activity j from its start bound sb and finish bound fb (j's work coordinates).
 * Returns SPAN: [start, early finish] in j's coordinates, then their instants.
 */
export function resourceEarly(net: Network, j: number, sb: number, fb: number): Int32Array {
  const cal = net.calendars[net.cal[j]];
  // The earliest instant at the start bound: the end of the working period it follows (17:00, not 08:00 next day;
  // P6: the next working start of the activity's calendar), but never before the data date / project start, nor a
  // not-started activity's own start limit.
  let t0 = net.resourceRunsInActivityHours ? cal.startAt(sb) : cal.finishAt(sb);
  if (t0 < net.floorT) t0 = net.floorT;
  if (net.status[j] === S_NOT_STARTED && sb === net.esMinW[j] && net.startLimitT[j] > t0) t0 = net.startLimitT[j];
  spanFrom(net, j, t0);
  // A finish bound later than the span's finish (FF/SF predecessors, a finish limit) schedules it back from there.
  if (fb > cal.workAt(SPAN[3])) {
    const startT = SPAN[2];
    spanTo(net, j, cal.startAt(fb));
    if (SPAN[2] < startT) spanFrom(net, j, t0);
  }
  SPAN[0] = cal.workAt(SPAN[2]);
  SPAN[1] = cal.workAt(SPAN[3]);
  net.remaining[j] = SPAN[1] - SPAN[0];
  return SPAN;
}

/**
 * Late dates of resource-driven activity i from its late finish bound lf and late start bound lsb (i's work
 * coordinates) and the project late finish. Returns true when they changed.
 */
export function resourceLate(net: Network, st: ScheduleState, i: number, lfBound: number, lsb: number): boolean {
  const cal = net.calendars[net.cal[i]];
  // The latest instant at the finish bound: the start of the working period it precedes (a successor starting
  // 08:00 lets a night shift work until then), never after the project's late finish.
  const lf = lfBound < st.projLateW[net.cal[i]] ? lfBound : st.projLateW[net.cal[i]];
  let tF = net.resourceRunsInActivityHours ? cal.finishAt(lf) : cal.startAt(lf);
  if (st.projectLateT !== NONE && st.projectLateT < tF) tF = st.projectLateT;
  spanTo(net, i, tF);
  if (lsb < POS && lsb < cal.workAt(SPAN[2])) {
    const finishT = SPAN[3];
    spanFrom(net, i, net.resourceRunsInActivityHours ? cal.startAt(lsb) : cal.finishAt(lsb));
    if (SPAN[3] > finishT) spanTo(net, i, tF);
  }
  const lsT = SPAN[2];
  const lfT = SPAN[3];
  const ls = cal.workAt(lsT);
  const lfW = cal.workAt(lfT);
  const changed = ((ls ^ st.lsW[i]) | (lfW ^ st.lfW[i]) | (lsT ^ st.lsT[i]) | (lfT ^ st.lfT[i])) !== 0;
  st.lsW[i] = ls;
  st.lfW[i] = lfW;
  st.lsT[i] = lsT;
  st.lfT[i] = lfT;
  return changed;
}
