import { describe, expect, it } from "vitest";
import {
  dcmaChecks,
  type HealthActivities,
  type HealthCheckKey,
  type HealthContext,
  type HealthRelations,
  healthScore,
} from "../src/index.js";
import { toMinutes } from "../src/util/date-time.js";

const DAY = 480;
const at = (text: string) => toMinutes(text);

/**
 * A healthy schedule of 20 tasks in one finish-to-start chain, all with resources and a baseline, the first two
 * finished on time by the data date: every check passes. Each case below breaks one check.
 */
function healthy() {
  const n = 20;
  const activities: HealthActivities = {
    task: Array(n).fill(true),
    completed: Array.from({ length: n }, (_, k) => k < 2),
    remaining: Array.from({ length: n }, (_, k) => (k < 2 ? 0 : 5 * DAY)),
    hardConstraint: Array(n).fill(false),
    totalFloat: Array(n).fill(0),
    earlyFinish: Array.from({ length: n }, (_, k) => at("2025-01-17T17:00") + k * 7 * 1440),
    actualStart: Array.from({ length: n }, (_, k) => (k < 2 ? at("2025-01-13T08:00") + k * 7 * 1440 : null)),
    actualFinish: Array.from({ length: n }, (_, k) => (k < 2 ? at("2025-01-17T17:00") + k * 7 * 1440 : null)),
    baselineFinish: Array.from({ length: n }, (_, k) => at("2025-01-17T17:00") + k * 7 * 1440),
    assigned: Array(n).fill(true),
  };
  const relations: HealthRelations = {
    from: Array.from({ length: n - 1 }, (_, k) => k),
    to: Array.from({ length: n - 1 }, (_, k) => k + 1),
    type: Array(n - 1).fill("FS"),
    lag: Array(n - 1).fill(0),
  };
  // The chain's two ends are open by nature: a start and a finish milestone close them.
  activities.task.push(false, false);
  for (const key of ["completed", "hardConstraint", "assigned"] as const) activities[key].push(false, false);
  activities.remaining.push(0, 0);
  activities.totalFloat.push(0, 0);
  activities.earlyFinish.push(at("2025-01-27T08:00"), activities.earlyFinish[n - 1]);
  activities.actualStart.push(null, null);
  activities.actualFinish.push(null, null);
  activities.baselineFinish.push(null, null);
  relations.from.push(n, n - 1);
  relations.to.push(0, n + 1);
  relations.type.push("FS", "FS");
  relations.lag.push(0, 0);
  const context: HealthContext = {
    dayMinutes: DAY,
    dataDate: at("2025-01-27T08:00"),
    plannedStart: at("2025-01-13T08:00"),
    hasResources: true,
    criticalPathTest: { delayMinutes: DAY, finishBefore: at("2025-05-30T17:00"), finishAfter: at("2025-06-02T17:00") },
  };
  return { activities, relations, context };
}

function judge(s: ReturnType<typeof healthy>) {
  const checks = dcmaChecks(s.activities, s.relations, s.context);
  return Object.fromEntries(checks.map((c) => [c.key, c])) as Record<HealthCheckKey, (typeof checks)[number]>;
}

describe("DCMA checks over columns", () => {
  it("passes a healthy schedule on all 14 checks", () => {
    const s = healthy();
    const checks = dcmaChecks(s.activities, s.relations, s.context);
    expect(checks.map((c) => c.key)).toHaveLength(14);
    expect(checks.filter((c) => c.passed !== true).map((c) => c.key)).toEqual([]);
    expect(healthScore(checks)).toBe(100);
  });

  const cases: [HealthCheckKey, (s: ReturnType<typeof healthy>) => void, number[]][] = [
    ["logic", (s) => (s.relations.from[s.relations.from.length - 1] = 18), [19]],
    ["leads", (s) => (s.relations.lag[3] = -60), [3, 4]],
    ["lags", (s) => (s.relations.lag[3] = s.relations.lag[4] = 60), [3, 4, 5]],
    [
      "relationship_types",
      (s) => (s.relations.type[3] = s.relations.type[4] = s.relations.type[5] = "SS"),
      [3, 4, 5, 6],
    ],
    ["hard_constraints", (s) => (s.activities.hardConstraint[7] = true), [7]],
    ["high_float", (s) => (s.activities.totalFloat[7] = 45 * DAY), [7]],
    ["negative_float", (s) => (s.activities.totalFloat[7] = -DAY), [7]],
    ["high_duration", (s) => (s.activities.remaining[7] = 45 * DAY), [7]],
    ["invalid_dates", (s) => (s.activities.actualStart[7] = at("2025-02-03T08:00")), [7]],
    ["resources", (s) => (s.activities.assigned[7] = false), [7]],
    // The second task finished a day after its baseline: 1 of 2 due tasks missed.
    ["missed_tasks", (s) => (s.activities.actualFinish[1] = (s.activities.baselineFinish[1] ?? 0) + 1440), [1]],
    [
      "critical_path_test",
      (s) => {
        const t = s.context.criticalPathTest!;
        t.finishAfter = t.finishBefore;
      },
      [],
    ],
    // The forecast finish runs far past the baseline's: (baseline − data date) / (finish − data date) < 0.95.
    ["cpli", (s) => (s.activities.earlyFinish[21] = at("2025-12-31T17:00")), []],
    // Only one of the two tasks due by the data date is finished.
    [
      "bei",
      (s) => {
        s.activities.completed[1] = false;
        s.activities.actualFinish[1] = null;
        s.activities.remaining[1] = DAY;
        s.activities.earlyFinish[1] = at("2025-01-27T17:00");
      },
      [1],
    ],
  ];
  it.each(cases)("fails %s on a schedule that breaks it and names its works", (key, breakIt, rows) => {
    const s = healthy();
    breakIt(s);
    const check = judge(s)[key];
    expect(check.passed).toBe(false);
    expect([...check.rows].sort((a, b) => a - b)).toEqual(rows);
  });

  it("judges with a schedule's own thresholds", () => {
    const s = healthy();
    s.relations.lag[3] = 60; // 1 lag in 21 relations: 4.76 %
    expect(judge(s).lags.passed).toBe(true);
    s.context.thresholds = { lags: 2 };
    const lags = judge(s).lags;
    expect(lags).toMatchObject({ passed: false, limit: 2, threshold: "≤ 2%" });
  });

  it("leaves missed tasks, CPLI and BEI unjudged without a baseline", () => {
    const s = healthy();
    s.activities.baselineFinish = s.activities.baselineFinish.map(() => null);
    const checks = judge(s);
    expect(checks.missed_tasks.passed).toBeNull();
    expect(checks.bei.passed).toBeNull();
    expect(checks.cpli.passed).toBeNull();
  });
});
