import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { inEnglish, seedWdpSchedule } from "../workspace/wdp/wdp.test-kit.js";
import { planA10, readUntil } from "./analytics.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

type Value = { key: string; value: number | null; colour: string | null; versions: number };
const byKey = (list: Value[]) => Object.fromEntries(list.map((v) => [v.key, v.value]));

describe("indicators of a WBS node and of a work, computed attributes of a structure node", () => {
  it("evaluates the schedule's indicators over the works below a row, and a node's calc attributes over its schedules", async () => {
    const { owner, member, stranger, intruder, v, a, b, s, base, schedule, project } = await seedWdpSchedule(server);
    await planA10(owner, base, v, a.id);
    expect((await owner.call("PATCH", `/versions/${v}`, { dataDate: "2025-01-14T17:00" })).status).toBe(200);
    // Monday: 20 m³ of A10's 100 done for 300 of its 1,000 — EV 200, PV 400 (analytics.test.ts by hand): SPI 0.5.
    const fact = await owner.call("PATCH", `${base}/update-many`, {
      versionId: v,
      cells: [
        { itemId: a.id, measure: "volume", kind: "fact", date: "2025-01-13", value: 20 },
        { itemId: a.id, measure: "cost", kind: "fact", date: "2025-01-13", value: 300 },
      ],
    });
    expect(fact.status).toBe(200);
    for (const [key, name, formula] of [
      ["perf", "Темп", "spi * 100"],
      ["works_n", "Работы", "works"],
      ["budget", "Бюджет", "plan_cost"],
    ])
      expect(
        (await owner.call("POST", `/schedules/${schedule.id}/indicators/create`, { key, name, formula })).status,
      ).toBe(200);

    const url = `/analytics/schedule/${schedule.id}/indicator`;
    // The schedule's own values once the count of the last change is stored.
    await readUntil(owner, url, (d: Value[]) => byKey(d).perf === 50);
    // The sum S holds both works: the same pace, two works; A20 alone has no budget, so no pace.
    const ofRow = async (id: number) => byKey((await owner.call("GET", `${url}?wbsId=${id}`)).body.data);
    expect(await ofRow(s.id)).toEqual({ perf: 50, works_n: 2, budget: 1000 });
    expect(await ofRow(a.id)).toEqual({ perf: 50, works_n: 1, budget: 1000 });
    expect(await ofRow(b.id)).toEqual({ perf: null, works_n: 1, budget: 0 });
    const versionLevel = await owner.call("GET", `/analytics/version/${v}/indicator?wbsId=${a.id}`);
    expect(byKey(versionLevel.body.data).perf).toBe(50);

    // The works behind a value of a row: only those below it.
    const behind = await owner.call("GET", `/analytics/schedule/${schedule.id}/works?set=not_started&wbsId=${b.id}`);
    expect(behind.status).toBe(200);
    expect(behind.body.data.map((w: { code: string }) => w.code)).toEqual(["A20"]);

    // A row not of this version, a row at a level that rolls several versions up, a row that is no number.
    const missing = await inEnglish(server, owner, "GET", `${url}?wbsId=999999999`);
    expect(missing.status).toBe(404);
    const rolled = await inEnglish(server, owner, "GET", `/analytics/project/${project.id}/indicator?wbsId=${s.id}`);
    expect(rolled.status).toBe(400);
    expect(rolled.body.errors[0].message).toMatch(/^[A-Z]/);
    expect((await owner.call("GET", `${url}?wbsId=abc`)).status).toBe(400);
    for (const actor of [stranger, intruder])
      expect([403, 404]).toContain((await actor.call("GET", `${url}?wbsId=${s.id}`)).status);
    expect((await member.call("GET", `${url}?wbsId=${s.id}`)).status).toBe(200);

    // The project's computed attributes take their values from its schedule's current version.
    const types = [
      "start",
      "finish",
      "duration",
      "progress",
      "volume",
      "predecessors",
      "indicator",
      "measure",
      "executor",
      "price",
      "calendar",
      "status",
    ];
    for (const type of types) {
      const created = await owner.call("POST", `/eps/${project.id}/attributes/create`, {
        name: type === "indicator" ? "Темп" : `calc ${type}`,
        type,
      });
      expect(created.status, type).toBe(200);
    }
    const values = (await owner.call("GET", `/eps/${project.id}/attributes-with-values`)).body.data as {
      type: string;
      value: unknown;
    }[];
    const shown = Object.fromEntries(values.map((x) => [x.type, x.value]));
    expect(shown).toMatchObject({
      start: "2025-01-13",
      volume: 108,
      price: 1000,
      indicator: 50,
      measure: "m3",
      calendar: "Площадка",
      predecessors: 0,
      executor: null,
    });
    expect(shown.finish).toMatch(/^2025-01-\d\d$/);
    expect(shown.duration).toBeGreaterThan(1);
    expect(["not_started", "in_progress"]).toContain(shown.status);
    expect(typeof shown.progress).toBe("number");
  });
});
