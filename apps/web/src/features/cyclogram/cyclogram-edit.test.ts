import type { Cyclogram } from "@planum/contracts";
import { describe, expect, it } from "vitest";
import { layoutCyclogram } from "./cyclogram-draw";
import { dragDays, segmentAt, shiftSegment } from "./cyclogram-edit";

const DAY = 1440;
const from = Date.UTC(2025, 0, 13) / 60_000;
const seg = (wbsId: number, location: number, day: number, days: number) => ({
  wbsId,
  code: `A${wbsId}`,
  revision: 1,
  location,
  start: from + day * DAY,
  finish: from + (day + days) * DAY,
  critical: false,
});
const chart: Cyclogram = {
  attribute: { id: "a", name: "Этаж" },
  locations: ["1", "2"],
  lines: [
    { workType: "Кладка", color: "#2563eb", segments: [seg(1, 0, 0, 2), seg(2, 1, 2, 2)] },
    { workType: "Штукатурка", color: "#16a34a", segments: [seg(3, 0, 4, 2)] },
  ],
  idle: [],
  crossings: [],
  unplaced: 0,
  from,
  to: from + 10 * DAY,
} as Cyclogram;

describe("editing the cyclogram", () => {
  // 10 days over 800 - 100 - 8 - 16 px; rows of (236 - 36) / 2 = 100 px
  const l = layoutCyclogram(chart, 800, 236, 100);
  const x = (minutes: number) => 100 + 8 + ((minutes - from) / DAY) * l.pxPerDay;

  it("finds the work whose slanted stroke passes under the pointer, nothing beside it", () => {
    // the middle of work 2's stroke: halfway down row 2, halfway between its start and finish
    const mid = (x(from + 2 * DAY) + x(from + 4 * DAY)) / 2;
    expect(segmentAt(chart, l, mid, 36 + 150)).toEqual({ line: 0, segment: 1 });
    expect(segmentAt(chart, l, x(from + 4 * DAY) + 1, 36 + 2)).toEqual({ line: 1, segment: 0 });
    expect(segmentAt(chart, l, mid + 30, 36 + 150)).toBeNull();
    expect(segmentAt(chart, l, mid, 10)).toBeNull();
  });

  it("moves a work by whole days of the drag and leaves the others", () => {
    expect(dragDays(l, l.pxPerDay * 2.6)).toBe(3);
    expect(dragDays(l, -l.pxPerDay * 0.4)).toBe(0);
    const moved = shiftSegment(chart, { line: 0, segment: 1 }, 3);
    expect(moved.lines[0].segments[1]).toMatchObject({ start: from + 5 * DAY, finish: from + 7 * DAY });
    expect(moved.lines[0].segments[0]).toBe(chart.lines[0].segments[0]);
    expect(moved.lines[1]).toBe(chart.lines[1]);
    expect(shiftSegment(chart, { line: 0, segment: 1 }, 0)).toBe(chart);
  });
});
