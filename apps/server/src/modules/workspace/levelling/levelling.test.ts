import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { type Actor, addItem, setUpWorkspace } from "../workspace.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

type Timetable = { items: { id: number; earlyStart: string | null; earlyFinish: string | null }[] };

/**
 * Three works from Monday 2025-01-13 that all need the one crane (1 a day): A10 (3 days, no float), A20 and A30
 * (2 days each). Levelled, A20 waits for A10 (Thursday) and A30 for A20 (the Monday after).
 */
async function setUp() {
  const people = await setUpWorkspace(server);
  const { owner, space, version } = people;
  const works = [];
  for (const [code, days] of [
    ["A10", 3],
    ["A20", 2],
    ["A30", 2],
  ] as const) {
    works.push(await addItem(owner, version.id, { type: "work", name: `Монтаж ${code}`, code, duration: days * 480 }));
  }
  const calc = await owner.call("PATCH", `/versions/${version.id}/timetable/calculate/synchronous`);
  if (calc.status !== 200) throw new Error(JSON.stringify(calc.body));
  const crane = await owner.call("POST", `/space/${space.id}/resources`, {
    code: "CRANE-1",
    name: "Кран КС-45717",
    kind: "equipment",
    unit: "маш.-ч",
    availability: [{ from: "2025-01-01", maxUnitsPerDay: 1 }],
  });
  if (crane.status !== 200) throw new Error(JSON.stringify(crane.body));
  for (const work of works) {
    const saved = await owner.call("POST", `/versions/${version.id}/assignment/wbs/save`, {
      wbsId: work.id,
      resourceId: crane.body.data.id,
      unitsPerDay: 1,
    });
    if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
  }
  const [a10, a20, a30] = works;
  return { ...people, a10, a20, a30, crane: crane.body.data as { id: string } };
}

async function level(actor: Actor, versionId: string, body = {}) {
  const started = await actor.call("POST", `/versions/${versionId}/levelling`, body);
  expect(started.status).toBe(200);
  await server.ctx.jobs.idle();
  return started.body.data.jobId as string;
}

async function startOf(actor: Actor, versionId: string, id: number) {
  const answer = await actor.call("GET", `/versions/${versionId}/timetable`);
  return (answer.body.data as Timetable).items.find((i) => i.id === id)?.earlyStart;
}

