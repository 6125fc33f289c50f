import { formatDateTime } from "../time-format.js";
import type { ConstrainedLate } from "./constrained-late.js";
import type { LevelState } from "./level-state.js";
import type { LevelledActivity, LevellingResult, LevelMove } from "./levelling-types.js";

/** The answer of a levelling: levelled dates of every activity, the moves with their reasons, the critical path. */
export function levellingResult(s: LevelState, late: ConstrainedLate, preserveDates: boolean): LevellingResult {
  const n = s.ids.length;
  const activities: LevelledActivity[] = new Array(n);
  const moves: LevelMove[] = [];
  const critical: number[] = [];
  let unresolved = 0;
  for (let k = 0; k < n; k++) {
    const start = formatDateTime(s.start[k]);
    const finish = formatDateTime(s.finish[k]);
    const earlyStart = formatDateTime(s.es[k]);
    const earlyFinish = formatDateTime(s.ef[k]);
    activities[k] = {
      id: s.ids[k],
      earlyStart,
      earlyFinish,
      start,
      finish,
      lateStart: formatDateTime(preserveDates ? s.ls[k] : late.lateStart[k]),
      lateFinish: formatDateTime(preserveDates ? s.lf[k] : late.lateFinish[k]),
      totalFloat: preserveDates ? s.tf[k] : late.totalFloat[k],
      critical: preserveDates ? s.tf[k] <= s.criticalFloat : late.critical[k] === 1,
      resourceCritical: late.critical[k] === 1,
    };
    if (late.critical[k] === 1) critical.push(k);
    const reasons = s.reasons[k];
    if (reasons?.some((r) => r.kind === "unresolved")) unresolved++;
    if (s.start[k] !== s.es[k] || reasons) {
      const days = reasons?.reduce((sum, r) => sum + (r.kind === "unresolved" ? 0 : r.days), 0) ?? 0;
      moves.push({
        id: s.ids[k],
        before: { start: earlyStart, finish: earlyFinish },
        after: { start, finish },
        days,
        reasons: reasons ?? [],
      });
    }
  }
  moves.sort((a, b) => (a.after.start < b.after.start ? -1 : a.after.start > b.after.start ? 1 : 0));
  critical.sort((a, b) => s.start[a] - s.start[b] || a - b);
  return {
    activities,
    moves,
    criticalPath: critical.map((k) => s.ids[k]),
    finishBefore: formatDateTime(s.scheduledFinish),
    finishAfter: formatDateTime(late.finish),
    unresolved,
  };
}
