import { computeEarly, initExternals, setProjectLate } from "./cpm-passes.js";
import { computeLevelOfEffort, rollUpSums } from "./derived-activities.js";
import { computeFloat, computeLateAndFloat, markLongestPath } from "./float-pass.js";
import { NEG, type Network, type ScheduleState } from "./network-model.js";

/** Forward pass in topological order. */
export function forwardPass(net: Network, st: ScheduleState): void {
  const order = net.order;
  const efT = st.efT;
  // The project finish (as projectFinish) is taken on the way.
  let finish = NEG;
  for (let k = 0; k < order.length; k++) {
    const j = order[k];
    computeEarly(net, st, j);
    if (efT[j] > finish) finish = efT[j];
  }
  st.projectFinishT = finish === NEG ? net.projectStartT : finish;
}

/** Backward pass in reverse topological order, then floats and critical flags. */
export function backwardPass(net: Network, st: ScheduleState): void {
  setProjectLate(net, st, true);
  const order = net.order;
  // Floats need the node's own late dates and its successors' early dates only: computed in the same sweep.
  for (let k = order.length - 1; k >= 0; k--) computeLateAndFloat(net, st, order[k]);
  if (net.longestPath) markLongestPath(net, st);
}

/** Floats and critical flags of every CPM node (after an incremental backward pass). */
export function floatPass(net: Network, st: ScheduleState): void {
  const order = net.order;
  for (let k = 0; k < order.length; k++) computeFloat(net, st, order[k]);
  if (net.longestPath) markLongestPath(net, st);
}

/** Summaries and levels of effort are derived from the CPM results (they never drive other activities). */
export function derivedPass(net: Network, st: ScheduleState): void {
  computeLevelOfEffort(net, st);
  rollUpSums(net, st);
}

/** The whole calculation on a compiled network. */
export function fullPass(net: Network, st: ScheduleState): void {
  initExternals(net, st);
  forwardPass(net, st);
  backwardPass(net, st);
  derivedPass(net, st);
}
