import { describe, expect, it } from "vitest";
import { createLabeler } from "./scale-labels";
import {
  addUnits,
  clampZoom,
  GANTT_SCALES,
  isoWeek,
  SCALE_PX_PER_DAY,
  scaleForZoom,
  scrollXFor,
  timeToX,
  unitStart,
  unitTicks,
  xToTime,
} from "./scale-math";
import { T } from "./test-fixture";

describe("scale math", () => {
  it("maps time to x and back at every scale", () => {
    for (const scale of GANTT_SCALES) {
      const v = { origin: T("2025-01-01T00:00"), pxPerDay: SCALE_PX_PER_DAY[scale], scrollX: 120 };
      const t = T("2025-03-15T12:00");
      const x = timeToX(t, v);
      expect(x).toBeCloseTo(((t - v.origin) / 1440) * v.pxPerDay - 120, 6);
      expect(xToTime(x, v)).toBeCloseTo(t, 6);
      // One day is exactly pxPerDay wide.
      expect(timeToX(t + 1440, v) - x).toBeCloseTo(v.pxPerDay, 6);
      expect(scaleForZoom(v.pxPerDay)).toBe(scale);
    }
  });

  it("keeps a time under the same x when zooming", () => {
    const origin = T("2025-01-01T00:00");
    const t = T("2025-06-10T00:00");
    const scrollX = scrollXFor(t, 300, origin, 14);
    expect(timeToX(t, { origin, pxPerDay: 14, scrollX })).toBeCloseTo(300, 6);
    expect(clampZoom(1e9)).toBeLessThan(1000);
    expect(clampZoom(0)).toBeGreaterThan(0);
  });

  it("finds unit starts: ISO weeks from Monday, months, quarters, years, decades", () => {
    const t = T("2025-05-15T10:30"); // a Thursday
    expect(unitStart(t, "day")).toBe(T("2025-05-15T00:00"));
    expect(unitStart(t, "week")).toBe(T("2025-05-12T00:00"));
    expect(unitStart(t, "month")).toBe(T("2025-05-01T00:00"));
    expect(unitStart(t, "quarter")).toBe(T("2025-04-01T00:00"));
    expect(unitStart(t, "year")).toBe(T("2025-01-01T00:00"));
    expect(unitStart(t, "decade")).toBe(T("2020-01-01T00:00"));
    expect(addUnits(T("2025-01-31T00:00"), "day", 1)).toBe(T("2025-02-01T00:00"));
    expect(addUnits(T("2025-11-01T00:00"), "quarter", 1)).toBe(T("2026-02-01T00:00"));
    expect(unitTicks(T("2025-01-10T00:00"), T("2025-03-02T00:00"), "month")).toEqual([
      T("2025-01-01T00:00"),
      T("2025-02-01T00:00"),
      T("2025-03-01T00:00"),
      T("2025-04-01T00:00"),
    ]);
    expect(isoWeek(T("2025-01-01T00:00"))).toBe(1);
    expect(isoWeek(T("2024-12-30T00:00"))).toBe(1);
    expect(isoWeek(T("2021-01-03T00:00"))).toBe(53);
  });

  it("labels header cells in the language, shortening when a cell is narrow", () => {
    const words = { quarter: (n: number) => `Q${n}`, week: (n: number) => `W${n}` };
    const measure = (s: string) => s.length * 7;
    const ru = createLabeler("ru", words, measure);
    const en = createLabeler("en", words, measure);
    const jan = T("2025-01-01T00:00");
    expect(en(jan, "month", 300, true)).toBe("January 2025");
    expect(en(jan, "month", 300, false)).toBe("January");
    expect(en(jan, "month", 40, false)).toBe("Jan");
    expect(ru(jan, "month", 300, false)).toBe("Январь");
    expect(ru(jan, "month", 300, true)).toBe("Январь 2025");
    expect(en(jan, "month", 10, false)).toBe("");
    expect(en(T("2025-05-01T00:00"), "quarter", 200, false)).toBe("Q2 2025");
    expect(en(T("2020-01-01T00:00"), "decade", 200, true)).toBe("2020–2029");
  });
});
