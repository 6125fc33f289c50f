import { K_EXTERNAL, type Network } from "./network-model.js";

/**
 * Kahn's algorithm over the CPM nodes. Externals are fixed, so their edges never order anything.
 * The ready nodes are taken in index order where possible: a scan walks the nodes by index and takes each one whose
 * predecessors are done; a node released after the scan went past it waits in a FIFO that goes first. Input listed
 * mostly in logical order (as schedules usually are) so gets an order close to the index order, and the passes
 * walk their per-node arrays almost sequentially instead of jumping around the whole network.
 * When Kahn stalls, the network has loops: they are reported (one id path per strongly connected component),
 * then the smallest remaining node has its incoming edges from unordered nodes dropped (`inBroken`) so the
 * rest of the network still gets dates. The set of nodes ordered before each stall does not depend on the order in
 * which ready nodes are taken, so the dropped edges and reported loops do not either. The result is deterministic.
 * `cpmNodes` must be in ascending index order.
 */
export function computeOrder(net: Network, cpmNodes: Int32Array): void {
  const total = net.total;
  const len = cpmNodes.length;
  const { inStart, inFrom, outStart, outEdge, outTo, inBroken, kind } = net;
  const indeg = new Int32Array(total);
  const inSet = new Uint8Array(total);
  inDegrees(net, cpmNodes, indeg, inSet);
  const order = new Int32Array(len);
  // Nodes released after the scan passed them (FIFO); each node is released once, so len entries suffice.
  const late = new Int32Array(len);
  let lateHead = 0;
  let lateTail = 0;
  const done = new Uint8Array(total);
  let tail = 0;
  // Next position of cpmNodes the scan examines; every node before it was taken or not ready when examined.
  let scan = 0;
  let smallest = 0;
  let reported = false;
  // No edge is dropped before the first stall: until then the out-edge loop need not look at inBroken.
  let broken = false;
  while (tail < len) {
    let v: number;
    if (lateHead < lateTail) v = late[lateHead++];
    else {
      while (scan < len && indeg[cpmNodes[scan]] !== 0) scan++;
      if (scan < len) v = cpmNodes[scan++];
      else {
        // Stalled: every node not done waits for another one that is not done.
        if (!reported) {
          net.cycles = findCycles(net, inSet, done);
          reported = true;
        }
        while (done[cpmNodes[smallest]] === 1) smallest++;
        v = cpmNodes[smallest];
        for (let e = inStart[v], end = inStart[v + 1]; e < end; e++) {
          const u = inFrom[e];
          if (kind[u] !== K_EXTERNAL && done[u] === 0) inBroken[e] = 1;
        }
        indeg[v] = 0;
        broken = true;
      }
    }
    done[v] = 1;
    order[tail++] = v;
    // Nodes at or after this index are still ahead of the scan, which will take them when they are ready.
    const ahead = scan < len ? cpmNodes[scan] : total;
    for (let o = outStart[v], end = outStart[v + 1]; o < end; o++) {
      if (broken && inBroken[outEdge[o]] === 1) continue;
      const j = outTo[o];
      if (inSet[j] === 0) continue;
      if (--indeg[j] === 0 && j < ahead) late[lateTail++] = j;
    }
  }
  net.order = order;
  net.topoPos = positions(order, total);
}

/** In-degrees of the CPM nodes from other CPM nodes (externals never order anything); marks them in inSet. */
function inDegrees(net: Network, cpmNodes: Int32Array, indeg: Int32Array, inSet: Uint8Array): void {
  const { inStart, inFrom, kind } = net;
  // Without externals every incoming edge comes from a CPM node (edges from sums and LOEs are not in the CSR).
  const externals = net.total > net.n;
  for (let k = 0; k < cpmNodes.length; k++) {
    const j = cpmNodes[k];
    inSet[j] = 1;
    const start = inStart[j];
    const end = inStart[j + 1];
    if (!externals) {
      indeg[j] = end - start;
      continue;
    }
    let d = 0;
    for (let e = start; e < end; e++) {
      if (kind[inFrom[e]] !== K_EXTERNAL) d++;
    }
    indeg[j] = d;
  }
}

/** Each node's position in the order, -1 for nodes outside it. */
function positions(order: Int32Array, total: number): Int32Array {
  const pos = new Int32Array(total).fill(-1);
  for (let k = 0; k < order.length; k++) pos[order[k]] = k;
  return pos;
}

/** Tarjan's SCC (iterative) over the nodes Kahn could not order; each loop is returned as an id path. */
function findCycles(net: Network, inSet: Uint8Array, done: Uint8Array): string[][] {
  const total = net.total;
  const idx = new Int32Array(total).fill(-1);
  const low = new Int32Array(total);
  const onStack = new Uint8Array(total);
  const stack: number[] = [];
  const callNode: number[] = [];
  const callEdge: number[] = [];
  const comp = new Int32Array(total).fill(-1);
  const cycles: string[][] = [];
  let counter = 0;
  let compCount = 0;
  const live = (v: number) => inSet[v] === 1 && done[v] === 0;
  for (let root = 0; root < total; root++) {
    if (!live(root) || idx[root] !== -1) continue;
    callNode.push(root);
    callEdge.push(net.outStart[root]);
    idx[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = 1;
    while (callNode.length > 0) {
      const top = callNode.length - 1;
      const v = callNode[top];
      const o = callEdge[top];
      if (o < net.outStart[v + 1]) {
        callEdge[top] = o + 1;
        const w = net.outTo[o];
        if (!live(w)) continue;
        if (idx[w] === -1) {
          idx[w] = low[w] = counter++;
          stack.push(w);
          onStack[w] = 1;
          callNode.push(w);
          callEdge.push(net.outStart[w]);
        } else if (onStack[w] === 1 && idx[w] < low[v]) low[v] = idx[w];
        continue;
      }
      callNode.pop();
      callEdge.pop();
      if (callNode.length > 0) {
        const parent = callNode[callNode.length - 1];
        if (low[v] < low[parent]) low[parent] = low[v];
      }
      if (low[v] !== idx[v]) continue;
      const members: number[] = [];
      let w: number;
      do {
        w = stack.pop() as number;
        onStack[w] = 0;
        comp[w] = compCount;
        members.push(w);
      } while (w !== v);
      if (members.length > 1) cycles.push(cyclePath(net, members, comp, compCount));
      compCount++;
    }
  }
  return cycles;
}

/** A concrete loop inside one component: BFS from its smallest member back to itself. */
function cyclePath(net: Network, members: number[], comp: Int32Array, c: number): string[] {
  const start = Math.min(...members);
  const prev = new Map<number, number>();
  const queue = [start];
  let found = -1;
  for (let q = 0; q < queue.length && found < 0; q++) {
    const v = queue[q];
    for (let o = net.outStart[v], end = net.outStart[v + 1]; o < end; o++) {
      const w = net.outTo[o];
      if (comp[w] !== c) continue;
      if (w === start) {
        found = v;
        break;
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  const path: number[] = [];
  for (let v = found; v !== start && v >= 0; v = prev.get(v) as number) path.push(v);
  path.push(start);
  path.reverse();
  return path.map((v) => net.ids[v]);
}
