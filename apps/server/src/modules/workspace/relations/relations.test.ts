import { calendarMinutesPerDay, displayDays } from "@planum/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { addItem, link, readGantt, setUpWorkspace } from "../workspace.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe("relations", () => {
  it("creates the four types with lags, lists them with the tab's columns from both sides", async () => {
    const { owner, version, project, schedule } = await setUpWorkspace(server);
    const v = version.id;
    const a = await addItem(owner, v, { type: "work", name: "Земляные", code: "A10" });
    const b = await addItem(owner, v, { type: "work", name: "Бетон", code: "A20" });
    for (const [type, lag] of [
      ["fs", 0],
      ["ss", 240],
      ["ff", -60],
      ["sf", 480],
    ] as const) {
      const c = await addItem(owner, v, { type: "work", name: type, code: `C-${type}` });
      const relation = await link(owner, v, { predecessorId: a.id, successorId: c.id, type, lag });
      expect(relation).toMatchObject({ type, lag, external: false, revision: 1 });
    }
    await link(owner, v, { predecessorId: b.id, successorId: a.id });
    const tab = (await owner.call("GET", `/versions/${v}/relations?itemId=${a.id}`)).body.data;
    expect(tab.map((r: { direction: string; code: string }) => `${r.direction}:${r.code}`)).toEqual([
      "predecessor:A20",
      "successor:C-ff",
      "successor:C-fs",
      "successor:C-sf",
      "successor:C-ss",
    ]);
    expect(tab[0]).toMatchObject({
      itemId: b.id,
      status: "not_started",
      name: "Бетон",
      type: "fs",
      project: project.name,
      schedule: schedule.name,
      progress: 0,
      start: null,
      external: false,
    });
    expect((await owner.call("GET", `/versions/${v}/relations`)).body.data).toHaveLength(5);
    const duplicate = await owner.call("POST", `/versions/${v}/relations`, { predecessorId: b.id, successorId: a.id });
    expect(duplicate.body.errors[0].code).toBe("RelationExists");
    const self = await owner.call("POST", `/versions/${v}/relations`, { predecessorId: a.id, successorId: a.id });
    expect(self.body.errors[0].code).toBe("InvalidValue");
    const badType = await owner.call("POST", `/versions/${v}/relations`, {
      predecessorId: a.id,
      successorId: b.id,
      type: "xx",
    });
    expect(badType.status).toBe(400);
  });

  it("shows floats and lags in days of the calendar they belong to, the same as the Gantt payload's", async () => {
    const { owner, version } = await setUpWorkspace(server);
    const v = version.id;
    const shift: [string, string][] = [
      ["07:00", "12:00"],
      ["13:00", "19:00"],
    ];
    const shifts = (
      await owner.call("POST", "/calendars", {
        name: "Две смены",
        week: [shift, shift, shift, shift, shift, shift, []],
      })
    ).body.data as { id: string };
    const a = await addItem(owner, v, { type: "work", name: "Длинная", code: "A10", duration: 4800 });
    const b = await addItem(owner, v, {
      type: "work",
      name: "Короткая",
      code: "A20",
      duration: 660,
      calendarId: shifts.id,
    });
    const c = await addItem(owner, v, { type: "work", name: "Итог", code: "A30", duration: 480 });
    await link(owner, v, { predecessorId: a.id, successorId: c.id });
    await link(owner, v, { predecessorId: b.id, successorId: c.id, lag: 1320 });
    expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);

    const tab = (await owner.call("GET", `/versions/${v}/relations?itemId=${c.id}`)).body.data;
    const short = tab.find((r: { code: string }) => r.code === "A20");
    expect(short).toMatchObject({ minutesPerDay: 660, lagMinutesPerDay: 660, lagDays: 2 });
    expect(short.totalFloatDays).toBeGreaterThan(0);
    const gantt = await readGantt(owner, v);
    for (const r of tab as { itemId: number; totalFloatDays: number; freeFloatDays: number }[]) {
      const k = gantt.ids.indexOf(r.itemId);
      const perDay = calendarMinutesPerDay(gantt.calendars[gantt.calendar[k]].week);
      expect(r.totalFloatDays).toBe(displayDays(gantt.totalFloat[k], perDay));
      expect(r.freeFloatDays).toBe(displayDays(gantt.freeFloat[k], perDay));
    }
    // Nine days of its own 11-hour calendar, not 12.38 days of 8 hours.
    expect(short.totalFloatDays).toBe(9);
  });

  it("refuses a relation that closes a loop and names the loop by codes", async () => {
    const { owner, version } = await setUpWorkspace(server);
    const v = version.id;
    const [a, b, c] = [
      await addItem(owner, v, { type: "work", name: "A", code: "A10" }),
      await addItem(owner, v, { type: "work", name: "B", code: "A20" }),
      await addItem(owner, v, { type: "work", name: "C", code: "A30" }),
    ];
    await link(owner, v, { predecessorId: a.id, successorId: b.id });
    await link(owner, v, { predecessorId: b.id, successorId: c.id, type: "ss" });
    const loop = await owner.call("POST", `/versions/${v}/relations`, { predecessorId: c.id, successorId: a.id });
    expect(loop.status).toBe(409);
    expect(loop.body.errors[0]).toMatchObject({
      code: "RelationLoop",
      params: { loop: "A30 → A10 → A20 → A30" },
      data: { loop: [c.id, a.id, b.id, c.id] },
    });
    expect(loop.body.errors[0].message).toContain("A30 → A10 → A20 → A30");
    expect((await owner.call("GET", `/versions/${v}/relations`)).body.data).toHaveLength(2);
  });

  it("updates and deletes with revisions, links works of another schedule, and keeps other spaces out", async () => {
    const { owner, stranger, intruder, version, project, schedule } = await setUpWorkspace(server);
    const v = version.id;
    const a = await addItem(owner, v, { type: "work", name: "A", code: "A10" });
    const b = await addItem(owner, v, { type: "work", name: "B", code: "A20" });
    const relation = await link(owner, v, { predecessorId: a.id, successorId: b.id });
    const changed = await owner.call("PATCH", `/versions/${v}/relations/${relation.id}`, {
      revision: relation.revision,
      type: "ff",
      lag: 120,
      lagCalendar: "24h",
    });
    expect(changed.body.data.relation).toMatchObject({ type: "ff", lag: 120, lagCalendar: "24h", revision: 2 });
    const stale = await owner.call("PATCH", `/versions/${v}/relations/${relation.id}`, { revision: 1, lag: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0].data.current).toMatchObject({ id: relation.id, lag: 120, revision: 2 });
    expect(server.ctx.realtime.sent.some((e) => e.type === "relations_updated" && e.ids.includes(relation.id))).toBe(
      true,
    );

    const other = (await owner.call("POST", `/projects/${project.id}/schedules/create`, { name: "Смежный" })).body.data;
    const otherVersion = (await owner.call("POST", `/schedules/${other.id}/versions/create`, { label: "V1" })).body
      .data;
    const x = await addItem(owner, otherVersion.id, { type: "work", name: "Внешняя", code: "X1" });
    const external = await link(owner, v, { predecessorId: x.id, successorId: a.id, lag: 60 });
    expect(external).toMatchObject({ external: true });
    const links = (await owner.call("GET", `/schedules/${schedule.id}/links`)).body.data;
    expect(links).toEqual([
      expect.objectContaining({
        id: external.id,
        predecessor: expect.objectContaining({ code: "X1", scheduleId: other.id }),
        successor: expect.objectContaining({ code: "A10", scheduleId: schedule.id }),
      }),
    ]);
    const tab = (await owner.call("GET", `/versions/${v}/relations?itemId=${a.id}`)).body.data;
    expect(tab.find((r: { code: string }) => r.code === "X1")).toMatchObject({ external: true, schedule: "Смежный" });

    expect((await intruder.call("GET", `/versions/${v}/relations`)).status).toBe(403);
    expect((await stranger.call("GET", `/schedules/${schedule.id}/links`)).status).toBe(404);
    const otherSpace = await setUpWorkspace(server);
    const foreign = await addItem(otherSpace.owner, otherSpace.version.id, { type: "work", name: "F" });
    // A work of another space cannot be linked, in either direction.
    const across = await owner.call("POST", `/versions/${v}/relations`, {
      predecessorId: foreign.id,
      successorId: a.id,
    });
    expect(across.status).toBe(404);
    const across2 = await otherSpace.owner.call("POST", `/versions/${otherSpace.version.id}/relations`, {
      predecessorId: a.id,
      successorId: foreign.id,
    });
    expect(across2.status).toBe(404);

    const removed = await owner.call("DELETE", `/versions/${v}/relations/${relation.id}`, { revision: 2 });
    expect(removed.body.data.deleted).toEqual([relation.id]);
    expect((await owner.call("DELETE", `/versions/${v}/relations/${relation.id}`, { revision: 2 })).status).toBe(404);
  });
});
