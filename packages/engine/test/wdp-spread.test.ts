import { buildCalendar, parseDateTime, seriesUnits, setDays, spreadTotal, valueAt } from "@planum/engine";
import { describe, expect, it } from "vitest";

/**
 * A week of 8-hour days (Monday to Friday), the weekend off, Wednesday 2024-01-10 a holiday and Friday 2024-01-12 a
 * half day. The work runs from Monday 2024-01-08 08:00 to Tuesday 2024-01-16 17:00: working minutes per day are
 * Mon 8 = 480, Tue 9 = 480, Wed 10 = 0, Thu 11 = 480, Fri 12 = 240, Sat/Sun 0, Mon 15 = 480, Tue 16 = 480 (2640).
 * Day numbers: 2024-01-08 is 19730.
 */
const DAY: [string, string][] = [
  ["08:00", "12:00"],
  ["13:00", "17:00"],
];
const cal = buildCalendar({
  id: "site",
  week: [DAY, DAY, DAY, DAY, DAY, [], []],
  exceptions: [
    { date: "2024-01-10", intervals: [] },
    { date: "2024-01-12", intervals: [["08:00", "12:00"]] },
  ],
});
const start = parseDateTime("2024-01-08T08:00");
const finish = parseDateTime("2024-01-16T17:00");
const MON8 = 19730;

