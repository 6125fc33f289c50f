import { describe, expect, it } from "vitest";
import { evaluateFormula, FormulaError, indicatorOrder, namesOf, parseFormula } from "./indicator-formula.js";

const figures: Record<string, number | null> = { ev: 200, pv: 400, ac: 300, works: 4, critical: 1, none: null };
const value = (text: string) => evaluateFormula(parseFormula(text), (name) => figures[name] ?? null);
const refusal = (text: string) => {
  try {
    parseFormula(text);
  } catch (error) {
    return error instanceof FormulaError ? [error.reason, error.position] : error;
  }
  return null;
};

describe("indicator formulas", () => {
  it("computes arithmetic over figures with precedence, unary minus and functions", () => {
    expect(value("ev / pv")).toBe(0.5);
    expect(value("(ev - ac) / pv * 100")).toBe(-25);
    expect(value("-critical / works + 1")).toBe(0.75);
    expect(value("max(ev, ac, 10) - min(1, 2)")).toBe(299);
    expect(value("abs(ev - ac)")).toBe(100);
    expect(value("1.5e2 + .5")).toBe(150.5);
    // A name without a value or a divisor that turns out zero: no value, never Infinity.
    expect(value("none * 2")).toBeNull();
    expect(value("ev / (works - 4)")).toBeNull();
    expect([...namesOf(parseFormula("EV / pv + max(ev, works)"))].sort()).toEqual(["ev", "pv", "works"]);
  });

  it("refuses what does not parse, at the place it stops, and a literal division by zero", () => {
    expect(refusal("ev /")).toEqual(["syntax", 4]);
    expect(refusal("ev # 2")).toEqual(["syntax", 3]);
    expect(refusal("(ev")).toEqual(["syntax", 3]);
    expect(refusal("sqrt(ev)")).toEqual(["syntax", 0]);
    expect(refusal("abs(ev, pv)")).toEqual(["syntax", 0]);
    expect(refusal("ev / 0")).toEqual(["division_by_zero", 5]);
    expect(refusal("ev / (3 - 3)")).toEqual(["division_by_zero", 5]);
    expect(refusal("ev / (works - 4)")).toBeNull();
  });

  it("orders indicators so each reads computed ones, and names a loop", () => {
    const reads = new Map([
      ["a", new Set(["b", "ev"])],
      ["b", new Set(["pv"])],
    ]);
    expect(indicatorOrder(reads)).toEqual({ order: ["b", "a"] });
    reads.set("b", new Set(["a"]));
    expect(indicatorOrder(reads)).toEqual({ cycle: ["a", "b", "a"] });
  });
});
