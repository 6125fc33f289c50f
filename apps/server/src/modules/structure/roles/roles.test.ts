import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { BAD_NAMES, buildTree, setUpSpace } from "../structure.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe("roles", () => {
  it("CRUD with validation, and members take their abilities from the assigned role", async () => {
    const { owner, member, space } = await setUpSpace(server);
    const created = await owner.call("POST", "/roles", { name: "Планировщик", abilities: ["eps:read", "eps:write"] });
    expect(created.body.data).toMatchObject({ name: "Планировщик", abilities: ["eps:read", "eps:write"], members: 0 });
    const roleId = created.body.data.id;
    expect((await owner.call("POST", "/roles", { name: "Планировщик", abilities: [] })).status).toBe(409);
    expect((await owner.call("POST", "/roles", { name: "Bad", abilities: ["eps:fly"] })).status).toBe(400);
    for (const [name, code] of BAD_NAMES)
      expect((await owner.call("POST", "/roles", { name, abilities: [] })).body.errors[0].code).toBe(code);
    const catalogue = await owner.call("GET", "/roles/abilities");
    expect(catalogue.body.data).toContainEqual({ ability: "attribute:write", description: "Change attribute values" });

    // Without a role the member reads only.
    const before = await server.call("GET", `/space/${space.id}/access`, { token: member.token });
    expect(before.body.data.abilities).toContain("eps:read");
    expect(before.body.data.abilities).not.toContain("eps:write");
    expect((await member.call("POST", "/eps/create", { name: "Нет" })).status).toBe(403);

    const assigned = await owner.call("PUT", `/space/${space.id}/users/${member.userId}/role`, { roleId });
    expect(assigned.body.data).toEqual({ userId: member.userId, role: "member", roleId });
    expect((await owner.call("GET", `/space/${space.id}/users/roles`)).body.data).toEqual([
      { userId: member.userId, roleId },
    ]);
    expect((await member.call("POST", "/eps/create", { name: "Можно" })).status).toBe(200);
    const access = await server.call("GET", `/space/${space.id}/access`, { token: member.token });
    expect(access.body.data.abilities.sort()).toEqual(["eps:read", "eps:write", "space:read"]);
    expect((await owner.call("GET", "/roles")).body.data[0].members).toBe(1);

    const updated = await owner.call("PUT", `/roles/${roleId}`, { abilities: ["eps:read"] });
    expect(updated.body.data).toMatchObject({ name: "Планировщик", abilities: ["eps:read"] });
    expect((await member.call("POST", "/eps/create", { name: "Уже нет" })).status).toBe(403);
    expect((await owner.call("PUT", `/roles/${roleId}`, { name: "x".repeat(33) })).status).toBe(400);

    expect((await owner.call("DELETE", `/roles/${roleId}`)).status).toBe(200);
    expect((await owner.call("GET", "/roles")).body.data).toEqual([]);
    expect((await owner.call("GET", `/space/${space.id}/users/roles`)).body.data).toEqual([]);
    expect((await member.call("GET", "/eps")).status).toBe(200);
  });

  it("assignment checks the member and the role; a role of another space is not found", async () => {
    const { owner, member, stranger, space } = await setUpSpace(server);
    const foreignRole = (await stranger.call("POST", "/roles", { name: "Чужая", abilities: [] })).body.data;
    expect(
      (await owner.call("PUT", `/space/${space.id}/users/${member.userId}/role`, { roleId: foreignRole.id })).status,
    ).toBe(404);
    expect((await owner.call("PUT", `/space/${space.id}/users/${stranger.userId}/role`, { roleId: null })).status).toBe(
      404,
    );
    expect((await owner.call("PUT", `/space/${space.id}/users/${member.userId}/role`, { roleId: "x" })).status).toBe(
      400,
    );
    expect((await owner.call("PUT", `/roles/${foreignRole.id}`, { name: "Моя" })).status).toBe(404);
    expect((await owner.call("DELETE", `/roles/${foreignRole.id}`)).status).toBe(404);
    expect((await stranger.call("GET", "/roles")).body.data.map((r: { name: string }) => r.name)).toEqual(["Чужая"]);
  });

  it("members without roles:write or members:write get 403 and nothing changes", async () => {
    const { owner, member, intruder, space, roleId } = await setUpSpace(server, ["eps:read", "roles:read"]);
    await buildTree(owner);
    expect((await member.call("GET", "/roles")).status).toBe(200);
    expect((await member.call("POST", "/roles", { name: "Self", abilities: ["roles:write"] })).status).toBe(403);
    expect((await member.call("PUT", `/roles/${roleId}`, { abilities: ["roles:write", "eps:write"] })).status).toBe(
      403,
    );
    expect((await member.call("DELETE", `/roles/${roleId}`)).status).toBe(403);
    expect((await member.call("PUT", `/space/${space.id}/users/${member.userId}/role`, { roleId: null })).status).toBe(
      403,
    );
    expect((await intruder.call("GET", "/roles")).status).toBe(403);
    const roles = (await owner.call("GET", "/roles")).body.data;
    expect(roles).toEqual([expect.objectContaining({ id: roleId, abilities: ["eps:read", "roles:read"], members: 1 })]);
  });
});
