import { describe, expect, it } from "vitest";
import type { GanttData } from "./gantt-data";
import { activeFilterCount, columnsOfView, currentView, zoomOfView } from "./gantt-view";
import { defaultColumns } from "./grid-columns";
import { clickCell, EMPTY_SELECTION } from "./grid-selection";
import { decodeGanttData } from "./row-model";
import { fixtureData } from "./test-fixture";
import { TreeIndex } from "./tree-index";
import {
  activeId,
  carryColumns,
  carryExpanded,
  carryScrollTop,
  carryScrollX,
  carrySelection,
  selectedIds,
} from "./view-carry";

/** The fixture with a new task X (id 20) inserted as the first child of S1: every later position moves by one. */
function withInsertedRow(): GanttData {
  const d = fixtureData();
  const at = 1;
  const ins = <V>(a: V[], v: V) => [...a.slice(0, at), v, ...a.slice(at)];
  const shift = (p: number) => (p >= at ? p + 1 : p);
  return {
    ...d,
    ids: ins(d.ids, 20),
    parent: ins(d.parent.map(shift), 0),
    type: ins(d.type, 1),
    code: ins(d.code, "X"),
    name: ins(d.name, "New"),
    calendar: ins(d.calendar, 0),
    duration: ins(d.duration, 480),
    earlyStart: ins(d.earlyStart, d.earlyStart[1]),
    earlyFinish: ins(d.earlyFinish, d.earlyFinish[1]),
    lateStart: ins(d.lateStart, -1),
    lateFinish: ins(d.lateFinish, -1),
    totalFloat: ins(d.totalFloat, null),
    freeFloat: ins(d.freeFloat, null),
    critical: ins(d.critical, 0),
    progress: ins(d.progress, 0),
    baselineStart: ins(d.baselineStart, -1),
    baselineFinish: ins(d.baselineFinish, -1),
    actualStart: ins(d.actualStart, -1),
    actualFinish: ins(d.actualFinish, -1),
    startLimitType: ins(d.startLimitType, 0),
    startLimitDate: ins(d.startLimitDate, -1),
    finishLimitType: ins(d.finishLimitType, 0),
    finishLimitDate: ins(d.finishLimitDate, -1),
    revision: ins(d.revision, 1),
    attrs: { zone: ins(d.attrs?.zone ?? [], null) },
    relations: { ...d.relations, from: d.relations.from.map(shift), to: d.relations.to.map(shift) },
  };
}

function view(data: GanttData, expanded?: ArrayLike<number>) {
  const model = decodeGanttData(data);
  return { model, tree: new TreeIndex(model.tree, expanded ?? data.expanded) };
}

describe("carrying the view over a new payload", () => {
  it("keeps collapsed and expanded rows by id, new rows take the stored flag", () => {
    const before = view(fixtureData());
    before.tree.toggleAt(before.tree.list().indexOf(3)); // collapse S2 locally (not stored on the server)
    const next = withInsertedRow();
    const flags = carryExpanded(before.model.ids, before.tree.expanded, next.ids, next.expanded);
    const after = view(next, flags);
    expect(Array.from(after.tree.list()).map((i) => next.code[i])).toEqual(["S1", "X", "A", "B", "S2", "D"]);
  });

  it("keeps the selected rows and the active cell on the same works when rows move", () => {
    const before = view(fixtureData());
    // select B (position 2 on screen) and C (position 4) with Ctrl
    let sel = clickCell(EMPTY_SELECTION, (p) => before.tree.at(p), 2, 1, { shift: false, toggle: false });
    sel = clickCell(sel, (p) => before.tree.at(p), 4, 3, { shift: false, toggle: true });
    expect(selectedIds(sel, before.model, before.tree)).toEqual([12, 14]);
    expect(activeId(sel, before.model, before.tree)).toBe(14);

    const after = view(withInsertedRow());
    const carried = carrySelection(sel, before, after);
    expect(selectedIds(carried, after.model, after.tree)).toEqual([12, 14]);
    expect(activeId(carried, after.model, after.tree)).toBe(14);
    expect(carried.activeCol).toBe(3);
    expect(carried.activePos).toBe(5);
  });

  it("drops deleted rows from the selection", () => {
    const before = view(withInsertedRow());
    const sel = clickCell(EMPTY_SELECTION, (p) => before.tree.at(p), 1, 1, { shift: false, toggle: false });
    expect(selectedIds(sel, before.model, before.tree)).toEqual([20]);
    const after = view(fixtureData());
    const carried = carrySelection(sel, before, after);
    expect(selectedIds(carried, after.model, after.tree)).toEqual([]);
    expect(carried.activePos).toBe(1);
  });

  it("keeps the row at the top of the screen at the top", () => {
    const before = view(fixtureData());
    // C (position 4) is at the top, scrolled 7 px into it
    const after = view(withInsertedRow());
    expect(carryScrollTop(4 * 24 + 7, 24, before, after)).toBe(5 * 24 + 7);
    // nothing to follow below the list: unchanged
    expect(carryScrollTop(100 * 24, 24, before, after)).toBe(100 * 24);
  });

  it("keeps the date at the left edge when the timeline origin moves", () => {
    // origin one month earlier at 10 px/day: 31 days more to the left
    expect(carryScrollX(500, 31 * 1440, 0, 10)).toBe(810);
    expect(carryScrollX(500, 0, 0, 10)).toBe(500);
  });

  it("keeps column order, widths and hidden columns; drops vanished attributes, adds new ones", () => {
    const model = decodeGanttData(fixtureData());
    const cols = [
      { key: "name" as const, width: 333 },
      { key: "code" as const, width: 50 },
    ];
    expect(carryColumns(cols, model, model)).toBe(cols);
    const withMore = { attributes: [...model.attributes, { id: "crew", label: "Crew", kind: "string" as const }] };
    expect(carryColumns(cols, model, withMore).map((c) => [c.key, c.width])).toEqual([
      ["name", 333],
      ["code", 50],
      ["attr:crew", 120],
    ]);
    const all = defaultColumns(model);
    expect(carryColumns(all, model, { attributes: [] }).some((c) => c.key === "attr:zone")).toBe(false);
  });
});

describe("views (layouts) on the Gantt", () => {
  it("turns a view into grid columns: payload labels, unknown attributes left out, default widths for 0", () => {
    const model = decodeGanttData(fixtureData());
    const cols = columnsOfView(
      {
        columns: [
          { key: "attr:zone", width: 150 },
          { key: "name", width: 0 },
          { key: "attr:gone", width: 90 },
        ],
      },
      model,
    );
    expect(cols).toEqual([
      { key: "attr:zone", width: 150, label: "Zone" },
      { key: "name", width: 220 },
    ]);
    expect(columnsOfView({ columns: [] }, model)).toEqual(defaultColumns(model));
  });

  it("describes the state in a stable shape and counts conditions", () => {
    const v = currentView({
      columns: [{ key: "name", width: 220.4 }],
      filters: { name: "Alpha", code: " " },
      groupBy: "type",
      sort: { key: "start", direction: -1 },
      pxPerDay: 3,
    });
    expect(v).toEqual({
      columns: [{ key: "name", width: 220 }],
      filters: { name: "Alpha" },
      groupBy: "type",
      sort: { key: "start", direction: -1 },
      scale: "month",
      pxPerDay: 3,
    });
    expect(zoomOfView({ scale: "day" })).toBeGreaterThan(zoomOfView({ scale: "week" }));
    expect(zoomOfView({ scale: "day", pxPerDay: 7 })).toBe(7);
    expect(activeFilterCount({ name: "a", code: "", start: ">01.01.2025" })).toBe(2);
  });
});
