import fs from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { buildTree, setUpSpace } from "../structure.test-kit.js";

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
      // its project named, for a member who may read the schedule but not the structure
      projectName: "Цех 1",
    });
    const patched = await owner.call("PATCH", `/schedules/${schedule.id}/settings`, {
      name: "Основной",
      settings: { scenario: 6, floatType: "smallest", criticalFloat: 480, calculationMode: "manual" },
    });
    expect(patched.body.data).toMatchObject({
      name: "Основной",
      settings: { scenario: 6, floatType: "smallest", criticalFloat: 480, calculationMode: "manual" },
    });
    // The schedule's settings are its calculate settings, one stored set read and written by both calls.
    const calcUrl = `/schedules/${schedule.id}/calculate-settings`;
    expect((await owner.call("GET", calcUrl)).body.data).toMatchObject({
      scheduleId: schedule.id,
      scenario: 6,
      floatType: "smallest",
      criticalFloat: 480,
      volumeScenario: 6,
    });
    await owner.call("PUT", calcUrl, { lagCalendar: "24h", mustFinishBy: "01.03.2025 17:00" });
    expect((await owner.call("GET", `/schedules/${schedule.id}`)).body.data.settings).toEqual({
      scenario: 6,
      volumeScenario: 6,
      labourScenario: 9,
      costScenario: 12,
      progressOption: "retained_logic",
      floatType: "smallest",
      lagCalendar: "24h",
      criticalFloat: 480,
      criticalBy: "float",
      mustFinishBy: "2025-03-01T17:00",
      openEndsCritical: false,
      startLinksBoundLate: true,
      resourceRunsInActivityHours: true,
      useExpectedFinish: true,
      ssLagFrom: "early_start",
      calculationMode: "manual",
    });
    const renamed = await owner.call("PATCH", `/schedules/${schedule.id}/settings`, { name: "Главный" });
    expect(renamed.body.data).toMatchObject({ name: "Главный", settings: { scenario: 6, lagCalendar: "24h" } });
    for (const body of [
      { settings: { scenario: 1.5 } },
      { settings: { scenario: 14 } },
      { settings: { floatType: "widest" } },
      { settings: { progressOption: "by_volume" } },
      { settings: { criticalFloat: "abc" } },
      { name: "x".repeat(33) },
      { settings: { unknown: true } },
    ])
      expect((await owner.call("PATCH", `/schedules/${schedule.id}/settings`, body)).status, JSON.stringify(body)).toBe(
        400,
      );
    expect((await owner.call("GET", `/schedules/${schedule.id}`)).body.data.settings.scenario).toBe(6);
    // The stored row of the schedule keeps no copy of them.
    const stored = await server.ctx.db.execute(sql`select settings from schedules where id = ${schedule.id}`);
    expect((stored as unknown as { rows: { settings: unknown }[] }).rows[0].settings).toEqual({});
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

  it("names its project to a member who may read schedules but not the structure", async () => {
    const { owner, member } = await setUpSpace(server, ["schedule:read"]);
    const { project, schedule } = await buildTree(owner);
    expect((await member.call("GET", `/eps/${project.id}`)).status).toBe(403);
    const read = await member.call("GET", `/schedules/${schedule.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data.projectName).toBe("Цех 1");
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

  it("migration 0006 moves calculation fields of schedules.settings into the calculate settings", async () => {
    const { owner } = await setUpSpace(server);
    const { schedule } = await buildTree(owner);
    const other = (await owner.call("POST", `/projects/${schedule.projectId}/schedules/create`, { name: "Второй" }))
      .body.data;
    expect(other?.id).toBeTruthy();
    const db = server.ctx.db;
    // As an older server stored them: a copy in schedules.settings, for `other` also a calculate settings row.
    await db.execute(
      sql`update schedules set settings = ${JSON.stringify({
        scenario: 6,
        progressOption: "by_volume",
        floatType: "start",
        lagCalendar: "successor",
        criticalFloat: 0.5,
        calculationMode: "auto",
        note: "kept",
      })}::jsonb where id = ${schedule.id}`,
    );
    await db.execute(
      sql`update schedules set settings = '{"scenario": 3, "floatType": "widest"}'::jsonb where id = ${other.id}`,
    );
    await owner.call("PUT", `/schedules/${other.id}/calculate-settings`, { scenario: 9 });
    const migration = fs.readFileSync(
      new URL("../../../db/migrations/0006_schedule_settings_to_calculate_settings.sql", import.meta.url),
      "utf8",
    );
    for (const statement of migration.split("--> statement-breakpoint")) await db.execute(sql.raw(statement));

    expect((await owner.call("GET", `/schedules/${schedule.id}/calculate-settings`)).body.data).toMatchObject({
      scenario: 6,
      progressOption: "retained_logic",
      floatType: "start",
      lagCalendar: "successor",
      criticalFloat: 1,
      calculationMode: "auto",
    });
    expect((await owner.call("GET", `/schedules/${other.id}/calculate-settings`)).body.data).toMatchObject({
      scenario: 9,
      floatType: "finish",
    });
    const rows = await db.execute(
      sql`select id, settings from schedules where id in (${schedule.id}, ${other.id}) order by created_at, id`,
    );
    expect((rows as unknown as { rows: { id: string; settings: unknown }[] }).rows).toEqual([
      { id: schedule.id, settings: { note: "kept" } },
      { id: other.id, settings: {} },
    ]);
  });
});
