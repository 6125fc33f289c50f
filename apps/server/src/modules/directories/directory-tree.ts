/**
 * A directory's rows as a tree in memory: the place of every row (parent, code) before and after a change, so a
 * change is checked whole (codes unique, no row under its own descendant) before anything is written, and only
 * rows whose sort key or depth moved are rewritten.
 */
import { AppError } from "../../platform/errors.js";
import type { Skeleton } from "./directories.repo.js";

/** Joins the codes of a row's ancestors and its own; codes never hold control characters. */
export const SORT_SEPARATOR = "\u0001";

export interface TreeNode {
  id: string;
  parentId: string | null;
  code: string;
  /** Where the row stood before the change (undefined for new rows). */
  oldSortKey?: string;
  oldDepth?: number;
  /** What the error names the row as: its code, or its position in a request or file. */
  label: string;
}

export class DirectoryTree {
  readonly nodes = new Map<string, TreeNode>();

  constructor(skeleton: Skeleton) {
    for (let k = 0; k < skeleton.id.length; k++)
      this.nodes.set(skeleton.id[k], {
        id: skeleton.id[k],
        parentId: skeleton.parentId[k],
        code: skeleton.code[k],
        oldSortKey: skeleton.sortKey[k],
        oldDepth: skeleton.depth[k],
        label: skeleton.code[k],
      });
  }

  has(id: string) {
    return this.nodes.has(id);
  }

  /** Removes rows and all their descendants; answers every id removed. */
  remove(ids: string[]): string[] {
    const gone = new Set(ids.filter((id) => this.nodes.has(id)));
    if (gone.size === 0) return [];
    // A descendant is a row whose chain of parents meets a removed row.
    const children = this.childrenMap();
    const stack = [...gone];
    while (stack.length) {
      const id = stack.pop()!;
      for (const child of children.get(id) ?? [])
        if (!gone.has(child)) {
          gone.add(child);
          stack.push(child);
        }
    }
    for (const id of gone) this.nodes.delete(id);
    return [...gone];
  }

  private childrenMap() {
    const children = new Map<string, string[]>();
    for (const node of this.nodes.values())
      if (node.parentId) children.set(node.parentId, [...(children.get(node.parentId) ?? []), node.id]);
    return children;
  }

  /**
   * Checks the tree after the change: every parent exists, no row is its own ancestor, codes are unique. Then
   * answers the new sort key and depth of every row whose place changed.
   */
  settle(): Map<string, { sortKey: string; depth: number }> {
    const byCode = new Map<string, TreeNode>();
    for (const node of this.nodes.values()) {
      const taken = byCode.get(node.code);
      if (taken) throw new AppError("DirectoryCodeTaken", { code: node.code, row: node.label });
      byCode.set(node.code, node);
      if (node.parentId && !this.nodes.has(node.parentId))
        throw new AppError("InvalidParent", { field: "parentId", row: node.label });
    }
    const keys = new Map<string, { sortKey: string; depth: number }>();
    const visiting = new Set<string>();
    const place = (node: TreeNode): { sortKey: string; depth: number } => {
      const known = keys.get(node.id);
      if (known) return known;
      if (visiting.has(node.id)) throw new AppError("InvalidParent", { field: "parentId", row: node.label });
      visiting.add(node.id);
      const parent = node.parentId ? place(this.nodes.get(node.parentId)!) : null;
      const result = parent
        ? { sortKey: `${parent.sortKey}${SORT_SEPARATOR}${node.code}`, depth: parent.depth + 1 }
        : { sortKey: node.code, depth: 0 };
      visiting.delete(node.id);
      keys.set(node.id, result);
      return result;
    };
    const moved = new Map<string, { sortKey: string; depth: number }>();
    for (const node of this.nodes.values()) {
      const result = place(node);
      if (result.sortKey !== node.oldSortKey || result.depth !== node.oldDepth) moved.set(node.id, result);
    }
    return moved;
  }

  /** A row's place once settled (after `settle`, from its answer or unchanged). */
  static placeOf(
    node: TreeNode,
    moved: Map<string, { sortKey: string; depth: number }>,
  ): { sortKey: string; depth: number } {
    return moved.get(node.id) ?? { sortKey: node.oldSortKey!, depth: node.oldDepth! };
  }
}
