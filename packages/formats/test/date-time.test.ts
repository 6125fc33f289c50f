import { describe, expect, it } from "vitest";
import { parseDateTime, serialToDate } from "../src/util/date-time.js";

describe("dates as schedule files write them", () => {
  it.each([
    ["2024-03-05 08:00", "2024-03-05T08:00"], // XER
    ["2024-3-5 8:00", "2024-03-05T08:00"], // P6 versions with single-digit fields
    ["2024-03-05T08:00:00", "2024-03-05T08:00"], // XML
    ["2024-03-05", "2024-03-05T00:00"],
    ["05.3.2024", "2024-03-05T00:00"], // the spec's DD.M.YYYY
    ["05.03.2024 17:30", "2024-03-05T17:30"],
    ["05.03.24", "2024-03-05T00:00"],
    ["05.мар.2024", "2024-03-05T00:00"],
    ["05.марта.2024", "2024-03-05T00:00"],
    ["05.Mar.2024", "2024-03-05T00:00"],
    ["05.févr.2024", "2024-02-05T00:00"],
    ["02-Oct-19 08:00", "2019-10-02T08:00"],
  ])("%s → %s", (text, expected) => {
    expect(parseDateTime(text)).toBe(expected);
  });

  it("reads US month-first dates only when asked, and refuses impossible dates instead of rolling them over", () => {
    expect(parseDateTime("03/05/2024 1:30 PM", "mdy")).toBe("2024-03-05T13:30");
    expect(parseDateTime("2023-02-29 08:00")).toBeUndefined();
    expect(parseDateTime("31.04.2024")).toBeUndefined();
    expect(parseDateTime("not a date")).toBeUndefined();
  });

  it("turns P6 calendar serial days into dates without a time-zone shift", () => {
    expect(serialToDate(45292)).toBe("2024-01-01");
    expect(serialToDate(43650)).toBe("2019-07-04");
  });
});
