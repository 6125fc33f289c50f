import { describe, expect, it } from "vitest";
import { decodeGanttData } from "./row-model";
import { fixtureData } from "./test-fixture";
import { TreeIndex, withAncestors } from "./tree-index";

const list = (t: TreeIndex) => Array.from(t.list());

function bigTree(n: number): { parent: Int32Array; tree: ReturnType<typeof decodeGanttData>["tree"] } {
  // 10 roots × 10 × 10 summaries, leaves spread below them (the bench's WBS shape).
  const data = fixtureData();
  const parent: number[] = [];
  for (let a = 0; a < 10; a++) {
    const ra = parent.push(-1) - 1;
    for (let b = 0; b < 10; b++) {
      const rb = parent.push(ra) - 1;
      for (let c = 0; c < 10; c++) {
        const rc = parent.push(rb) - 1;
        const leaves = Math.floor((n - 1110) / 1000);
        for (let k = 0; k < leaves; k++) parent.push(rc);
      }
    }
  }
  const m = parent.length;
  const fill = <V>(v: V): V[] => new Array<V>(m).fill(v);
  const big = {
    ...data,
    ids: parent.map((_, i) => i),
    parent,
    type: parent.map(() => 1),
    code: fill(""),
    name: fill(""),
    calendar: fill(0),
    duration: fill(0),
    earlyStart: fill(-1),
    earlyFinish: fill(-1),
    lateStart: fill(-1),
    lateFinish: fill(-1),
    totalFloat: fill(null),
    freeFloat: fill(null),
    critical: fill(0),
    progress: fill(0),
    baselineStart: fill(-1),
    baselineFinish: fill(-1),
    actualStart: fill(-1),
    actualFinish: fill(-1),
    startLimitType: fill(0),
    startLimitDate: fill(-1),
    finishLimitType: fill(0),
    finishLimitDate: fill(-1),
    revision: fill(0),
    attrs: {},
    relations: { from: [], to: [], type: [], lag: [] },
  };
  const model = decodeGanttData(big);
  return { parent: model.parent, tree: model.tree };
}

describe("TreeIndex", () => {
  const model = decodeGanttData(fixtureData());

  it("lists rows in WBS order, honouring stored expanded flags", () => {
    expect(list(new TreeIndex(model.tree))).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(list(new TreeIndex(model.tree, [1, 0, 0, 0, 0, 0, 0]))).toEqual([0, 1, 2, 3, 6]);
  });

  it("collapses and expands by splicing the subtree, keeping nested flags", () => {
    const t = new TreeIndex(model.tree);
    expect(t.toggleAt(3)).toBe(true);
    expect(list(t)).toEqual([0, 1, 2, 3, 6]);
    expect(t.toggleAt(0)).toBe(true);
    expect(list(t)).toEqual([0, 6]);
    // S2 stays collapsed inside S1 when S1 opens again.
    t.toggleAt(0);
    expect(list(t)).toEqual([0, 1, 2, 3, 6]);
    expect(t.toggleAt(1)).toBe(false);
    expect(t.positionsOfRows()[6]).toBe(4);
    expect(t.positionsOfRows()[4]).toBe(-1);
    t.expandAll(false);
    expect(list(t)).toEqual([0, 6]);
    t.expandAll(true);
    expect(list(t)).toHaveLength(7);
  });

  it("filters with ancestors kept and sorts siblings inside their parents", () => {
    const t = new TreeIndex(model.tree);
    const pass = new Uint8Array(7);
    pass[4] = 1;
    t.setFilter(withAncestors(pass, model.parent));
    expect(list(t)).toEqual([0, 3, 4]);
    t.setFilter(null);
    t.setOrder((a, b) => b - a);
    expect(list(t)).toEqual([6, 0, 3, 5, 4, 2, 1]);
  });

  it("groups rows under headers that collapse and expand", () => {
    const t = new TreeIndex(model.tree);
    t.setGroups([
      { key: "a", label: "A", members: Int32Array.from([1, 2]) },
      { key: "b", label: "B", members: Int32Array.from([4]) },
    ]);
    expect(list(t)).toEqual([-1, 1, 2, -2, 4]);
    expect(t.depthAt(1)).toBe(1);
    t.toggleAt(0);
    expect(list(t)).toEqual([-1, -2, 4]);
    t.toggleAt(0);
    expect(list(t)).toEqual([-1, 1, 2, -2, 4]);
    t.setGroups(null);
    expect(list(t)).toHaveLength(7);
  });

  it("counts in a group header only the members the filter lets through", () => {
    const model = decodeGanttData(fixtureData());
    const t = new TreeIndex(model.tree);
    t.setGroups([
      { key: "a", label: "A", members: Int32Array.from([1, 2]) },
      { key: "b", label: "B", members: Int32Array.from([4]) },
    ]);
    expect([t.groupSize(-1), t.groupSize(-2)]).toEqual([2, 1]);
    const pass = new Uint8Array(7);
    pass[2] = 1;
    t.setFilter(pass);
    expect(list(t)).toEqual([-1, 2]);
    expect(t.groupSize(-1)).toBe(1);
  });

  // Its speed is measured in Chromium by the bench page (expand a summary), not asserted here.
  it("collapses and expands a summary of a 100,000-row tree back to the same rows", () => {
    const { tree } = bigTree(100_000);
    const t = new TreeIndex(tree);
    const total = t.count;
    const before = list(t);
    t.toggleAt(0);
    expect(t.count).toBeLessThan(total);
    t.toggleAt(0);
    expect(t.count).toBe(total);
    expect(list(t)).toEqual(before);
  });
});
