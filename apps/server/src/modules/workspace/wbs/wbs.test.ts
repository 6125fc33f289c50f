import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { addItem, link, readGantt, setUpWorkspace } from "../workspace.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

type Row = { id: number; code: string; parentId: number | null; revision: number };
const codes = (rows: Row[]) => rows.map((r) => r.code);

describe("wbs", () => {
  it("creates sums, works and milestones in order, validates input, and counts, finds, describes them", async () => {
    const { owner, version } = await setUpWorkspace(server);
    const v = version.id;
    const sum = await addItem(owner, v, { type: "sum", name: "Фундамент", code: "F" });
    const a = await addItem(owner, v, { type: "work", name: "Котлован", code: "A10", parentId: sum.id, duration: 960 });
    await addItem(owner, v, { type: "task", name: "Опалубка", code: "A30", parentId: sum.id });
    await addItem(owner, v, {
      type: "milestone_finish",
      name: "Готово",
      code: "A20",
      parentId: sum.id,
      afterId: a.id,
      duration: 999,
    });
    const auto = await addItem(owner, v, { type: "work", name: "Без кода" });
    expect(auto.code).toMatch(/^A\d+$/);
    const rows = (await owner.call("GET", `/versions/${v}/wbs`)).body.data;
    expect(codes(rows)).toEqual(["F", "A10", "A20", "A30", auto.code]);
    expect(rows[2]).toMatchObject({ type: "milestone_finish", duration: 0, parentId: sum.id });
    const children = (await owner.call("GET", `/versions/${v}/wbs?parentId=${sum.id}`)).body.data;
    expect(codes(children)).toEqual(["A10", "A20", "A30"]);

    const bad: [unknown, number, string][] = [
      [{ type: "sum" }, 400, "Required"],
      [{ type: "castle", name: "x" }, 400, "InvalidValue"],
      [{ type: "work", name: "x", duration: -5 }, 400, "InvalidValue"],
      [{ type: "work", name: "x", parentId: a.id }, 400, "InvalidParent"],
      [{ type: "work", name: "x", startLimitDate: "31.02.2025" }, 400, "InvalidDate"],
      [{ type: "work", name: "x", calendarId: "00000000-0000-4000-8000-000000000000" }, 400, "InvalidValue"],
    ];
    for (const [body, status, code] of bad) {
      const answer = await owner.call("POST", `/versions/${v}/wbs/create`, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.errors[0].code).toBe(code);
    }
    expect((await owner.call("GET", `/versions/${v}/wbs/count`)).body.data).toMatchObject({
      total: 5,
      byType: { sum: 1, work: 2, task: 1, milestone_finish: 1 },
    });
    const found = (await owner.call("GET", `/versions/${v}/wbs/find?q=котл`)).body.data;
    expect(found).toEqual([expect.objectContaining({ id: a.id, code: "A10" })]);
    const passport = (await owner.call("GET", `/versions/${v}/wbs/${a.id}/passport`)).body.data;
    expect(passport).toMatchObject({ item: { code: "A10" }, path: [{ code: "F" }], children: 0, predecessors: 0 });
    const path = (await owner.call("GET", `/versions/${v}/wbs/${a.id}/material-path`)).body.data;
    expect(codes(path)).toEqual(["F", "A10"]);
    expect((await owner.call("GET", `/versions/${v}/wbs/999999999`)).status).toBe(404);
  });

  it("updates fields with status rules, refuses a stale revision with the fresh row, and tells the others", async () => {
    const { owner, version } = await setUpWorkspace(server);
    const v = version.id;
    const item = await addItem(owner, v, { type: "work", name: "Кладка", duration: 480 });
    const first = await owner.call("PATCH", `/versions/${v}/wbs/${item.id}/update`, {
      revision: item.revision,
      name: "Кладка стен",
      startLimitType: "not_earlier",
      startLimitDate: "20.01.2025 08:00",
      inScope: "earlier",
      baselineDuration: 960,
      baseIntensity: "2,5",
      status: "in_progress",
      percentComplete: 40,
      attrs: { color: "red", weight: 3 },
    });
    expect(first.status).toBe(200);
    expect(first.body.data.item).toMatchObject({
      name: "Кладка стен",
      startLimitType: "not_earlier",
      startLimitDate: "2025-01-20T08:00",
      inScope: "earlier",
      baselineDuration: 960,
      baseIntensity: 2.5,
      status: "in_progress",
      actualStart: "2025-01-13T08:00",
      attrs: { color: "red", weight: 3 },
      revision: item.revision + 1,
    });
    server.ctx.realtime.sent.length = 0;
    // A second user still holds the old revision: refused, and shown what the row is now.
    const stale = await owner.call("PATCH", `/versions/${v}/wbs/${item.id}/update`, {
      revision: item.revision,
      name: "Другое",
    });
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0]).toMatchObject({
      code: "Conflict",
      params: { entity: "wbs_item", id: item.id, revision: item.revision + 1 },
      data: { current: { name: "Кладка стен", revision: item.revision + 1 } },
    });
    expect(server.ctx.realtime.sent).toEqual([]);
    const done = await owner.call("PATCH", `/versions/${v}/wbs/${item.id}/update`, {
      revision: item.revision + 1,
      status: "completed",
      attrs: { color: null },
    });
    expect(done.body.data.item).toMatchObject({
      status: "completed",
      percentComplete: 100,
      remaining: 0,
      attrs: { weight: 3 },
    });
    expect(server.ctx.realtime.sent).toEqual([
      expect.objectContaining({ type: "wbs_updated", versionId: v, ids: [item.id], revisions: [item.revision + 2] }),
    ]);
    const typeChange = await owner.call("PATCH", `/versions/${v}/wbs/${item.id}/type`, {
      revision: item.revision + 2,
      type: "milestone_start",
    });
    expect(typeChange.body.data.item).toMatchObject({ type: "milestone_start", duration: 0 });
  });

  it("moves up, down, left, right and elsewhere; refuses moves into its own subtree; dissolves a sum", async () => {
    const { owner, version } = await setUpWorkspace(server);
    const v = version.id;
    const s1 = await addItem(owner, v, { type: "sum", name: "S1", code: "S1" });
    const a = await addItem(owner, v, { type: "work", name: "A", code: "A", parentId: s1.id });
    const b = await addItem(owner, v, { type: "work", name: "B", code: "B", parentId: s1.id });
    const s2 = await addItem(owner, v, { type: "sum", name: "S2", code: "S2" });
    const list = async () => (await owner.call("GET", `/versions/${v}/wbs`)).body.data as Row[];
    const rev = async (id: number) => (await list()).find((r) => r.id === id)!.revision;
    const move = async (id: number, body: object) =>
      owner.call("POST", `/versions/${v}/wbs/${id}/move`, { revision: await rev(id), ...body });

    expect((await move(b.id, { direction: "up" })).status).toBe(200);
    expect(codes(await list())).toEqual(["S1", "B", "A", "S2"]);
    expect((await move(b.id, { direction: "up" })).body.errors[0].code).toBe("InvalidMove");
    await move(b.id, { direction: "down" });
    expect(codes(await list())).toEqual(["S1", "A", "B", "S2"]);
    await move(b.id, { direction: "left" });
    expect((await list()).find((r) => r.id === b.id)!.parentId).toBeNull();
    expect(codes(await list())).toEqual(["S1", "A", "B", "S2"]);
    await move(s2.id, { direction: "up" });
    expect(codes(await list())).toEqual(["S1", "A", "S2", "B"]);
    await move(b.id, { direction: "right" });
    expect((await list()).find((r) => r.id === b.id)!.parentId).toBe(s2.id);
    await move(s1.id, { parentId: s2.id, index: 0 });
    expect(codes(await list())).toEqual(["S2", "S1", "A", "B"]);
    const loop = await move(s2.id, { parentId: s1.id });
    expect(loop.status).toBe(400);
    expect(loop.body.errors[0].code).toBe("InvalidMove");
    const notSum = await move(b.id, { parentId: a.id });
    expect(notSum.body.errors[0].code).toBe("InvalidParent");

    const dissolved = await owner.call("POST", `/versions/${v}/wbs/${s1.id}/dissolve`, { revision: await rev(s1.id) });
    expect(dissolved.status).toBe(200);
    const after = await list();
    expect(codes(after)).toEqual(["S2", "A", "B"]);
    expect(after.find((r) => r.id === a.id)!.parentId).toBe(s2.id);
  });

  it("copies subtrees with their inner relations, pastes a block of cells, deletes subtrees", async () => {
    const { owner, version } = await setUpWorkspace(server);
    const v = version.id;
    const s = await addItem(owner, v, { type: "sum", name: "S", code: "S" });
    const a = await addItem(owner, v, { type: "work", name: "A", code: "A", parentId: s.id });
    const b = await addItem(owner, v, { type: "work", name: "B", code: "B", parentId: s.id });
    await link(owner, v, { predecessorId: a.id, successorId: b.id });
    const pasted = await owner.call("POST", `/versions/${v}/wbs/paste-matrix`, {
      startId: a.id,
      columns: ["code", "name", "durationDays", "startLimitDate"],
      rows: [
        ["A1", "Первая", "2,5", "14.01.2025"],
        ["B1", "Вторая", "", ""],
        ["N1", "Новая", "1", ""],
      ],
    });
    expect(pasted.status).toBe(200);
    expect(pasted.body.data.updated).toEqual([a.id, b.id]);
    expect(pasted.body.data.created).toHaveLength(1);
    const after = (await owner.call("GET", `/versions/${v}/wbs?parentId=${s.id}`)).body.data;
    expect(after.map((r: { code: string; duration: number }) => [r.code, r.duration])).toEqual([
      ["A1", 1200],
      ["B1", 480],
      ["N1", 480],
    ]);
    expect(after[0].startLimitDate).toBe("2025-01-14T08:00");
    const copied = await owner.call("POST", `/versions/${v}/wbs/copy`, { ids: [s.id], parentId: null });
    expect(copied.body.data.count).toBe(4);
    const rows = (await owner.call("GET", `/versions/${v}/wbs`)).body.data as Row[];
    expect(codes(rows)).toEqual(["S", "A1", "B1", "N1", "S", "A1", "B1", "N1"]);
    expect((await owner.call("GET", `/versions/${v}/relations`)).body.data).toHaveLength(2);

    const badCell = await owner.call("POST", `/versions/${v}/wbs/paste-matrix`, {
      columns: ["name", "durationDays"],
      rows: [
        ["ok", "1"],
        ["x", "two"],
      ],
    });
    expect(badCell.status).toBe(400);
    expect(badCell.body.errors[0]).toMatchObject({ code: "InvalidNumber", params: { row: 2, column: 2 } });

    const deleted = await owner.call("DELETE", `/versions/${v}/wbs`, { items: [{ id: s.id, revision: s.revision }] });
    expect(deleted.body.data.deleted).toHaveLength(4);
    expect(codes((await owner.call("GET", `/versions/${v}/wbs`)).body.data)).toEqual(["S", "A1", "B1", "N1"]);
    expect((await owner.call("GET", `/versions/${v}/relations`)).body.data).toHaveLength(1);
    const stale = await owner.call("DELETE", `/versions/${v}/wbs`, { items: [{ id: rows[5].id, revision: 99 }] });
    expect(stale.status).toBe(409);
  });

  it("keeps expanded and checked flags per user, and serves the whole version as gantt columns", async () => {
    const { owner, member, version } = await setUpWorkspace(server);
    const v = version.id;
    const s = await addItem(owner, v, { type: "sum", name: "S", code: "S" });
    const a = await addItem(owner, v, {
      type: "work",
      name: "A",
      code: "A",
      parentId: s.id,
      duration: 960,
      startLimitType: "not_earlier",
      startLimitDate: "2025-01-14T08:00",
      attrs: { x: 1 },
    });
    const b = await addItem(owner, v, { type: "milestone_finish", name: "B", code: "B" });
    await link(owner, v, { predecessorId: a.id, successorId: b.id, type: "ff", lag: 60 });
    await owner.call("PATCH", `/versions/${v}/wbs/expand`, { ids: [s.id], value: false });
    await owner.call("PATCH", `/versions/${v}/wbs/check`, { ids: [a.id, b.id], value: true });
    expect((await owner.call("GET", `/versions/${v}/wbs/flags`)).body.data).toEqual({
      collapsed: [s.id],
      checked: expect.arrayContaining([a.id, b.id]),
    });
    expect((await member.call("GET", `/versions/${v}/wbs/flags`)).body.data).toEqual({ collapsed: [], checked: [] });

    await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`);
    const gantt = await readGantt(owner, v);
    expect(gantt).toMatchObject({
      version: 1,
      ids: [s.id, a.id, b.id],
      parent: [-1, 0, -1],
      type: [0, 2, 4],
      code: ["S", "A", "B"],
      duration: [0, 960, 0],
      startLimitType: [0, 1, 0],
      expanded: [0, 1, 1],
      attrs: { x: [null, 1, null] },
      relations: { from: [1], to: [2], type: [2], lag: [60] },
      calcStatus: "calculated",
      dataDate: -1,
    });
    const minutes = (text: string) =>
      Date.UTC(+text.slice(0, 4), +text.slice(5, 7) - 1, +text.slice(8, 10), +text.slice(11, 13), +text.slice(14, 16)) /
      60000;
    expect(gantt.startLimitDate[1]).toBe(minutes("2025-01-14T08:00"));
    expect(gantt.earlyStart[1]).toBe(minutes("2025-01-14T08:00"));
    expect(gantt.earlyFinish[1]).toBe(minutes("2025-01-15T17:00"));
    expect(gantt.projectStart).toBe(minutes("2025-01-13T08:00"));
    expect(gantt.calendars[gantt.defaultCalendar].week[0]).toEqual([
      ["08:00", "12:00"],
      ["13:00", "17:00"],
    ]);
    expect(gantt.calendar).toEqual([gantt.defaultCalendar, gantt.defaultCalendar, gantt.defaultCalendar]);
  });

  it("other spaces neither read nor change WBS rows", async () => {
    const { owner, intruder, stranger, member, version } = await setUpWorkspace(server);
    const item = await addItem(owner, version.id, { type: "work", name: "A" });
    expect((await intruder.call("GET", `/versions/${version.id}/gantt`)).status).toBe(403);
    expect((await stranger.call("GET", `/versions/${version.id}/gantt`)).status).toBe(404);
    expect((await stranger.call("GET", `/versions/${version.id}/wbs`)).status).toBe(404);
    const other = await setUpWorkspace(server);
    // A row id of this space addressed through a version of another space: not found there.
    const cross = await other.owner.call("PATCH", `/versions/${other.version.id}/wbs/${item.id}/update`, {
      revision: item.revision,
      name: "hack",
    });
    expect(cross.status).toBe(404);
    const readOnly = await member.call("PATCH", `/versions/${version.id}/wbs/${item.id}/update`, {
      revision: item.revision,
      name: "hack",
    });
    expect(readOnly.status).toBe(403);
    expect((await owner.call("GET", `/versions/${version.id}/wbs/${item.id}`)).body.data.name).toBe("A");
  });
});
