import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { inEnglish, seedWdpSchedule } from "../workspace/wdp/wdp.test-kit.js";
import { addRoofSchedule, planA10, readUntil } from "./analytics.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

type Child = { id: string; name: string; checked: boolean; schedules: number; spi: number | null; fresh: boolean };

describe("analytics navigator", () => {
  it("lists a node's children with their figures; ticked children alone make the caller's roll-up", async () => {
    const { owner, member, intruder, v, a, base, project, facility } = await seedWdpSchedule(server);
    await planA10(owner, base, v, a.id);
    const second = (await owner.call("POST", `/facilities/${facility.id}/project/create`, { name: "Цех 2" })).body.data;
    await addRoofSchedule(owner, second.id);

    const nav = await readUntil(
      owner,
      `/eps/${facility.id}/analytics/navigate`,
      (d: { children: Child[] }) => d.children.length === 2 && d.children.every((c) => c.fresh),
    );
    expect(nav.node).toEqual({ id: facility.id, name: "Завод", kind: "facility" });
    expect(nav.filtered).toBe(false);
    expect(nav.children.map((c: Child) => [c.name, c.checked, c.schedules])).toEqual([
      ["Цех 1", false, 1],
      ["Цех 2", false, 1],
    ]);
    const plannedCost = async (actor: typeof owner) =>
      (await actor.call("GET", `/analytics/facility/${facility.id}/cost`)).body.data.plan;
    // Both projects: A10's 1,000 and the roof's 250.
    expect(await plannedCost(owner)).toBe(1250);

    // Ticking Цех 2 keeps the owner's facility dashboard to its schedules; the member's stays whole.
    const ticked = await owner.call("POST", `/eps/${second.id}/analytics/set-checked`, { checked: true });
    expect(ticked.body.data).toEqual({ id: second.id, checked: true });
    expect(await plannedCost(owner)).toBe(250);
    expect((await owner.call("GET", `/eps/${facility.id}/analytics/stats`)).body.data.totals[1].plan).toBe(250);
    expect(await plannedCost(member)).toBe(1250);
    const filtered = (await owner.call("GET", `/eps/${facility.id}/analytics/navigate`)).body.data;
    expect(filtered.filtered).toBe(true);
    expect(filtered.children.map((c: Child) => c.checked)).toEqual([false, true]);
    expect((await member.call("GET", `/eps/${facility.id}/analytics/navigate`)).body.data.filtered).toBe(false);
    // The scoreboard compares whole nodes, whoever ticked what.
    expect((await owner.call("POST", "/scoreboard/save", { nodeId: facility.id })).status).toBe(200);
    const board = await readUntil(owner, "/scoreboard", (d: { items: { fresh: boolean }[] }) => d.items[0]?.fresh);
    expect(board.items[0].schedules).toBe(2);

    // Ticked twice is one tick; unticked, the whole facility again.
    expect((await owner.call("POST", `/eps/${second.id}/analytics/set-checked`, { checked: true })).status).toBe(200);
    expect((await owner.call("POST", `/eps/${second.id}/analytics/set-checked`, { checked: false })).status).toBe(200);
    expect(await plannedCost(owner)).toBe(1250);

    // Bad input and another space.
    const bad = await inEnglish(server, owner, "POST", `/eps/${project.id}/analytics/set-checked`, { checked: "yes" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].code).toBe("InvalidValue");
    expect((await intruder.call("GET", `/eps/${facility.id}/analytics/navigate`)).status).toBe(403);
    expect((await intruder.call("POST", `/eps/${second.id}/analytics/set-checked`, { checked: true })).status).toBe(
      403,
    );
    expect(await plannedCost(owner)).toBe(1250);
  });
});
