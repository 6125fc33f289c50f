import type { EpsRow } from "@planum/contracts";
import { describe, expect, it } from "vitest";
import {
  creatableKinds,
  descendantsOf,
  dropPlan,
  flattenTree,
  isInsideRow,
  projectsUnder,
  ROOT,
  treeKey,
} from "./tree-model";

const row = (id: string, parentId: string | null, kind: EpsRow["kind"] = "node", hasChildren = false): EpsRow => ({
  id,
  parentId,
  kind,
  name: id.toUpperCase(),
  key: null,
  order: 0,
  hasChildren,
});

const branches = new Map<string, EpsRow[]>([
  [ROOT, [row("a", null, "node", true), row("b", null, "facility", true)]],
  ["a", [row("a1", "a", "node", true), row("a2", "a")]],
  ["a1", [row("a11", "a1")]],
]);
const childrenOf = (id: string) => branches.get(id);

describe("flattenTree", () => {
  it("shows only the roots when nothing is open", () => {
    const flat = flattenTree(childrenOf, new Set());
    expect(flat.rows.map((r) => r.row.id)).toEqual(["a", "b"]);
    expect(flat.openParents).toEqual([]);
  });

  it("walks open branches depth first with their depth", () => {
    const flat = flattenTree(childrenOf, new Set(["a", "a1"]));
    expect(flat.rows.map((r) => [r.row.id, r.depth])).toEqual([
      ["a", 0],
      ["a1", 1],
      ["a11", 2],
      ["a2", 1],
      ["b", 0],
    ]);
    expect(flat.openParents).toEqual(["a", "a1"]);
  });

  it("marks an open branch whose children have not arrived and asks for it", () => {
    const flat = flattenTree(childrenOf, new Set(["b"]));
    expect(flat.rows.find((r) => r.row.id === "b")).toMatchObject({ expanded: true, loading: true });
    expect(flat.openParents).toEqual(["b"]);
  });

  it("does not walk open branches below a closed one", () => {
    const flat = flattenTree(childrenOf, new Set(["a1"]));
    expect(flat.rows.map((r) => r.row.id)).toEqual(["a", "b"]);
    expect(flat.openParents).toEqual([]);
  });

  it("keeps only the search's rows when asked", () => {
    const flat = flattenTree(childrenOf, new Set(["a", "a1"]), new Set(["a", "a1", "a11"]));
    expect(flat.rows.map((r) => r.row.id)).toEqual(["a", "a1", "a11"]);
  });

  it("handles a chain of 20,000 nodes without recursion", () => {
    const chain = new Map<string, EpsRow[]>();
    const open = new Set<string>();
    let parent = ROOT;
    for (let i = 0; i < 20_000; i++) {
      const id = `n${i}`;
      chain.set(parent, [row(id, parent === ROOT ? null : parent, "node", i < 19_999)]);
      open.add(id);
      parent = id;
    }
    const flat = flattenTree((id) => chain.get(id) ?? (id === parent ? [] : undefined), open);
    expect(flat.rows).toHaveLength(20_000);
    expect(flat.rows[19_999].depth).toBe(19_999);
  });
});

describe("tree rules", () => {
  it("creates what the server accepts below each kind", () => {
    expect(creatableKinds(null)).toEqual(["node", "facility"]);
    expect(creatableKinds("node")).toEqual(["node", "facility"]);
    expect(creatableKinds("facility")).toEqual(["project"]);
    expect(creatableKinds("project")).toEqual([]);
  });

  it("places a dropped row before, inside or after another", () => {
    const siblings = [row("x", "p"), row("y", "p"), row("z", "p")];
    const [x, y, z] = siblings;
    expect(dropPlan(z, x, "before", siblings, false)).toEqual({ parentId: "p", index: 0 });
    expect(dropPlan(x, y, "after", siblings, false)).toEqual({ parentId: "p", index: 1 });
    expect(dropPlan(x, y, "before", siblings, false)).toBeNull();
    expect(dropPlan(x, z, "inside", siblings, false)).toEqual({ parentId: "z" });
    expect(dropPlan(x, z, "inside", siblings, true)).toBeNull();
  });

  it("refuses drops the server would refuse", () => {
    const facility = row("f", null, "facility");
    const project = row("p", "f", "project");
    const node = row("n", null, "node");
    expect(dropPlan(project, node, "inside", [node], false)).toBeNull();
    expect(dropPlan(project, facility, "inside", [facility], false)).toBeNull();
    expect(dropPlan(node, facility, "inside", [facility], false)).toBeNull();
    expect(dropPlan(facility, node, "inside", [node], false)).toEqual({ parentId: "n" });
    expect(dropPlan(node, project, "after", [project], false)).toBeNull();
    expect(dropPlan(row("p2", "g", "project"), project, "after", [project], false)).toEqual({
      parentId: "f",
      index: 1,
    });
  });

  it("knows which rows lie inside another in the flat rows", () => {
    const rows = flattenTree(childrenOf, new Set(["a", "a1"])).rows;
    expect(isInsideRow(rows, 0, 2)).toBe(true);
    expect(isInsideRow(rows, 1, 3)).toBe(false);
    expect(isInsideRow(rows, 0, 4)).toBe(false);
  });
});

describe("treeKey", () => {
  const flat = flattenTree(childrenOf, new Set(["a"])).rows;

  it("moves up and down within bounds", () => {
    expect(treeKey(flat, 0, "ArrowDown")).toEqual({ kind: "focus", index: 1 });
    expect(treeKey(flat, 0, "ArrowUp")).toEqual({ kind: "focus", index: 0 });
    expect(treeKey(flat, 3, "End")).toEqual({ kind: "focus", index: flat.length - 1 });
  });

  it("expands, enters, collapses and climbs to the parent", () => {
    expect(treeKey(flat, 1, "ArrowRight")).toEqual({ kind: "expand", id: "a1" });
    expect(treeKey(flat, 0, "ArrowRight")).toEqual({ kind: "focus", index: 1 });
    expect(treeKey(flat, 0, "ArrowLeft")).toEqual({ kind: "collapse", id: "a" });
    expect(treeKey(flat, 2, "ArrowLeft")).toEqual({ kind: "focus", index: 0 });
    expect(treeKey(flat, 2, "ArrowRight")).toBeNull();
  });
});

describe("subtrees", () => {
  const all = [
    row("a", null),
    row("f", "a", "facility"),
    row("p1", "f", "project"),
    row("p2", "f", "project"),
    row("other", null, "project"),
  ];

  it("lists every descendant", () => {
    expect(descendantsOf(all, "a").sort()).toEqual(["f", "p1", "p2"]);
    expect(descendantsOf(all, "p1")).toEqual([]);
  });

  it("finds the projects whose schedules a node relates to", () => {
    expect(projectsUnder(all, { id: "a", kind: "node" }).map((p) => p.id)).toEqual(["p1", "p2"]);
    expect(projectsUnder(all, { id: "p2", kind: "project" }).map((p) => p.id)).toEqual(["p2"]);
  });
});
