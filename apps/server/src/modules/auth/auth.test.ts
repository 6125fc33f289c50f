import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../db/schema/index.js";
import { createTestServer, type TestServer } from "../../test/test-server.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe("POST /auth/login", () => {
  it("signs in by login or by e-mail, case-insensitively, and the token works", async () => {
    const user = await server.signUp();
    for (const login of [user.user.login, user.user.email.toUpperCase()]) {
      const response = await server.call("POST", "/auth/login", { body: { login, password: user.password } });
      expect(response.status).toBe(200);
      expect(response.body.data.user.id).toBe(user.user.id);
      const me = await server.call("GET", "/users/who-am-i", { token: response.body.data.token });
      expect(me.body.data.login).toBe(user.user.login);
    }
  });

  it("refuses a wrong password with a translated error", async () => {
    const user = await server.signUp();
    const response = await server.call("POST", "/auth/login", {
      body: { login: user.user.login, password: "wrong-password" },
      language: "fr",
    });
    expect(response.status).toBe(401);
    expect(response.headers["error-type"]).toBe("localized");
    expect(response.body).toEqual({
      success: false,
      errors: [{ code: "WrongCredentials", message: "Identifiant ou mot de passe incorrect" }],
    });
  });

  it("answers 400 with every missing field", async () => {
    const response = await server.call("POST", "/auth/login", { body: {}, language: "en" });
    expect(response.status).toBe(400);
    expect(response.body.errors.map((e: { params: { field: string } }) => e.params.field).sort()).toEqual([
      "login",
      "password",
    ]);
    expect(response.body.errors[0].code).toBe("Required");
  });

  it("blocks an account with 429 after repeated failures, even with the right password", async () => {
    const user = await server.signUp();
    for (let i = 0; i < 5; i++) {
      const failed = await server.call("POST", "/auth/login", {
        body: { login: user.user.login, password: "nope-nope" },
      });
      expect(failed.status).toBe(401);
    }
    const blocked = await server.call("POST", "/auth/login", {
      body: { login: user.user.login, password: user.password },
      language: "en",
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.errors[0].code).toBe("TooManyAttempts");
    expect(blocked.body.errors[0].params.seconds).toBeGreaterThan(0);
  });

  it("blocks an address with 429 after failures across many accounts", async () => {
    const remoteAddress = "203.0.113.9";
    for (let i = 0; i < 30; i++) {
      await server.call("POST", "/auth/login", { body: { login: `ghost${i}`, password: "whatever1" }, remoteAddress });
    }
    const user = await server.signUp();
    const blocked = await server.call("POST", "/auth/login", {
      body: { login: user.user.login, password: user.password },
      remoteAddress,
    });
    expect(blocked.status).toBe(429);
    const elsewhere = await server.call("POST", "/auth/login", {
      body: { login: user.user.login, password: user.password },
    });
    expect(elsewhere.status).toBe(200);
  });
});

describe("tokens", () => {
  it("logout revokes the token at once", async () => {
    const user = await server.signUp();
    // Read first, so the server keeps the session in memory: the logout must end it there too.
    expect((await server.call("GET", "/users/who-am-i", { token: user.token })).status).toBe(200);
    expect((await server.call("GET", "/users/who-am-i", { token: user.token })).status).toBe(200);
    expect((await server.call("POST", "/auth/logout", { token: user.token })).status).toBe(200);
    const after = await server.call("GET", "/users/who-am-i", { token: user.token, language: "en" });
    expect(after.status).toBe(401);
    expect(after.body.errors[0]).toEqual({ code: "Unauthorized", message: "User is not authorized" });
  });

  it("an expired token answers 401 SessionExpired and is deleted", async () => {
    const user = await server.signUp();
    await server.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.user.id));
    server.ctx.changes.advance(); // a write behind the server's back: what it keeps in memory must be read again
    const response = await server.call("GET", "/users/who-am-i", { token: user.token });
    expect(response.status).toBe(401);
    expect(response.body.errors[0].code).toBe("SessionExpired");
    expect(await server.ctx.db.select().from(sessions).where(eq(sessions.userId, user.user.id))).toHaveLength(0);
  });

  it("a session idle past the time-out ends", async () => {
    const user = await server.signUp();
    const longAgo = new Date(Date.now() - (server.ctx.config.idleMinutes + 1) * 60_000);
    await server.ctx.db.update(sessions).set({ lastSeenAt: longAgo }).where(eq(sessions.userId, user.user.id));
    server.ctx.changes.advance(); // a write behind the server's back: what it keeps in memory must be read again
    const response = await server.call("GET", "/users/who-am-i", { token: user.token });
    expect(response.status).toBe(401);
    expect(response.body.errors[0].code).toBe("SessionExpired");
  });

  it("a forged or missing token answers 401, and tokens are stored only as hashes", async () => {
    const user = await server.signUp();
    expect((await server.call("GET", "/users/who-am-i", { token: `${user.token}x` })).status).toBe(401);
    expect((await server.call("GET", "/users/who-am-i")).status).toBe(401);
    const stored = await server.ctx.db.select().from(sessions).where(eq(sessions.userId, user.user.id));
    expect(stored[0].tokenHash).not.toContain(user.token);
    expect(stored[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });
});
