import { describe, expect, it } from "vitest";
import { assessSchedule, checkScheduleQuality, emptyModel, type ScheduleModel, standardWeek } from "../src/index.js";

function sample(): ScheduleModel {
  const m = emptyModel("json");
  m.projects.push({
    id: "P",
    code: "P",
    name: "P",
    plannedStart: "2024-01-08T08:00",
    dataDate: "2024-01-08T08:00",
    defaultCalendarId: "C",
    options: {},
  });
  m.calendars.push({ id: "C", name: "5d", week: standardWeek(), exceptions: [] });
  const a = (id: string, d: number, extra = {}) => ({
    id,
    projectId: "P",
    code: id,
    name: id,
    type: "task" as const,
    status: "not_started" as const,
    plannedDuration: d,
    remainingDuration: d,
    ...extra,
  });
  m.activities.push(
    a("A", 480),
    a("B", 960),
    a("C", 480),
    a("D", 480 * 60, { constraint: { type: "mandatory_start" as const, date: "2024-01-09T08:00" } }),
    a("E", 480),
  );
  m.relations.push(
    { predecessorId: "A", successorId: "B", type: "FS", lag: 0 },
    { predecessorId: "B", successorId: "C", type: "SS", lag: -240 },
    { predecessorId: "C", successorId: "E", type: "FS", lag: 480 },
    { predecessorId: "A", successorId: "D", type: "FS", lag: 0 },
  );
  return m;
}

describe("DCMA 14-point check", () => {
  it("finds missing logic, leads, lags, non-FS links, hard constraints and long durations", () => {
    const [r] = checkScheduleQuality(sample());
    const by = Object.fromEntries(r.checks.map((c) => [c.key, c]));
    expect(by.logic.items.sort()).toEqual(["A", "D", "E"]);
    expect(by.leads).toMatchObject({ count: 1, passed: false, items: ["B → C"] });
    expect(by.lags).toMatchObject({ count: 1, value: 25, passed: false });
    expect(by.relationship_types).toMatchObject({ count: 1, value: 75, passed: false });
    expect(by.hard_constraints.items).toEqual(["D"]);
    expect(by.high_duration.items).toEqual(["D"]);
    expect(by.bei.passed).toBeNull();
  });

  it("recalculates before judging floats and runs the critical path test", () => {
    const { reports } = assessSchedule(sample());
    const by = Object.fromEntries(reports[0].checks.map((c) => [c.key, c]));
    expect(by.negative_float.passed).not.toBeNull();
    expect(by.critical_path_test.passed).toBe(true);
    expect(by.critical_path_test.note).toMatch(/moved the finish/);
  });

  it("uses the baseline for missed tasks and BEI", () => {
    const m = sample();
    m.projects[0].dataDate = "2024-01-20T08:00";
    m.activities[0] = {
      ...m.activities[0],
      status: "completed",
      actualStart: "2024-01-08T08:00",
      actualFinish: "2024-01-12T17:00",
    };
    m.baselines.push({
      id: "B1",
      name: "BL",
      projectId: "P",
      activities: [
        { code: "A", finish: "2024-01-08T17:00" },
        { code: "B", finish: "2024-01-10T17:00" },
      ],
    });
    const [r] = checkScheduleQuality(m);
    const by = Object.fromEntries(r.checks.map((c) => [c.key, c]));
    expect(by.missed_tasks).toMatchObject({ count: 2, total: 2, passed: false });
    expect(by.bei).toMatchObject({ value: 0.5, passed: false });
  });
});
