import {
  buildCalendar,
  type DemandAssignment,
  type DemandResource,
  demandBuckets,
  demandContributions,
  parseDateTime,
  resourceDemand,
  tryParseDate,
} from "@planum/engine";
import { describe, expect, it } from "vitest";

const DAY: [string, string][] = [["08:00", "16:00"]];
const week = buildCalendar({ id: "w", week: [DAY, DAY, DAY, DAY, DAY, [], []], exceptions: [] });
const day = (s: string) => tryParseDate(s) as number;

// A crew of two (16 h a day) until Sunday 19 January, one person (8 h) from Monday 20th; a helper at 4 h a day;
// a crane with no availability set (unlimited).
const crew: DemandResource = {
  id: "crew",
  calendar: week,
  availability: [
    { from: "2025-01-20", maxUnitsPerDay: 8 },
    { from: "2025-01-01", maxUnitsPerDay: 16 },
  ],
};
const helper: DemandResource = {
  id: "helper",
  calendar: week,
  availability: [{ from: "2025-01-01", maxUnitsPerDay: 4 }],
};
const crane: DemandResource = { id: "crane", calendar: week, availability: [] };
const resources = [crew, helper, crane];

// A: 80 h evenly over Mon 13 – Fri 24 January (8 h a day); B: 30 h over Wed 15 – Fri 17 (10 h a day).
const span = (from: string, to: string) => ({
  start: parseDateTime(`${from}T08:00`),
  finish: parseDateTime(`${to}T16:00`),
});
const assignments: DemandAssignment[] = [
  { resourceId: "crew", units: 80, curve: "evenly", calendar: week, ...span("2025-01-13", "2025-01-24") },
  { resourceId: "crew", units: 30, curve: "evenly", calendar: week, ...span("2025-01-15", "2025-01-17") },
  { resourceId: "crane", units: 40, curve: "evenly", calendar: week, ...span("2025-01-13", "2025-01-17") },
];
const rows = [
  { key: "crew", resourceIds: ["crew"] },
  { key: "crew+helper", resourceIds: ["crew", "helper"] },
  { key: "crane", resourceIds: ["crane"] },
];
const list = (a: ArrayLike<number>) => Array.from(a);

describe("resource demand against availability", () => {
  it("by day: demand, availability on working days only, over-allocated days (hand-computed table)", () => {
    const r = resourceDemand({
      resources,
      assignments,
      rows,
      fromDay: day("2025-01-13"),
      toDay: day("2025-01-27"),
      scale: "day",
    });
    expect(r.bucketStarts).toHaveLength(15);
    const [c, group, cr] = r.rows;
    //                      Mo Tu We  Th  Fr Sa Su Mo Tu We Th Fr Sa Su
    expect(list(c.demand)).toEqual([8, 8, 18, 18, 18, 0, 0, 8, 8, 8, 8, 8, 0, 0]);
    expect(list(c.availability)).toEqual([16, 16, 16, 16, 16, 0, 0, 8, 8, 8, 8, 8, 0, 0]);
    expect(list(c.overDays)).toEqual([0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    // The helper's 4 h make the group's 20 h cover the 18 h demanded.
    expect(list(group.availability)).toEqual([20, 20, 20, 20, 20, 0, 0, 12, 12, 12, 12, 12, 0, 0]);
    expect(list(group.overDays).every((n) => n === 0)).toBe(true);
    // No availability set: unlimited, never over-allocated.
    expect(list(cr.demand).slice(0, 5)).toEqual([8, 8, 8, 8, 8]);
    expect(list(cr.availability).every(Number.isNaN)).toBe(true);
    expect(list(cr.overDays).every((n) => n === 0)).toBe(true);
  });

  it("by week: sums per Monday-to-Sunday week and counts the over-allocated days even when the week's sum fits", () => {
    const r = resourceDemand({
      resources,
      assignments,
      rows,
      fromDay: day("2025-01-13"),
      toDay: day("2025-01-27"),
      scale: "week",
    });
    expect(list(r.bucketStarts)).toEqual([day("2025-01-13"), day("2025-01-20"), day("2025-01-27")]);
    expect(list(r.rows[0].demand)).toEqual([70, 40]);
    expect(list(r.rows[0].availability)).toEqual([80, 40]);
    expect(list(r.rows[0].overDays)).toEqual([3, 0]);
  });

  it("by month: calendar months cut at the range's ends", () => {
    const r = resourceDemand({
      resources,
      assignments,
      rows,
      fromDay: day("2025-01-13"),
      toDay: day("2025-02-03"),
      scale: "month",
    });
    expect(list(r.bucketStarts)).toEqual([day("2025-01-13"), day("2025-02-01"), day("2025-02-03")]);
    // January from the 13th: 5 days × 16 + 10 days × 8 available; the whole 110 h demanded.
    expect(list(r.rows[0].demand)).toEqual([110, 0]);
    expect(list(r.rows[0].availability)).toEqual([160, 0]);
    expect(list(r.rows[0].overDays)).toEqual([3, 0]);
  });

  it("leaves out units outside the range and weeks start on Monday mid-range", () => {
    const r = resourceDemand({
      resources,
      assignments,
      rows,
      fromDay: day("2025-01-16"),
      toDay: day("2025-01-21"),
      scale: "week",
    });
    expect(list(r.bucketStarts)).toEqual([day("2025-01-16"), day("2025-01-20"), day("2025-01-21")]);
    expect(list(r.rows[0].demand)).toEqual([36, 8]);
    expect(list(demandBuckets(day("2025-01-20"), day("2025-01-20"), "day"))).toEqual([day("2025-01-20")]);
  });

  it("names the assignments that make a bar with their units in it", () => {
    expect(demandContributions(assignments, day("2025-01-15"), day("2025-01-16"))).toEqual([
      { index: 0, units: 8 },
      { index: 1, units: 10 },
      { index: 2, units: 8 },
    ]);
    expect(demandContributions(assignments, day("2025-01-18"), day("2025-01-20"))).toEqual([]);
  });
});
