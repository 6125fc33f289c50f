import { type LevelState, shift } from "./level-state.js";

export interface ConstrainedLate {
  lateStart: Float64Array;
  lateFinish: Float64Array;
  /** Working minutes of the activity's calendar from its levelled finish to its late finish. */
  totalFloat: Float64Array;
  critical: Uint8Array;
  finish: number;
}

/**
 * The backward pass over the levelled dates: late dates from the levelled finish of the project through the
 * relations and the resource links (a holder must finish before the activity it held back can start), so the
 * activities with no float left form the resource-constrained critical path. Placement order is a topological
 * order of both kinds of links, so its reverse sees every successor first.
 */
export function resourceConstrainedLate(s: LevelState): ConstrainedLate {
  const n = s.ids.length;
  const lateStart = new Float64Array(n).fill(Number.NaN);
  const lateFinish = new Float64Array(n).fill(Number.NaN);
  const totalFloat = new Float64Array(n);
  const critical = new Uint8Array(n);
  let finish = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < n; k++) finish = Math.max(finish, s.finish[k]);
  for (let o = s.order.length - 1; o >= 0; o--) {
    const k = s.order[o];
    const cal = s.cal[k];
    const rem = s.rem[k];
    let lf = finish;
    for (const e of s.outEdges[k]) {
      const to = e.to;
      if (Number.isNaN(lateStart[to])) continue;
      const target = e.type === "FS" || e.type === "SS" ? lateStart[to] : lateFinish[to];
      const bound = shift(target, -e.lag, e.lagCal);
      // A bound on this activity's start (SS, SF) is one on its finish a remaining duration later.
      const onFinish = e.type === "FS" || e.type === "FF" ? bound : rem > 0 ? cal.addWorking(bound, rem) : bound;
      if (onFinish < lf) lf = onFinish;
    }
    for (const held of s.resourceLinks[k]) {
      if (!Number.isNaN(lateStart[held]) && lateStart[held] < lf) lf = lateStart[held];
    }
    if (rem > 0) lf = cal.prevWorkingEnd(lf);
    lateFinish[k] = lf;
    lateStart[k] = rem > 0 ? cal.subtractWorking(lf, rem) : lf;
    totalFloat[k] = cal.workingBetween(s.finish[k], lf);
    critical[k] = totalFloat[k] <= s.criticalFloat ? 1 : 0;
  }
  return { lateStart, lateFinish, totalFloat, critical, finish };
}
