import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execRows } from "../../platform/sql.js";
import { createTestServer, type TestServer } from "../../test/test-server.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe("space administration calls", () => {
  it("GET /users/space-config answers the space of X-Space-Id as its member opens it, to members only", async () => {
    const owner = await server.signUp();
    const space = await server.createSpace(owner.token, "Configured");
    const headers = { "x-space-id": space.id };
    await server.call("PUT", `/space/${space.id}/settings`, {
      token: owner.token,
      body: { idleMinutes: 15, wdpEntryDays: 3 },
    });
    const config = await server.call("GET", "/users/space-config", { token: owner.token, headers });
    expect(config.status).toBe(200);
    expect(config.body.data).toMatchObject({
      space: { id: space.id, name: "Configured", role: "owner", paidType: "free" },
      idleMinutes: 15,
      wdpEntryDays: 3,
      licence: null,
    });
    expect(config.body.data.abilities).toContain("space:admin");
    const stranger = await server.signUp();
    expect((await server.call("GET", "/users/space-config", { token: stranger.token, headers })).status).toBe(403);
    expect((await server.call("GET", "/users/space-config", { headers })).status).toBe(401);
  });

  it("GET /space/{id}/eps lists the tree of the space in the path, to its members only", async () => {
    const owner = await server.signUp();
    const space = await server.createSpace(owner.token, "Tree");
    const created = await server.call("POST", "/eps/create", {
      token: owner.token,
      headers: { "x-space-id": space.id },
      body: { name: "Участок 1", key: "U-1" },
    });
    expect(created.status).toBe(200);
    const listed = await server.call("GET", `/space/${space.id}/eps`, { token: owner.token });
    expect(listed.status).toBe(200);
    expect(listed.body.data.nodes.map((node: { name: string }) => node.name)).toEqual(["Участок 1"]);
    const stranger = await server.signUp();
    expect((await server.call("GET", `/space/${space.id}/eps`, { token: stranger.token })).status).toBe(403);
  });

  it("DELETE /space/{id}/delete-free deletes a free space, refuses a licensed one and anybody but its owner", async () => {
    const owner = await server.signUp();
    const free = await server.createSpace(owner.token, "Free one");
    const member = await server.signUp();
    await server.call("POST", `/space/${free.id}/users/invite`, {
      token: owner.token,
      body: { login: member.user.login },
    });
    expect((await server.call("DELETE", `/space/${free.id}/delete-free`, { token: member.token })).status).toBe(403);
    const stranger = await server.signUp();
    expect((await server.call("DELETE", `/space/${free.id}/delete-free`, { token: stranger.token })).status).toBe(403);

    const paid = await server.createSpace(owner.token, "Licensed one");
    // A licence in force, as loading one leaves the space row (the licences test loads real signed ones).
    const licence = {
      licenceId: "00000000-0000-4000-8000-000000000001",
      expiresAt: new Date(Date.now() + 365 * 86_400_000).toISOString(),
      paidUsers: 5,
      minVersion: "0.0.0",
      maxVersion: null,
      estimateUsers: 0,
      bimUsers: 0,
    };
    await execRows(
      server.ctx.db,
      sql`update spaces set paid_type = 'paid', licence = ${JSON.stringify(licence)}::jsonb where id = ${paid.id}`,
    );
    const refused = await server.call("DELETE", `/space/${paid.id}/delete-free`, {
      token: owner.token,
      language: "ru",
    });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toMatchObject({
      code: "SpaceNotFree",
      message: "У пространства есть лицензия: оно не бесплатное",
    });

    const deleted = await server.call("DELETE", `/space/${free.id}/delete-free`, { token: owner.token });
    expect(deleted.status).toBe(200);
    await server.ctx.jobs.idle();
    const spaces = (await server.call("GET", "/users/spaces", { token: owner.token })).body.data as { id: string }[];
    expect(spaces.map((space) => space.id)).toEqual([paid.id]);
  });
});
