import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { addItem, setUpWorkspace } from "../workspace/workspace.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

type Load = { id: string; demand: number[]; availability: (number | null)[]; overDays: number; total: number };

describe("resource load (…/graph) and the whole dashboard (…/dashboard) in one call", () => {
  it("answers each resource's demand per period against its availability, read by nobody of another space", async () => {
    const { owner, stranger, intruder, space, version, schedule, project } = await setUpWorkspace(server);
    // A crew of 16 h a day; A10 (ten days) and A20 (five) from Monday 13.01.2025 take 10 h a day each.
    const a10 = await addItem(owner, version.id, { type: "work", name: "Кладка", code: "A10", duration: 10 * 480 });
    const a20 = await addItem(owner, version.id, { type: "work", name: "Перемычки", code: "A20", duration: 5 * 480 });
    expect((await owner.call("PATCH", `/versions/${version.id}/timetable/calculate/synchronous`)).status).toBe(200);
    const crew = (
      await owner.call("POST", `/space/${space.id}/resources`, {
        code: "CREW-1",
        name: "Бригада",
        kind: "labor",
        unit: "h",
        availability: [{ from: "2025-01-01", maxUnitsPerDay: 16 }],
      })
    ).body.data;
    // A resource nobody here uses is not drawn.
    await owner.call("POST", `/space/${space.id}/resources`, { code: "IDLE", name: "Кран", kind: "equipment" });
    for (const work of [a10, a20])
      expect(
        (
          await owner.call("POST", `/versions/${version.id}/assignment/wbs/save`, {
            wbsId: work.id,
            resourceId: crew.id,
            unitsPerDay: 10,
          })
        ).status,
      ).toBe(200);

    for (const url of [
      `/analytics/schedule/${schedule.id}/graph?period=week`,
      `/analytics/project/${project.id}/graph?period=week`,
    ]) {
      const answer = await owner.call("GET", url);
      expect(answer.status, url).toBe(200);
      const graph = answer.body.data as { period: string; periods: string[]; resources: Load[]; versions: number };
      expect(graph.period).toBe("week");
      expect(graph.periods[0]).toBe("2025-01-13");
      expect(graph.resources.map((r) => r.id)).toEqual([crew.id]);
      const [load] = graph.resources;
      // 20 h a day the first week (over the 16 available on its five days), 10 the second.
      expect(load.demand.slice(0, 2)).toEqual([100, 50]);
      expect(load.availability.slice(0, 2)).toEqual([80, 80]);
      expect(load.overDays).toBe(5);
      expect(load.total).toBe(150);
    }
    const byDay = (await owner.call("GET", `/analytics/version/${version.id}/graph?period=day`)).body.data;
    expect(byDay.resources[0].demand.slice(0, 5)).toEqual([20, 20, 20, 20, 20]);

    expect((await owner.call("GET", `/analytics/schedule/${schedule.id}/graph?period=year`)).status).toBe(400);

    // The dashboard's curve, figures and indicators read together, as the separate calls answer them.
    const dashboardUrl = `/analytics/project/${project.id}/dashboard?measure=cost&period=week&cumulative=true`;
    const dashboard = (await owner.call("GET", dashboardUrl)).body.data;
    expect(dashboard.series).toMatchObject({ measure: "cost", period: "week", cumulative: true, versions: 1 });
    expect(dashboard.stats.count.works).toBe(2);
    expect(dashboard.stats).toEqual((await owner.call("GET", `/analytics/project/${project.id}/stats`)).body.data);
    expect(dashboard.indicators).toEqual([]);
    expect((await owner.call("GET", `/analytics/project/${project.id}/dashboard?measure=bricks`)).status).toBe(400);

    for (const actor of [stranger, intruder])
      for (const what of ["graph", "dashboard"])
        expect([403, 404]).toContain((await actor.call("GET", `/analytics/schedule/${schedule.id}/${what}`)).status);
  });
});
