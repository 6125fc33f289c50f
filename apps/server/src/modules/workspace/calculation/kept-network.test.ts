import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { addItem, link, setUpWorkspace } from "../workspace.test-kit.js";
import { forgetNetwork, keptNetwork } from "./kept-network.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

/**
 * A recalculation patches the network kept from the last one (kept-network.ts). Whatever was changed, its results
 * must be those of the version read and calculated whole — what another process, which kept nothing, calculates.
 */
describe("the kept network of a version", () => {
  it("a recalculation after edits patches the kept network and stores what a whole calculation stores", async () => {
    const { owner, version } = await setUpWorkspace(server);
    const v = version.id;
    const works: { id: number; revision: number; code: string }[] = [];
    for (let k = 0; k < 12; k++)
      works.push(
        await addItem(owner, v, { type: "work", name: `W${k}`, code: `A${k}0`, duration: 480 * (1 + (k % 4)) }),
      );
    const end = await addItem(owner, v, { type: "milestone_finish", name: "End", code: "M1" });
    for (let k = 1; k < 12; k++) await link(owner, v, { predecessorId: works[k - 1].id, successorId: works[k].id });
    await link(owner, v, { predecessorId: works[2].id, successorId: works[7].id, type: "ss", lag: 960 });
    await link(owner, v, { predecessorId: works[11].id, successorId: end.id });

    const calculate = async () => {
      const calc = await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`);
      expect(calc.status, JSON.stringify(calc.body)).toBe(200);
      return calc.body.data as { written: number; activities: number };
    };
    const timetable = async () => (await owner.call("GET", `/versions/${v}/timetable`)).body.data.items;
    const edit = async (id: number, body: Record<string, unknown>) => {
      const current = (await owner.call("GET", `/versions/${v}/wbs/${id}`)).body.data;
      const answer = await owner.call("PATCH", `/versions/${v}/wbs/${id}/update`, {
        revision: current.revision,
        ...body,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    };
    /** The results as stored now equal those of a calculation from nothing kept and nothing stored. */
    const expectAsWhole = async () => {
      const patched = await timetable();
      forgetNetwork(v);
      await server.ctx.db.execute(sql`update wbs_items set early_start = null, early_finish = null, late_start = null,
        late_finish = null, total_float = null, free_float = null, critical = false where version_id = ${v}`);
      const whole = await calculate();
      expect(whole.written).toBe(whole.activities);
      expect(await timetable()).toEqual(patched);
      return patched;
    };

    await calculate();
    const finishOf = (rows: { code: string; earlyFinish: string }[]) => rows.find((r) => r.code === "M1")?.earlyFinish;
    const initial = await timetable();
    const network = keptNetwork(v);
    expect(network).not.toBeNull();

    // A longer work in the chain: the kept network is patched (the same scheduler), only what moved is written.
    await edit(works[3].id, { duration: 2400 });
    const after = await calculate();
    expect(keptNetwork(v)?.scheduler).toBe(network?.scheduler);
    expect(after.written).toBeGreaterThan(0);
    expect(after.written).toBeLessThan(after.activities);
    const first = await expectAsWhole();
    expect(finishOf(first)).not.toBe(finishOf(initial));

    // A start limit, and a change written behind the server's back (another process): both patched in.
    const kept = keptNetwork(v)?.scheduler;
    await edit(works[5].id, { startLimitType: "not_earlier", startLimitDate: "2025-03-03T08:00" });
    await server.ctx.db.execute(sql`update wbs_items set duration = 4800 where id = ${works[9].id}`);
    server.ctx.changes.advance();
    await calculate();
    expect(keptNetwork(v)?.scheduler).toBe(kept);
    const limited = await expectAsWhole();
    const byCode = Object.fromEntries(limited.map((row: { code: string }) => [row.code, row]));
    expect(byCode.A50.earlyStart).toBe("2025-03-03T08:00");
    expect(finishOf(limited)).not.toBe(finishOf(first));

    // A relation added: the version is read whole again (a new scheduler), with the same results as from nothing.
    const before = keptNetwork(v)?.scheduler;
    await link(owner, v, { predecessorId: works[0].id, successorId: works[10].id, lag: 24000 });
    await calculate();
    expect(keptNetwork(v)?.scheduler).not.toBe(before);
    await expectAsWhole();

    // A work deleted: read whole as well.
    const gone = (await owner.call("GET", `/versions/${v}/wbs/${works[6].id}`)).body.data;
    const removed = await owner.call("DELETE", `/versions/${v}/wbs`, {
      items: [{ id: works[6].id, revision: gone.revision }],
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const deleted = keptNetwork(v)?.scheduler;
    const lessOne = await calculate();
    expect(lessOne.activities).toBe(12);
    expect(keptNetwork(v)?.scheduler).not.toBe(deleted);
    await expectAsWhole();
  });

  it("an edit through another server instance, and results another process wrote, reach the kept network", async () => {
    const { owner, version } = await setUpWorkspace(server);
    const v = version.id;
    const works: { id: number; revision: number }[] = [];
    for (let k = 0; k < 8; k++)
      works.push(await addItem(owner, v, { type: "work", name: `W${k}`, code: `B${k}0`, duration: 480 * (1 + k) }));
    for (let k = 1; k < 8; k++) await link(owner, v, { predecessorId: works[k - 1].id, successorId: works[k].id });
    const calculate = async () => {
      const calc = await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`);
      expect(calc.status, JSON.stringify(calc.body)).toBe(200);
      return calc.body.data as { written: number; activities: number };
    };
    const timetable = async () => (await owner.call("GET", `/versions/${v}/timetable`)).body.data.items;
    await calculate();
    const kept = keptNetwork(v)?.scheduler;
    expect(kept).toBeDefined();

    // Another instance of the server on the same database (another process of the installation) edits a work.
    const second = await createTestServer({}, { database: server.database });
    try {
      const current = (await owner.call("GET", `/versions/${v}/wbs/${works[2].id}`)).body.data;
      const edited = await second.call("PATCH", `/versions/${v}/wbs/${works[2].id}/update`, {
        token: owner.token,
        headers: { "x-space-id": owner.spaceId },
        body: { revision: current.revision, duration: 4800 },
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    } finally {
      await second.close();
    }
    server.ctx.changes.advance();
    // And results another process wrote (a calculation of its own, as this one does not know it): wrong on purpose.
    await server.ctx.db.execute(sql`update wbs_items set total_float = 12345, early_start = '2030-01-01T08:00'
      where id = ${works[6].id}`);
    const after = await calculate();
    // Patched, not read whole: the same scheduler.
    expect(keptNetwork(v)?.scheduler).toBe(kept);
    expect(after.written).toBeGreaterThan(0);
    const patched = await timetable();
    const byCode = Object.fromEntries(patched.map((row: { code: string }) => [row.code, row]));
    expect(byCode.B60.totalFloat).not.toBe(12345);
    expect(byCode.B60.earlyStart).not.toBe("2030-01-01T08:00");

    // What a process that keeps nothing calculates from nothing stored: the same.
    forgetNetwork(v);
    await server.ctx.db.execute(sql`update wbs_items set early_start = null, early_finish = null, late_start = null,
      late_finish = null, total_float = null, free_float = null, critical = false where version_id = ${v}`);
    const whole = await calculate();
    expect(whole.written).toBe(whole.activities);
    expect(await timetable()).toEqual(patched);
  });
});
