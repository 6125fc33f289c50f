import { describe, expect, it } from "vitest";
import { locationOrder, weekdaysBetween } from "./cyclogram-lines.js";

const at = (date: string, hour: number) =>
  Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8)) / 60_000 + hour * 60;

describe("cyclogram lines", () => {
  it("counts a weekend as no wait, a weekday without work as one", () => {
    // Friday 17:00 → Monday 08:00
    expect(weekdaysBetween(at("2025-01-17", 17), at("2025-01-20", 8))).toBe(0);
    // Tuesday 17:00 → Thursday 08:00: Wednesday idle
    expect(weekdaysBetween(at("2025-01-14", 17), at("2025-01-16", 8))).toBe(1);
    // next morning
    expect(weekdaysBetween(at("2025-01-14", 17), at("2025-01-15", 8))).toBe(0);
  });

  it("orders locations as the list does, numbers ascending, text naturally", () => {
    expect(locationOrder("list", ["Подвал", "1 этаж", "2 этаж"], ["2 этаж", "Подвал", "Кровля"])).toEqual([
      "Подвал",
      "2 этаж",
      "Кровля",
    ]);
    expect(locationOrder("number", null, ["10", "2", "1"])).toEqual(["1", "2", "10"]);
    expect(locationOrder("string", null, ["Секция 10", "Секция 2"])).toEqual(["Секция 2", "Секция 10"]);
  });
});
