import { describe, expect, it } from "vitest";
// The generator is shared with bench/run.mjs, so tests and benchmarks measure the same files.
import { generateXerBytes } from "../bench/generate-xer.mjs";
import { readXer, recalculate, scheduleRows } from "../src/index.js";

/*
 * The strict limits (read 4k ≤ 300 ms, schedule 4k ≤ 1.5 s, read 100k ≤ 3 s) are measured by bench/run.mjs on
 * the built package. Here the limits are wide enough for a busy CI machine and still catch a quadratic slip.
 */
describe("large generated XER files", () => {
  it("reads and schedules 4,000 activities and 6,000 relations", () => {
    const { bytes, relations } = generateXerBytes(4000);
    const t0 = performance.now();
    const m = readXer(bytes);
    const read = performance.now() - t0;
    expect(m.activities).toHaveLength(4000);
    expect(m.relations).toHaveLength(relations);
    expect(m.activities[5].name).toBe("Работа 5 — activity 5");
    const rows = scheduleRows(recalculate(m).model);
    const total = performance.now() - t0;
    expect(rows.every((r) => r.earlyStart && r.lateFinish)).toBe(true);
    expect(read).toBeLessThan(3000);
    expect(total).toBeLessThan(15000);
  });

  it("reads 100,000 activities and 150,000 relations", () => {
    // Without assignments to keep the suite short; bench/run.mjs measures the full file.
    const { bytes, relations } = generateXerBytes(100_000, { assignments: false });
    const t0 = performance.now();
    const m = readXer(bytes);
    expect(m.activities).toHaveLength(100_000);
    expect(m.relations).toHaveLength(relations);
    expect(performance.now() - t0).toBeLessThan(30000);
  }, 60_000);
});
