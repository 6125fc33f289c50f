import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { buildTree, setUpSpace } from "../structure.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe("schedule groups", () => {
  it("creates, lists, renames, nests, moves schedules in and deletes keeping the schedules", async () => {
    const { owner } = await setUpSpace(server);
    const { project, schedule } = await buildTree(owner);
    const a = (await owner.call("POST", "/schedule-group/create", { projectId: project.id, name: "Этап 1" })).body.data;
    const b = (await owner.call("POST", "/schedule-group/create", { projectId: project.id, name: "Этап 2" })).body.data;
    expect([a.order, b.order]).toEqual([0, 1]);
    const child = await owner.call("POST", "/schedule-group/create", {
      projectId: project.id,
      name: "Под",
      parentId: a.id,
    });
    expect(child.body.data).toMatchObject({ parentId: a.id, order: 0 });
    for (const body of [
      { projectId: project.id, name: "" },
      { projectId: project.id, name: "x".repeat(33) },
      { name: "No project" },
      { projectId: project.id, name: "Bad parent", parentId: crypto.randomUUID() },
    ])
      expect(
        (await owner.call("POST", "/schedule-group/create", body)).status,
        JSON.stringify(body),
      ).toBeGreaterThanOrEqual(400);

    expect((await owner.call("PATCH", `/schedule-group/${b.id}`, { name: "Этап 2Б" })).body.data.name).toBe("Этап 2Б");
    const moved = await owner.call("POST", "/schedule-group/move-schedule", {
      scheduleId: schedule.id,
      groupId: child.body.data.id,
    });
    expect(moved.body.data.groupId).toBe(child.body.data.id);

    const reordered = await owner.call("PATCH", `/schedule-group/${b.id}/move`, { parentId: null, index: 0 });
    expect(
      reordered.body.data.groups
        .filter((g: { parentId: string | null }) => !g.parentId)
        .map((g: { name: string; order: number }) => [g.name, g.order]),
    ).toEqual([
      ["Этап 2Б", 0],
      ["Этап 1", 1],
    ]);
    const cycle = await owner.call("PATCH", `/schedule-group/${a.id}/move`, { parentId: child.body.data.id });
    expect(cycle.body.errors[0].code).toBe("InvalidParent");
    expect((await owner.call("PATCH", `/schedule-group/${child.body.data.id}/move`, { parentId: b.id })).status).toBe(
      200,
    );

    expect((await owner.call("DELETE", `/schedule-group/${b.id}`)).status).toBe(200);
    const list = await owner.call("GET", `/schedule-group?projectId=${project.id}`);
    expect(list.body.data.groups.map((g: { name: string }) => g.name)).toEqual(["Этап 1"]);
    expect(list.body.data.schedules).toEqual([expect.objectContaining({ id: schedule.id, groupId: null })]);
    expect((await owner.call("GET", "/schedule-group")).body.data.groups).toHaveLength(1);
  });

  it("groups of other projects and spaces are refused; readers change nothing", async () => {
    const { owner, member, stranger, intruder } = await setUpSpace(server);
    const { project, schedule, facility } = await buildTree(owner);
    const otherProject = (await owner.call("POST", `/facilities/${facility.id}/project/create`, { name: "Другой" }))
      .body.data;
    const foreign = (await owner.call("POST", "/schedule-group/create", { projectId: otherProject.id, name: "Чужая" }))
      .body.data;
    expect(
      (await owner.call("POST", "/schedule-group/move-schedule", { scheduleId: schedule.id, groupId: foreign.id }))
        .status,
    ).toBe(404);
    const group = (await owner.call("POST", "/schedule-group/create", { projectId: project.id, name: "Своя" })).body
      .data;
    for (const actor of [member, stranger, intruder]) {
      const expected = actor === stranger ? 404 : 403;
      expect((await actor.call("PATCH", `/schedule-group/${group.id}`, { name: "X" })).status).toBe(expected);
      expect((await actor.call("DELETE", `/schedule-group/${group.id}`)).status).toBe(expected);
      expect((await actor.call("PATCH", `/schedule-group/${group.id}/move`, { parentId: null })).status).toBe(expected);
      expect((await actor.call("POST", "/schedule-group/create", { projectId: project.id, name: "X" })).status).toBe(
        expected,
      );
      expect(
        (await actor.call("POST", "/schedule-group/move-schedule", { scheduleId: schedule.id, groupId: group.id }))
          .status,
      ).toBe(expected);
    }
    expect((await stranger.call("GET", "/schedule-group")).body.data).toEqual({ groups: [], schedules: [] });
    const list = await owner.call("GET", `/schedule-group?projectId=${project.id}`);
    expect(list.body.data.groups).toEqual([expect.objectContaining({ name: "Своя" })]);
    expect(list.body.data.schedules[0].groupId).toBeNull();
  });
});
