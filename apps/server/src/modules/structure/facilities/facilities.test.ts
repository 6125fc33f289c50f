import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { BAD_NAMES, buildTree, setUpSpace } from "../structure.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe("facilities", () => {
  it("creates at the root or under a node, reads with projects, patches settings, deletes after confirmation", async () => {
    const { owner } = await setUpSpace(server);
    const top = await owner.call("POST", "/facilities/create", { name: "Склад", key: "WH" });
    expect(top.body.data).toMatchObject({ kind: "facility", parentId: null, key: "WH" });
    const { facility, project } = await buildTree(owner);
    const read = await owner.call("GET", `/facilities/${facility.id}`);
    expect(read.body.data).toMatchObject({
      id: facility.id,
      name: "Завод",
      projects: [{ id: project.id, name: "Цех 1" }],
    });
    expect((await owner.call("GET", `/facilities/${project.id}`)).status).toBe(404);

    const patched = await owner.call("PATCH", `/facilities/${facility.id}/settings`, {
      settings: { address: "Казань, ул. Заводская 1", latitude: "55,79" },
    });
    expect(patched.body.data.settings).toEqual({ address: "Казань, ул. Заводская 1", latitude: 55.79 });
    const again = await owner.call("PATCH", `/facilities/${facility.id}/settings`, {
      settings: { timeZone: "Europe/Moscow" },
    });
    expect(again.body.data.settings).toMatchObject({ latitude: 55.79, timeZone: "Europe/Moscow" });
    for (const settings of [{ latitude: "north" }, { latitude: 91 }, { colour: "red" }, { address: "<b>" }])
      expect((await owner.call("PATCH", `/facilities/${facility.id}/settings`, { settings })).status).toBe(400);
    expect((await owner.call("PATCH", `/facilities/${project.id}/settings`, { settings: {} })).status).toBe(404);

    for (const [name, code] of BAD_NAMES) {
      const response = await owner.call("POST", "/facilities/create", { name });
      expect(response.body.errors[0].code).toBe(code);
    }
    expect((await owner.call("POST", `/facilities/${facility.id}/project/create`, { name: "" })).status).toBe(400);
    expect((await owner.call("POST", `/facilities/${project.id}/project/create`, { name: "P" })).status).toBe(400);

    const ask = await owner.call("DELETE", `/facilities/${facility.id}`);
    expect(ask.body.errors[0]).toMatchObject({ code: "ConfirmationRequired", params: { count: 2 } });
    expect((await owner.call("DELETE", `/facilities/${project.id}?confirmCount=1`)).status).toBe(404);
    expect((await owner.call("DELETE", `/facilities/${facility.id}?confirmCount=2`)).body.data).toEqual({
      deleted: 2,
      schedules: 1,
    });
    expect((await owner.call("GET", `/facilities/${facility.id}`)).status).toBe(404);
  });

  it("other spaces and members without eps:write change nothing", async () => {
    const { owner, member, stranger, intruder } = await setUpSpace(server);
    const { facility } = await buildTree(owner);
    for (const actor of [member, stranger, intruder]) {
      const expected = actor === member ? 403 : actor === stranger ? 404 : 403;
      expect(
        (await actor.call("PATCH", `/facilities/${facility.id}/settings`, { settings: { address: "X" } })).status,
      ).toBe(expected);
      expect((await actor.call("DELETE", `/facilities/${facility.id}?confirmCount=2`)).status).toBe(expected);
      expect((await actor.call("POST", `/facilities/${facility.id}/project/create`, { name: "P" })).status).toBe(
        expected,
      );
    }
    expect((await member.call("GET", `/facilities/${facility.id}`)).status).toBe(200);
    expect((await stranger.call("GET", `/facilities/${facility.id}`)).status).toBe(404);
    const read = await owner.call("GET", `/facilities/${facility.id}`);
    expect(read.body.data.settings).toEqual({});
    expect(read.body.data.projects).toHaveLength(1);
  });

  it("a resource grant lets a role change one facility's subtree only", async () => {
    const { owner, member, roleId } = await setUpSpace(server, ["eps:read"]);
    const { facility, project } = await buildTree(owner);
    const other = (await owner.call("POST", "/facilities/create", { name: "Другой" })).body.data;
    await owner.call("POST", "/access/grant", { roleId, resourceId: facility.id, abilities: ["eps:write"] });
    expect((await member.call("PATCH", `/eps/${project.id}/rename`, { name: "Цех 1А" })).status).toBe(200);
    expect((await member.call("POST", `/facilities/${facility.id}/project/create`, { name: "Цех 2" })).status).toBe(
      200,
    );
    expect((await member.call("PATCH", `/eps/${other.id}/rename`, { name: "Нет" })).status).toBe(403);
    expect((await member.call("POST", "/facilities/create", { name: "Нет" })).status).toBe(403);
  });
});
