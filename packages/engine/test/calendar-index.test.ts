import { buildCalendar, EngineInputError, formatDateTime, parseDateTime } from "@planum/engine";
import { describe, expect, it } from "vitest";

const DAY: [string, string][] = [
  ["08:00", "12:00"],
  ["13:00", "17:00"],
];
const cal = buildCalendar({
  id: "std",
  week: [DAY, DAY, DAY, DAY, DAY, [], []],
  exceptions: [
    { date: "2024-01-12", intervals: [] },
    { date: "2024-01-13", intervals: [["09:00", "11:00"]] },
  ],
});
const t = parseDateTime;
const f = formatDateTime;

describe("date helpers", () => {
  it("parses and formats wall-clock minutes without time zones", () => {
    expect(t("1970-01-01T00:00")).toBe(0);
    expect(t("2024-02-29T23:59")).toBe(Date.UTC(2024, 1, 29, 23, 59) / 60000);
    expect(f(t("2024-02-29T23:59"))).toBe("2024-02-29T23:59");
    expect(f(t("1969-12-31T22:30"))).toBe("1969-12-31T22:30");
  });
  it("rejects malformed dates", () => {
    for (const bad of ["2023-02-29T08:00", "2024-13-01T08:00", "2024-01-01 08:00", "2024-01-01T24:00", "x"]) {
      expect(() => t(bad)).toThrow(RangeError);
    }
  });
});

describe("calendar arithmetic", () => {
  it("adds working time across the lunch break, a weekend and a holiday; finishes snap back", () => {
    expect(f(cal.addWorking(t("2024-01-08T08:00"), 480))).toBe("2024-01-08T17:00");
    expect(f(cal.addWorking(t("2024-01-08T10:00"), 240))).toBe("2024-01-08T15:00");
    expect(f(cal.addWorking(t("2024-01-08T08:00"), 240))).toBe("2024-01-08T12:00");
    // Thursday 17:00 + 1 day: Friday is a holiday, Saturday works 09-11 (2 h), then Monday.
    expect(f(cal.addWorking(t("2024-01-11T17:00"), 480))).toBe("2024-01-15T15:00");
  });
  it("subtracts working time; starts snap forward", () => {
    expect(f(cal.subtractWorking(t("2024-01-08T17:00"), 480))).toBe("2024-01-08T08:00");
    expect(f(cal.subtractWorking(t("2024-01-15T10:00"), 240))).toBe("2024-01-13T09:00");
    expect(f(cal.subtractWorking(t("2024-01-09T13:00"), 240))).toBe("2024-01-09T08:00");
  });
  it("measures working time between two moments, negative backwards", () => {
    expect(cal.workingBetween(t("2024-01-08T08:00"), t("2024-01-15T08:00"))).toBe(4 * 480 + 120);
    expect(cal.workingBetween(t("2024-01-15T08:00"), t("2024-01-08T08:00"))).toBe(-(4 * 480 + 120));
    expect(cal.workingBetween(t("2024-01-08T12:00"), t("2024-01-08T13:00"))).toBe(0);
  });
  it("knows working moments and the nearest working start and end", () => {
    expect(cal.isWorking(t("2024-01-08T08:00"))).toBe(true);
    expect(cal.isWorking(t("2024-01-08T12:00"))).toBe(false);
    expect(cal.isWorking(t("2024-01-12T10:00"))).toBe(false);
    expect(f(cal.nextWorkingStart(t("2024-01-08T12:30")))).toBe("2024-01-08T13:00");
    expect(f(cal.nextWorkingStart(t("2024-01-11T17:00")))).toBe("2024-01-13T09:00");
    expect(f(cal.prevWorkingEnd(t("2024-01-15T08:00")))).toBe("2024-01-13T11:00");
    expect(f(cal.prevWorkingEnd(t("2024-01-08T10:00")))).toBe("2024-01-08T10:00");
  });
  it("extends its index lazily far into the future and the past", () => {
    const later = cal.addWorking(t("2024-01-08T08:00"), 480 * 260 * 20);
    expect(f(later).slice(0, 4)).toBe("2043");
    expect(cal.workingBetween(t("2024-01-08T08:00"), later)).toBe(480 * 260 * 20);
    const earlier = cal.subtractWorking(t("2024-01-08T08:00"), 480 * 260 * 10);
    expect(f(earlier).slice(0, 4)).toBe("2014");
  });
  it("exposes day intervals for shading", () => {
    expect(cal.dayWorkMinutes(Math.floor(t("2024-01-13T00:00") / 1440))).toBe(120);
    expect(cal.dayIntervals(Math.floor(t("2024-01-08T00:00") / 1440)).map(f)).toEqual([
      "2024-01-08T08:00",
      "2024-01-08T12:00",
      "2024-01-08T13:00",
      "2024-01-08T17:00",
    ]);
  });
  it("merges overlapping intervals and accepts 24:00", () => {
    const c = buildCalendar({
      id: "x",
      week: Array.from({ length: 7 }, () => [
        ["00:00", "10:00"],
        ["08:00", "24:00"],
      ]) as never,
    });
    expect(c.workingBetween(t("2024-01-08T00:00"), t("2024-01-09T00:00"))).toBe(1440);
  });
  it("rejects calendars without working time or with malformed intervals", () => {
    expect(() => buildCalendar({ id: "none", week: [[], [], [], [], [], [], []] })).toThrow(EngineInputError);
    expect(() => buildCalendar({ id: "bad", week: [[["8:00", "12:00"]], [], [], [], [], [], []] })).toThrow(
      /calendar "bad"/,
    );
  });
});
