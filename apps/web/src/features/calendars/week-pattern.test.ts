import { describe, expect, it } from "vitest";
import { buildException, kindOf, sortExceptions, weekdayOf } from "./calendar-exceptions";
import { monthTotals, monthWeeks } from "./month-preview-model";
import { formatShifts, parseShifts, parseWeek, presetWeek, weekHours } from "./week-pattern";

describe("week pattern", () => {
  it("reads several shifts in any order, with any dash, and sorts them", () => {
    expect(parseShifts("13:00-17:00, 8:00–12:00")).toEqual({
      ok: true,
      shifts: [
        ["08:00", "12:00"],
        ["13:00", "17:00"],
      ],
    });
    expect(parseShifts("")).toEqual({ ok: true, shifts: [] });
    expect(parseShifts("00:00-24:00")).toEqual({ ok: true, shifts: [["00:00", "24:00"]] });
  });

  it("refuses bad clocks, reversed and overlapping shifts", () => {
    expect(parseShifts("8-12")).toEqual({ ok: false, error: "format" });
    expect(parseShifts("25:00-26:00")).toEqual({ ok: false, error: "format" });
    expect(parseShifts("12:00-08:00")).toEqual({ ok: false, error: "order" });
    expect(parseShifts("08:00-12:00, 11:00-13:00")).toEqual({ ok: false, error: "overlap" });
    const many = Array.from(
      { length: 13 },
      (_, i) => `${String(i).padStart(2, "0")}:00-${String(i).padStart(2, "0")}:30`,
    );
    expect(parseShifts(many.join(","))).toEqual({ ok: false, error: "tooMany" });
  });

  it("round-trips a week through the inputs' text and counts its hours", () => {
    const week = presetWeek("fiveDay");
    const parsed = parseWeek(week.map(formatShifts));
    expect(parsed).toEqual({ ok: true, week });
    expect(weekHours(week)).toBe(40);
    expect(parseWeek(["", "", "", "", "", "", ""])).toEqual({ ok: false, day: 0, error: "empty" });
    expect(parseWeek(["08:00-17:00", "x", "", "", "", "", ""])).toEqual({ ok: false, day: 1, error: "format" });
  });
});

describe("calendar exceptions", () => {
  const week = presetWeek("fiveDay");

  it("accepts the spec's date formats and tells the kind against the week", () => {
    const holiday = buildException({ dateText: "09.05.2025", kind: "holiday", hoursText: "" }, []);
    expect(holiday).toEqual({ ok: true, exception: { date: "2025-05-09", intervals: [] } });
    const saturday = buildException({ dateText: "10.5.25", kind: "workday", hoursText: "09:00-14:00" }, []);
    expect(saturday).toEqual({ ok: true, exception: { date: "2025-05-10", intervals: [["09:00", "14:00"]] } });
    expect(weekdayOf("2025-05-10")).toBe(5);
    if (holiday.ok && saturday.ok) {
      expect(kindOf(holiday.exception, week)).toBe("holiday");
      expect(kindOf(saturday.exception, week)).toBe("workday");
      expect(kindOf({ date: "2025-05-08", intervals: [["08:00", "12:00"]] }, week)).toBe("changed");
    }
  });

  it("refuses unknown dates, a second exception on one day and working days without hours", () => {
    expect(buildException({ dateText: "31.02.2025", kind: "holiday", hoursText: "" }, [])).toEqual({
      ok: false,
      error: "date",
    });
    const existing = [{ date: "2025-05-09", intervals: [] }];
    expect(buildException({ dateText: "09.05.2025", kind: "holiday", hoursText: "" }, existing)).toEqual({
      ok: false,
      error: "duplicate",
    });
    expect(buildException({ dateText: "10.05.2025", kind: "workday", hoursText: " " }, [])).toEqual({
      ok: false,
      error: "needsHours",
    });
    expect(
      sortExceptions([
        { date: "2025-05-09", intervals: [] },
        { date: "2025-01-01", intervals: [] },
      ])[0].date,
    ).toBe("2025-01-01");
  });
});

describe("month preview", () => {
  it("shades May 2025 of a five-day week with the 1st and 9th off and Saturday the 10th worked", () => {
    const weeks = monthWeeks(
      {
        id: "c",
        week: presetWeek("fiveDay"),
        exceptions: [
          { date: "2025-05-01", intervals: [] },
          { date: "2025-05-09", intervals: [] },
          { date: "2025-05-10", intervals: [["09:00", "14:00"]] },
        ],
      },
      2025,
      4,
    );
    const days = weeks.flat().filter((d) => d !== null);
    expect(days).toHaveLength(31);
    // 1 May 2025 is a Thursday: three blanks before it
    expect(weeks[0].slice(0, 3)).toEqual([null, null, null]);
    expect(days[0]).toMatchObject({ day: 1, weekday: 3, minutes: 0, exception: true });
    expect(days[9]).toMatchObject({ day: 10, minutes: 300 });
    expect(days[11]).toMatchObject({ day: 12, minutes: 480 });
    // 22 weekdays, two holidays, one extra Saturday
    expect(monthTotals(weeks)).toEqual({ days: 21, hours: 20 * 8 + 5 });
  });
});
