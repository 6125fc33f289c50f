import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { inEnglish, seedWdpSchedule } from "../workspace/wdp/wdp.test-kit.js";
import { addRoofSchedule, planA10, readUntil } from "./analytics.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

type Row = {
  id: string;
  node: { id: string; name: string };
  title: string | null;
  position: number;
  figures: Record<string, number | null>;
  indicators: { key: string; value: number | null }[];
  fresh: boolean;
};
const names = (rows: Row[]) => rows.map((r) => r.title ?? r.node.name);

describe("scoreboard", () => {
  it("ranks projects and nodes by a figure or an indicator, keeps the order moved up and down, refuses bad input", async () => {
    const { owner, member, stranger, intruder, v, a, base, project, facility } = await seedWdpSchedule(server);
    await planA10(owner, base, v, a.id);
    expect((await owner.call("PATCH", `/versions/${v}`, { dataDate: "2025-01-14T17:00" })).status).toBe(200);
    // Цех 1: 20 m³ of A10's 100 done by Tuesday for 300 — EV 200 against PV 400: SPI 0.5 (analytics.test.ts by hand).
    const fact = await owner.call("PATCH", `${base}/update-many`, {
      versionId: v,
      cells: [
        { itemId: a.id, measure: "volume", kind: "fact", date: "2025-01-13", value: 20 },
        { itemId: a.id, measure: "cost", kind: "fact", date: "2025-01-13", value: 300 },
      ],
    });
    expect(fact.status).toBe(200);
    const pace = await owner.call("POST", `/projects/${project.id}/indicators/create`, {
      key: "pace",
      name: "Темп, %",
      formula: "spi * 100",
    });
    expect(pace.status).toBe(200);
    // Цех 2: its roof planned in February 2025 and nothing done by today — SPI 0.
    const second = (await owner.call("POST", `/facilities/${facility.id}/project/create`, { name: "Цех 2" })).body.data;
    await addRoofSchedule(owner, second.id);

    for (const nodeId of [second.id, project.id, facility.id])
      expect((await owner.call("POST", "/scoreboard/save", { nodeId })).status).toBe(200);
    const board = await readUntil(
      owner,
      "/scoreboard",
      (d: { items: Row[] }) =>
        d.items.length === 3 &&
        d.items.every((r) => r.fresh) &&
        d.items[1].figures.spi === 0.5 &&
        d.items[1].indicators[0]?.value === 50 &&
        d.items[0].figures.spi === 0,
    );
    expect(names(board.items)).toEqual(["Цех 2", "Цех 1", "Завод"]);
    expect(board.items.map((r: Row) => r.position)).toEqual([1, 2, 3]);
    expect(board.indicators).toEqual([{ key: "pace", name: "Темп, %" }]);
    // The facility measures each at its own status day (Цех 1 on Tuesday, Цех 2 today): EV 200 against PV 400 + 250.
    expect(board.items[2].figures.spi).toBeCloseTo(200 / 650, 6);

    const ranked = async (query: string) => names((await owner.call("GET", `/scoreboard?${query}`)).body.data.items);
    expect(await ranked("sort=spi")).toEqual(["Цех 1", "Завод", "Цех 2"]);
    expect(await ranked("sort=spi&order=asc")).toEqual(["Цех 2", "Завод", "Цех 1"]);
    // Rows without the indicator go last whichever the order.
    expect((await ranked("sort=pace&order=asc"))[0]).toBe("Цех 1");

    // Up and down are kept on the server; at the edge nothing moves.
    const [p2, p1, fac] = board.items as Row[];
    expect((await owner.call("PATCH", `/scoreboard/${p1.id}/up`)).body.data).toEqual({ id: p1.id, position: 1 });
    expect((await owner.call("PATCH", `/scoreboard/${fac.id}/down`)).body.data).toEqual({ id: fac.id, position: 3 });
    expect(await ranked("")).toEqual(["Цех 1", "Цех 2", "Завод"]);
    expect((await owner.call("PATCH", `/scoreboard/${p2.id}/update`, { title: "Кровля" })).status).toBe(200);
    expect(await ranked("")).toEqual(["Цех 1", "Кровля", "Завод"]);

    // Bad input: localized refusals, nothing written.
    const taken = await inEnglish(server, owner, "POST", "/scoreboard/save", { nodeId: project.id });
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0].message).toBe("This node is already on the scoreboard");
    for (const [method, url, body] of [
      ["GET", "/scoreboard?sort=nothing", undefined],
      ["GET", "/scoreboard?sort=spi&order=up", undefined],
      ["POST", "/scoreboard/save", { nodeId: "x" }],
      ["PATCH", `/scoreboard/${p1.id}/update`, { title: "a<b" }],
    ] as const) {
      const bad = await inEnglish(server, owner, method, url, body);
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].message).toMatch(/^[A-Za-z]/);
    }
    expect(await ranked("")).toEqual(["Цех 1", "Кровля", "Завод"]);

    // A read-only member reads but does not change; another space's user neither reads nor changes, nor puts this
    // space's node on their own board.
    expect((await member.call("GET", "/scoreboard")).status).toBe(200);
    for (const actor of [member, stranger, intruder])
      for (const [method, url, body] of [
        ["POST", "/scoreboard/save", { nodeId: project.id }],
        ["PATCH", `/scoreboard/${p1.id}/update`, { title: "X" }],
        ["PATCH", `/scoreboard/${p1.id}/down`, undefined],
        ["DELETE", `/scoreboard/${fac.id}/delete`, undefined],
      ] as const)
        expect([403, 404]).toContain((await actor.call(method, url, body)).status);
    expect((await intruder.call("GET", "/scoreboard")).status).toBe(403);
    expect((await stranger.call("GET", "/scoreboard")).body.data.items).toEqual([]);
    expect(await ranked("")).toEqual(["Цех 1", "Кровля", "Завод"]);

    expect((await owner.call("DELETE", `/scoreboard/${fac.id}/delete`)).body.data).toEqual({ id: fac.id });
    expect(await ranked("")).toEqual(["Цех 1", "Кровля"]);
  });
});
