import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { addItem, link, readGantt, setUpWorkspace } from "../workspace.test-kit.js";

/**
 * The health panel with the version's Gantt open (issue 21): the checks are judged from the Gantt's kept build,
 * patched with what was written since, and the answer is kept until the version, its thresholds, its critical path
 * test or its resources change. Whatever was changed, the panel says what the tables say (the thresholds call
 * judges the tables' rows).
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

type Check = { key: string; passed: boolean | null; count: number; total: number; workIds: number[] };

/**
 * Works A → B and C, calculated (its critical path test kept), the Gantt opened by the member; the panel as the member
 * reads it, the tables' judgement (the thresholds call), and edits by the owner.
 */
async function openVersion() {
  const { owner, member, stranger, space, version } = await setUpWorkspace(server);
  const v = version.id;
  const day = 480;
  const a = await addItem(owner, v, { type: "work", name: "A", code: "A10", duration: day });
  const b = await addItem(owner, v, { type: "work", name: "B", code: "A20", duration: 2 * day });
  const c = await addItem(owner, v, { type: "work", name: "C", code: "A30", duration: day });
  await link(owner, v, { predecessorId: a.id, successorId: b.id });
  expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);
  // Its critical path test is kept by a job after the calculation.
  await server.ctx.jobs.idle();
  await readGantt(member, v);

  const panel = async () => {
    const answer = await member.call("GET", `/versions/${v}/health`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as { activities: number; score: number; checks: Check[]; thresholds: object };
  };
  const fromTables = async (thresholds: Record<string, number> = {}) => {
    const answer = await owner.call("PUT", `/versions/${v}/health/thresholds`, thresholds);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };
  const check = (health: { checks: Check[] }, key: string) => health.checks.find((x) => x.key === key) as Check;
  const revisionOf = async (id: number) =>
    (await owner.call("GET", `/versions/${v}/wbs/${id}`)).body.data.revision as number;
  const edit = async (id: number, fields: Record<string, unknown>) => {
    const answer = await owner.call("PATCH", `/versions/${v}/wbs/${id}/update`, {
      revision: await revisionOf(id),
      ...fields,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };
  return { owner, member, stranger, space, v, a, b, c, panel, fromTables, check, revisionOf, edit };
}

describe("version health with the Gantt open", () => {
  it("follows edits, relations, new works and resources as the tables say, and keeps an unchanged answer", async () => {
    const { owner, space, v, a, b, c, panel, fromTables, check, edit } = await openVersion();
    const first = await panel();
    expect(first).toEqual(await fromTables());
    expect(check(first, "logic").workIds).toEqual([a.id, b.id, c.id].sort((x, y) => x - y));
    // Read again unchanged: the same answer.
    expect(await panel()).toEqual(first);

    // A lead from B to C: C gets a predecessor, B a successor; the lead names both.
    await link(owner, v, { predecessorId: b.id, successorId: c.id, lag: -60 });
    const linked = await panel();
    expect(check(linked, "leads")).toMatchObject({ passed: false, count: 1, workIds: [b.id, c.id] });
    expect(check(linked, "logic").workIds).toEqual([a.id, c.id]);
    expect(linked).toEqual(await fromTables());

    // A hard constraint on A, C completed, a milestone added, a resource on B.
    await edit(a.id, { startLimitType: "mandatory", startLimitDate: "2025-01-13T08:00" });
    await edit(c.id, { status: "completed", actualStart: "2025-01-14T08:00", actualFinish: "2025-01-14T17:00" });
    await addItem(owner, v, { type: "milestone_finish", name: "M", code: "M1" });
    const crew = await owner.call("POST", `/space/${space.id}/resources`, {
      code: "CREW",
      name: "Crew",
      kind: "labor",
      unit: "h",
    });
    expect(crew.status, JSON.stringify(crew.body)).toBe(200);
    const assigned = await owner.call("POST", `/versions/${v}/assignment/wbs/save`, {
      wbsId: b.id,
      resourceId: crew.body.data.id,
      unitsPerDay: 8,
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const changed = await panel();
    expect(changed.activities).toBe(4);
    expect(check(changed, "hard_constraints")).toMatchObject({ passed: false, count: 1, workIds: [a.id] });
    // Resources count the open tasks without one: A (C is completed, B has the crew, M is a milestone).
    expect(check(changed, "resources")).toMatchObject({ passed: false, count: 1, workIds: [a.id] });
    expect(changed).toEqual(await fromTables());
  });

  it("follows deleted works and the schedule's thresholds, and shows another space nothing", async () => {
    const { owner, stranger, v, a, b, c, panel, fromTables, check, revisionOf, edit } = await openVersion();
    await link(owner, v, { predecessorId: b.id, successorId: c.id, lag: -60 });
    await edit(a.id, { startLimitType: "mandatory", startLimitDate: "2025-01-13T08:00" });
    await edit(c.id, { status: "completed", actualStart: "2025-01-14T08:00", actualFinish: "2025-01-14T17:00" });
    const m = await addItem(owner, v, { type: "milestone_finish", name: "M", code: "M1" });
    expect(check(await panel(), "leads")).toMatchObject({ count: 1, workIds: [b.id, c.id] });

    // The milestone and B deleted: their relations go with them.
    const deleted = await owner.call("DELETE", `/versions/${v}/wbs`, {
      items: [
        { id: m.id, revision: await revisionOf(m.id) },
        { id: b.id, revision: await revisionOf(b.id) },
      ],
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const fewer = await panel();
    expect(fewer.activities).toBe(2);
    expect(check(fewer, "leads")).toMatchObject({ count: 0, workIds: [] });
    expect(fewer).toEqual(await fromTables());

    // The schedule's thresholds reach the panel: A, the one open task left, may have its hard constraint.
    const eased = await fromTables({ hard_constraints: 100 });
    const panelEased = await panel();
    expect(check(panelEased, "hard_constraints").passed).toBe(true);
    expect(panelEased).toEqual(eased);

    // Another space's user reads nothing, kept answer or not.
    expect((await stranger.call("GET", `/versions/${v}/health`)).status).toBe(404);
  });
});
