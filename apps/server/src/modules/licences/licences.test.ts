import { generateKeyPairSync } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LicenceClaims } from "@planum/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { licences, spaces, users } from "../../db/schema/index.js";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { claimsFromArgs, runLicenceCommand } from "./licence-cli.js";
import { signLicence } from "./licence-token.js";

const vendor = generateKeyPairSync("ed25519");
const forger = generateKeyPairSync("ed25519");
const DAY = 86_400_000;

let server: TestServer;
let admin: Awaited<ReturnType<TestServer["signUp"]>>;
let numbers = 0;
const OPERATOR = `ops${Date.now().toString(36)}`;

beforeAll(async () => {
  server = await createTestServer({
    PLANUM_LICENCE_PUBLIC_KEY: vendor.publicKey.export({ type: "spki", format: "pem" }).toString(),
    PLANUM_SYSTEM_ADMINS: `someone, ${OPERATOR.toUpperCase()}`,
  });
  admin = await server.signUp();
  await server.ctx.db.update(users).set({ isSystemAdmin: true }).where(eq(users.id, admin.user.id));
});
afterAll(() => server.close());

function claims(spaceId: string, overrides: Partial<LicenceClaims> = {}): LicenceClaims {
  numbers++;
  return {
    v: 1,
    number: `T-${Date.now().toString(36)}-${numbers}`,
    holder: "Stroymontazh LLC",
    spaceId,
    issuedAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + 365 * DAY).toISOString(),
    paidUsers: 10,
    appVersions: { min: "0.1.0", max: null },
    estimateUsers: 0,
    bimUsers: 0,
    ...overrides,
  };
}

const issue = (c: LicenceClaims, key = vendor.privateKey) => signLicence(c, key);

async function load(token: string, language?: string) {
  return server.call("POST", "/licences", { token: admin.token, body: { token }, language });
}

async function spaceWithMembers(count: number) {
  const owner = await server.signUp();
  const space = await server.createSpace(owner.token, "Licensed");
  const members = [];
  for (let i = 0; i < count; i++) {
    const member = await server.signUp();
    const invited = await server.call("POST", `/space/${space.id}/users/invite`, {
      token: owner.token,
      body: { login: member.user.login },
    });
    expect(invited.status).toBe(200);
    members.push(member);
  }
  return { owner, space, members };
}

const licenceCount = async () => (await server.ctx.db.select().from(licences)).length;

