import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { type Actor, addItem, setUpWorkspace } from "../workspace.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

interface Item {
  id: number;
  parentId: number | null;
  type: string;
  code: string;
  name: string;
  attrs: Record<string, unknown>;
}

/** A work-type directory of two branches (a norm donated to the works' attribute) and an empty version. */
async function setUp() {
  const ws = await setUpWorkspace(server);
  const { owner, project, schedule } = ws;
  const created = await owner.call("POST", `/eps/${project.id}/directory/create`, {
    name: "Виды работ",
    kind: "worktype",
    columns: [{ name: "Норма", type: "number" }],
  });
  const directory = created.body.data;
  const norm = directory.columns[0].id as string;
  const base = `/eps/${project.id}/directory/${directory.id}`;
  const rows = await owner.call("PUT", `${base}/update/all`, {
    create: [
      { ref: "earth", code: "01", name: "Земляные работы" },
      { parentRef: "earth", ref: "dig", code: "01.01", name: "Разработка грунта", values: { [norm]: 1.2 } },
      { parentRef: "earth", code: "01.02", name: "Обратная засыпка", values: { [norm]: 0.6 } },
      { ref: "concrete", code: "02", name: "Бетонные работы" },
      { parentRef: "concrete", ref: "slab", code: "02.01", name: "Плита", values: { [norm]: 0.8 } },
    ],
  });
  expect(rows.status, JSON.stringify(rows.body)).toBe(200);
  const [earth, dig, , concrete, slab] = rows.body.data.created.map((r: { id: string }) => r.id as string);
  const normAttr = (await owner.call("POST", `/schedules/${schedule.id}/attributes`, { name: "Норма", type: "number" }))
    .body.data.id as string;
  expect((await owner.call("POST", `${base}/donor/create`, { columnId: norm, attributeId: normAttr })).status).toBe(
    200,
  );
  return { ...ws, directory, base, norm, normAttr, earth, dig, concrete, slab };
}

async function wbs(actor: Actor, versionId: string): Promise<Item[]> {
  return (await actor.call("GET", `/versions/${versionId}/wbs`)).body.data;
}

/** The WBS as "code type ↳parent code norm" lines, in tree order. */
function shape(items: Item[], normAttr: string) {
  const code = new Map(items.map((i) => [i.id, i.code]));
  return items.map(
    (i) =>
      `${i.code} ${i.type} ↳${i.parentId ? code.get(i.parentId) : "-"} ${i.name}${i.attrs[normAttr] !== undefined ? ` ${i.attrs[normAttr]}` : ""}`,
  );
}

async function undoLast(actor: Actor, versionId: string) {
  const actions = (await actor.call("GET", `/versions/${versionId}/undo-actions`)).body.data;
  return actor.call("POST", `/versions/${versionId}/restore`, { actionId: actions[0].id });
}

