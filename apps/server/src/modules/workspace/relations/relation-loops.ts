/**
 * Would a relation predecessor → successor close a loop? Breadth-first search from the successor along the existing
 * relations; reaching the predecessor means yes, and the parent pointers give the loop in order, starting and ending
 * at the predecessor. Ids are the version's integer item ids, so the search runs on plain arrays.
 */
export function findLoop(
  edgesFrom: number[],
  edgesTo: number[],
  predecessor: number,
  successor: number,
): number[] | null {
  if (predecessor === successor) return [predecessor, predecessor];
  const out = new Map<number, number[]>();
  for (let k = 0; k < edgesFrom.length; k++) {
    const list = out.get(edgesFrom[k]);
    if (list) list.push(edgesTo[k]);
    else out.set(edgesFrom[k], [edgesTo[k]]);
  }
  const cameFrom = new Map<number, number>([[successor, successor]]);
  const queue = [successor];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head];
    if (node === predecessor) {
      const path = [node];
      for (let at = node; at !== successor; ) {
        at = cameFrom.get(at)!;
        path.push(at);
      }
      path.reverse();
      // predecessor → successor → … → predecessor
      return [predecessor, ...path];
    }
    for (const next of out.get(node) ?? []) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return null;
}
