import { describe, expect, it } from "vitest";
import { parseCellEdit } from "./cell-edit";
import { formatBlock, parseBlock } from "./clipboard";
import { allColumns } from "./grid-columns";
import { clickCell, copyBlock, EMPTY_SELECTION, navigate, pasteBlock } from "./grid-selection";
import { decodeGanttData } from "./row-model";
import { fixtureData, T } from "./test-fixture";

describe("clipboard blocks", () => {
  it("round-trips tab-separated text, quoting tabs, newlines and quotes", () => {
    const rows = [
      ["A", "Pour\tslab", "3,5"],
      ["B", 'say "hi"', "line\nbreak"],
    ];
    const text = formatBlock(rows);
    expect(text).toBe('A\t"Pour\tslab"\t3,5\nB\t"say ""hi"""\t"line\nbreak"');
    expect(parseBlock(text)).toEqual(rows);
  });

  it("reads spreadsheet text: CRLF, trailing newline, empty cells", () => {
    expect(parseBlock("1\t2\r\n3\t\r\n")).toEqual([
      ["1", "2"],
      ["3", ""],
    ]);
    expect(parseBlock("")).toEqual([]);
  });
});

describe("cell edits (spec §5 rules)", () => {
  const model = decodeGanttData(fixtureData());

  it("turns typed values into changes", () => {
    expect(parseCellEdit(model, 1, "duration", " 2,5 ")).toEqual({
      ok: true,
      change: { id: 11, revision: 1, kind: "duration", value: 1200 },
    });
    expect(parseCellEdit(model, 1, "duration", "")).toEqual({ ok: false, error: "number" });
    expect(parseCellEdit(model, 1, "duration", "-1")).toEqual({ ok: false, error: "negative" });
    expect(parseCellEdit(model, 1, "start", "20.01.2025")).toMatchObject({
      ok: true,
      change: { kind: "startLimit", value: { type: "not_earlier", date: T("2025-01-20T00:00") } },
    });
    expect(parseCellEdit(model, 1, "start", "20 Jan")).toEqual({ ok: false, error: "date" });
    // Finish 08.01 from a start on 06.01 08:00 = three working days.
    expect(parseCellEdit(model, 1, "finish", "08.01.2025")).toMatchObject({
      ok: true,
      change: { kind: "duration", value: 1440 },
    });
    expect(parseCellEdit(model, 1, "finish", "01.01.2025")).toEqual({ ok: false, error: "range" });
    expect(parseCellEdit(model, 1, "name", "  New name ")).toMatchObject({
      ok: true,
      change: { kind: "name", value: "New name" },
    });
    expect(parseCellEdit(model, 1, "name", "a<b")).toEqual({ ok: false, error: "prohibited" });
    expect(parseCellEdit(model, 1, "name", " ")).toEqual({ ok: false, error: "required" });
    expect(parseCellEdit(model, 1, "progress", "101")).toEqual({ ok: false, error: "range" });
    expect(parseCellEdit(model, 1, "code", "X")).toEqual({ ok: false, error: "readOnly" });
    expect(parseCellEdit(model, 0, "duration", "3")).toEqual({ ok: false, error: "readOnly" });
    expect(parseCellEdit(model, 1, "attr:zone", "West")).toMatchObject({
      ok: true,
      change: { kind: "attribute", attributeId: "zone", value: "West" },
    });
  });
});

describe("grid selection, copy and paste", () => {
  const model = decodeGanttData(fixtureData());
  const OLD = ["code", "name", "type", "duration", "start", "finish", "totalFloat", "freeFloat", "progress"];
  const columns = allColumns(model).filter((c) => OLD.includes(c.key));
  const list = Int32Array.from([0, 1, 2, 3, 4, 5, 6]);
  const at = (p: number) => list[p];

  it("selects with click, Ctrl and Shift, and moves with keys", () => {
    let sel = clickCell(EMPTY_SELECTION, at, 1, 1, { shift: false, toggle: false });
    sel = clickCell(sel, at, 3, 3, { shift: true, toggle: false });
    expect([...sel.rows].sort()).toEqual([1, 2, 3]);
    sel = clickCell(sel, at, 5, 1, { shift: false, toggle: true });
    expect(sel.rows.has(5)).toBe(true);
    const bounds = { rows: 7, cols: columns.length, page: 3 };
    let nav = navigate(
      clickCell(EMPTY_SELECTION, at, 0, columns.length - 1, { shift: false, toggle: false }),
      at,
      "Tab",
      false,
      bounds,
    );
    expect([nav.activePos, nav.activeCol]).toEqual([1, 0]);
    nav = navigate(nav, at, "ArrowUp", false, bounds);
    nav = navigate(nav, at, "ArrowUp", false, bounds);
    expect(nav.activePos).toBe(0);
    nav = navigate(nav, at, "PageDown", true, bounds);
    expect([...nav.rows].sort()).toEqual([0, 1, 2, 3]);
  });

  it("copies the selected block and pastes it back through the editing rules", () => {
    let sel = clickCell(EMPTY_SELECTION, at, 1, 1, { shift: false, toggle: false });
    sel = clickCell(sel, at, 2, 3, { shift: true, toggle: false });
    const text = (entry: number, column: (typeof columns)[number]) => `${model.code[entry]}:${column.key}`;
    expect(copyBlock(sel, list, columns, text)).toEqual([
      ["A:name", "A:type", "A:duration"],
      ["B:name", "B:type", "B:duration"],
    ]);
    const paste = pasteBlock(model, sel, list, columns, parseBlock("First\tX\t4\nSecond\tY\tbad\n"));
    expect(paste.changes.map((c) => [c.id, c.kind])).toEqual([
      [11, "name"],
      [11, "duration"],
      [12, "name"],
    ]);
    expect(paste.skipped).toBe(3);
    expect(paste.errors).toEqual(["readOnly", "readOnly", "number"]);
  });
});
