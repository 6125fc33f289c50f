import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { addItem, setUpWorkspace } from "../workspace.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

/**
 * Three works from Monday 2025-01-13 that all need the one crane: A10 (3 days), A20 and A30 (2 days each), with an
 * attribute "order" of 3, 2 and 1. By early start A10 goes first; by the attribute (ascending) A30, then A20, then A10.
 */
async function setUp() {
  const people = await setUpWorkspace(server);
  const { owner, space, version } = people;
  const works = [];
  for (const [code, days, order] of [
    ["A10", 3, 3],
    ["A20", 2, 2],
    ["A30", 2, 1],
  ] as const) {
    const work = await addItem(owner, version.id, { type: "work", name: `Монтаж ${code}`, code, duration: days * 480 });
    // The value as the attributes tab stores it (the attribute's definition is not what levelling reads).
    await server.ctx.db.execute(
      sql`update wbs_items set attrs = ${JSON.stringify({ order })}::jsonb where id = ${work.id}`,
    );
    works.push(work);
  }
  await owner.call("PATCH", `/versions/${version.id}/timetable/calculate/synchronous`);
  const crane = await owner.call("POST", `/space/${space.id}/resources`, {
    code: "CRANE-1",
    name: "Кран",
    kind: "equipment",
    unit: "маш.-ч",
    availability: [{ from: "2025-01-01", maxUnitsPerDay: 1 }],
  });
  for (const work of works)
    await owner.call("POST", `/versions/${version.id}/assignment/wbs/save`, {
      wbsId: work.id,
      resourceId: crane.body.data.id,
      unitsPerDay: 1,
    });
  return { ...people, works };
}

async function movedCodes(ws: Awaited<ReturnType<typeof setUp>>, body: object) {
  const started = await ws.owner.call("POST", `/versions/${ws.version.id}/levelling`, body);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  await server.ctx.jobs.idle();
  const preview = await ws.owner.call("GET", `/versions/${ws.version.id}/levelling/${started.body.data.jobId}`);
  expect(preview.body.data.state).toBe("completed");
  return preview.body.data.result.moves.map((m: { work: { code: string }; after: { start: string } }) => [
    m.work.code,
    m.after.start.slice(0, 10),
  ]);
}

describe("levelling priorities by attribute", () => {
  it("takes the works in the attribute's order: the lowest value keeps its dates, the others wait for it", async () => {
    const ws = await setUp();
    expect(await movedCodes(ws, {})).toEqual([
      ["A20", "2025-01-16"],
      ["A30", "2025-01-20"],
    ]);
    const byOrder = await movedCodes(ws, { priorities: [{ by: "attribute", attribute: "order" }] });
    expect(byOrder).toEqual([
      ["A20", "2025-01-15"],
      ["A10", "2025-01-17"],
    ]);
  });

  it("refuses an attribute priority without its attribute, localized, and starts nothing", async () => {
    const ws = await setUp();
    const bad = await server.call("POST", `/versions/${ws.version.id}/levelling`, {
      token: ws.owner.token,
      headers: { "x-space-id": ws.owner.spaceId, "x-language": "ru" },
      body: { priorities: [{ by: "attribute" }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].message).toMatch(/[а-я]/);
    expect((await ws.intruder.call("POST", `/versions/${ws.version.id}/levelling`, {})).status).toBe(403);
  });
});