describe("resource levelling", () => {
  it("levels as a job, previews every move with its reason, applies as one change and undoes it", async () => {
    const { owner, member, version, a10, a20, a30, crane } = await setUp();
    const jobId = await level(owner, version.id);
    const events = server.ctx.realtime.sent.filter((e) => e.type === "resource_levelling" && e.jobId === jobId);
    expect(events.map((e) => (e as { state: string }).state)).toEqual(["queued", "completed"]);

    // A read-only member sees the preview: A20 waits 3 days for A10, A30 5 days for A20.
    const preview = await member.call("GET", `/versions/${version.id}/levelling/${jobId}`);
    expect(preview.status).toBe(200);
    const data = preview.body.data;
    expect(data).toMatchObject({ state: "completed", progress: 100, error: null, options: { withinFloat: false } });
    expect(data.result.moves).toHaveLength(2);
    expect(data.result.moves[0]).toMatchObject({
      work: { id: a20.id, code: "A20" },
      before: { start: expect.stringMatching(/^2025-01-13T/) },
      after: { start: expect.stringMatching(/^2025-01-16T/), finish: expect.stringMatching(/^2025-01-17T/) },
      days: 3,
      reasons: [{ kind: "resource", days: 3, resource: { id: crane.id, code: "CRANE-1" }, holders: [{ code: "A10" }] }],
    });
    expect(data.result.moves[1]).toMatchObject({
      work: { code: "A30" },
      after: { start: expect.stringMatching(/^2025-01-20T/) },
      days: 5,
      reasons: [{ kind: "resource", holders: [{ code: "A20" }] }],
    });
    expect(data.result.criticalPath.map((w: { code: string }) => w.code)).toEqual(["A10", "A20", "A30"]);
    expect(data.result.finishAfter).toMatch(/^2025-01-21T/);
    // Nothing moved yet, and a member may not apply.
    expect(await startOf(owner, version.id, a20.id)).toMatch(/^2025-01-13T/);
    expect((await member.call("POST", `/versions/${version.id}/levelling/${jobId}/apply`)).status).toBe(403);

    const applied = await owner.call("POST", `/versions/${version.id}/levelling/${jobId}/apply`);
    expect(applied.status).toBe(200);
    expect(applied.body.data.applied).toBeGreaterThanOrEqual(2);
    expect(await startOf(owner, version.id, a20.id)).toMatch(/^2025-01-16T/);
    expect(await startOf(owner, version.id, a30.id)).toMatch(/^2025-01-20T/);
    expect(await startOf(owner, version.id, a10.id)).toMatch(/^2025-01-13T/);
    const versionAfter = await owner.call("GET", `/versions/${version.id}`);
    expect(versionAfter.body.data.calcStatus).toBe("calculated");
    expect(server.ctx.realtime.sent.some((e) => e.type === "wbs_updated" && e.action === "level_resources")).toBe(true);
    expect((await owner.call("GET", `/versions/${version.id}/levelling/${jobId}`)).body.data.state).toBe("applied");
    // Applied once: neither applied again nor discarded.
    const again = await owner.call("POST", `/versions/${version.id}/levelling/${jobId}/apply`);
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toMatchObject({
      code: "LevellingDecided",
      message: expect.stringMatching(/уже применено/),
    });

    // One undo step takes the whole levelling back.
    const actions = await owner.call("GET", `/versions/${version.id}/undo-actions`);
    expect(actions.body.data[0]).toMatchObject({ action: "level_resources" });
    const undone = await owner.call("POST", `/versions/${version.id}/restore`, {});
    expect(undone.status).toBe(200);
    expect(await startOf(owner, version.id, a20.id)).toMatch(/^2025-01-13T/);
    expect(await startOf(owner, version.id, a30.id)).toMatch(/^2025-01-13T/);
  });

  it("keeps works within their float when asked, and discards a preview without a change", async () => {
    const { owner, version, a20 } = await setUp();
    const jobId = await level(owner, version.id, { withinFloat: true, priorities: [{ by: "total_float" }] });
    const preview = (await owner.call("GET", `/versions/${version.id}/levelling/${jobId}`)).body.data;
    // A20 and A30 have one day of float: a 3-day wait does not fit, both stay over-allocated.
    expect(preview.result.unresolved).toBe(2);
    expect(preview.result.moves[0].reasons[0]).toMatchObject({ kind: "unresolved", cause: "float" });
    const discarded = await owner.call("POST", `/versions/${version.id}/levelling/${jobId}/discard`);
    expect(discarded.body.data.state).toBe("discarded");
    expect((await owner.call("POST", `/versions/${version.id}/levelling/${jobId}/apply`)).body.errors[0].code).toBe(
      "LevellingDecided",
    );
    expect(await startOf(owner, version.id, a20.id)).toMatch(/^2025-01-13T/);
    const actions = (await owner.call("GET", `/versions/${version.id}/undo-actions`)).body.data;
    expect(actions.map((a: { action: string }) => a.action)).not.toContain("level_resources");
  });

  it("refuses a preview the version has outgrown, and bad options, changing nothing", async () => {
    const { owner, version, a20 } = await setUp();
    const negative = await owner.call("POST", `/versions/${version.id}/levelling`, { maxOverallocationPercent: -5 });
    expect(negative.status).toBe(400);
    expect(negative.body.errors[0]).toMatchObject({
      code: "NegativeOverallocation",
      message: "Допустимая перегрузка не может быть меньше нуля",
    });
    const attribute = await owner.call("POST", `/versions/${version.id}/levelling`, {
      priorities: [{ by: "attribute" }],
    });
    expect(attribute.status).toBe(400);

    const jobId = await level(owner, version.id);
    const edit = await owner.call("PATCH", `/versions/${version.id}/wbs/${a20.id}/update`, {
      revision: a20.revision,
      name: "Монтаж колонн",
    });
    expect(edit.status).toBe(200);
    const outdated = await owner.call("POST", `/versions/${version.id}/levelling/${jobId}/apply`);
    expect(outdated.status).toBe(409);
    expect(outdated.body.errors[0].code).toBe("LevellingOutdated");
    expect(await startOf(owner, version.id, a20.id)).toMatch(/^2025-01-13T/);
  });

  it("lets nobody of another space start, read, apply or discard a levelling", async () => {
    const { owner, stranger, version } = await setUp();
    const jobId = await level(owner, version.id);
    // Another space's version answers 404 to its members, whether it exists or not.
    expect((await stranger.call("POST", `/versions/${version.id}/levelling`, {})).status).toBe(404);
    expect((await stranger.call("GET", `/versions/${version.id}/levelling/${jobId}`)).status).toBe(404);
    expect((await stranger.call("POST", `/versions/${version.id}/levelling/${jobId}/apply`)).status).toBe(404);
    expect((await stranger.call("POST", `/versions/${version.id}/levelling/${jobId}/discard`)).status).toBe(404);
    // The stranger's own version cannot reach the job either.
    const own = await setUpWorkspace(server);
    const foreign = await own.owner.call("GET", `/versions/${own.version.id}/levelling/${jobId}`);
    expect(foreign.status).toBe(404);
    expect((await owner.call("GET", `/versions/${version.id}/levelling/${jobId}`)).body.data.state).toBe("completed");
  });

  it("levels by the assignments' curves: two front-loaded works that fit side by side at a flat rate do not", async () => {
    const { owner, space, version, schedule } = await setUpWorkspace(server);
    const works = [];
    for (const code of ["B10", "B20"]) {
      works.push(await addItem(owner, version.id, { type: "work", name: `Кладка ${code}`, code, duration: 5 * 480 }));
    }
    await owner.call("PATCH", `/versions/${version.id}/timetable/calculate/synchronous`);
    const crew = await owner.call("POST", `/space/${space.id}/resources`, {
      code: "MASONS",
      name: "Каменщики",
      kind: "labor",
      unit: "ч",
      availability: [{ from: "2025-01-01", maxUnitsPerDay: 14 }],
    });
    expect(crew.status, JSON.stringify(crew.body)).toBe(200);
    const saved = [];
    for (const work of works) {
      const answer = await owner.call("POST", `/versions/${version.id}/assignment/wbs/save`, {
        wbsId: work.id,
        resourceId: crew.body.data.id,
        budgetedUnits: 30,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      saved.push(answer.body.data as { id: string; revision: number });
    }
    // Evenly: 6 + 6 a day within 14, nothing moves.
    let jobId = await level(owner, version.id);
    expect((await owner.call("GET", `/versions/${version.id}/levelling/${jobId}`)).body.data.result.moves).toEqual([]);
    await owner.call("POST", `/versions/${version.id}/levelling/${jobId}/discard`);

    // Front-loaded: 12.35 + 12.35 on the first day; B20 waits until B10's last day (0.88 + 12.35 fits).
    for (const a of saved) {
      const changed = await owner.call("PATCH", `/schedules/${schedule.id}/assignment/${a.id}/update`, {
        revision: a.revision,
        curve: "front_loaded",
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    }
    jobId = await level(owner, version.id);
    const moves = (await owner.call("GET", `/versions/${version.id}/levelling/${jobId}`)).body.data.result.moves;
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ work: { code: "B20" }, days: 4, reasons: [{ kind: "resource", days: 4 }] });
  });
});
