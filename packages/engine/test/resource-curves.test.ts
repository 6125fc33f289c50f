import { buildCalendar, costByPeriod, parseDateTime, periodValue, spreadUnits } from "@planum/engine";
import { describe, expect, it } from "vitest";

const DAY: [string, string][] = [["08:00", "16:00"]];
const week = buildCalendar({ id: "w", week: [DAY, DAY, DAY, DAY, DAY, [], []], exceptions: [] });
// Monday 2025-01-13 08:00 to Friday 2025-01-24 16:00: ten working days over a weekend.
const start = parseDateTime("2025-01-13T08:00");
const finish = parseDateTime("2025-01-24T16:00");

describe("resource curves", () => {
  it("spreads units evenly over working days only, summing to the budget", () => {
    const days = spreadUnits(80, week, start, finish, "evenly");
    expect(days).toHaveLength(10);
    expect(days.every((d) => d.value === 8)).toBe(true);
    expect(days.map((d) => d.date)).not.toContain("2025-01-18");
  });

  it("a bell curve loads the middle, front-loaded the start; both keep the total", () => {
    const bell = spreadUnits(100, week, start, finish, "bell");
    const front = spreadUnits(100, week, start, finish, "front_loaded");
    const sum = (list: { value: number }[]) => Math.round(list.reduce((s, d) => s + d.value, 0) * 1e6) / 1e6;
    expect(sum(bell)).toBe(100);
    expect(sum(front)).toBe(100);
    expect(bell[4].value).toBeGreaterThan(bell[0].value * 3);
    expect(front[0].value).toBeGreaterThan(front[9].value * 5);
  });

  it("costs units at the rate in force each day; the first rate also holds before its date", () => {
    const days = spreadUnits(80, week, start, finish, "evenly");
    // 8 units a day: the first week at 10, the second (from Monday 20th) at 15.
    expect(
      costByPeriod(days, [
        { from: "2025-01-20", pricePerUnit: 15 },
        { from: "2025-01-15", pricePerUnit: 10 },
      ]),
    ).toBe(5 * 8 * 10 + 5 * 8 * 15);
    expect(periodValue([{ from: "2025-02-01", pricePerUnit: 3 }], "2024-01-01")?.pricePerUnit).toBe(3);
    expect(costByPeriod(days, [])).toBe(0);
  });
});