describe("a version's WBS from a directory", () => {
  it("copies the directory as sums and works linked to their rows, with the donors' values, and undoes", async () => {
    const s = await setUp();
    const { owner, version, normAttr } = s;
    const v = version.id;
    const copied = await owner.call("POST", `/versions/${v}/directory/copy-wbs`, { directoryId: s.directory.id });
    expect(copied.status, JSON.stringify(copied.body)).toBe(200);
    expect(copied.body.data).toMatchObject({ sums: 2, works: 3 });
    const items = await wbs(owner, v);
    expect(shape(items, normAttr)).toEqual([
      "01 sum ↳- Земляные работы",
      "01.01 work ↳01 Разработка грунта 1.2",
      "01.02 work ↳01 Обратная засыпка 0.6",
      "02 sum ↳- Бетонные работы",
      "02.01 work ↳02 Плита 0.8",
    ]);
    expect(copied.body.data.topIds).toEqual([items[0].id, items[3].id]);
    const links = (await owner.call("GET", `/versions/${v}/directory`)).body.data.links;
    expect(links.map((l: { code: string }) => l.code).sort()).toEqual(["01", "01.01", "01.02", "02", "02.01"]);

    expect((await undoLast(owner, v)).status).toBe(200);
    expect(await wbs(owner, v)).toEqual([]);
    expect((await owner.call("GET", `/versions/${v}/directory`)).body.data.links).toEqual([]);
  });

  it("copies chosen rows under a sum, and refuses a parent that is no sum, a foreign row, an empty directory", async () => {
    const s = await setUp();
    const { owner, version, normAttr, project } = s;
    const v = version.id;
    const stage = await addItem(owner, v, { type: "sum", code: "S", name: "Этап 1" });
    const work = await addItem(owner, v, { type: "work", code: "W", name: "Работа" });
    const copy = (body: Record<string, unknown>) =>
      owner.call("POST", `/versions/${v}/directory/copy-wbs`, { directoryId: s.directory.id, ...body });
    const done = await copy({ rowIds: [s.concrete, s.slab], parentId: stage.id });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ sums: 1, works: 1 });
    expect(shape(await wbs(owner, v), normAttr)).toEqual([
      "S sum ↳- Этап 1",
      "02 sum ↳S Бетонные работы",
      "02.01 work ↳02 Плита 0.8",
      "W work ↳- Работа",
    ]);

    const refusedParent = await copy({ parentId: work.id });
    expect(refusedParent.status).toBe(400);
    expect(refusedParent.body.errors[0].code).toBe("InvalidParent");
    const other = await owner.call("POST", `/eps/${project.id}/directory/create`, {
      name: "Пустой",
      columns: [{ name: "X", type: "string" }],
    });
    const foreignRow = await copy({ rowIds: [s.slab, other.body.data.id] });
    expect(foreignRow.status).toBe(404);
    expect(foreignRow.body.errors[0]).toMatchObject({ params: { field: "rowIds.1" } });
    const empty = await server.call("POST", `/versions/${v}/directory/copy-wbs`, {
      token: owner.token,
      body: { directoryId: other.body.data.id },
      headers: { "x-space-id": owner.spaceId, "x-language": "ru" },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0]).toMatchObject({ code: "DirectoryEmpty" });
    expect(empty.body.errors[0].message).toContain("В справочнике нет строк");
    expect(await wbs(owner, v)).toHaveLength(4);
  });

  it("keeps the WBS in step: renamed rows, new rows under linked sums, changed norms — previewed, then undone", async () => {
    const s = await setUp();
    const { owner, version, normAttr, base, norm } = s;
    const v = version.id;
    await owner.call("POST", `/versions/${v}/directory/copy-wbs`, { directoryId: s.directory.id });
    const edited = await owner.call("PUT", `${base}/update/all`, {
      create: [{ parentId: s.earth, code: "01.03", name: "Планировка", values: { [norm]: 0.3 } }],
      update: [
        { id: s.dig, name: "Разработка грунта экскаватором" },
        { id: s.slab, values: { [norm]: 0.9 } },
      ],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const before = shape(await wbs(owner, v), normAttr);

    const sync = (preview: boolean) =>
      owner.call("POST", `/versions/${v}/directory/sync-with-list`, { directoryId: s.directory.id, preview });
    const preview = await sync(true);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data).toMatchObject({
      renamed: 1,
      added: 1,
      values: 1,
      renames: [
        { code: "01.01", name: "Разработка грунта", newCode: "01.01", newName: "Разработка грунта экскаватором" },
      ],
      additions: [{ code: "01.03", name: "Планировка", parentCode: "01" }],
      applied: false,
    });
    expect(shape(await wbs(owner, v), normAttr)).toEqual(before);

    const applied = await sync(false);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.data.applied).toBe(true);
    expect(shape(await wbs(owner, v), normAttr)).toEqual([
      "01 sum ↳- Земляные работы",
      "01.01 work ↳01 Разработка грунта экскаватором 1.2",
      "01.02 work ↳01 Обратная засыпка 0.6",
      "01.03 work ↳01 Планировка 0.3",
      "02 sum ↳- Бетонные работы",
      "02.01 work ↳02 Плита 0.9",
    ]);
    // in step: nothing more to do
    expect((await sync(true)).body.data).toMatchObject({ renamed: 0, added: 0, values: 0 });

    expect((await undoLast(owner, v)).status).toBe(200);
    expect(shape(await wbs(owner, v), normAttr)).toEqual(before);
  });

  it("removes the items of deleted rows and places new top rows where the others are, then undoes", async () => {
    const s = await setUp();
    const { owner, version, normAttr, base, norm } = s;
    const v = version.id;
    // built under a stage sum, so new top rows must go there too, not to the version's top
    const stage = await addItem(owner, v, { type: "sum", code: "S", name: "Этап" });
    await owner.call("POST", `/versions/${v}/directory/copy-wbs`, { directoryId: s.directory.id, parentId: stage.id });
    const slabItem = (await wbs(owner, v)).find((i) => i.code === "02.01") as Item;
    const note = await addItem(owner, v, { type: "work", code: "X", name: "Своя работа", parentId: slabItem.parentId });
    const edited = await owner.call("PUT", `${base}/update/all`, {
      delete: [s.concrete],
      create: [
        { ref: "roof", code: "03", name: "Кровля" },
        { parentRef: "roof", code: "03.01", name: "Утеплитель", values: { [norm]: 0.2 } },
      ],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const before = shape(await wbs(owner, v), normAttr);

    const sync = (preview: boolean) =>
      owner.call("POST", `/versions/${v}/directory/sync-with-list`, { directoryId: s.directory.id, preview });
    const preview = await sync(true);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    // the deleted branch goes with what was put under it by hand
    expect(preview.body.data).toMatchObject({ removed: 3, added: 2, renamed: 0 });
    expect(preview.body.data.removals.map((r: { code: string }) => r.code)).toEqual(["02", "02.01", "X"]);
    expect(preview.body.data.additions).toEqual([
      { code: "03", name: "Кровля", parentCode: "S" },
      { code: "03.01", name: "Утеплитель", parentCode: "03" },
    ]);
    expect(shape(await wbs(owner, v), normAttr)).toEqual(before);

    const applied = await sync(false);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(shape(await wbs(owner, v), normAttr)).toEqual([
      "S sum ↳- Этап",
      "01 sum ↳S Земляные работы",
      "01.01 work ↳01 Разработка грунта 1.2",
      "01.02 work ↳01 Обратная засыпка 0.6",
      "03 sum ↳S Кровля",
      "03.01 work ↳03 Утеплитель 0.2",
    ]);
    expect((await sync(true)).body.data).toMatchObject({ removed: 0, added: 0, renamed: 0, values: 0 });

    // undo brings the removed items back (the hand-made one too) and takes the new ones away
    expect((await undoLast(owner, v)).status).toBe(200);
    expect(shape(await wbs(owner, v), normAttr)).toEqual(before);
    expect((await owner.call("GET", `/versions/${v}/wbs/${note.id}`)).body.data.name).toBe("Своя работа");
    // with the rows they were built from: the next sync removes them again
    expect((await sync(true)).body.data).toMatchObject({ removed: 3, added: 2 });
  });

  it("undoes a deletion of linked items with their links: the next sync adds no second copy of their rows", async () => {
    const s = await setUp();
    const { owner, version, normAttr } = s;
    const v = version.id;
    await owner.call("POST", `/versions/${v}/directory/copy-wbs`, { directoryId: s.directory.id });
    const before = shape(await wbs(owner, v), normAttr);
    const concrete = (await wbs(owner, v)).find((i) => i.code === "02") as Item & { revision: number };
    const deleted = await owner.call("DELETE", `/versions/${v}/wbs`, {
      items: [{ id: concrete.id, revision: concrete.revision }],
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await undoLast(owner, v)).status).toBe(200);
    expect(shape(await wbs(owner, v), normAttr)).toEqual(before);

    const preview = await owner.call("POST", `/versions/${v}/directory/sync-with-list`, {
      directoryId: s.directory.id,
      preview: true,
    });
    expect(preview.body.data).toMatchObject({ removed: 0, added: 0, renamed: 0 });
  });

  it("removes the items of deleted rows from a version copied from the one built from the directory", async () => {
    const s = await setUp();
    const { owner, version, normAttr, base, schedule } = s;
    await owner.call("POST", `/versions/${version.id}/directory/copy-wbs`, { directoryId: s.directory.id });
    const copy = await owner.call("POST", `/schedules/${schedule.id}/versions/create`, {
      label: "Копия",
      copyFromId: version.id,
    });
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    const c = copy.body.data.id as string;
    expect((await owner.call("PUT", `${base}/update/all`, { delete: [s.concrete] })).status).toBe(200);

    const sync = (versionId: string, preview: boolean) =>
      owner.call("POST", `/versions/${versionId}/directory/sync-with-list`, { directoryId: s.directory.id, preview });
    const preview = await sync(c, true);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data).toMatchObject({ removed: 2, added: 0, renamed: 0 });
    expect(preview.body.data.removals.map((r: { code: string }) => r.code)).toEqual(["02", "02.01"]);
    expect((await sync(c, false)).status).toBe(200);
    expect(shape(await wbs(owner, c), normAttr)).toEqual([
      "01 sum ↳- Земляные работы",
      "01.01 work ↳01 Разработка грунта 1.2",
      "01.02 work ↳01 Обратная засыпка 0.6",
    ]);
    // the original keeps its items until it is synced itself
    expect(await wbs(owner, version.id)).toHaveLength(5);
    expect((await sync(version.id, true)).body.data).toMatchObject({ removed: 2 });
  });

  it("adds no top rows to a version never built from the directory", async () => {
    const s = await setUp();
    const { owner, version } = s;
    await addItem(owner, version.id, { type: "work", code: "W", name: "Работа" });
    const preview = await owner.call("POST", `/versions/${version.id}/directory/sync-with-list`, {
      directoryId: s.directory.id,
      preview: true,
    });
    expect(preview.body.data).toMatchObject({ removed: 0, added: 0, renamed: 0 });
  });

  it("lets no one of another space or without write access build or sync a WBS", async () => {
    const s = await setUp();
    const { member, stranger, version, owner } = s;
    const v = version.id;
    const calls: [string, unknown][] = [
      [`/versions/${v}/directory/copy-wbs`, { directoryId: s.directory.id }],
      [`/versions/${v}/directory/sync-with-list`, { directoryId: s.directory.id, preview: true }],
    ];
    for (const [url, body] of calls) {
      expect((await stranger.call("POST", url, body)).status, url).toBe(404);
      expect((await member.call("POST", url, body)).status, url).toBe(403);
    }
    // another space's owner cannot build its version from this directory
    const other = await setUpWorkspace(server);
    for (const url of ["copy-wbs", "sync-with-list"]) {
      const cross = await other.owner.call("POST", `/versions/${other.version.id}/directory/${url}`, {
        directoryId: s.directory.id,
      });
      expect(cross.status, url).toBe(404);
    }
    expect(await wbs(other.owner, other.version.id)).toEqual([]);
    expect(await wbs(owner, v)).toEqual([]);
  });
});
