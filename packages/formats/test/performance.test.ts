import { describe, expect, it } from "vitest";
// The generator is shared with bench/run.mjs, so tests and benchmarks measure the same files.
import { generateXerBytes } from "../bench/generate-xer.mjs";
import { readXer, recalculate, scheduleRows } from "../src/index.js";

/* Their speed (read 4k ≤ 300 ms, schedule 4k ≤ 1.5 s, read 100k ≤ 3 s) is measured by bench/run.mjs, not here. */
describe("large generated XER files", () => {
  it("reads and schedules 4,000 activities and 6,000 relations", () => {
    const { bytes, relations } = generateXerBytes(4000);
    const m = readXer(bytes);
    expect(m.activities).toHaveLength(4000);
    expect(m.relations).toHaveLength(relations);
    expect(m.activities[5].name).toBe("Работа 5 — activity 5");
    const rows = scheduleRows(recalculate(m).model);
    expect(rows.every((r) => r.earlyStart && r.lateFinish)).toBe(true);
  });

  it("reads 100,000 activities and 150,000 relations", () => {
    // Without assignments to keep the suite short; bench/run.mjs measures the full file.
    const { bytes, relations } = generateXerBytes(100_000, { assignments: false });
    const m = readXer(bytes);
    expect(m.activities).toHaveLength(100_000);
    expect(m.relations).toHaveLength(relations);
  }, 60_000);
});
