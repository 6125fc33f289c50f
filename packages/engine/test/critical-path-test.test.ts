import { criticalPathTest, formatDateTime, type NetworkInput } from "@planum/engine";
import { describe, expect, it } from "vitest";

const DAY: [string, string][] = [
  ["08:00", "12:00"],
  ["13:00", "17:00"],
];

/** A → B → C, one day each, from Monday 13.01.2025; C may carry a finish limit. */
const chain = (finishLimit?: NetworkInput["activities"][number]["finishLimit"]): NetworkInput => ({
  projectStart: "2025-01-13T08:00",
  calendars: [{ id: "std", week: [DAY, DAY, DAY, DAY, DAY, [], []] }],
  defaultCalendar: "std",
  activities: [
    { id: "A", duration: 480 },
    { id: "B", duration: 480 },
    { id: "C", duration: 480, ...(finishLimit ? { finishLimit } : {}) },
  ],
  relations: [
    { from: "A", to: "B", type: "FS" },
    { from: "B", to: "C", type: "FS" },
  ],
});

/** The DCMA critical path test (issue 21): a second engine pass with the last critical work a day longer. */
describe("critical path test", () => {
  it("moves the project finish by the delay on a sound chain", () => {
    const test = criticalPathTest(chain());
    expect(test).toBeDefined();
    expect(test?.id).toBe("C");
    expect(formatDateTime(test!.finishBefore)).toBe("2025-01-15T17:00");
    // One working day later: Thursday evening.
    expect(formatDateTime(test!.finishAfter)).toBe("2025-01-16T17:00");
    expect(test!.finishAfter - test!.finishBefore).toBe(test!.workShift);
  });

  it("does not move a finish a mandatory date holds: the test fails", () => {
    const test = criticalPathTest(chain({ type: "mandatory", date: "2025-01-15T17:00" }));
    expect(test).toBeDefined();
    expect(test!.finishAfter).toBe(test!.finishBefore);
  });

  it("has nothing to delay when every work is finished", () => {
    const done = chain();
    done.activities = done.activities.map((a, k) => ({
      ...a,
      actualStart: `2025-01-1${3 + k}T08:00`,
      actualFinish: `2025-01-1${3 + k}T17:00`,
    }));
    expect(criticalPathTest(done)).toBeUndefined();
  });
});
