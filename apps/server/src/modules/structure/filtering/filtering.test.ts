import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { setUpSpace } from "../structure.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const filter = { logic: "and", conditions: [{ field: "name", operator: "like", value: "Цех" }] };

describe("filtering presets", () => {
  it("creates, lists, updates, activates one per target, resets and deletes", async () => {
    const { owner } = await setUpSpace(server);
    const root = (await owner.call("POST", "/eps/create", { name: "R" })).body.data;
    const attr = (await owner.call("POST", `/eps/${root.id}/attributes/create`, { name: "Сумма", type: "money" })).body
      .data;
    const a = (await owner.call("POST", "/filtering", { name: "Цеха", target: "eps", filter })).body.data;
    expect(a).toMatchObject({ name: "Цеха", target: "eps", active: false, filter });
    const b = (
      await owner.call("POST", "/filtering", {
        name: "Дорогие",
        target: "eps",
        filter: { conditions: [{ field: attr.id, operator: "gt", value: 1000 }] },
      })
    ).body.data;
    expect(b.filter.logic).toBe("and");
    await owner.call("POST", "/filtering", { name: "График", target: "schedule", filter });
    expect((await owner.call("GET", "/filtering?target=eps")).body.data.map((p: { name: string }) => p.name)).toEqual([
      "Дорогие",
      "Цеха",
    ]);
    expect((await owner.call("GET", "/filtering")).body.data).toHaveLength(3);

    const updated = await owner.call("PUT", `/filtering/${a.id}`, { name: "Все цеха" });
    expect(updated.body.data).toMatchObject({ name: "Все цеха", filter });
    let state = await owner.call("POST", "/filtering/set-state", { id: a.id });
    expect(state.body.data.filter((p: { active: boolean }) => p.active).map((p: { id: string }) => p.id)).toEqual([
      a.id,
    ]);
    state = await owner.call("POST", "/filtering/set-state", { id: b.id });
    expect(state.body.data.filter((p: { active: boolean }) => p.active).map((p: { id: string }) => p.id)).toEqual([
      b.id,
    ]);
    state = await owner.call("POST", "/filtering/reset-state", { target: "eps" });
    expect(state.body.data.every((p: { active: boolean }) => !p.active)).toBe(true);
    expect((await owner.call("DELETE", `/filtering/${a.id}`)).status).toBe(200);
    expect((await owner.call("GET", "/filtering?target=eps")).body.data).toHaveLength(1);
  });

  it("refuses bad presets", async () => {
    const { owner } = await setUpSpace(server);
    for (const body of [
      { name: "", target: "eps", filter },
      { name: "x".repeat(33), target: "eps", filter },
      { name: "P", target: "moon", filter },
      { name: "P", target: "eps", filter: { conditions: [{ field: "name", operator: "approx" }] } },
      { name: "P", target: "eps", filter: { conditions: [{ field: crypto.randomUUID(), operator: "eq", value: 1 }] } },
      { name: "P", target: "eps" },
    ])
      expect((await owner.call("POST", "/filtering", body)).status, JSON.stringify(body)).toBe(400);
    expect((await owner.call("POST", "/filtering/reset-state", { target: "x" })).status).toBe(400);
    expect((await owner.call("GET", "/filtering")).body.data).toEqual([]);
  });

  it("presets are private to their user; strangers get 403", async () => {
    const { owner, member, stranger, intruder } = await setUpSpace(server);
    const preset = (await owner.call("POST", "/filtering", { name: "Мой", target: "eps", filter })).body.data;
    expect((await member.call("GET", "/filtering")).body.data).toEqual([]);
    expect((await member.call("PUT", `/filtering/${preset.id}`, { name: "Чужой" })).status).toBe(404);
    expect((await member.call("DELETE", `/filtering/${preset.id}`)).status).toBe(404);
    expect((await member.call("POST", "/filtering/set-state", { id: preset.id })).status).toBe(404);
    expect((await stranger.call("DELETE", `/filtering/${preset.id}`)).status).toBe(404);
    expect((await intruder.call("GET", "/filtering")).status).toBe(403);
    expect((await owner.call("GET", "/filtering")).body.data).toEqual([
      expect.objectContaining({ name: "Мой", active: false }),
    ]);
  });
});
