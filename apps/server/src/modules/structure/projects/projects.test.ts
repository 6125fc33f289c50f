import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { buildTree, setUpSpace } from "../structure.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe("projects", () => {
  it("reads, details, settings, schedules and deletion", async () => {
    const { owner } = await setUpSpace(server);
    const { root, facility, project, schedule } = await buildTree(owner);
    expect((await owner.call("GET", `/projects/${project.id}`)).body.data).toMatchObject({
      id: project.id,
      kind: "project",
    });
    expect((await owner.call("GET", `/projects/${facility.id}`)).status).toBe(404);
    const details = await owner.call("GET", `/projects/${project.id}/details`);
    expect(details.body.data).toMatchObject({
      project: { id: project.id },
      facility: { id: facility.id, name: "Завод", kind: "facility" },
      ancestors: [
        { id: root.id, kind: "node" },
        { id: facility.id, kind: "facility" },
      ],
      schedules: 1,
      scheduleGroups: 0,
    });

    const settings = await owner.call("PATCH", `/projects/${project.id}/settings`, {
      settings: { currency: "RUB", plannedStart: "01.04.2026", plannedFinish: "30.09.2026" },
    });
    expect(settings.body.data.settings).toEqual({
      currency: "RUB",
      plannedStart: "2026-04-01",
      plannedFinish: "2026-09-30",
    });
    for (const body of [
      { settings: { currency: "rub" } },
      { settings: { plannedStart: "2026-13-01" } },
      { settings: { plannedFinish: "01.01.2026" } },
      { settings: { extra: 1 } },
      {},
    ])
      expect((await owner.call("PATCH", `/projects/${project.id}/settings`, body)).status, JSON.stringify(body)).toBe(
        400,
      );

    const created = await owner.call("POST", `/projects/${project.id}/schedules/create`, { name: "Второй график" });
    expect(created.body.data).toMatchObject({ projectId: project.id, name: "Второй график", order: 1 });
    expect(
      (await owner.call("POST", `/projects/${project.id}/schedules/create`, { name: "x".repeat(33) })).status,
    ).toBe(400);
    expect((await owner.call("POST", `/projects/${facility.id}/schedules/create`, { name: "S" })).status).toBe(404);
    const list = await owner.call("GET", `/projects/${project.id}/schedules`);
    expect(list.body.data.map((s: { id: string }) => s.id)).toEqual([schedule.id, created.body.data.id]);

    expect((await owner.call("DELETE", `/projects/${project.id}`)).body.errors[0].params).toEqual({ count: 1 });
    expect((await owner.call("DELETE", `/projects/${project.id}?confirmCount=1`)).body.data).toEqual({
      deleted: 1,
      schedules: 2,
    });
  });

  it("copies a project with its groups, schedules, own attributes and values into another facility", async () => {
    const { owner } = await setUpSpace(server);
    const { project, schedule } = await buildTree(owner);
    const target = (await owner.call("POST", "/facilities/create", { name: "Новый завод" })).body.data;
    const group = (await owner.call("POST", "/schedule-group/create", { projectId: project.id, name: "Этап 1" })).body
      .data;
    await owner.call("POST", "/schedule-group/move-schedule", { scheduleId: schedule.id, groupId: group.id });
    const attr = (await owner.call("POST", `/eps/${project.id}/attributes/create`, { name: "Смета", type: "money" }))
      .body.data;
    await owner.call("PUT", `/eps/${project.id}/values/update`, {
      values: [{ attributeId: attr.id, value: "2500,75" }],
    });
    await owner.call("PUT", `/eps/${project.id}/passport`, { passport: { customer: "ООО Заказчик" } });
    await owner.call("PUT", `/schedules/${schedule.id}/calculate-settings`, { floatType: "smallest", scenario: 6 });

    const copied = await owner.call("POST", `/projects/${project.id}/copy/${target.id}`);
    expect(copied.status).toBe(200);
    const copy = copied.body.data;
    expect(copy).toMatchObject({ parentId: target.id, kind: "project", name: "Цех 1", key: null });
    expect(copy.passport).toEqual({ customer: "ООО Заказчик" });
    const groups = await owner.call("GET", `/schedule-group?projectId=${copy.id}`);
    expect(groups.body.data.groups).toEqual([expect.objectContaining({ name: "Этап 1" })]);
    expect(groups.body.data.schedules).toEqual([
      expect.objectContaining({ name: "График", groupId: groups.body.data.groups[0].id }),
    ]);
    const values = await owner.call("GET", `/eps/${copy.id}/attributes-with-values`);
    expect(values.body.data).toEqual([expect.objectContaining({ name: "Смета", value: 2500.75, scopeId: copy.id })]);
    const copiedSchedule = groups.body.data.schedules[0].id;
    expect(copiedSchedule).not.toBe(schedule.id);
    expect((await owner.call("GET", `/schedules/${copiedSchedule}/calculate-settings`)).body.data).toMatchObject({
      floatType: "smallest",
      scenario: 6,
    });
    expect((await owner.call("POST", `/projects/${project.id}/copy/${project.id}`)).status).toBe(404);
  });

  it("other spaces and readers change nothing", async () => {
    const { owner, member, stranger, intruder } = await setUpSpace(server);
    const { project, facility } = await buildTree(owner);
    for (const [method, url, body] of [
      ["PATCH", `/projects/${project.id}/settings`, { settings: { currency: "EUR" } }],
      ["DELETE", `/projects/${project.id}?confirmCount=1`],
      ["POST", `/projects/${project.id}/schedules/create`, { name: "S" }],
      ["POST", `/projects/${project.id}/copy/${facility.id}`],
    ] as const) {
      expect((await member.call(method, url, body)).status, `${method} ${url}`).toBe(403);
      expect((await stranger.call(method, url, body)).status, `${method} ${url}`).toBe(404);
      expect((await intruder.call(method, url, body)).status, `${method} ${url}`).toBe(403);
    }
    expect((await stranger.call("GET", `/projects/${project.id}/details`)).status).toBe(404);
    const after = await owner.call("GET", `/projects/${project.id}/details`);
    expect(after.body.data).toMatchObject({ schedules: 1, project: { settings: {} } });
    expect((await owner.call("GET", `/facilities/${facility.id}`)).body.data.projects).toHaveLength(1);
  });
});
