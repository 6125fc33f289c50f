import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { buildTree, setUpSpace } from "../structure.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe("access", () => {
  it("grants, lists, revokes resource abilities and lists the free ones", async () => {
    const { owner, member, roleId } = await setUpSpace(server, ["eps:read", "schedule:read"]);
    const { root, project, schedule } = await buildTree(owner);
    const granted = await owner.call("POST", "/access/grant", {
      roleId,
      resourceId: schedule.id,
      abilities: ["schedule:write", "attribute:write"],
    });
    expect(granted.body.data).toMatchObject({
      resourceId: schedule.id,
      scope: "schedule",
      name: "График",
      grants: [{ roleId, abilities: ["attribute:write", "schedule:write"] }],
    });
    expect((await member.call("PATCH", `/schedules/${schedule.id}/settings`, { name: "Мой график" })).status).toBe(200);
    // the schedule's own role call shows the grant (the project's does not: it is granted below it)
    const abilities = async (path: string) => (await member.call("GET", path)).body.data.abilities as string[];
    expect(await abilities(`/schedules/${schedule.id}/role`)).toContain("schedule:write");
    expect(await abilities(`/eps/${project.id}/role`)).not.toContain("schedule:write");
    const free = await owner.call("GET", `/access/free-abilities?roleId=${roleId}&resourceId=${schedule.id}`);
    expect(free.body.data).toEqual(["eps:write", "eps:comment", "attribute:read", "wdp:report", "wdp:approve"]);
    const spaceWide = await owner.call("GET", `/access/free-abilities?roleId=${roleId}`);
    expect(spaceWide.body.data).not.toContain("eps:read");
    expect(spaceWide.body.data).toContain("roles:write");

    const revoked = await owner.call("POST", "/access/revoke", {
      roleId,
      resourceId: schedule.id,
      abilities: ["schedule:write"],
    });
    expect(revoked.body.data.grants[0].abilities).toEqual(["attribute:write"]);
    expect((await member.call("PATCH", `/schedules/${schedule.id}/settings`, { name: "Снова" })).status).toBe(403);
    expect(await abilities(`/schedules/${schedule.id}/role`)).not.toContain("schedule:write");
    expect((await owner.call("GET", `/access/resource/${project.id}`)).body.data).toMatchObject({
      scope: "project",
      grants: [],
    });

    for (const body of [
      { roleId, resourceId: schedule.id, abilities: ["roles:write"] },
      { roleId, resourceId: schedule.id, abilities: [] },
      { roleId, resourceId: "x", abilities: ["eps:write"] },
      { resourceId: schedule.id, abilities: ["eps:write"] },
    ])
      expect((await owner.call("POST", "/access/grant", body)).status, JSON.stringify(body)).toBe(400);
    // Plain EPS nodes are not resources of the hierarchy scopes.
    expect(
      (await owner.call("POST", "/access/grant", { roleId, resourceId: root.id, abilities: ["eps:write"] })).status,
    ).toBe(404);
  });

  it("other spaces' resources and roles are not found; members without roles:write change nothing", async () => {
    const { owner, member, stranger, intruder, roleId } = await setUpSpace(server, ["eps:read", "roles:read"]);
    const { facility } = await buildTree(owner);
    const strangerRole = (await stranger.call("POST", "/roles", { name: "R", abilities: [] })).body.data;
    expect(
      (
        await stranger.call("POST", "/access/grant", {
          roleId: strangerRole.id,
          resourceId: facility.id,
          abilities: ["eps:write"],
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await owner.call("POST", "/access/grant", {
          roleId: strangerRole.id,
          resourceId: facility.id,
          abilities: ["eps:write"],
        })
      ).status,
    ).toBe(404);
    expect((await stranger.call("GET", `/access/resource/${facility.id}`)).status).toBe(404);
    expect((await intruder.call("GET", `/access/resource/${facility.id}`)).status).toBe(403);
    expect((await member.call("GET", `/access/resource/${facility.id}`)).status).toBe(200);
    expect(
      (await member.call("POST", "/access/grant", { roleId, resourceId: facility.id, abilities: ["eps:write"] }))
        .status,
    ).toBe(403);
    expect(
      (await member.call("POST", "/access/revoke", { roleId, resourceId: facility.id, abilities: ["eps:write"] }))
        .status,
    ).toBe(403);
    expect((await owner.call("GET", `/access/resource/${facility.id}`)).body.data.grants).toEqual([]);
  });
});
