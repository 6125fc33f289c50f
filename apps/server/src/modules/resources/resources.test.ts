import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { setUpWorkspace } from "../workspace/workspace.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe("resource directory", () => {
  it("creates a tree of resources with availability and rates by period, edits with revisions, deletes", async () => {
    const { owner, space, member } = await setUpWorkspace(server);
    const base = `/space/${space.id}/resources`;
    const crews = await owner.call("POST", base, { code: "CREWS", name: "Бригады", kind: "labor" });
    expect(crews.status).toBe(200);
    const masons = await owner.call("POST", base, {
      code: "MASON",
      name: "Каменщики",
      kind: "labor",
      unit: "h",
      parentId: crews.body.data.id,
      availability: [
        { from: "2025-03-01", maxUnitsPerDay: 64 },
        { from: "2025-01-01", maxUnitsPerDay: 40 },
      ],
      rates: [{ from: "2025-01-01", pricePerUnit: 12.5 }],
    });
    expect(masons.body.data).toMatchObject({
      parentId: crews.body.data.id,
      unit: "h",
      revision: 1,
      // Periods come back in day order.
      availability: [
        { from: "2025-01-01", maxUnitsPerDay: 40 },
        { from: "2025-03-01", maxUnitsPerDay: 64 },
      ],
    });
    const id = masons.body.data.id;
    const taken = await owner.call("POST", base, { code: "MASON", name: "Другие", kind: "labor" });
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0]).toMatchObject({ code: "ResourceCodeTaken", params: { code: "MASON" } });

    const updated = await owner.call("PUT", `${base}/${id}`, {
      revision: 1,
      rates: [
        { from: "2025-01-01", pricePerUnit: 12.5 },
        { from: "2025-06-01", pricePerUnit: 14 },
      ],
    });
    expect(updated.body.data).toMatchObject({ revision: 2, rates: [{ pricePerUnit: 12.5 }, { pricePerUnit: 14 }] });
    const stale = await owner.call("PUT", `${base}/${id}`, { revision: 1, name: "Старое" });
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0].data.current).toMatchObject({ revision: 2 });
    // A parent cannot become its own descendant.
    const loop = await owner.call("PUT", `${base}/${crews.body.data.id}`, { revision: 1, parentId: id });
    expect(loop.body.errors[0].code).toBe("InvalidParent");

    const listed = await member.call("GET", base);
    expect(listed.body.data.map((r: { code: string }) => r.code)).toEqual(["CREWS", "MASON"]);
    expect((await member.call("POST", base, { code: "X", name: "X", kind: "labor" })).status).toBe(403);
    expect(server.ctx.realtime.sent.some((e) => e.type === "resources_updated")).toBe(true);

    const gone = await owner.call("DELETE", `${base}/${id}`);
    expect(gone.body.data).toEqual({ id, assignmentsRemoved: 0 });
    expect((await owner.call("GET", base)).body.data).toHaveLength(1);
  });

  it("refuses negative units and prices, repeated periods and bad kinds, changing nothing", async () => {
    const { owner, space } = await setUpWorkspace(server);
    const base = `/space/${space.id}/resources`;
    const bad: [unknown, string][] = [
      [
        { code: "A", name: "A", kind: "labor", availability: [{ from: "2025-01-01", maxUnitsPerDay: -1 }] },
        "NegativeUnits",
      ],
      [{ code: "A", name: "A", kind: "labor", rates: [{ from: "2025-01-01", pricePerUnit: -5 }] }, "NegativeUnits"],
      [
        {
          code: "A",
          name: "A",
          kind: "labor",
          rates: [
            { from: "2025-01-01", pricePerUnit: 1 },
            { from: "2025-01-01", pricePerUnit: 2 },
          ],
        },
        "DuplicatePeriod",
      ],
      [{ code: "A", name: "A", kind: "robot" }, "InvalidValue"],
      [{ code: "", name: "A", kind: "labor" }, "Required"],
      [{ code: "A", name: "A", kind: "labor", rates: [{ from: "2025-13-01", pricePerUnit: 1 }] }, "InvalidDate"],
    ];
    for (const [body, code] of bad) {
      const answer = await owner.call("POST", base, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors[0].code).toBe(code);
    }
    const ru = await server.call("POST", base, {
      token: owner.token,
      body: bad[0][0],
      headers: { "x-space-id": owner.spaceId, "x-language": "ru" },
    });
    expect(ru.body.errors[0].message).toBe("Количество и цена не могут быть меньше нуля");
    expect((await owner.call("GET", base)).body.data).toEqual([]);
  });

  it("keeps specialties and user-specialties per space", async () => {
    const { owner, member, space } = await setUpWorkspace(server);
    const mason = await owner.call("POST", `/space/${space.id}/specialty`, { name: "Каменщик" });
    expect(mason.body.data.name).toBe("Каменщик");
    const held = await owner.call("POST", `/space/${space.id}/user-specialty`, {
      userId: member.userId,
      specialtyId: mason.body.data.id,
    });
    expect(held.body.data).toMatchObject({ userId: member.userId, specialtyId: mason.body.data.id });
    const resource = await owner.call("POST", `/space/${space.id}/resources`, {
      code: "IVANOV",
      name: "Иванов",
      kind: "labor",
      userId: member.userId,
      specialtyId: mason.body.data.id,
    });
    expect(resource.body.data).toMatchObject({ userId: member.userId, specialtyId: mason.body.data.id });
    const renamed = await owner.call("PUT", `/space/${space.id}/specialty/${mason.body.data.id}`, {
      name: "Монтажник",
    });
    expect(renamed.body.data.name).toBe("Монтажник");
    expect((await member.call("GET", `/space/${space.id}/user-specialty`)).body.data).toHaveLength(1);
    expect((await owner.call("DELETE", `/space/${space.id}/user-specialty/${held.body.data.id}`)).status).toBe(200);
    expect((await owner.call("DELETE", `/space/${space.id}/specialty/${mason.body.data.id}`)).status).toBe(200);
    // The resource stays, without the specialty.
    const after = await owner.call("GET", `/space/${space.id}/resources/${resource.body.data.id}`);
    expect(after.body.data.specialtyId).toBeNull();
  });

  it("lets another space's user neither read nor change the directory", async () => {
    const { owner, space, stranger, intruder } = await setUpWorkspace(server);
    const created = await owner.call("POST", `/space/${space.id}/resources`, {
      code: "CRANE",
      name: "Кран",
      kind: "equipment",
    });
    const id = created.body.data.id;
    const specialty = await owner.call("POST", `/space/${space.id}/specialty`, { name: "Крановщик" });
    expect((await intruder.call("GET", `/space/${space.id}/resources`)).status).toBe(403);
    expect((await intruder.call("GET", `/space/${space.id}/resources/${id}`)).status).toBe(403);
    expect(
      (await intruder.call("PUT", `/space/${space.id}/resources/${id}`, { revision: 1, name: "Hack" })).status,
    ).toBe(403);
    expect((await intruder.call("DELETE", `/space/${space.id}/resources/${id}`)).status).toBe(403);
    expect((await intruder.call("GET", `/space/${space.id}/specialty`)).status).toBe(403);
    // Through their own space, the first space's resource and specialty are not found.
    const own = `/space/${stranger.spaceId}`;
    expect((await stranger.call("GET", `${own}/resources/${id}`)).status).toBe(404);
    expect((await stranger.call("PUT", `${own}/resources/${id}`, { revision: 1, name: "Hack" })).status).toBe(404);
    expect((await stranger.call("DELETE", `${own}/resources/${id}`)).status).toBe(404);
    expect((await stranger.call("PUT", `${own}/specialty/${specialty.body.data.id}`, { name: "Hack" })).status).toBe(
      404,
    );
    expect((await stranger.call("GET", `/resource/${id}/assignments`)).status).toBe(404);
    // Nor can their resources point at the first space's specialty.
    const crossed = await stranger.call("POST", `${own}/resources`, {
      code: "X",
      name: "X",
      kind: "labor",
      specialtyId: specialty.body.data.id,
    });
    expect(crossed.status).toBe(404);
    expect((await owner.call("GET", `/space/${space.id}/resources/${id}`)).body.data).toMatchObject({
      name: "Кран",
      revision: 1,
    });
  });
});
