interface PathNode {
  id: string;
  parentId: string | null;
  name: string;
}

/** A node's names from the root ("Facility / Project / Section 1"): the path says which "Section 1" is meant. */
export function nodePathOf(nodes: readonly PathNode[]): (id: string) => string {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  return (id) => {
    const names: string[] = [];
    for (let node = byId.get(id); node; node = node.parentId ? byId.get(node.parentId) : undefined)
      names.unshift(node.name);
    return names.join(" / ");
  };
}
