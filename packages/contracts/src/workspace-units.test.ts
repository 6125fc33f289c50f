import { describe, expect, it } from "vitest";
import {
  calendarMinutesPerDay,
  createDaysFormat,
  daysToMinutes,
  displayDays,
  lagMinutesPerDay,
  relationText,
} from "./workspace-units.js";

const DAY: [string, string][] = [
  ["08:00", "12:00"],
  ["13:00", "17:00"],
];
const TWO_SHIFTS: [string, string][] = [
  ["07:00", "12:00"],
  ["13:00", "19:00"],
];

describe("one rule for days", () => {
  it("reads a calendar's hours per day from its usual working day", () => {
    expect(calendarMinutesPerDay([DAY, DAY, DAY, DAY, DAY, [], []])).toBe(480);
    expect(calendarMinutesPerDay([TWO_SHIFTS, TWO_SHIFTS, TWO_SHIFTS, TWO_SHIFTS, TWO_SHIFTS, TWO_SHIFTS, []])).toBe(
      660,
    );
    // A short Friday does not make the week's day shorter.
    expect(calendarMinutesPerDay([DAY, DAY, DAY, DAY, [["08:00", "12:00"]], [], []])).toBe(480);
    expect(calendarMinutesPerDay([[["00:00", "24:00"]], [], [], [], [], [], []])).toBe(1440);
    expect(calendarMinutesPerDay([[], [], [], [], [], [], []])).toBe(480);
    expect(calendarMinutesPerDay(null)).toBe(480);
  });

  it("turns minutes into days and back by the same day", () => {
    expect(displayDays(3264, 480)).toBe(6.8);
    expect(displayDays(-720, 480)).toBe(-1.5);
    expect(displayDays(null, 480)).toBeNull();
    expect(daysToMinutes(6.8, 480)).toBe(3264);
    expect(daysToMinutes(2, 660)).toBe(1320);
  });

  it("formats days in the user's language", () => {
    expect(createDaysFormat("ru")(720, 480)).toBe("1,5");
    expect(createDaysFormat("en")(720, 480)).toBe("1.5");
    expect(createDaysFormat("fr")(-720, 480)).toBe("-1,5");
    expect(createDaysFormat("en")(null, 480)).toBe("");
  });

  it("shows a lag in days of the calendar it runs on", () => {
    const ends = { predecessor: 480, successor: 660, project: 480 };
    expect(lagMinutesPerDay("predecessor", ends)).toBe(480);
    expect(lagMinutesPerDay("successor", ends)).toBe(660);
    expect(lagMinutesPerDay("24h", ends)).toBe(1440);
  });

  it("writes a relation as P6 lists it", () => {
    expect(relationText("A10", "fs", 0, "0", "d")).toBe("A10 FS");
    expect(relationText("A10", "fs", 960, "2", "d")).toBe("A10 FS+2d");
    expect(relationText("A20", "ss", -720, "-1,5", "д")).toBe("A20 SS-1,5д");
  });
});
