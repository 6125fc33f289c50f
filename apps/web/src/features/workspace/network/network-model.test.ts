import type { NetworkRelations, NetworkTasks, NetworkWorks } from "@planum/contracts";
import { describe, expect, it } from "vitest";
import { OFFICE } from "../gantt/test-fixture";
import { BOX_H, BOX_W, boxAt, buildNetworkModel, levels } from "./network-model";

// The office week of the Gantt's fixtures: Monday–Friday 08:00–12:00 and 13:00–17:00.
const WEEK_8H = OFFICE.week as [string, string][][];
const WEEK_10H: [string, string][][] = WEEK_8H.map((d) =>
  d.length
    ? [
        ["07:00", "12:00"],
        ["13:00", "18:00"],
      ]
    : [],
);

function works(codes: string[], parent: number[], floats: (number | null)[], calendar: number[]): NetworkWorks {
  const n = codes.length;
  const fill = (v: number) => new Array(n).fill(v);
  return {
    ids: codes.map((_, i) => i + 1),
    parent,
    type: fill(2),
    code: codes,
    name: codes.map((c) => `Work ${c}`),
    calendar,
    duration: fill(480),
    earlyStart: fill(29_000_000),
    earlyFinish: fill(29_000_480),
    lateStart: fill(-1),
    lateFinish: fill(-1),
    actualStart: fill(-1),
    actualFinish: fill(-1),
    totalFloat: floats,
    critical: floats.map((f) => (f === 0 ? 1 : 0)),
    progress: fill(0),
    revision: fill(1),
    calendars: [
      { id: "a", week: WEEK_8H },
      { id: "b", week: WEEK_10H },
    ],
    projectStart: 29_000_000,
    dataDate: -1,
    calcStatus: "calculated",
    versionRevision: 3,
  };
}

describe("network model", () => {
  it("puts each box one column right of its furthest predecessor", () => {
    // 0→1→3, 0→2→3, 2→4, 5 alone
    const level = levels(6, Int32Array.from([0, 0, 1, 2, 2]), Int32Array.from([1, 2, 3, 3, 4]));
    expect([...level]).toEqual([0, 1, 1, 2, 2, 0]);
    // a loop 1→2→1 after 0: the loop's boxes go past the rest instead of vanishing
    expect([...levels(3, Int32Array.from([0, 1, 2]), Int32Array.from([1, 2, 1]))]).toEqual([0, 1, 1]);
  });

  it("packs rows by summary in WBS order, floats in days of each box's calendar, critical relations", () => {
    const tasks: NetworkTasks = { ids: [100], parent: [-1], code: ["S1"], name: ["Каркас"], versionRevision: 3 };
    const w = works(["A", "B", "C", "D"], [100, 100, 100, -1], [0, 0, 1200, 600], [0, 0, 1, 0]);
    const rel: NetworkRelations = {
      ids: [7, 8, 9, 10],
      from: [1, 1, 3, 99],
      to: [2, 3, 4, 2],
      type: [0, 0, 0, 0],
      lag: [0, 0, 0, 0],
      versionRevision: 3,
    };
    const m = buildNetworkModel(tasks, w, rel);
    // the relation from a work not in the answer is left out
    expect(m.rel.count).toBe(3);
    expect([...m.level]).toEqual([0, 1, 1, 2]);
    // B and C share column 1 inside the summary's band: C stacks under B
    expect(m.x[1]).toBe(m.x[2]);
    expect(m.y[2] - m.y[1]).toBeGreaterThanOrEqual(BOX_H);
    // D is under no summary: a second band below the first
    expect(m.bands.map((b) => b.label)).toEqual(["S1 · Каркас", ""]);
    expect(m.y[3]).toBeGreaterThan(m.y[2]);
    // 1200 minutes on the 10-hour calendar are 2 days; 600 on the 8-hour one 1.25 days
    expect(m.floatDays[2]).toBe(2);
    expect(m.floatDays[3]).toBe(1.25);
    expect([...m.rel.critical]).toEqual([1, 0, 0]);
    expect(boxAt(m, m.x[2] + BOX_W / 2, m.y[2] + BOX_H / 2)).toBe(2);
    expect(boxAt(m, m.x[2] - 5, m.y[2])).toBe(-1);
  });
});
