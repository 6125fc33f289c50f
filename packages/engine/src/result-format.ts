import { shownStart } from "./derived-activities.js";
import type { Network, ScheduleState } from "./network-model.js";
import { formatDateTime } from "./time-format.js";
import type { ActivityResult, NetworkResult } from "./types.js";

/** One activity's result in the public shape. */
export function formatActivity(net: Network, st: ScheduleState, j: number): ActivityResult {
  return {
    id: net.ids[j],
    earlyStart: formatDateTime(shownStart(net, st, j)),
    earlyFinish: formatDateTime(st.efT[j]),
    lateStart: formatDateTime(st.lsT[j]),
    lateFinish: formatDateTime(st.lfT[j]),
    totalFloat: st.tf[j],
    freeFloat: st.ff[j],
    critical: st.crit[j] === 1,
    remaining: net.remaining[j],
  };
}

/** The public result: activities in input order (externals are not reported). */
export function formatResult(net: Network, st: ScheduleState): NetworkResult {
  const activities: ActivityResult[] = new Array(net.n);
  for (let j = 0; j < net.n; j++) activities[j] = formatActivity(net, st, j);
  const result: NetworkResult = {
    finish: formatDateTime(st.projectFinishT),
    activities,
    cycles: net.cycles.map((c) => [...c]),
  };
  if (net.hasDataDate) result.dataDate = formatDateTime(net.dataDateT);
  return result;
}
