import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { addItem, setUpWorkspace } from "../workspace/workspace.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const DAY: [string, string][] = [["08:00", "17:00"]];
const WEEK = [DAY, DAY, DAY, DAY, DAY, [], []];

describe("calendars", () => {
  it("lists the default calendar, creates, updates with revisions, sets the default and deletes unused ones", async () => {
    const { owner, project, version } = await setUpWorkspace(server);
    const initial = (await owner.call("GET", "/calendars")).body.data;
    expect(initial).toEqual([expect.objectContaining({ isDefault: true, revision: 1 })]);
    const created = await owner.call("POST", "/calendars", {
      name: "Вахта",
      projectId: project.id,
      week: WEEK,
      exceptions: [
        { date: "2025-05-09", intervals: [] },
        { date: "2025-05-01", intervals: [] },
      ],
    });
    expect(created.body.data).toMatchObject({ name: "Вахта", isDefault: false, projectId: project.id });
    expect(created.body.data.exceptions.map((e: { date: string }) => e.date)).toEqual(["2025-05-01", "2025-05-09"]);
    const id = created.body.data.id;
    expect((await owner.call("GET", `/calendars?projectId=${project.id}`)).body.data).toHaveLength(2);
    const updated = await owner.call("PUT", `/calendars/${id}`, { revision: 1, name: "Вахта 2" });
    expect(updated.body.data).toMatchObject({ name: "Вахта 2", revision: 2 });
    const stale = await owner.call("PUT", `/calendars/${id}`, { revision: 1, name: "Старое" });
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0].data.current).toMatchObject({ name: "Вахта 2", revision: 2 });
    const made = await owner.call("PUT", `/calendars/${id}/default`);
    expect(made.body.data.isDefault).toBe(true);
    expect(
      (await owner.call("GET", "/calendars")).body.data.filter((c: { isDefault: boolean }) => c.isDefault),
    ).toHaveLength(1);

    await addItem(owner, version.id, { type: "work", name: "A", calendarId: id });
    const inUse = await owner.call("DELETE", `/calendars/${id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.errors[0]).toMatchObject({ code: "CalendarInUse", params: { count: 1 } });
    const spare = await owner.call("POST", "/calendars", { name: "Запасной", week: WEEK });
    expect((await owner.call("DELETE", `/calendars/${spare.body.data.id}`)).body.data.id).toBe(spare.body.data.id);
    expect(server.ctx.realtime.sent.some((e) => e.type === "calendars_updated")).toBe(true);
  });

  it("validates weeks and intervals, and keeps other spaces and read-only members out", async () => {
    const { owner, member, stranger, intruder } = await setUpWorkspace(server);
    const bad: unknown[] = [
      { name: "X", week: [DAY] },
      { name: "X", week: [[["17:00", "08:00"]], [], [], [], [], [], []] },
      { name: "X", week: [[["8:00", "12:00"]], [], [], [], [], [], []] },
      { name: "X", week: WEEK, exceptions: [{ date: "2025-13-01", intervals: [] }] },
      { name: "", week: WEEK },
    ];
    for (const body of bad)
      expect((await owner.call("POST", "/calendars", body)).status, JSON.stringify(body)).toBe(400);
    const id = (await owner.call("GET", "/calendars")).body.data[0].id;
    expect((await member.call("GET", "/calendars")).status).toBe(200);
    expect((await member.call("POST", "/calendars", { name: "M", week: WEEK })).status).toBe(403);
    expect((await intruder.call("GET", "/calendars")).status).toBe(403);
    expect((await stranger.call("GET", `/calendars/${id}`)).status).toBe(404);
    expect((await stranger.call("PUT", `/calendars/${id}`, { revision: 1, name: "Hack" })).status).toBe(404);
    expect((await stranger.call("DELETE", `/calendars/${id}`)).status).toBe(404);
    expect((await owner.call("GET", `/calendars/${id}`)).body.data.name).not.toBe("Hack");
  });
});
