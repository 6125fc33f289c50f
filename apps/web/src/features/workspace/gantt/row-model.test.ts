import { describe, expect, it } from "vitest";
import { generateBenchData } from "./bench/bench-data";
import { parseCellEdit } from "./cell-edit";
import { cellValue } from "./grid-columns";
import { decodeGanttData, GanttDataError, rowOfId } from "./row-model";
import { fixtureData } from "./test-fixture";

describe("decodeGanttData", () => {
  it("decodes columns into typed arrays with relation and tree indexes", () => {
    const m = decodeGanttData(fixtureData());
    expect(m.n).toBe(7);
    expect(m.es).toBeInstanceOf(Int32Array);
    expect(Array.from(m.tree.roots)).toEqual([0, 6]);
    const kids = (i: number) => Array.from(m.tree.children.subarray(m.tree.childStart[i], m.tree.childStart[i + 1]));
    expect(kids(0)).toEqual([1, 2, 3]);
    expect(kids(3)).toEqual([4, 5]);
    expect(Array.from(m.tree.depth)).toEqual([0, 1, 1, 1, 2, 2, 0]);
    // B (2) has one incoming FS from A and one outgoing SS to C.
    expect(Array.from(m.rel.inRel.subarray(m.rel.inStart[2], m.rel.inStart[3]))).toEqual([0]);
    expect(Array.from(m.rel.outRel.subarray(m.rel.outStart[2], m.rel.outStart[3]))).toEqual([1]);
    expect(Number.isNaN(m.totalFloat[6])).toBe(true);
    expect(m.minutesPerDay[0]).toBe(480);
    expect(rowOfId(m, 14)).toBe(4);
    expect(rowOfId(m, 99)).toBe(-1);
  });

  it("shows an elapsed duration in 24-hour days and reads typed days as 24 hours", () => {
    const data = fixtureData();
    // Alpha (row 1) lasts 2,880 minutes: 6 working days of 8 hours, or 2 elapsed days (MS Project's "2 ed").
    data.duration[1] = 2880;
    const plain = decodeGanttData(data);
    expect(cellValue(plain, 1, "duration")).toBe(6);
    data.elapsed = [0, 1, 0, 0, 0, 0, 0];
    const m = decodeGanttData(data);
    expect(cellValue(m, 1, "duration")).toBe(2);
    expect(cellValue(m, 2, "duration")).toBe(1);
    const typed = parseCellEdit(m, 1, "duration", "3");
    expect(typed).toMatchObject({ ok: true, change: { kind: "duration", value: 3 * 1440 } });
    expect(parseCellEdit(m, 2, "duration", "3")).toMatchObject({ ok: true, change: { value: 3 * 480 } });
  });

  it("refuses columns of the wrong length, parents out of range and parent loops", () => {
    const short = fixtureData();
    short.name = short.name.slice(1);
    expect(() => decodeGanttData(short)).toThrow(GanttDataError);
    const far = fixtureData();
    far.parent[2] = 42;
    expect(() => decodeGanttData(far)).toThrow(/parent/);
    const loop = fixtureData();
    loop.parent[0] = 3;
    expect(() => decodeGanttData(loop)).toThrow(/loop/);
    const rel = fixtureData();
    rel.relations.to[0] = 7;
    expect(() => decodeGanttData(rel)).toThrow(/relation/);
  });

  // Its speed is measured by the bench page in Chromium (see CONTEXT.md), not asserted here.
  it("decodes a 50,000-activity payload sent as JSON", () => {
    const m = decodeGanttData(JSON.parse(JSON.stringify(generateBenchData({ activities: 50_000 }))));
    expect(m.n).toBe(50_000);
  }, 60_000);
});
