import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { versionHealth as versionHealthTable } from "../../../db/schema/index.js";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { findVersion } from "../calculation/calculation.repo.js";
import { addItem, link, setUpWorkspace } from "../workspace.test-kit.js";
import { readHealthRows } from "./health.repo.js";
import { healthInputs, judge } from "./health.service.js";

/**
 * The health answer kept with a calculated version (issue 21: a 100,000-activity version read in ≤ 500 ms): the
 * critical path test's job keeps the whole answer of the health panel, the panel serves it while nothing it depends
 * on changed, and judges the rows again as soon as something did — an edit, a resource, the thresholds.
 */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe("the health kept after a calculation", () => {
  it("is the tables' judgement, served until the version, its resources or thresholds change", async () => {
    const { owner, member, stranger, space, version } = await setUpWorkspace(server);
    const v = version.id;
    const day = 480;
    const a = await addItem(owner, v, { type: "work", name: "A", code: "A10", duration: day });
    const b = await addItem(owner, v, { type: "work", name: "B", code: "A20", duration: 2 * day });
    const c = await addItem(owner, v, { type: "work", name: "C", code: "A30", duration: day });
    await link(owner, v, { predecessorId: a.id, successorId: b.id, lag: -60 });
    expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);
    await server.ctx.jobs.idle();
    const db = server.ctx.db;
    // What the tables say, judged afresh (not through the kept answer).
    const fromTables = async () => {
      const row = await findVersion(db, v);
      if (!row) throw new Error("no version");
      const inputs = await healthInputs(db, row);
      const rows = await readHealthRows(db, row, inputs.assigned);
      return JSON.parse(JSON.stringify(judge(rows, row, inputs.mustFinishBy, inputs.thresholds, inputs.cpt)));
    };
    const panel = async () => {
      const answer = await member.call("GET", `/versions/${v}/health`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data as { score: number; checks: { key: string; count: number; workIds: number[] }[] };
    };
    const check = (health: Awaited<ReturnType<typeof panel>>, key: string) => health.checks.find((x) => x.key === key);
    const [kept] = await db.select().from(versionHealthTable).where(eq(versionHealthTable.versionId, v));
    expect(kept.healthKey).not.toBeNull();
    expect(kept.health).toEqual(await fromTables());
    expect(check(kept.health as never, "leads")?.workIds).toEqual([a.id, b.id]);

    // The panel answers the kept row: marked in the database only, the mark shows.
    await db.execute(
      sql`update version_health set health = jsonb_set(health::jsonb, '{score}', '7')::json where version_id = ${v}`,
    );
    expect((await panel()).score).toBe(7);

    // A resource on C: the revision stays, the kept answer no longer applies (C has one now).
    const crew = await owner.call("POST", `/space/${space.id}/resources`, {
      code: "CREW",
      name: "Crew",
      kind: "labor",
      unit: "h",
    });
    expect(crew.status, JSON.stringify(crew.body)).toBe(200);
    const assigned = await owner.call("POST", `/versions/${v}/assignment/wbs/save`, {
      wbsId: c.id,
      resourceId: crew.body.data.id,
      unitsPerDay: 8,
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const withCrew = await panel();
    expect(withCrew).toEqual(await fromTables());
    expect(check(withCrew, "resources")?.workIds).toEqual([a.id, b.id]);

    // Calculated again: kept again; then an edit (a relation B → C) is judged from the rows at once.
    expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);
    await server.ctx.jobs.idle();
    expect(await panel()).toEqual(await fromTables());
    await link(owner, v, { predecessorId: b.id, successorId: c.id });
    const linked = await panel();
    expect(check(linked, "logic")?.workIds).toEqual([a.id, c.id]);
    expect(linked).toEqual(await fromTables());

    // New thresholds: the answer they give is kept and served.
    const eased = await owner.call("PUT", `/versions/${v}/health/thresholds`, { leads: 100 });
    expect(eased.status, JSON.stringify(eased.body)).toBe(200);
    expect(await panel()).toEqual(eased.body.data);
    expect(eased.body.data).toEqual(await fromTables());
    expect((await stranger.call("GET", `/versions/${v}/health`)).status).toBe(404);
  });
});
