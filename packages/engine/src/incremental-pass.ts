import { computeEarly, computeLate, projectFinish, setProjectLate } from "./cpm-passes.js";
import { computeFloat, markLongestPath } from "./float-pass.js";
import { backwardPass, derivedPass } from "./full-pass.js";
import type { Network, ScheduleState } from "./network-model.js";
import { PositionHeap } from "./position-heap.js";

/** Outcome of an incremental attempt: false means the caller must run a full pass instead. */
export interface IncrementalOutcome {
  ok: boolean;
  /** Nodes whose values were recomputed. */
  touched: number[];
}

/**
 * Recomputes only what the dirty nodes can affect: early dates forward in topological order while they change,
 * late dates backward from the dirty nodes while they change, then floats of everything touched (and the
 * predecessors of moved nodes, whose free float depends on them). A changed project finish moves every open
 * end's late finish, so the backward side then runs in full. Gives up (ok = false) once more than `limit` nodes
 * were visited, when a full pass is cheaper.
 */
export function incrementalPass(
  net: Network,
  st: ScheduleState,
  dirty: Iterable<number>,
  limit: number,
): IncrementalOutcome {
  // Late dates that depend on the activity's own early dates (ALAP, expected finish, open ends critical): a full pass.
  if (net.fullOnly) return { ok: false, touched: [] };
  const { order, topoPos } = net;
  const heap = new PositionHeap(order.length);
  const seen = new Uint8Array(net.total);
  const touched: number[] = [];
  const forced = new Uint8Array(net.total);
  const seeds: number[] = [];
  for (const j of dirty) {
    if (topoPos[j] < 0) continue;
    forced[j] = 1;
    seeds.push(j);
    heap.push(topoPos[j]);
  }
  const moved: number[] = [];
  let visits = 0;
  while (heap.length > 0) {
    const j = order[heap.pop()];
    if (++visits > limit) return { ok: false, touched };
    const changed = computeEarly(net, st, j);
    if (seen[j] === 0) {
      seen[j] = 1;
      touched.push(j);
    }
    if (!changed && forced[j] === 0) continue;
    if (changed) moved.push(j);
    for (let o = net.outStart[j], end = net.outStart[j + 1]; o < end; o++) {
      const k = net.outTo[o];
      if (topoPos[k] >= 0) heap.push(topoPos[k]);
    }
  }
  if (moved.length > 0) st.projectFinishT = projectFinish(net, st);
  if (setProjectLate(net, st)) {
    backwardPass(net, st);
    derivedPass(net, st);
    return { ok: true, touched: Array.from(order) };
  }
  // Backward: a max-heap on topological positions, stored as (last - position) in the min-heap.
  const last = order.length - 1;
  for (const j of seeds) heap.push(last - topoPos[j]);
  while (heap.length > 0) {
    const i = order[last - heap.pop()];
    if (++visits > limit) return { ok: false, touched };
    const changed = computeLate(net, st, i);
    if (seen[i] === 0) {
      seen[i] = 1;
      touched.push(i);
    }
    if (!changed && forced[i] === 0) continue;
    for (let e = net.inStart[i], end = net.inStart[i + 1]; e < end; e++) {
      const p = net.inFrom[e];
      if (topoPos[p] >= 0) heap.push(last - topoPos[p]);
    }
  }
  for (const j of moved) {
    for (let e = net.inStart[j], end = net.inStart[j + 1]; e < end; e++) {
      const p = net.inFrom[e];
      if (topoPos[p] >= 0 && seen[p] === 0) {
        seen[p] = 1;
        touched.push(p);
      }
    }
  }
  for (const j of touched) computeFloat(net, st, j);
  if (net.longestPath) markLongestPath(net, st);
  derivedPass(net, st);
  return { ok: true, touched };
}
