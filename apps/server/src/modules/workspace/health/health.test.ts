import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { addItem, link, setUpWorkspace } from "../workspace.test-kit.js";

/** Schedule health (issue 21): the DCMA checks of a version from its stored rows, failing ones naming their works. */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

type Check = {
  key: string;
  passed: boolean | null;
  count: number;
  total: number;
  value: number | null;
  workIds: number[];
};

describe("version health", () => {
  it("fails the checks a hand-built schedule breaks, names their works, and refuses another space", async () => {
    const { owner, member, stranger, version } = await setUpWorkspace(server);
    const v = version.id;
    const day = 480;
    const work = (code: string, extra: Record<string, unknown> = {}) =>
      addItem(owner, v, { type: "work", name: code, code, duration: day, ...extra });
    const a = await work("A10");
    const b = await work("A20");
    const c = await work("A30", { startLimitType: "in_date", startLimitDate: "2025-01-20T08:00" });
    const d = await work("A40", { duration: 60 * day });
    const lone = await work("A50");
    await link(owner, v, { predecessorId: a.id, successorId: b.id, lag: -60 });
    await link(owner, v, { predecessorId: b.id, successorId: c.id, type: "ss", lag: 120 });
    await link(owner, v, { predecessorId: c.id, successorId: d.id });
    expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);

    const answer = await member.call("GET", `/versions/${v}/health`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const health = answer.body.data as { score: number; activities: number; failed: number; checks: Check[] };
    const check = Object.fromEntries(health.checks.map((x) => [x.key, x])) as Record<string, Check>;
    expect(health.checks.map((x) => x.key)).toHaveLength(14);
    expect(health.activities).toBe(5);

    // Missing logic: A has no predecessor, D no successor, the lone work neither: 3 of 5 open tasks.
    expect(check.logic).toMatchObject({ passed: false, count: 3, total: 5, value: 60 });
    expect(check.logic.workIds.sort()).toEqual([a.id, d.id, lone.id].sort());
    // One lead and one lag among three relations; each names both of its works.
    expect(check.leads).toMatchObject({ passed: false, count: 1, total: 3 });
    expect(check.leads.workIds.sort()).toEqual([a.id, b.id].sort());
    expect(check.lags).toMatchObject({ passed: false, count: 1 });
    expect(check.lags.workIds.sort()).toEqual([b.id, c.id].sort());
    // Two of three relations finish-to-start: below 90 %.
    expect(check.relationship_types).toMatchObject({ passed: false, count: 1 });
    expect(check.hard_constraints).toMatchObject({ passed: false, count: 1, workIds: [c.id] });
    expect(check.high_duration).toMatchObject({ passed: false, count: 1, workIds: [d.id] });
    // No work has a resource.
    expect(check.resources).toMatchObject({ passed: false, count: 5 });
    expect(check.negative_float).toMatchObject({ passed: true, count: 0, workIds: [] });
    // Without a baseline these cannot be judged.
    expect(check.missed_tasks.passed).toBeNull();
    expect(check.bei.passed).toBeNull();
    const applicable = health.checks.filter((x) => x.passed !== null);
    expect(health.score).toBe(Math.round((applicable.filter((x) => x.passed).length / applicable.length) * 100));
    expect(health.failed).toBeGreaterThanOrEqual(8);

    // Computed from the stored rows each time: once D leads to the lone work, D is no longer open-ended.
    await link(owner, v, { predecessorId: d.id, successorId: lone.id });
    const after = (await owner.call("GET", `/versions/${v}/health`)).body.data as { checks: Check[] };
    const logic = after.checks.find((x) => x.key === "logic");
    expect(logic?.count).toBe(2);
    expect(logic?.workIds.sort()).toEqual([a.id, lone.id].sort());

    // Another space's user can neither read the health nor learn the version exists.
    expect((await stranger.call("GET", `/versions/${v}/health`)).status).toBe(404);
  });
});
