import {
  buildCalendar,
  DEFAULT_SCENARIOS,
  distribute,
  parseDateTime,
  remainingByIntensity,
  scenario,
} from "@planum/engine";
import { describe, expect, it } from "vitest";

describe("calculation scenarios", () => {
  it("default scenarios are 1, 6, 9, 12", () => expect(DEFAULT_SCENARIOS).toEqual([1, 6, 9, 12]));
  it("1 by progress: remaining from the entered percent", () => {
    expect(scenario(1, { duration: 4800, percentComplete: 25 })).toEqual({ percentComplete: 25, remaining: 3600 });
  });
  it("2 target duration and 3 initial duration: elapsed against the reference duration", () => {
    expect(scenario(2, { duration: 4800, targetDuration: 2400, actualDuration: 600 })).toEqual({
      percentComplete: 25,
      remaining: 1800,
    });
    expect(scenario(3, { duration: 4800, actualDuration: 1200 })).toEqual({ percentComplete: 25, remaining: 3600 });
    expect(scenario(3, { duration: 480, actualDuration: 960 })).toEqual({ percentComplete: 100, remaining: 0 });
  });
  it("4 fixed finish: remaining is the working time up to the fixed finish", () => {
    expect(scenario(4, { duration: 4800, actualDuration: 960, minutesToFixedFinish: 2880 })).toEqual({
      percentComplete: 25,
      remaining: 2880,
    });
  });
  it("6 volume by actual duration: the productivity so far carries on", () => {
    // 40 of 100 m3 in 2 days (960 min): 60 m3 left take 3 more days.
    expect(scenario(6, { duration: 4800, actualDuration: 960, plannedVolume: 100, actualVolume: 40 })).toEqual({
      percentComplete: 40,
      remaining: 1440,
    });
    expect(scenario(5, { duration: 4800, plannedVolume: 100, actualVolume: 40 })).toEqual({
      percentComplete: 40,
      remaining: 2880,
    });
  });
  it("9 labour and 12 cost follow the same rule on their own measures", () => {
    expect(scenario(9, { duration: 960, actualDuration: 480, plannedLabour: 16, actualLabour: 4 })).toEqual({
      percentComplete: 25,
      remaining: 1440,
    });
    expect(scenario(12, { duration: 960, actualDuration: 480, plannedCost: 1000, actualCost: 1000 })).toEqual({
      percentComplete: 100,
      remaining: 0,
    });
  });
  it("by intensity: remaining quantity divided by the daily intensity", () => {
    expect(scenario(7, { duration: 4800, plannedVolume: 100, actualVolume: 40, intensity: 20 })).toEqual({
      percentComplete: 40,
      remaining: 1440,
    });
    expect(remainingByIntensity(30, 20, 480)).toBe(720);
    expect(() => remainingByIntensity(30, 0)).toThrow(RangeError);
  });
});

const DAY: [string, string][] = [
  ["08:00", "12:00"],
  ["13:00", "17:00"],
];
const cal = buildCalendar({
  id: "std",
  week: [DAY, DAY, DAY, DAY, DAY, [], []],
  exceptions: [{ date: "2024-01-10", intervals: [["08:00", "12:00"]] }],
});
const start = parseDateTime("2024-01-08T08:00");
const finish = parseDateTime("2024-01-16T17:00");
const sum = (xs: { value: number }[]) => Math.round(xs.reduce((s, x) => s + x.value, 0) * 1e6) / 1e6;

describe("distribution modes", () => {
  it("evenly: by working minutes per day (a half day gets half)", () => {
    const d = distribute(130, cal, start, finish, "evenly");
    expect(d.map((x) => x.date)).toEqual([
      "2024-01-08",
      "2024-01-09",
      "2024-01-10",
      "2024-01-11",
      "2024-01-12",
      "2024-01-15",
      "2024-01-16",
    ]);
    expect(d[0].value).toBe(20);
    expect(d[2].value).toBe(10);
    expect(sum(d)).toBe(130);
  });
  it("start and end put everything on the first or last working day", () => {
    expect(distribute(7, cal, start, finish, "start")).toEqual([{ day: 19730, date: "2024-01-08", value: 7 }]);
    expect(distribute(7, cal, start, finish, "end")).toEqual([{ day: 19738, date: "2024-01-16", value: 7 }]);
  });
  it("by_date puts everything on the given day", () => {
    expect(distribute(5, cal, start, finish, "by_date", { date: parseDateTime("2024-01-11T00:00") })[0].date).toBe(
      "2024-01-11",
    );
  });
  it("by_fact and by_volume follow the given weights, evenly when none apply", () => {
    const weights = { "2024-01-09": 1, "2024-01-11": 3 };
    const d = distribute(8, cal, start, finish, "by_fact", { weights });
    expect(d).toEqual([
      { day: 19731, date: "2024-01-09", value: 2 },
      { day: 19733, date: "2024-01-11", value: 6 },
    ]);
    expect(sum(distribute(8, cal, start, finish, "by_volume", { weights: {} }))).toBe(8);
  });
  it("by_lag starts after the lag", () => {
    const d = distribute(10, cal, start, finish, "by_lag", { lag: 480 * 5 });
    expect(d.map((x) => x.date)).toEqual(["2024-01-15", "2024-01-16"]);
    expect(sum(d)).toBe(10);
  });
  it("by_period gives each week the same share", () => {
    const d = distribute(10, cal, start, finish, "by_period", { period: "week" });
    const week1 = d.filter((x) => x.date < "2024-01-15");
    expect(sum(week1)).toBe(5);
    expect(sum(d)).toBe(10);
  });
});
