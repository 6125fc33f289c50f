import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { addItem, setUpWorkspace } from "../workspace/workspace.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

type Item = { id: string; code: string; name: string; start: string | null; finish: string | null; works: number };
const byCode = (items: Item[]) => Object.fromEntries(items.map((i) => [i.code, i]));

describe("project general WBS (gwbs)", () => {
  it("counts a tree of codes across the project's schedules, recounts after a calculation, refuses bad input", async () => {
    const { owner, member, stranger, intruder, project, version } = await setUpWorkspace(server);
    const base = `/projects/${project.id}/gwbs`;
    // Schedule 1: frame S with A10 (5 days) and A20 (2 days); schedule 2: frame S with B10 (1 day).
    const s1 = await addItem(owner, version.id, { type: "sum", name: "Каркас", code: "S" });
    const a10 = await addItem(owner, version.id, {
      type: "work",
      name: "Бетон",
      code: "A10",
      parentId: s1.id,
      duration: 2400,
    });
    await addItem(owner, version.id, { type: "work", name: "Арматура", code: "A20", parentId: s1.id, duration: 960 });
    const second = (await owner.call("POST", `/projects/${project.id}/schedules/create`, { name: "График 2" })).body
      .data;
    const v2 = (
      await owner.call("POST", `/schedules/${second.id}/versions/create`, {
        label: "Базовая",
        projectStart: "2025-02-03T08:00",
      })
    ).body.data;
    const s2 = await addItem(owner, v2.id, { type: "sum", name: "Каркас", code: "S" });
    await addItem(owner, v2.id, { type: "work", name: "Монтаж", code: "B10", parentId: s2.id, duration: 480 });
    for (const v of [version.id, v2.id])
      expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);

    const empty = await owner.call("GET", base);
    expect(empty.body.data).toMatchObject({ items: [], calculateAfter: false, calculatedAt: null, schedules: 2 });

    const root = await owner.call("POST", base, { code: "S", name: "Каркас здания" });
    expect(root.status, JSON.stringify(root.body)).toBe(200);
    const rootId = root.body.data.items[0].id;
    const child = await owner.call("POST", base, { code: "A10", name: "Бетонные работы", parentId: rootId });
    const counted = byCode(child.body.data.items);
    expect(child.body.data.items.map((i: Item) => i.code)).toEqual(["S", "A10"]);
    expect(counted.S).toMatchObject({ works: 3, start: "2025-01-13", finish: "2025-02-03" });
    expect(counted.A10).toMatchObject({ works: 1, start: "2025-01-13", finish: "2025-01-17", parentId: rootId });
    expect(child.body.data.calculatedAt).not.toBeNull();

    // Bad input: a taken code, a parent of another project, under its own child, a long code — nothing written.
    const taken = await server.call("POST", base, {
      token: owner.token,
      language: "ru",
      headers: { "x-space-id": owner.spaceId },
      body: { code: "S", name: "Другой" },
    });
    expect([taken.status, taken.body.errors[0].message]).toEqual([409, "Код «S» уже есть в общей ИСР проекта"]);
    const childId = counted.A10.id;
    const loop = await owner.call("PUT", `${base}/${rootId}`, { code: "S", name: "Каркас", parentId: childId });
    expect([loop.status, loop.body.errors[0].code]).toEqual([400, "InvalidParent"]);
    const long = await owner.call("POST", base, { code: "x".repeat(33), name: "Длинный" });
    expect([long.status, long.body.errors[0].code]).toEqual([400, "MaxLength"]);
    const orphan = await owner.call("POST", base, { code: "Z", name: "Сирота", parentId: crypto.randomUUID() });
    expect(orphan.status).toBe(404);
    expect((await owner.call("GET", base)).body.data.items).toHaveLength(2);

    // Recoding the child to A20 counts the other work.
    const recoded = await owner.call("PUT", `${base}/${childId}`, { code: "A20", name: "Арматура", parentId: rootId });
    expect(byCode(recoded.body.data.items).A20).toMatchObject({ works: 1, finish: "2025-01-14" });

    // Calculate after: each calculation of one of the project's schedules recounts the tree.
    const concrete = await owner.call("POST", base, { code: "A10", name: "Бетон" });
    expect(byCode(concrete.body.data.items).A10).toMatchObject({ works: 1, finish: "2025-01-17" });
    const on = await owner.call("PUT", `${base}/calculate-after`, { enabled: true });
    expect(on.body.data.calculateAfter).toBe(true);
    const pipe = await owner.call("GET", `/projects/${project.id}/pipe`);
    expect(pipe.body.data.settings.gwbsCalculateAfter).toBe(true);
    const longer = await owner.call("PATCH", `/versions/${version.id}/wbs/${a10.id}/update`, {
      revision: a10.revision,
      duration: 4800,
    });
    expect(longer.status, JSON.stringify(longer.body)).toBe(200);
    expect((await owner.call("PATCH", `/versions/${version.id}/timetable/calculate/synchronous`)).status).toBe(200);
    await vi.waitFor(
      async () => {
        const read = await owner.call("GET", base);
        expect(byCode(read.body.data.items).A10.finish).toBe("2025-01-24");
      },
      { timeout: 60_000, interval: 50 },
    );
    const now = await owner.call("POST", `${base}/calculate-after`);
    expect(byCode(now.body.data.items).S).toMatchObject({ works: 3, start: "2025-01-13", finish: "2025-02-03" });

    // A read-only member sees it and changes nothing; another space's users neither read nor change it.
    const seen = await member.call("GET", base);
    expect(seen.body.data).toMatchObject({ canWrite: false });
    expect((await member.call("POST", base, { code: "M", name: "M" })).status).toBe(403);
    expect((await member.call("POST", `${base}/calculate-after`)).status).toBe(403);
    expect((await intruder.call("GET", base)).status).toBe(403);
    expect((await stranger.call("GET", base)).status).toBe(404);
    expect((await stranger.call("DELETE", `${base}/${rootId}`)).status).toBe(404);
    expect((await stranger.call("PUT", `${base}/calculate-after`, { enabled: false })).status).toBe(404);

    // Deleting the root takes its child with it.
    const removed = await owner.call("DELETE", `${base}/${rootId}`);
    expect(removed.body.data.items.map((i: Item) => i.code)).toEqual(["A10"]);
    expect((await owner.call("DELETE", `${base}/${rootId}`)).status).toBe(404);
  });
});
