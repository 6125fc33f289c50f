import type { EpsKind, EpsRow } from "@planum/contracts";

/** Key of the root level in the per-branch caches (the server names it "root" too). */
export const ROOT = "root";

export interface FlatRow {
  row: EpsRow;
  depth: number;
  expanded: boolean;
  /** The branch is open but its children have not arrived yet. */
  loading: boolean;
}

export interface FlatTree {
  rows: FlatRow[];
  /** Open branches reachable from the root, whose children the tree needs (loaded or not). */
  openParents: string[];
}

/**
 * Turns the loaded branches into the visible rows, depth first. Only branches reachable through open parents are
 * walked, so closed subtrees cost nothing. `visibleIds`, when given (a search), keeps only those rows.
 */
export function flattenTree(
  childrenOf: (parentId: string) => readonly EpsRow[] | undefined,
  expanded: ReadonlySet<string>,
  visibleIds?: ReadonlySet<string>,
): FlatTree {
  const rows: FlatRow[] = [];
  const openParents: string[] = [];
  // an explicit stack instead of recursion: a deep chain of 20,000 nodes must not overflow the call stack
  const stack: { parent: string; depth: number; index: number }[] = [{ parent: ROOT, depth: 0, index: 0 }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    const children = childrenOf(frame.parent) ?? [];
    if (frame.index >= children.length) {
      stack.pop();
      continue;
    }
    const row = children[frame.index++];
    if (visibleIds && !visibleIds.has(row.id)) continue;
    const open = row.hasChildren && expanded.has(row.id);
    const loaded = childrenOf(row.id) !== undefined;
    rows.push({ row, depth: frame.depth, expanded: open, loading: open && !loaded });
    if (open) {
      openParents.push(row.id);
      if (loaded) stack.push({ parent: row.id, depth: frame.depth + 1, index: 0 });
    }
  }
  return { rows, openParents };
}

/** Which kinds may be created below a parent of the given kind (null: the top level), as the server allows. */
export function creatableKinds(parent: EpsKind | null): EpsKind[] {
  if (parent === null || parent === "node") return ["node", "facility"];
  if (parent === "facility") return ["project"];
  return [];
}

/** Which kinds may hang below which (null: the top level), as the server checks it. */
const ALLOWED_PARENTS: Record<EpsKind, (EpsKind | null)[]> = {
  node: [null, "node"],
  facility: [null, "node"],
  project: ["facility"],
};

export type DropPosition = "before" | "inside" | "after";

/** The kind of a row's parent, read from the tree's rules (a row carries only its parent's id). */
function parentKindOf(row: Pick<EpsRow, "kind" | "parentId">): EpsKind | null {
  if (row.parentId === null) return null;
  return row.kind === "project" ? "facility" : "node";
}

/**
 * Where a dragged row lands when dropped on the upper quarter (before), the middle (inside, as the last child) or the
 * lower quarter (after) of another row: the `PATCH /eps/{id}/move` body, or null when the drop is not allowed or
 * changes nothing. `index` counts the new siblings without the moved row, as the server does.
 */
export function dropPlan(
  dragged: Pick<EpsRow, "id" | "kind" | "parentId">,
  target: Pick<EpsRow, "id" | "kind" | "parentId">,
  position: DropPosition,
  targetSiblings: readonly Pick<EpsRow, "id">[],
  targetIsInsideDragged: boolean,
): { parentId: string | null; index?: number } | null {
  if (dragged.id === target.id || targetIsInsideDragged) return null;
  if (position === "inside") {
    if (!ALLOWED_PARENTS[dragged.kind].includes(target.kind) || dragged.parentId === target.id) return null;
    return { parentId: target.id };
  }
  if (!ALLOWED_PARENTS[dragged.kind].includes(parentKindOf(target))) return null;
  const others = targetSiblings.filter((s) => s.id !== dragged.id);
  const at = others.findIndex((s) => s.id === target.id);
  if (at < 0) return null;
  const index = position === "before" ? at : at + 1;
  if (dragged.parentId === target.parentId) {
    const current = targetSiblings.findIndex((s) => s.id === dragged.id);
    if (current === index) return null;
  }
  return { parentId: target.parentId, index };
}

/** True when `index` lies in the subtree of the row at `ancestor` in the flat rows (a drop there would loop). */
export function isInsideRow(rows: readonly FlatRow[], ancestor: number, index: number): boolean {
  if (ancestor < 0 || index <= ancestor) return false;
  for (let i = ancestor + 1; i <= index; i++) if (rows[i].depth <= rows[ancestor].depth) return false;
  return true;
}

/** Keyboard movement in the flat rows: the row that the key leads to, or an action on the current one. */
export type TreeKeyResult =
  | { kind: "focus"; index: number }
  | { kind: "expand"; id: string }
  | { kind: "collapse"; id: string }
  | null;

export function treeKey(rows: readonly FlatRow[], index: number, key: string): TreeKeyResult {
  if (rows.length === 0) return null;
  const current = rows[index];
  switch (key) {
    case "ArrowDown":
      return { kind: "focus", index: Math.min(rows.length - 1, index + 1) };
    case "ArrowUp":
      return { kind: "focus", index: Math.max(0, index - 1) };
    case "Home":
      return { kind: "focus", index: 0 };
    case "End":
      return { kind: "focus", index: rows.length - 1 };
    case "ArrowRight":
      if (!current?.row.hasChildren) return null;
      if (!current.expanded) return { kind: "expand", id: current.row.id };
      return index + 1 < rows.length && rows[index + 1].depth > current.depth
        ? { kind: "focus", index: index + 1 }
        : null;
    case "ArrowLeft": {
      if (!current) return null;
      if (current.expanded) return { kind: "collapse", id: current.row.id };
      for (let i = index - 1; i >= 0; i--) if (rows[i].depth < current.depth) return { kind: "focus", index: i };
      return null;
    }
    default:
      return null;
  }
}

/** Ids of every node below the given one (itself excluded) in a whole light tree. */
export function descendantsOf(all: readonly Pick<EpsRow, "id" | "parentId">[], id: string): string[] {
  const byParent = new Map<string, string[]>();
  for (const row of all) {
    if (!row.parentId) continue;
    const list = byParent.get(row.parentId);
    if (list) list.push(row.id);
    else byParent.set(row.parentId, [row.id]);
  }
  const result: string[] = [];
  const stack = [...(byParent.get(id) ?? [])];
  while (stack.length > 0) {
    const next = stack.pop()!;
    result.push(next);
    stack.push(...(byParent.get(next) ?? []));
  }
  return result;
}

/** The projects a node's related schedules come from: itself when it is one, else the projects of its subtree. */
export function projectsUnder(all: readonly EpsRow[], node: Pick<EpsRow, "id" | "kind">): EpsRow[] {
  if (node.kind === "project") return all.filter((row) => row.id === node.id);
  const below = new Set(descendantsOf(all, node.id));
  return all.filter((row) => row.kind === "project" && below.has(row.id));
}