describe("work-done plan distribution", () => {
  it("evenly: by working minutes, holidays and the weekend get nothing, the half day half", () => {
    expect(spreadTotal(11, cal, start, finish, "evenly", { decimals: 0 })).toEqual({
      start: MON8,
      values: [2, 2, 0, 2, 1, 0, 0, 2, 2],
    });
  });

  it("rounding: differences of the rounded running total, the last day closes it exactly", () => {
    // 10 over weights 480,480,480,240,480,480: running shares 1.82, 3.64, 5.45, 6.36, 8.18, 10 → 2,4,5,6,8,10.
    const s = spreadTotal(10, cal, start, finish, "evenly", { decimals: 0 });
    expect(s.values).toEqual([2, 2, 0, 1, 1, 0, 0, 2, 2]);
    // 1 m³ over three equal days in the measure's 3 decimals.
    const three = spreadTotal(1, cal, parseDateTime("2024-01-15T08:00"), parseDateTime("2024-01-17T17:00"), "evenly");
    expect(three).toEqual({ start: MON8 + 7, values: [0.333, 0.334, 0.333] });
    expect(seriesUnits(three)).toBe(1000);
    const big = spreadTotal(1234.567, cal, start, finish, "evenly");
    expect(seriesUnits(big)).toBe(1_234_567);
  });

  it("start and end: everything on the first or the last working day", () => {
    expect(spreadTotal(7, cal, start, finish, "start")).toEqual({ start: MON8, values: [7] });
    expect(spreadTotal(7, cal, start, finish, "end")).toEqual({ start: MON8 + 8, values: [7] });
    // A work starting on the holiday: its first working day is Thursday.
    expect(spreadTotal(7, cal, parseDateTime("2024-01-10T08:00"), finish, "start").start).toBe(MON8 + 3);
  });

  it("by_date: evenly over the working days between two dates, both included", () => {
    // Wed (holiday) to Fri (half day): 480 and 240 minutes → 4 and 2.
    expect(spreadTotal(6, cal, start, finish, "by_date", { from: MON8 + 2, to: MON8 + 4 })).toEqual({
      start: MON8 + 3,
      values: [4, 2],
    });
    // Only the weekend between the dates: the first date takes everything.
    expect(spreadTotal(5, cal, start, finish, "by_date", { from: MON8 + 5, to: MON8 + 6 })).toEqual({
      start: MON8 + 5,
      values: [5],
    });
  });

  it("by_fact: past days keep their facts, the rest goes evenly over the working days after them", () => {
    // Facts 3 (Mon) and 2 (Tue), today is Thursday: 6 left over Fri 240, Mon 480, Tue 480 → 1.2, 3.6, 6 → 1, 3, 2.
    const s = spreadTotal(11, cal, start, finish, "by_fact", {
      decimals: 0,
      facts: { start: MON8, values: [3, 2] },
      after: MON8 + 3,
    });
    expect(s).toEqual({ start: MON8, values: [3, 2, 0, 0, 1, 0, 0, 3, 2] });
    // Facts up to the last day and still 6 to do: the next working day (Wednesday the 17th) carries them.
    expect(
      spreadTotal(10, cal, start, finish, "by_fact", { decimals: 0, facts: { start: MON8 + 8, values: [4] } }),
    ).toEqual({ start: MON8 + 8, values: [4, 6] });
    // Facts beyond the total: nothing more is planned.
    expect(spreadTotal(3, cal, start, finish, "by_fact", { facts: { start: MON8, values: [5] } })).toEqual({
      start: MON8,
      values: [5],
    });
  });

  it("by_lag: the first working days carry nothing, the rest evenly", () => {
    // Two working days of lag (Mon, Tue): Thu 480, Fri 240, Mon 480, Tue 480 → running 2, 3, 5, 7.
    expect(spreadTotal(7, cal, start, finish, "by_lag", { decimals: 0, lagDays: 2 })).toEqual({
      start: MON8 + 3,
      values: [2, 1, 0, 0, 2, 2],
    });
    // A lag longer than the work: the last working day takes it all.
    expect(spreadTotal(7, cal, start, finish, "by_lag", { lagDays: 20 })).toEqual({ start: MON8 + 8, values: [7] });
  });

  it("by_period: every week the same share, evenly inside it", () => {
    // Week 1 (1680 min) and week 2 (960 min) each carry 6: 12·(2/7, 4/7, 6/7, 1, 1.5, 2)/2 → 2, 3, 5, 6, 9, 12.
    expect(spreadTotal(12, cal, start, finish, "by_period", { decimals: 0, period: "week" })).toEqual({
      start: MON8,
      values: [2, 1, 0, 2, 1, 0, 0, 3, 3],
    });
    // One month: the same as evenly.
    expect(spreadTotal(11, cal, start, finish, "by_period", { decimals: 0, period: "month" }).values).toEqual([
      2, 2, 0, 2, 1, 0, 0, 2, 2,
    ]);
  });

  it("by_volume: labour and cost follow the volume plan's shape", () => {
    const volume = { start: MON8, values: [10, 0, 0, 30, 10] };
    expect(spreadTotal(100, cal, start, finish, "by_volume", { curve: volume })).toEqual({
      start: MON8,
      values: [20, 0, 0, 60, 20],
    });
    // Without a volume plan: evenly.
    expect(spreadTotal(11, cal, start, finish, "by_volume", { decimals: 0 }).values).toEqual([
      2, 2, 0, 2, 1, 0, 0, 2, 2,
    ]);
  });

  it("fixed days keep their values, the rest of the total goes over the other days by the mode", () => {
    // Tue 9 keeps 5: 6 left over Mon 8, Thu 11, Fri 12 (half), Mon 15, Tue 16 (2160 minutes): running shares 1.33,
    // 2.67, 3.33, 4.67, 6 → 1, 3, 3, 5, 6.
    const fixed = { start: MON8 + 1, values: [5] };
    expect(spreadTotal(11, cal, start, finish, "evenly", { decimals: 0, fixed })).toEqual({
      start: MON8,
      values: [1, 5, 0, 2, 0, 0, 0, 2, 1],
    });
    expect(spreadTotal(11, cal, start, finish, "end", { decimals: 0, fixed })).toEqual({
      start: MON8 + 1,
      values: [5, 0, 0, 0, 0, 0, 0, 6],
    });
    // Every day fixed (a plan wholly before the entry period): the plan stays as it is.
    const all = { start: MON8, values: [2, 2, 0, 2, 1, 0, 0, 2, 2] };
    expect(spreadTotal(11, cal, start + 1440, finish + 1440, "evenly", { decimals: 0, fixed: all })).toEqual(all);
  });

  it("a negative or non-numeric total is refused", () => {
    expect(() => spreadTotal(-1, cal, start, finish, "evenly")).toThrow(RangeError);
    expect(() => spreadTotal(Number.NaN, cal, start, finish, "evenly")).toThrow(RangeError);
  });

  it("setDays edits a series and trims its zeros; valueAt reads a day", () => {
    const s = setDays({ start: MON8, values: [1, 0, 2] }, [
      [MON8, 0],
      [MON8 + 5, 4],
    ]);
    expect(s).toEqual({ start: MON8 + 2, values: [2, 0, 0, 4] });
    expect(valueAt(s, MON8 + 5)).toBe(4);
    expect(valueAt(s, MON8)).toBe(0);
    expect(
      setDays(s, [
        [MON8 + 2, 0],
        [MON8 + 5, 0],
      ]).values,
    ).toEqual([]);
  });
});
