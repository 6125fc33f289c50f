import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { addItem, link, setUpWorkspace } from "../workspace.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

/** Minutes since 1970-01-01T00:00 of a wall-clock text. */
const at = (text: string) => Date.parse(`${text}:00Z`) / 60_000;

describe("network diagram", () => {
  it("answers summaries, boxes in WBS order with calculated dates and floats, and the relations between them", async () => {
    const { owner, version } = await setUpWorkspace(server);
    const v = version.id;
    const sum = await addItem(owner, v, { type: "sum", name: "Каркас", code: "S1" });
    const a = await addItem(owner, v, { type: "work", name: "Котлован", code: "A10", duration: 960, parentId: sum.id });
    const b = await addItem(owner, v, {
      type: "work",
      name: "Фундамент",
      code: "A20",
      duration: 480,
      parentId: sum.id,
    });
    const c = await addItem(owner, v, { type: "work", name: "Забор", code: "A30", duration: 480 });
    const m = await addItem(owner, v, { type: "milestone_finish", name: "Готово", code: "M1" });
    await addItem(owner, v, { type: "draft", name: "Черновик", code: "D1" });
    const ab = await link(owner, v, { predecessorId: a.id, successorId: b.id });
    await link(owner, v, { predecessorId: b.id, successorId: m.id, type: "fs", lag: 60 });
    await link(owner, v, { predecessorId: c.id, successorId: m.id, type: "ff" });
    expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);

    const tasks = (await owner.call("GET", `/versions/${v}/network-diagram/tasks`)).body.data;
    expect(tasks).toMatchObject({ ids: [sum.id], parent: [-1], code: ["S1"], name: ["Каркас"] });

    const works = await owner.call("GET", `/versions/${v}/network-diagram/works`);
    expect(works.status).toBe(200);
    const w = works.body.data;
    expect(w.code).toEqual(["A10", "A20", "A30", "M1"]);
    expect(w.parent).toEqual([sum.id, sum.id, -1, -1]);
    expect(w.type).toEqual([2, 2, 2, 4]);
    expect(w.earlyStart[0]).toBe(at("2025-01-13T08:00"));
    expect(w.earlyFinish[1]).toBe(at("2025-01-15T17:00"));
    expect(w.critical).toEqual([1, 1, 0, 1]);
    expect(w.totalFloat[0]).toBe(0);
    expect(w.totalFloat[2]).toBeGreaterThan(0);
    expect(w.duration[0]).toBe(960);
    expect(w.calendars.length).toBeGreaterThan(0);
    expect(w.calendars[w.calendar[0]].week).toHaveLength(7);
    expect(w.calcStatus).toBe("calculated");
    expect(w.projectStart).toBe(at("2025-01-13T08:00"));

    const relations = (await owner.call("GET", `/versions/${v}/network-diagram/relations`)).body.data;
    expect(relations.ids[0]).toBe(ab.id);
    expect(relations.from).toEqual([a.id, b.id, c.id]);
    expect(relations.to).toEqual([b.id, m.id, m.id]);
    expect(relations.type).toEqual([0, 0, 2]);
    expect(relations.lag).toEqual([0, 60, 0]);
  });

  it("answers an empty version with empty columns", async () => {
    const { owner, version } = await setUpWorkspace(server);
    for (const part of ["tasks", "works", "relations"]) {
      const answer = await owner.call("GET", `/versions/${version.id}/network-diagram/${part}`);
      expect(answer.status).toBe(200);
      expect(answer.body.data.ids).toEqual([]);
    }
  });

  it("lets a read-only member read but not link, and keeps other spaces out", async () => {
    const { owner, member, stranger, intruder, version } = await setUpWorkspace(server, ["schedule:read"]);
    const v = version.id;
    const a = await addItem(owner, v, { type: "work", name: "A", code: "A10", duration: 480 });
    const b = await addItem(owner, v, { type: "work", name: "B", code: "A20", duration: 480 });
    const linkBody = { predecessorId: a.id, successorId: b.id };

    expect((await member.call("GET", `/versions/${v}/network-diagram/works`)).body.data.code).toEqual(["A10", "A20"]);
    expect((await member.call("POST", `/versions/${v}/relations`, linkBody)).status).toBe(403);

    for (const part of ["tasks", "works", "relations"]) {
      // another space's member aiming at this space: not a member there
      expect((await intruder.call("GET", `/versions/${v}/network-diagram/${part}`)).status).toBe(403);
      // from their own space the version does not exist
      expect((await stranger.call("GET", `/versions/${v}/network-diagram/${part}`)).status).toBe(404);
    }
    expect((await intruder.call("POST", `/versions/${v}/relations`, linkBody)).status).toBe(403);
    expect((await stranger.call("POST", `/versions/${v}/relations`, linkBody)).status).toBe(404);
    expect((await owner.call("GET", `/versions/${v}/network-diagram/relations`)).body.data.ids).toEqual([]);
  });
});