describe("licences", () => {
  it("loads a vendor's licence into its space, which becomes paid, and lists it for the system administrator", async () => {
    const { owner, space } = await spaceWithMembers(0);
    expect((await server.call("GET", "/users/spaces", { token: owner.token })).body.data[0].paidType).toBe("free");
    const loaded = await load(issue(claims(space.id, { paidUsers: 5, estimateUsers: 2, bimUsers: 1 })));
    expect(loaded.status).toBe(200);
    expect(loaded.body.data).toMatchObject({ spaceId: space.id, spaceName: "Licensed", paidUsers: 5, active: true });
    expect(server.ctx.realtime.sent).toContainEqual(
      expect.objectContaining({ type: "space_licence_changed", spaceId: space.id }),
    );
    const listed = await server.call("GET", "/licences", { token: admin.token });
    expect(listed.body.data.map((l: { id: string }) => l.id)).toContain(loaded.body.data.id);
    expect((await server.call("GET", "/users/spaces", { token: owner.token })).body.data[0].paidType).toBe("paid");
    const mine = await server.call("GET", `/space/${space.id}/licence`, { token: owner.token });
    expect(mine.body.data).toMatchObject({
      paidType: "paid",
      licence: { id: loaded.body.data.id, estimateUsers: 2, bimUsers: 1 },
      used: { paidUsers: 1, estimate: 0, bim: 0 },
    });
    expect(mine.body.data.seats).toHaveLength(1);
  });

  it("refuses a forged, damaged, expired, unsupported or repeated licence, in the caller's language, writing nothing", async () => {
    const { space } = await spaceWithMembers(0);
    const good = issue(claims(space.id));
    const [head, payload, signature] = good.split(".");
    const raised = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), paidUsers: 9999 }),
    ).toString("base64url");
    const before = await licenceCount();
    const cases: [string, string, number][] = [
      [issue(claims(space.id), forger.privateKey), "LicenseDecrypt", 400],
      [`${head}.${raised}.${signature}`, "LicenseDecrypt", 400],
      ["not a licence at all", "LicenseDecrypt", 400],
      [issue(claims(space.id, { expiresAt: new Date(Date.now() - DAY).toISOString() })), "LicenseExpired", 400],
      [issue(claims(space.id, { appVersions: { min: "99.0.0", max: null } })), "LicenseAppVersion", 400],
      [issue(claims("00000000-0000-4000-8000-000000000000")), "SpaceNotFound", 404],
    ];
    for (const [token, code, status] of cases) {
      const answer = await load(token);
      expect(answer.status, code).toBe(status);
      expect(answer.body.errors[0].code).toBe(code);
    }
    expect(await licenceCount()).toBe(before);
    const russian = await load(issue(claims(space.id), forger.privateKey), "ru");
    expect(russian.body.errors[0].message).toBe(
      "Не удалось расшифровать токен лицензии: он повреждён или выдан не для этой установки",
    );
    expect(
      (await load(issue(claims(space.id, { appVersions: { min: "9.0.0", max: null } })), "fr")).body.errors[0].message,
    ).toBe("La licence ne prend pas en charge cette version de l'application (0.1.0)");
    expect((await load(good)).status).toBe(200);
    const again = await load(good);
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe("LicenseAlreadyLoaded");
    expect(await licenceCount()).toBe(before + 1);
  });

  it("stops invitations past the paid users, and refuses the members past a smaller licence with LicenseLimit (402)", async () => {
    const { owner, space, members } = await spaceWithMembers(2);
    expect((await load(issue(claims(space.id, { paidUsers: 3 })))).status).toBe(200);
    const extra = await server.signUp();
    const invited = await server.call("POST", `/space/${space.id}/users/invite`, {
      token: owner.token,
      body: { login: extra.user.login },
      language: "en",
    });
    expect(invited.status).toBe(409);
    expect(invited.body.errors[0]).toMatchObject({
      code: "LicensePaidUsersExceeded",
      message: "The number of paid users of the licence is exceeded (3)",
    });
    expect((await server.call("GET", `/space/${space.id}/users`, { token: owner.token })).body.data).toHaveLength(3);

    // A renewal for two people, running longer, takes over: the member who joined last is past the count.
    const smaller = await load(
      issue(claims(space.id, { paidUsers: 2, expiresAt: new Date(Date.now() + 700 * DAY).toISOString() })),
    );
    expect(smaller.body.data.active).toBe(true);
    const last = await server.call("GET", `/space/${space.id}/access`, { token: members[1].token });
    expect(last.status).toBe(402);
    expect(last.body.errors[0].code).toBe("LicenseLimit");
    expect((await server.call("GET", `/space/${space.id}/access`, { token: members[0].token })).status).toBe(200);
    expect((await server.call("GET", `/space/${space.id}/access`, { token: owner.token })).status).toBe(200);
    const seats = (await server.call("GET", `/space/${space.id}/licence`, { token: owner.token })).body.data.seats;
    expect(seats.map((s: { paid: boolean }) => s.paid)).toEqual([true, true, false]);
    // The owner lets the last member go: the space is within its licence again.
    await server.call("POST", `/space/${space.id}/users/kickout`, {
      token: owner.token,
      body: { userId: members[0].user.id },
    });
    expect((await server.call("GET", `/space/${space.id}/access`, { token: members[1].token })).status).toBe(200);
  });

  it("keeps the licence in force from deletion; once it has expired the space answers LicenseNotFound (402)", async () => {
    const { owner, space, members } = await spaceWithMembers(1);
    const loaded = (await load(issue(claims(space.id)))).body.data;
    const refused = await server.call("DELETE", `/licences/${loaded.id}`, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].code).toBe("LicenseActiveDelete");

    // The year passes: the licence and the space's copy of it end yesterday.
    const yesterday = new Date(Date.now() - DAY);
    await server.ctx.db.update(licences).set({ expiresAt: yesterday }).where(eq(licences.id, loaded.id));
    const [row] = await server.ctx.db.select().from(spaces).where(eq(spaces.id, space.id));
    await server.ctx.db
      .update(spaces)
      .set({ licence: { ...row.licence!, expiresAt: yesterday.toISOString() } })
      .where(eq(spaces.id, space.id));
    server.ctx.changes.advance();
    for (const user of [owner, members[0]]) {
      const answer = await server.call("GET", `/space/${space.id}/access`, { token: user.token, language: "en" });
      expect(answer.status).toBe(402);
      expect(answer.body.errors[0]).toMatchObject({
        code: "LicenseNotFound",
        message: "No licence found for the selected space",
      });
    }
    expect((await server.call("GET", "/users/spaces", { token: owner.token })).body.data[0].paidType).toBe("nopaid");
    const listed = (await server.call("GET", "/licences", { token: admin.token })).body.data;
    expect(listed.find((l: { id: string }) => l.id === loaded.id)).toMatchObject({ active: false, expired: true });
    expect((await server.call("DELETE", `/licences/${loaded.id}`, { token: admin.token })).status).toBe(200);
    // A new licence lets everyone back in.
    expect((await load(issue(claims(space.id)))).status).toBe(200);
    expect((await server.call("GET", `/space/${space.id}/access`, { token: members[0].token })).status).toBe(200);
  });

  it("hands out estimate and BIM seats within the licence", async () => {
    const free = await spaceWithMembers(0);
    const none = await server.call("PUT", `/space/${free.space.id}/licence/seats/${free.owner.user.id}`, {
      token: free.owner.token,
      body: { estimate: true },
    });
    expect(none.status).toBe(409);
    expect(none.body.errors[0].code).toBe("LicenseNoActive");

    const { owner, space, members } = await spaceWithMembers(1);
    await load(issue(claims(space.id, { estimateUsers: 1, bimUsers: 0 })));
    const seat = (userId: string, body: object) =>
      server.call("PUT", `/space/${space.id}/licence/seats/${userId}`, { token: owner.token, body });
    const given = await seat(owner.user.id, { estimate: true });
    expect(given.status).toBe(200);
    expect(given.body.data.used.estimate).toBe(1);
    const second = await seat(members[0].user.id, { estimate: true });
    expect(second.status).toBe(409);
    expect(second.body.errors[0]).toMatchObject({ code: "LicenseEstimateUsersExceeded", params: { limit: 1 } });
    const bim = await seat(members[0].user.id, { bim: true });
    expect(bim.body.errors[0].code).toBe("LicenseBimAbsent");

    const withBim = await spaceWithMembers(1);
    await load(issue(claims(withBim.space.id, { bimUsers: 1 })));
    const bimSeat = (userId: string, body: object) =>
      server.call("PUT", `/space/${withBim.space.id}/licence/seats/${userId}`, { token: withBim.owner.token, body });
    expect((await bimSeat(withBim.owner.user.id, { bim: true })).status).toBe(200);
    expect((await bimSeat(withBim.members[0].user.id, { bim: true })).body.errors[0].code).toBe(
      "LicenseBimUsersExceeded",
    );
    expect((await bimSeat(withBim.members[0].user.id, { estimate: true })).body.errors[0].code).toBe(
      "LicenseEstimateAbsent",
    );
    // A licence with fewer seats than handed out would strip someone's seat: it is refused.
    const fewer = await load(
      issue(claims(withBim.space.id, { bimUsers: 0, expiresAt: new Date(Date.now() + 800 * DAY).toISOString() })),
    );
    expect(fewer.body.errors[0].code).toBe("LicenseBimAbsent");
    const unchanged = await server.call("GET", `/space/${withBim.space.id}/licence`, { token: withBim.owner.token });
    expect(unchanged.body.data.used.bim).toBe(1);
  });

  it("checks out a request that the vendor's command line turns into a licence the installation loads", async () => {
    const { owner, space } = await spaceWithMembers(0);
    const invalid = await server.call("POST", `/space/${space.id}/licence/checkout`, {
      token: owner.token,
      body: { organisation: "", email: "nope", paidUsers: 0, estimateUsers: 0, bimUsers: 0, months: 12 },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.map((e: { code: string }) => e.code).sort()).toEqual(
      ["InvalidEmail", "InvalidNumber", "Required"].sort(),
    );
    const body = {
      organisation: "Mostostroy",
      email: "buyer@example.com",
      paidUsers: 20,
      estimateUsers: 3,
      bimUsers: 2,
      months: 12,
    };
    const request = await server.call("POST", `/space/${space.id}/licence/checkout`, { token: owner.token, body });
    expect(request.status).toBe(200);
    const outbox = (await server.call("GET", "/system/outbox", { token: admin.token })).body.data;
    expect(outbox.some((m: { body: string }) => m.body.includes(request.body.data.code))).toBe(true);
    expect(
      (await server.call("GET", `/space/${space.id}/licence/requests`, { token: owner.token })).body.data,
    ).toHaveLength(1);

    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "planum-vendor-"));
    const keyPath = path.join(folder, "vendor.pem");
    fs.writeFileSync(keyPath, vendor.privateKey.export({ type: "pkcs8", format: "pem" }));
    let out = "";
    const code = runLicenceCommand(["issue", "--key", keyPath, "--request", request.body.data.code], {
      stdout: (s) => {
        out += s;
      },
      stderr: () => {},
    });
    fs.rmSync(folder, { recursive: true, force: true });
    expect(code).toBe(0);
    expect(out).not.toContain("PRIVATE KEY");
    expect(claimsFromArgs(["--request", request.body.data.code])).toMatchObject({ spaceId: space.id, paidUsers: 20 });
    const loaded = await load(out.trim());
    expect(loaded.body.data).toMatchObject({ holder: "Mostostroy", paidUsers: 20, estimateUsers: 3, bimUsers: 2 });
  });

  it("makes the logins the installation names system administrators when they register", async () => {
    const operator = await server.signUp({ login: OPERATOR });
    expect(operator.user.isSystemAdmin).toBe(true);
    expect((await server.call("GET", "/licences", { token: operator.token })).status).toBe(200);
    expect((await server.signUp()).user.isSystemAdmin).toBe(false);
  });

  it("lets neither another space's member nor a non-administrator read or change licences", async () => {
    const { owner, space, members } = await spaceWithMembers(1);
    const loaded = (await load(issue(claims(space.id)))).body.data;
    const stranger = await server.signUp();
    const calls: ["GET" | "PUT" | "POST" | "DELETE", string, unknown?][] = [
      ["GET", `/space/${space.id}/licence`],
      ["PUT", `/space/${space.id}/licence/seats/${owner.user.id}`, { estimate: false }],
      [
        "POST",
        `/space/${space.id}/licence/checkout`,
        { organisation: "X", email: "x@example.com", paidUsers: 1, estimateUsers: 0, bimUsers: 0, months: 1 },
      ],
      ["GET", `/space/${space.id}/licence/requests`],
    ];
    for (const user of [stranger, members[0]])
      for (const [method, url, body] of calls) {
        const answer = await server.call(method, url, { token: user.token, body });
        expect(answer.status, `${method} ${url}`).toBe(403);
      }
    for (const user of [stranger, owner]) {
      expect((await server.call("GET", "/licences", { token: user.token })).status).toBe(403);
      const stolen = await server.call("POST", "/licences", {
        token: user.token,
        body: { token: issue(claims(space.id)) },
      });
      expect(stolen.status).toBe(403);
      expect((await server.call("DELETE", `/licences/${loaded.id}`, { token: user.token })).status).toBe(403);
    }
    expect((await server.call("GET", `/space/${space.id}/licence/requests`, { token: owner.token })).body.data).toEqual(
      [],
    );
  });
});
