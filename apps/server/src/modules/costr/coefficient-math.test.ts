import { describe, expect, it } from "vitest";
import { addTotals, priceParts, ZERO_TOTALS } from "./coefficient-math.js";

const base = { ...ZERO_TOTALS, wages: 1000, machines: 500, materials: 2000, labourHours: 12.5 };

describe("cost coefficients applied in order", () => {
  it("prices a position as an estimator does by hand", () => {
    // Regional ×1.15 on wages and machines: 1150, 575. Winter ×1.02 on all direct parts: 1173, 586.5, 2040.
    // Overhead 12% of 3799.50 = 455.94. Profit 8% of 4255.44 = 340.4352 → 340.44. Indexation ×7.5 on materials only:
    // 15300. Total 1173 + 586.5 + 15300 + 455.94 + 340.44 = 17855.88.
    const priced = priceParts(base, [
      { kind: "regional", value: 1.15, parts: ["wages", "machines"] },
      { kind: "winter", value: 1.02, parts: ["wages", "machines", "materials"] },
      { kind: "overhead", value: 12, parts: [] },
      { kind: "profit", value: 8, parts: [] },
      { kind: "indexation", value: 7.5, parts: ["materials"] },
    ]);
    expect(priced).toEqual({
      wages: 1173,
      machines: 586.5,
      materials: 15300,
      overhead: 455.94,
      profit: 340.44,
      total: 17855.88,
      labourHours: 12.5,
    });
  });

  it("gives another answer in another order (indexation before overhead raises the overhead too)", () => {
    const overheadFirst = priceParts(base, [
      { kind: "overhead", value: 10, parts: [] },
      { kind: "indexation", value: 2, parts: ["materials"] },
    ]);
    const indexationFirst = priceParts(base, [
      { kind: "indexation", value: 2, parts: ["materials"] },
      { kind: "overhead", value: 10, parts: [] },
    ]);
    expect(overheadFirst).toMatchObject({ materials: 4000, overhead: 350, total: 5850 });
    expect(indexationFirst).toMatchObject({ materials: 4000, overhead: 550, total: 6050 });
  });

  it("rounds after every step and sums without float dust", () => {
    const third = priceParts({ ...ZERO_TOTALS, wages: 0.1 }, [{ kind: "regional", value: 1 / 3, parts: ["wages"] }]);
    expect(third.wages).toBe(0.03);
    const sum = addTotals(Array.from({ length: 10 }, () => ({ ...ZERO_TOTALS, wages: 0.1, total: 0.1 })));
    expect(sum).toMatchObject({ wages: 1, total: 1 });
  });
});
