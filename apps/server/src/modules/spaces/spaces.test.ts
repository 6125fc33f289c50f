import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe("spaces", () => {
  it("creates a space owned by its creator and lists it only for members", async () => {
    const owner = await server.signUp();
    const stranger = await server.signUp();
    const created = await server.call("POST", "/space/create", {
      token: owner.token,
      body: { name: "Тоннель", type: "corporate" },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      name: "Тоннель",
      type: "corporate",
      role: "owner",
      paidType: "free",
      demo: false,
    });
    const mine = await server.call("GET", "/users/spaces", { token: owner.token });
    expect(mine.body.data.map((s: { id: string }) => s.id)).toContain(created.body.data.id);
    const theirs = await server.call("GET", "/users/spaces", { token: stranger.token });
    expect(theirs.body.data).toEqual([]);
  });

  it("validates the name and the type", async () => {
    const owner = await server.signUp();
    const cases: [unknown, string][] = [
      [{ name: "", type: "site" }, "Required"],
      [{ name: "x".repeat(33), type: "site" }, "MaxLength"],
      [{ name: "a;b", type: "site" }, "ProhibitedCharacters"],
      [{ name: "Fine", type: "castle" }, "InvalidValue"],
      [{ type: "site" }, "Required"],
    ];
    for (const [body, code] of cases) {
      const response = await server.call("POST", "/space/create", { token: owner.token, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.errors[0].code).toBe(code);
    }
    expect((await server.call("GET", "/users/spaces", { token: owner.token })).body.data).toEqual([]);
  });

  it("another user's space answers 403 for every call and changes nothing", async () => {
    const owner = await server.signUp();
    const stranger = await server.signUp();
    const space = await server.createSpace(owner.token, "Private");
    const calls: ["GET" | "PUT" | "POST" | "DELETE", string, unknown?][] = [
      ["PUT", `/space/${space.id}`, { name: "Hacked" }],
      ["DELETE", `/space/${space.id}`],
      ["GET", `/space/${space.id}/users`],
      ["POST", `/space/${space.id}/users/invite`, { login: stranger.user.login }],
      ["GET", `/space/${space.id}/settings`],
      ["PUT", `/space/${space.id}/settings`, { ipAllowList: [] }],
      ["GET", `/space/${space.id}/access`],
      ["POST", `/space/${space.id}/demo`],
    ];
    for (const [method, url, body] of calls) {
      const response = await server.call(method, url, { token: stranger.token, body });
      expect(response.status, `${method} ${url}`).toBe(403);
      expect(response.body.errors[0].code).toBe("Forbidden");
    }
    const list = await server.call("GET", "/users/spaces", { token: owner.token });
    expect(list.body.data.find((s: { id: string }) => s.id === space.id).name).toBe("Private");
    expect((await server.call("GET", "/space/not-a-uuid/users", { token: owner.token })).status).toBe(403);
  });

  it("renames, and tells the space's room", async () => {
    const owner = await server.signUp();
    const space = await server.createSpace(owner.token);
    const renamed = await server.call("PUT", `/space/${space.id}`, {
      token: owner.token,
      body: { name: "Site South" },
    });
    expect(renamed.body.data.name).toBe("Site South");
    expect(server.ctx.realtime.sent).toContainEqual(
      expect.objectContaining({ type: "space_renamed", spaceId: space.id, name: "Site South" }),
    );
  });

  it("invites by login or e-mail, lists members, kicks out, and keeps the last owner", async () => {
    const owner = await server.signUp();
    const member = await server.signUp();
    const space = await server.createSpace(owner.token);
    const invited = await server.call("POST", `/space/${space.id}/users/invite`, {
      token: owner.token,
      body: { login: member.user.email },
    });
    expect(invited.body.data).toMatchObject({ userId: member.user.id, role: "member", status: "active" });
    expect(
      (
        await server.call("POST", `/space/${space.id}/users/invite`, {
          token: owner.token,
          body: { login: member.user.login },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await server.call("POST", `/space/${space.id}/users/invite`, {
          token: owner.token,
          body: { login: "nobody-here" },
        })
      ).status,
    ).toBe(404);

    const members = await server.call("GET", `/space/${space.id}/users`, { token: member.token });
    expect(members.body.data.map((m: { userId: string }) => m.userId).sort()).toEqual(
      [owner.user.id, member.user.id].sort(),
    );
    const memberAccess = await server.call("GET", `/space/${space.id}/access`, { token: member.token });
    expect(memberAccess.body.data.role).toBe("member");
    expect(memberAccess.body.data.abilities).not.toContain("members:write");

    // A member may not manage the space.
    expect(
      (await server.call("PUT", `/space/${space.id}`, { token: member.token, body: { name: "Mine" } })).status,
    ).toBe(403);
    expect(
      (
        await server.call("POST", `/space/${space.id}/users/kickout`, {
          token: member.token,
          body: { userId: owner.user.id },
        })
      ).status,
    ).toBe(403);

    const lastOwner = await server.call("POST", `/space/${space.id}/users/kickout`, {
      token: owner.token,
      body: { userId: owner.user.id },
    });
    expect(lastOwner.status).toBe(409);
    expect(lastOwner.body.errors[0].code).toBe("LastOwner");

    const kicked = await server.call("POST", `/space/${space.id}/users/kickout`, {
      token: owner.token,
      body: { userId: member.user.id },
    });
    expect(kicked.status).toBe(200);
    expect((await server.call("GET", `/space/${space.id}/users`, { token: member.token })).status).toBe(403);
    expect((await server.call("GET", "/users/spaces", { token: member.token })).body.data).toEqual([]);
  });

  it("an IP allow-list refuses other addresses with 403 IPNotAllowed", async () => {
    const owner = await server.signUp();
    const space = await server.createSpace(owner.token);
    const bad = await server.call("PUT", `/space/${space.id}/settings`, {
      token: owner.token,
      body: { ipAllowList: ["10.0.0.0/33"] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].code).toBe("InvalidCidr");
    const set = await server.call("PUT", `/space/${space.id}/settings`, {
      token: owner.token,
      body: { ipAllowList: ["10.1.0.0/16", "2001:db8::/32"] },
      remoteAddress: "10.1.2.3",
    });
    expect(set.body.data.ipAllowList).toEqual(["10.1.0.0/16", "2001:db8::/32"]);
    const inside = await server.call("GET", `/space/${space.id}/users`, {
      token: owner.token,
      remoteAddress: "10.1.200.1",
    });
    expect(inside.status).toBe(200);
    const insideV6 = await server.call("GET", `/space/${space.id}/users`, {
      token: owner.token,
      remoteAddress: "2001:db8::5",
    });
    expect(insideV6.status).toBe(200);
    const outside = await server.call("GET", `/space/${space.id}/users`, {
      token: owner.token,
      remoteAddress: "10.2.0.1",
      language: "en",
    });
    expect(outside.status).toBe(403);
    expect(outside.body.errors[0]).toEqual({
      code: "IPNotAllowed",
      message: "Access is not allowed from this IP address",
    });
  });

  it("a space's own idle time-out ends an idle session inside it", async () => {
    const owner = await server.signUp();
    const space = await server.createSpace(owner.token);
    const settings = await server.call("PUT", `/space/${space.id}/settings`, {
      token: owner.token,
      body: { idleMinutes: 5 },
    });
    expect(settings.body.data.idleMinutes).toBe(5);
    const { sessions } = await import("../../db/schema/index.js");
    const { eq } = await import("drizzle-orm");
    await server.ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(sessions.userId, owner.user.id));
    server.ctx.changes.advance(); // a write behind the server's back: what it keeps in memory must be read again
    const response = await server.call("GET", `/space/${space.id}/users`, { token: owner.token });
    expect(response.status).toBe(401);
    expect(response.body.errors[0].code).toBe("SessionExpired");
  });

  it("deletes a space through a job with progress, then it is gone for every member", async () => {
    const owner = await server.signUp();
    const member = await server.signUp();
    const space = await server.createSpace(owner.token);
    await server.call("POST", `/space/${space.id}/users/invite`, {
      token: owner.token,
      body: { login: member.user.login },
    });
    expect((await server.call("DELETE", `/space/${space.id}`, { token: member.token })).status).toBe(403);
    const started = await server.call("DELETE", `/space/${space.id}`, { token: owner.token });
    expect(started.status).toBe(200);
    const jobId = started.body.data.jobId;
    // Gone at once, before the job even ran.
    expect((await server.call("GET", `/space/${space.id}/users`, { token: member.token })).status).toBe(403);
    await server.ctx.jobs.idle();
    const job = await server.call("GET", `/jobs/${jobId}`, { token: owner.token });
    expect(job.body.data).toMatchObject({ status: "completed", progress: 100 });
    const events = server.ctx.realtime.sent.filter((e) => e.type === "space_delete" && e.spaceId === space.id);
    expect(events.at(-1)).toMatchObject({ status: "completed", progress: 100 });
    for (const token of [owner.token, member.token]) {
      expect(
        (await server.call("GET", "/users/spaces", { token })).body.data.find((s: { id: string }) => s.id === space.id),
      ).toBeUndefined();
    }
    expect((await server.call("GET", `/jobs/${jobId}`, { token: member.token })).status).toBe(404);
  });

  it("fills a demo space through a job", async () => {
    const owner = await server.signUp();
    const space = await server.createSpace(owner.token, "Demo");
    const started = await server.call("POST", `/space/${space.id}/demo`, { token: owner.token });
    await server.ctx.jobs.idle();
    const job = await server.call("GET", `/jobs/${started.body.data.jobId}`, { token: owner.token });
    expect(job.body.data.status).toBe("completed");
    const list = await server.call("GET", "/users/spaces", { token: owner.token });
    expect(list.body.data.find((s: { id: string }) => s.id === space.id).demo).toBe(true);
  });
});
