import { shownFinish, shownLateFinish, shownLateStart, shownStart } from "./derived-activities.js";
import type { Network, ScheduleState } from "./network-model.js";
import { formatDateTime } from "./time-format.js";
import type { ActivityResult, NetworkResult } from "./types.js";

/** One activity's result in the public shape. */
export function formatActivity(net: Network, st: ScheduleState, j: number): ActivityResult {
  return {
    id: net.ids[j],
    earlyStart: formatDateTime(shownStart(net, st, j)),
    earlyFinish: formatDateTime(shownFinish(net, st, j)),
    lateStart: formatDateTime(shownLateStart(net, st, j)),
    lateFinish: formatDateTime(shownLateFinish(net, st, j)),
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

/**
 * The results as columns in input order, dates as minutes since 1970-01-01T00:00: what a caller that stores or
 * compares them needs, without building and parsing 400,000 date texts for a 100k network.
 */
export interface ResultColumns {
  ids: string[];
  earlyStart: Int32Array;
  earlyFinish: Int32Array;
  lateStart: Int32Array;
  lateFinish: Int32Array;
  totalFloat: Int32Array;
  freeFloat: Int32Array;
  critical: Uint8Array;
  remaining: Int32Array;
  /** Project finish. */
  finish: number;
  dataDate?: number;
  cycles: string[][];
}

export function resultColumns(net: Network, st: ScheduleState): ResultColumns {
  const n = net.n;
  const earlyStart = new Int32Array(n);
  const earlyFinish = new Int32Array(n);
  const lateStart = new Int32Array(n);
  const lateFinish = new Int32Array(n);
  for (let j = 0; j < n; j++) {
    earlyStart[j] = shownStart(net, st, j);
    earlyFinish[j] = shownFinish(net, st, j);
    lateStart[j] = shownLateStart(net, st, j);
    lateFinish[j] = shownLateFinish(net, st, j);
  }
  const columns: ResultColumns = {
    ids: net.ids.slice(0, n),
    earlyStart,
    earlyFinish,
    lateStart,
    lateFinish,
    totalFloat: st.tf.slice(0, n),
    freeFloat: st.ff.slice(0, n),
    critical: st.crit.slice(0, n),
    remaining: net.remaining.slice(0, n),
    finish: st.projectFinishT,
    cycles: net.cycles.map((c) => [...c]),
  };
  if (net.hasDataDate) columns.dataDate = net.dataDateT;
  return columns;
}
