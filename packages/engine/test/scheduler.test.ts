import { createScheduler, EngineInputError, type NetworkInput, schedule } from "@planum/engine";
import { describe, expect, it } from "vitest";

const DAY: [string, string][] = [
  ["08:00", "12:00"],
  ["13:00", "17:00"],
];

/** A chain A → B → C plus a side branch D → C with float. */
const network = (): NetworkInput => ({
  projectStart: "2024-01-08T08:00",
  calendars: [{ id: "std", week: [DAY, DAY, DAY, DAY, DAY, [], []] }],
  defaultCalendar: "std",
  activities: [
    { id: "A", duration: 960 },
    { id: "B", duration: 960 },
    { id: "C", duration: 480 },
    { id: "D", duration: 480 },
  ],
  relations: [
    { from: "A", to: "B", type: "FS" },
    { from: "B", to: "C", type: "FS" },
    { from: "D", to: "C", type: "FS" },
  ],
});

describe("incremental scheduler", () => {
  it("recalculates in full when late dates follow an activity's own early dates (ALAP, open ends critical)", () => {
    for (const variant of ["alap", "openEnds"] as const) {
      const input = network();
      if (variant === "alap") input.activities[3] = { ...input.activities[3], alap: true };
      else input.options = { openEndsCritical: true };
      const s = createScheduler(input, { fullPassRatio: 1 });
      s.calculate();
      s.setDuration("A", 1440);
      expect(s.calculate().mode).toBe("full");
      s.updateActivity("D", { startLimit: { type: "mandatory", date: "2024-01-09T08:00" } });
      s.calculate();
      expect(s.result()).toEqual(schedule(s.input()));
    }
    const alap = createScheduler({ ...network(), activities: network().activities.map((a) => ({ ...a, alap: true })) });
    // D moves into its free float: it ends when B does, just before C.
    expect(alap.activity("D")).toMatchObject({ earlyStart: "2024-01-11T08:00", freeFloat: 0, totalFloat: 0 });
  });

  it("absorbs a change within float incrementally and reports what it recomputed", () => {
    const s = createScheduler(network(), { fullPassRatio: 1 });
    expect(s.calculate().mode).toBe("full");
    expect(s.calculate().mode).toBe("none");
    s.setDuration("D", 1440);
    const stats = s.calculate();
    expect(stats.mode).toBe("incremental");
    expect(s.changedIds()).toContain("D");
    expect(s.changedIds()).not.toContain("A");
    expect(s.activity("D")).toMatchObject({ earlyFinish: "2024-01-10T17:00", totalFloat: 480, critical: false });
    expect(s.activity("C")?.earlyStart).toBe("2024-01-12T08:00");
  });

  it("moves the project finish when a critical activity grows, like a full pass", () => {
    const s = createScheduler(network());
    s.calculate();
    s.setDuration("A", 1440);
    const edited = network();
    edited.activities[0].duration = 1440;
    expect(s.result()).toEqual(schedule(edited));
    expect(s.result().finish).toBe("2024-01-15T17:00");
  });

  it("applies constraint and progress patches, and removes fields given as undefined", () => {
    const s = createScheduler({ ...network(), dataDate: "2024-01-09T08:00" });
    s.calculate();
    s.updateActivity("D", { startLimit: { type: "not_earlier", date: "2024-01-11T08:00" } });
    expect(s.activity("D")?.earlyStart).toBe("2024-01-11T08:00");
    s.updateActivity("D", { startLimit: undefined });
    expect(s.activity("D")?.earlyStart).toBe("2024-01-09T08:00");
    s.updateActivity("A", { actualStart: "2024-01-08T08:00", remaining: 240 });
    expect(s.activity("A")).toMatchObject({
      earlyStart: "2024-01-08T08:00",
      earlyFinish: "2024-01-09T12:00",
      remaining: 240,
    });
  });

  it("adds and removes relations (a new loop is reported) and rebuilds on structural patches", () => {
    const s = createScheduler(network());
    s.calculate();
    s.addRelation({ from: "C", to: "A", type: "FS" });
    expect(s.result().cycles).toEqual([["A", "B", "C"]]);
    expect(s.removeRelation("C", "A")).toBe(1);
    expect(s.result().cycles).toEqual([]);
    s.updateActivity("C", { type: "milestone_finish" });
    expect(s.activity("C")).toMatchObject({ earlyStart: "2024-01-11T17:00", earlyFinish: "2024-01-11T17:00" });
  });

  it("rejects bad edits with EngineInputError and leaves the schedule intact", () => {
    const s = createScheduler(network());
    const before = s.result();
    expect(() => s.setDuration("A", -1)).toThrow(EngineInputError);
    expect(() => s.setDuration("nope", 1)).toThrow(/activity "nope"/);
    expect(() => s.addRelation({ from: "A", to: "ghost", type: "FS" })).toThrow(/ghost/);
    expect(() => s.updateActivity("B", { calendar: "missing" })).toThrow(EngineInputError);
    expect(s.result()).toEqual(before);
    expect(s.activity("ghost")).toBeUndefined();
  });
});
