import { describe, expect, it } from "vitest";
import { compileFilter, type FilterCondition, parseFilterText, type ValueKind } from "./filter-ops";
import { filterRows } from "./row-filter";
import { decodeGanttData } from "./row-model";
import { fixtureData, T } from "./test-fixture";

const test = (text: string, kind: ValueKind) => {
  const cond = parseFilterText(text, kind) as FilterCondition;
  return compileFilter(cond, kind);
};

describe("filter operators", () => {
  it("reads the prefixes of the filter row into the spec's operators", () => {
    expect(parseFilterText("", "number")).toBeNull();
    expect(parseFilterText(">5", "number")).toEqual({ op: "gt", value: 5 });
    expect(parseFilterText(">= 2,5", "number")).toEqual({ op: "gte", value: 2.5 });
    expect(parseFilterText("<3", "number")).toEqual({ op: "lt", value: 3 });
    expect(parseFilterText("<=3", "number")).toEqual({ op: "lte", value: 3 });
    expect(parseFilterText("!=3", "number")).toEqual({ op: "ne", value: 3 });
    expect(parseFilterText("3", "number")).toEqual({ op: "eq", value: 3 });
    expect(parseFilterText("1..4", "number")).toEqual({ op: "range", value: 1, value2: 4 });
    expect(parseFilterText("*", "text")).toEqual({ op: "exists" });
    expect(parseFilterText("!*", "text")).toEqual({ op: "not_exists" });
    expect(parseFilterText("beton", "text")).toEqual({ op: "like", value: "beton" });
    expect(parseFilterText("!~beton", "text")).toEqual({ op: "not_like", value: "beton" });
    expect(parseFilterText("=A1", "text")).toEqual({ op: "eq_text", value: "A1" });
    expect(parseFilterText("=A1|", "text")).toEqual({ op: "eq_text_or_null", value: "A1" });
    expect(parseFilterText("<>A1", "text")).toEqual({ op: "ne_text", value: "A1" });
    expect(parseFilterText("{1;2}", "number")).toEqual({ op: "filter_by_list", list: [1, 2] });
    expect(parseFilterText("!{a;b}", "text")).toEqual({ op: "filter_by_exclude_list", list: ["a", "b"] });
    // Unreadable input is undefined so the cell can be marked invalid.
    expect(parseFilterText(">abc", "number")).toBeUndefined();
    expect(parseFilterText("32.13.2025", "date")).toBeUndefined();
  });

  it("compares numbers, text and dates", () => {
    expect(test(">5", "number")(6)).toBe(true);
    expect(test(">5", "number")(5)).toBe(false);
    expect(test(">5", "number")(null)).toBe(false);
    expect(test("!=5", "number")(null)).toBe(true);
    expect(test("1..4", "number")(4)).toBe(true);
    expect(test("1..4", "number")(4.1)).toBe(false);
    expect(test("con", "text")("Concrete")).toBe(true);
    expect(test("c*te", "text")("Concrete")).toBe(true);
    expect(test("!~con", "text")("Concrete")).toBe(false);
    expect(test("=alpha", "text")("Alpha")).toBe(true);
    expect(test("=alpha|", "text")(null)).toBe(true);
    expect(test("{a;b}", "text")("B")).toBe(true);
    expect(test("!{a;b}", "text")("c")).toBe(true);
    expect(test("*", "number")(0)).toBe(true);
    expect(test("!*", "number")(Number.NaN)).toBe(true);
    // Dates compare by day: any time on 15.01.2025 equals that day, and ≤ includes the whole day.
    expect(test("15.01.2025", "date")(T("2025-01-15T16:30"))).toBe(true);
    expect(test("<=15.01.25", "date")(T("2025-01-15T23:00"))).toBe(true);
    expect(test("<15.01.2025", "date")(T("2025-01-15T08:00"))).toBe(false);
    expect(test("01.01.2025..31.01.2025", "date")(T("2025-01-20T08:00"))).toBe(true);
  });

  it("filters rows of the model by several columns (summaries only through their rows)", () => {
    const model = decodeGanttData(fixtureData());
    expect(filterRows(model, {})).toBeNull();
    expect(Array.from(filterRows(model, { name: "a" }) as Uint8Array)).toEqual([0, 1, 1, 0, 1, 1, 1]);
    expect(Array.from(filterRows(model, { name: "a", "attr:zone": "north" }) as Uint8Array)).toEqual([
      0, 1, 0, 0, 1, 0, 0,
    ]);
    expect(Array.from(filterRows(model, { duration: ">=2" }) as Uint8Array)).toEqual([0, 1, 0, 0, 1, 0, 0]);
  });
});
