import { K_EXTERNAL, type Network } from "./network-model.js";

/**
 * Kahn's algorithm over the CPM nodes. Externals are fixed, so their edges never order anything.
 * When Kahn stalls, the network has loops: they are reported (one id path per strongly connected component),
 * then the smallest remaining node has its incoming edges from unordered nodes dropped (`inBroken`) so the
 * rest of the network still gets dates. The result is deterministic.
 */
export function computeOrder(net: Network, cpmNodes: Int32Array): void {
  const total = net.total;
  const indeg = new Int32Array(total);
  const inSet = new Uint8Array(total);
  for (let k = 0; k < cpmNodes.length; k++) inSet[cpmNodes[k]] = 1;
  for (let k = 0; k < cpmNodes.length; k++) {
    const j = cpmNodes[k];
    let d = 0;
    for (let e = net.inStart[j], end = net.inStart[j + 1]; e < end; e++) {
      if (net.kind[net.inFrom[e]] !== K_EXTERNAL) d++;
    }
    indeg[j] = d;
  }
  const order = new Int32Array(cpmNodes.length);
  let head = 0;
  let tail = 0;
  for (let k = 0; k < cpmNodes.length; k++) if (indeg[cpmNodes[k]] === 0) order[tail++] = cpmNodes[k];
  const done = new Uint8Array(total);
  let scan = 0;
  let reported = false;
  while (tail < cpmNodes.length || head < tail) {
    if (head === tail) {
      if (!reported) {
        net.cycles = findCycles(net, inSet, done);
        reported = true;
      }
      while (done[cpmNodes[scan]] === 1 || indeg[cpmNodes[scan]] === 0) scan++;
      const v = cpmNodes[scan];
      for (let e = net.inStart[v], end = net.inStart[v + 1]; e < end; e++) {
        const u = net.inFrom[e];
        if (net.kind[u] !== K_EXTERNAL && done[u] === 0) net.inBroken[e] = 1;
      }
      indeg[v] = 0;
      order[tail++] = v;
    }
    const i = order[head++];
    done[i] = 1;
    for (let o = net.outStart[i], end = net.outStart[i + 1]; o < end; o++) {
      const e = net.outEdge[o];
      if (net.inBroken[e] === 1) continue;
      const j = net.outTo[o];
      if (inSet[j] === 0) continue;
      if (--indeg[j] === 0) order[tail++] = j;
    }
  }
  net.order = order;
  const pos = new Int32Array(total).fill(-1);
  for (let k = 0; k < order.length; k++) pos[order[k]] = k;
  net.topoPos = pos;
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
