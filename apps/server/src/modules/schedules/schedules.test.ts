import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { buildTree, setUpSpace } from "../structure/structure.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe("schedules", () => {
  it("reads, changes settings, deletes", async () => {
    const { owner } = await setUpSpace(server);
    const { project, schedule } = await buildTree(owner);
    expect((await owner.call("GET", `/schedules/${schedule.id}`)).body.data).toMatchObject({
      id: schedule.id,
      projectId: project.id,
      name: "График",
      groupId: null,
    });
    const patched = await owner.call("PATCH", `/schedules/${schedule.id}/settings`, {
      name: "Основной",
      settings: { scenario: 6, floatType: "finish", criticalFloat: "0,5", calculationMode: "manual" },
    });
    expect(patched.body.data).toMatchObject({
      name: "Основной",
      settings: { scenario: 6, floatType: "finish", criticalFloat: 0.5, calculationMode: "manual" },
    });
    for (const body of [
      { settings: { scenario: 1.5 } },
      { settings: { floatType: "widest" } },
      { settings: { criticalFloat: "abc" } },
      { name: "x".repeat(33) },
      { settings: { unknown: true } },
    ])
      expect((await owner.call("PATCH", `/schedules/${schedule.id}/settings`, body)).status, JSON.stringify(body)).toBe(
        400,
      );
    expect((await owner.call("GET", `/schedules/${schedule.id}`)).body.data.settings.scenario).toBe(6);
    server.ctx.realtime.sent.length = 0;
    expect((await owner.call("DELETE", `/schedules/${schedule.id}`)).status).toBe(200);
    expect(server.ctx.realtime.sent).toContainEqual(
      expect.objectContaining({ type: "eps_updated", action: "schedules" }),
    );
    expect((await owner.call("GET", `/schedules/${schedule.id}`)).status).toBe(404);
    expect((await owner.call("GET", "/schedules/not-a-uuid")).status).toBe(400);
  });

  it("work attributes: own, inherited, per role, access and deletion", async () => {
    const { owner, member, roleId } = await setUpSpace(server, ["eps:read", "schedule:read", "attribute:read"]);
    const { root, project, schedule } = await buildTree(owner);
    const created = await owner.call("POST", `/eps/${root.id}/attributes/create`, {
      name: "Захватка",
      type: "string",
      target: "work",
    });
    expect(created.body.errors).toBeUndefined();
    const inherited = created.body.data;
    const nodeOnly = (await owner.call("POST", `/eps/${root.id}/attributes/create`, { name: "Узел", type: "string" }))
      .body.data;
    const own = await owner.call("POST", `/schedules/${schedule.id}/attributes`, {
      name: "Смена",
      type: "list",
      listValues: ["День", "Ночь"],
    });
    expect(own.body.data).toMatchObject({ scope: "schedule", scopeId: schedule.id, target: "work" });
    expect(
      (await owner.call("POST", `/schedules/${schedule.id}/attributes`, { name: "", type: "string" })).status,
    ).toBe(400);
    expect(
      (await owner.call("GET", `/schedules/${schedule.id}/attributes`)).body.data.map((a: { name: string }) => a.name),
    ).toEqual(["Смена"]);
    const all = await owner.call("GET", `/schedules/${schedule.id}/attributes/all`);
    expect(all.body.data.map((a: { id: string }) => a.id)).toEqual([inherited.id, own.body.data.id]);
    expect(all.body.data.map((a: { id: string }) => a.id)).not.toContain(nodeOnly.id);

    const access = await owner.call("POST", `/schedules/${schedule.id}/attributes/access`, {
      roleId,
      items: [{ attributeId: own.body.data.id, access: "none" }],
    });
    expect(access.body.data.map((a: { access: string }) => a.access)).toEqual(["read", "none"]);
    expect((await owner.call("GET", `/schedules/${schedule.id}/attributes/all/role/${roleId}`)).body.data).toHaveLength(
      2,
    );
    const memberView = await member.call("GET", `/schedules/${schedule.id}/attributes/all`);
    expect(memberView.body.data.map((a: { id: string }) => a.id)).toEqual([inherited.id]);
    expect(
      (
        await owner.call("POST", `/schedules/${schedule.id}/attributes/access`, {
          roleId,
          items: [{ attributeId: nodeOnly.id, access: "read" }],
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await owner.call("POST", `/schedules/${schedule.id}/attributes/access`, {
          roleId,
          items: [{ attributeId: own.body.data.id, access: "admin" }],
        })
      ).status,
    ).toBe(400);

    // The member may read but not define, delete or set access.
    expect(
      (await member.call("POST", `/schedules/${schedule.id}/attributes`, { name: "M", type: "string" })).status,
    ).toBe(403);
    expect((await member.call("DELETE", `/schedules/${schedule.id}/attributes/${inherited.id}/delete`)).status).toBe(
      403,
    );
    expect(
      (
        await member.call("POST", `/schedules/${schedule.id}/attributes/access`, {
          roleId,
          items: [{ attributeId: own.body.data.id, access: "write" }],
        })
      ).status,
    ).toBe(403);
    expect((await member.call("GET", `/schedules/${schedule.id}/attributes/all/role/${roleId}`)).status).toBe(403);
    expect((await member.call("PATCH", `/schedules/${schedule.id}/settings`, { name: "M" })).status).toBe(403);
    expect((await member.call("DELETE", `/schedules/${schedule.id}`)).status).toBe(403);

    // Inherited attributes are deleted where they are defined, not through a schedule.
    expect((await owner.call("DELETE", `/schedules/${schedule.id}/attributes/${inherited.id}/delete`)).status).toBe(
      404,
    );
    expect((await owner.call("DELETE", `/schedules/${schedule.id}/attributes/${own.body.data.id}/delete`)).status).toBe(
      200,
    );
    expect((await owner.call("GET", `/schedules/${schedule.id}/attributes`)).body.data).toEqual([]);
    expect((await owner.call("GET", `/projects/${project.id}/schedules`)).body.data[0].name).toBe("График");
  });

  it("strangers and members without schedule:read see nothing", async () => {
    const { owner, member, stranger, intruder } = await setUpSpace(server, ["eps:read"]);
    const { project, schedule } = await buildTree(owner);
    expect((await member.call("GET", `/schedules/${schedule.id}`)).status).toBe(403);
    expect((await member.call("GET", `/projects/${project.id}/schedules`)).status).toBe(403);
    expect((await stranger.call("GET", `/schedules/${schedule.id}`)).status).toBe(404);
    expect((await stranger.call("DELETE", `/schedules/${schedule.id}`)).status).toBe(404);
    expect((await intruder.call("GET", `/schedules/${schedule.id}`)).status).toBe(403);
    expect((await owner.call("GET", `/schedules/${schedule.id}`)).status).toBe(200);
  });
});
