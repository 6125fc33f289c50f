import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, userIdentities, users } from "../../db/schema/index.js";
import { KerberosTestKdc } from "../../test/kerberos-test-kdc.js";
import { createTestServer, type TestServer } from "../../test/test-server.js";

/**
 * Kerberos (SPNEGO) sign-on against a real MIT KDC on loopback: a person gets a ticket with kinit, GSSAPI makes the
 * browser's `Negotiate` token from it, and the installation checks it with its keytab.
 */
const kdc = new KerberosTestKdc();
let server: TestServer;

beforeAll(async () => {
  await kdc.start();
  await kdc.addPrincipal("alice", "alice-password");
  await kdc.addPrincipal("bob", "bob-password");
  server = await createTestServer({ PLANUM_KERBEROS_KEYTAB: kdc.keytab, PLANUM_KERBEROS_NAME: "Domain" });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await kdc.stop();
});

const signOn = (authorization?: string, query = "") =>
  server.call("GET", `/auth/kerberos${query}`, { headers: authorization ? { authorization } : {} });

function sessionOf(location: string) {
  expect(location).toMatch(/^\/auth\/sso#/);
  const fragment = new URLSearchParams(location.split("#")[1]);
  return { token: fragment.get("token") ?? "", returnTo: fragment.get("returnTo") };
}

const usersWithEmail = (email: string) => server.ctx.db.select().from(users).where(eq(users.email, email));

describe("Kerberos sign-on", () => {
  it("the login page offers it", async () => {
    const response = await server.call("GET", "/auth/openid");
    expect(response.body.data).toEqual({ providers: [{ kind: "kerberos", name: "Domain" }] });
  });

  it("without a ticket challenges the browser with Negotiate; a page without one moves on to the login page", async () => {
    const response = await signOn();
    expect(response.status).toBe(401);
    expect(response.headers["www-authenticate"]).toBe("Negotiate");
    expect(response.raw.body).toContain('url=/auth/login?sso-error=KerberosNoTicket"');
  });

  it("a first sign-in with a ticket creates the user; the next finds the same; the session works", async () => {
    const cache = await kdc.kinit("alice", "alice-password");
    const first = await signOn(await kdc.negotiateHeader(cache), "?returnTo=%2Fhome");
    expect(first.status).toBe(302);
    // mutual authentication: the acceptor's answer token
    expect(String(first.headers["www-authenticate"])).toMatch(/^Negotiate [A-Za-z0-9+/=]+$/);
    const session = sessionOf(String(first.headers.location));
    expect(session.returnTo).toBe("/home");
    const me = await server.call("GET", "/users/who-am-i", { token: session.token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ login: "alice", email: "alice@planum.test", firstName: "alice" });
    const identities = await server.ctx.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.subject, "alice@PLANUM.TEST"));
    expect(identities).toEqual([expect.objectContaining({ issuer: "kerberos:PLANUM.TEST", userId: me.body.data.id })]);

    const again = sessionOf(String((await signOn(await kdc.negotiateHeader(cache))).headers.location));
    const meAgain = await server.call("GET", "/users/who-am-i", { token: again.token });
    expect(meAgain.body.data.id).toBe(me.body.data.id);
    expect(await usersWithEmail("alice@planum.test")).toHaveLength(1);
  });

  it("links the principal to the existing account with its e-mail", async () => {
    const registered = await server.signUp({ email: "bob@planum.test" });
    const cache = await kdc.kinit("bob", "bob-password");
    const session = sessionOf(String((await signOn(await kdc.negotiateHeader(cache))).headers.location));
    const me = await server.call("GET", "/users/who-am-i", { token: session.token });
    expect(me.body.data.id).toBe(registered.user.id);
    expect(await usersWithEmail("bob@planum.test")).toHaveLength(1);
  });

  it("a signed-on person reads no other space", async () => {
    const owner = await server.signUp();
    const other = await server.createSpace(owner.token, "Not Alices");
    const cache = await kdc.kinit("alice", "alice-password");
    const session = sessionOf(String((await signOn(await kdc.negotiateHeader(cache))).headers.location));
    const users = await server.call("GET", `/space/${other.id}/users`, { token: session.token });
    expect(users.status).toBe(403);
    const eps = await server.call("GET", `/space/${other.id}/eps`, { token: session.token });
    expect(eps.status).toBe(403);
  });

  it("refuses a forged token and an NTLM one: back to the login page, nothing written", async () => {
    const sessionsBefore = await server.ctx.db.$count(sessions);
    const usersBefore = await server.ctx.db.$count(users);
    const forged = await signOn(`Negotiate ${Buffer.from("not a ticket at all").toString("base64")}`);
    expect(forged.status).toBe(302);
    expect(forged.headers.location).toBe("/auth/login?sso-error=KerberosFailed");
    const ntlm = await signOn(`Negotiate ${Buffer.from("NTLMSSP\0\x01").toString("base64")}`);
    expect(ntlm.headers.location).toBe("/auth/login?sso-error=KerberosNoTicket");
    expect(await server.ctx.db.$count(sessions)).toBe(sessionsBefore);
    expect(await server.ctx.db.$count(users)).toBe(usersBefore);
  });
});

describe("Kerberos sign-on where it cannot work", () => {
  it("an installation whose keytab is gone, or without Kerberos, says so and writes nothing", async () => {
    const header = await kdc.negotiateHeader(await kdc.kinit("alice", "alice-password"));
    const usersBefore = await server.ctx.db.$count(users);
    fs.renameSync(kdc.keytab, `${kdc.keytab}.away`);
    try {
      for (const headers of [{}, { authorization: header }] as Record<string, string>[]) {
        const response = await server.call("GET", "/auth/kerberos", { headers });
        expect(response.status).toBe(302);
        expect(response.headers.location).toBe("/auth/login?sso-error=KerberosUnavailable");
      }
    } finally {
      fs.renameSync(`${kdc.keytab}.away`, kdc.keytab);
    }
    expect(await server.ctx.db.$count(users)).toBe(usersBefore);

    // (On PostgreSQL every test file's server shares one database: count what this call adds, not what is there.)
    const plain = await createTestServer();
    try {
      const plainUsersBefore = await plain.ctx.db.$count(users);
      const response = await plain.call("GET", "/auth/kerberos", { headers: { authorization: header } });
      expect(response.headers.location).toBe("/auth/login?sso-error=KerberosUnavailable");
      expect(await plain.ctx.db.$count(users)).toBe(plainUsersBefore);
      expect((await plain.call("GET", "/auth/openid")).body.data).toEqual({ providers: [] });
    } finally {
      await plain.close();
    }
  });
});
