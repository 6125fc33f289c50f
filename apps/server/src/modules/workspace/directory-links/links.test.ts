import { type Cell, writeXlsxRows } from "@planum/formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { type Actor, addItem, setUpWorkspace } from "../workspace.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

function upload(actor: Actor, url: string, bytes: Buffer, name: string, language = "en") {
  const boundary = "----planum-assign";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return server.call("POST", url, {
    token: actor.token,
    body: payload,
    headers: {
      "x-space-id": actor.spaceId,
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "x-language": language,
    },
  });
}

/** A work-type directory on the project (unit, norm, price) with two rows, and three works of the version. */
async function setUp() {
  const ws = await setUpWorkspace(server);
  const { owner, project, schedule, version } = ws;
  const created = await owner.call("POST", `/eps/${project.id}/directory/create`, {
    name: "Виды работ",
    kind: "worktype",
    columns: [
      { name: "Единица", type: "list", listValues: ["м3", "т"] },
      { name: "Норма", type: "number" },
      { name: "Цена", type: "money" },
    ],
  });
  expect(created.status).toBe(200);
  const directory = created.body.data;
  const [unit, norm, price] = directory.columns.map((c: { id: string }) => c.id);
  const base = `/eps/${project.id}/directory/${directory.id}`;
  const rows = await owner.call("PUT", `${base}/update/all`, {
    create: [
      { ref: "c", code: "BET", name: "Бетонирование", values: { [unit]: "м3", [norm]: 0.8, [price]: 5200 } },
      { ref: "a", code: "ARM", name: "Армирование", values: { [unit]: "т", [norm]: 12.5 } },
    ],
  });
  const [concrete, rebar] = rows.body.data.created.map((r: { id: string }) => r.id);
  const define = async (body: Record<string, unknown>) =>
    (await owner.call("POST", `/schedules/${schedule.id}/attributes`, body)).body.data.id as string;
  const unitAttr = await define({ name: "Ед.", type: "list", listValues: ["м3", "т", "шт"] });
  const normAttr = await define({ name: "Норма", type: "number" });
  const textAttr = await define({ name: "Примечание", type: "string" });
  const works = [];
  for (const [code, name] of [
    ["A10", "Фундамент"],
    ["A20", "Стены"],
    ["A30", "Перекрытие"],
  ])
    works.push(await addItem(owner, version.id, { type: "work", code, name }));
  return { ...ws, directory, base, unit, norm, price, concrete, rebar, unitAttr, normAttr, textAttr, works };
}

describe("works linked to directory rows", () => {
  it("shows linked values on works, copies donor values with a preview, follows a changed norm and undoes", async () => {
    const s = await setUp();
    const { owner, version, base, works } = s;
    const v = version.id;

    // a linked attribute shows the norm; donors fill the work's unit and norm
    expect((await owner.call("POST", `${base}/linked-attribute/create`, { columnId: s.norm })).status).toBe(200);
    for (const [columnId, attributeId] of [
      [s.unit, s.unitAttr],
      [s.norm, s.normAttr],
    ]) {
      const donor = await owner.call("POST", `${base}/donor/create`, { columnId, attributeId });
      expect(donor.status, JSON.stringify(donor.body)).toBe(200);
    }
    // the works' attributes a donor may fill are listed at the directory's node (its settings dialog offers them)
    await owner.call("POST", `/eps/${s.project.id}/attributes/create`, {
      name: "Цена работы",
      type: "money",
      target: "work",
    });
    const names = async (query: string) =>
      (await owner.call("GET", `/eps/${s.project.id}/attributes/get-visible${query}`)).body.data.map(
        (a: { name: string }) => a.name,
      );
    expect(await names("?target=work")).toContain("Цена работы");
    expect(await names("")).not.toContain("Цена работы");
    expect((await owner.call("GET", `/eps/${s.project.id}/attributes/get-visible?target=all`)).status).toBe(400);
    const settings = (await owner.call("GET", `${base}/link-settings`)).body.data;
    expect(settings.donors.map((d: { attributeName: string }) => d.attributeName).sort()).toEqual(["Ед.", "Норма"]);

    const linked = await owner.call("POST", `/versions/${v}/directory/create`, {
      directoryId: s.directory.id,
      links: [
        { itemId: works[0].id, rowId: s.concrete },
        { itemId: works[1].id, rowId: s.rebar },
      ],
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.data).toEqual({ linked: 2, unlinked: 0 });

    const read = (await owner.call("GET", `/versions/${v}/directory`)).body.data;
    const normColumn = read.directories[0].linked[0].id;
    expect(
      read.links.map((l: { itemId: number; code: string; values: object }) => [l.itemId, l.code, l.values]),
    ).toEqual([
      [works[0].id, "BET", { [normColumn]: 0.8 }],
      [works[1].id, "ARM", { [normColumn]: 12.5 }],
    ]);

    // the preview lists what would change and writes nothing
    const preview = await owner.call("PATCH", `/versions/${v}/directory/update-linked-value`, { preview: true });
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({ works: 2, values: 4, applied: false });
    expect(preview.body.data.changes).toContainEqual(
      expect.objectContaining({ code: "A10", attributeName: "Норма", before: null, after: 0.8 }),
    );
    expect((await owner.call("GET", `/versions/${v}/wbs/${works[0].id}`)).body.data.attrs).toEqual({});

    const applied = await owner.call("PATCH", `/versions/${v}/directory/update-linked-value`, {});
    expect(applied.body.data).toMatchObject({ works: 2, values: 4, applied: true });
    const attrsOf = async (id: number) => (await owner.call("GET", `/versions/${v}/wbs/${id}`)).body.data.attrs;
    expect(await attrsOf(works[0].id)).toEqual({ [s.unitAttr]: "м3", [s.normAttr]: 0.8 });
    expect(await attrsOf(works[1].id)).toEqual({ [s.unitAttr]: "т", [s.normAttr]: 12.5 });
    expect(await attrsOf(works[2].id)).toEqual({});

    // the norm changes in the directory: the linked value follows at once, the donor value after the refresh
    await owner.call("PUT", `${base}/update/all`, { update: [{ id: s.concrete, values: { [s.norm]: "0,95" } }] });
    const after = (await owner.call("GET", `/versions/${v}/directory`)).body.data;
    expect(after.links[0].values[normColumn]).toBe(0.95);
    const again = await owner.call("PATCH", `/versions/${v}/directory/${s.directory.id}/add-values-to-version`, {
      preview: true,
    });
    expect(again.body.data).toMatchObject({ works: 1, values: 1 });
    expect(again.body.data.changes[0]).toMatchObject({ code: "A10", before: 0.8, after: 0.95 });
    await owner.call("PATCH", `/versions/${v}/directory/${s.directory.id}/add-values-to-version`, {});
    expect((await attrsOf(works[0].id))[s.normAttr]).toBe(0.95);

    // the refresh is one undoable change
    const actions = (await owner.call("GET", `/versions/${v}/undo-actions`)).body.data;
    expect(actions[0]).toMatchObject({ action: "directory_values" });
    expect((await owner.call("POST", `/versions/${v}/restore`, { actionId: actions[0].id })).status).toBe(200);
    expect((await attrsOf(works[0].id))[s.normAttr]).toBe(0.8);

    // unlinking stops the linked values; the work keeps what was copied
    await owner.call("POST", `/versions/${v}/directory/create`, {
      directoryId: s.directory.id,
      links: [{ itemId: works[0].id, rowId: null }],
    });
    const left = (await owner.call("GET", `/versions/${v}/directory`)).body.data.links;
    expect(left.map((l: { itemId: number }) => l.itemId)).toEqual([works[1].id]);
    expect((await attrsOf(works[0].id))[s.normAttr]).toBe(0.8);
  });

  it("refreshes the donors of two directories at once, leaving a work's other attributes as they are, and undoes", async () => {
    const s = await setUp();
    const { owner, version, works, project } = s;
    const v = version.id;
    await owner.call("POST", `${s.base}/donor/create`, { columnId: s.norm, attributeId: s.normAttr });
    const zones = await owner.call("POST", `/eps/${project.id}/directory/create`, {
      name: "Захватки",
      columns: [{ name: "Зона", type: "string" }],
    });
    const zone = zones.body.data.columns[0].id as string;
    const zonesBase = `/eps/${project.id}/directory/${zones.body.data.id}`;
    const zoneRows = await owner.call("PUT", `${zonesBase}/update/all`, {
      create: [{ code: "Z1", name: "Захватка 1", values: { [zone]: "Север" } }],
    });
    await owner.call("POST", `${zonesBase}/donor/create`, { columnId: zone, attributeId: s.textAttr });
    // A20 holds a note typed by hand and is linked to the work types only: the zones' donor must not touch it
    const a20 = (await owner.call("GET", `/versions/${v}/wbs/${works[1].id}`)).body.data;
    const typed = await owner.call("PATCH", `/versions/${v}/wbs/${works[1].id}/update`, {
      revision: a20.revision,
      attrs: { [s.textAttr]: "вручную" },
    });
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
    for (const [directoryId, links] of [
      [
        s.directory.id,
        [
          { itemId: works[0].id, rowId: s.concrete },
          { itemId: works[1].id, rowId: s.rebar },
        ],
      ],
      [zones.body.data.id, [{ itemId: works[0].id, rowId: zoneRows.body.data.created[0].id }]],
    ] as const)
      expect((await owner.call("POST", `/versions/${v}/directory/create`, { directoryId, links })).status).toBe(200);

    const preview = await owner.call("PATCH", `/versions/${v}/directory/update-linked-value`, { preview: true });
    expect(preview.body.data).toMatchObject({ works: 2, values: 3, applied: false });
    const applied = await owner.call("PATCH", `/versions/${v}/directory/update-linked-value`, {});
    expect(applied.body.data).toMatchObject({ works: 2, values: 3, applied: true });
    const attrsOf = async (id: number) => (await owner.call("GET", `/versions/${v}/wbs/${id}`)).body.data.attrs;
    expect(await attrsOf(works[0].id)).toEqual({ [s.normAttr]: 0.8, [s.textAttr]: "Север" });
    expect(await attrsOf(works[1].id)).toEqual({ [s.normAttr]: 12.5, [s.textAttr]: "вручную" });
    expect(await attrsOf(works[2].id)).toEqual({});

    const actions = (await owner.call("GET", `/versions/${v}/undo-actions`)).body.data;
    expect((await owner.call("POST", `/versions/${v}/restore`, { actionId: actions[0].id })).status).toBe(200);
    expect(await attrsOf(works[0].id)).toEqual({});
    expect(await attrsOf(works[1].id)).toEqual({ [s.textAttr]: "вручную" });
  });

  it("carries the works' links into a copied version, where they change apart from the source", async () => {
    const s = await setUp();
    const { owner, schedule, version, works } = s;
    await owner.call("POST", `${s.base}/linked-attribute/create`, { columnId: s.norm });
    await owner.call("POST", `/versions/${version.id}/directory/${s.directory.id}/assign`, {
      links: [
        { workCode: "A10", rowCode: "BET" },
        { workCode: "A20", rowCode: "ARM" },
      ],
    });
    const copy = await owner.call("POST", `/schedules/${schedule.id}/versions/create`, {
      label: "Копия",
      copyFromId: version.id,
    });
    expect(copy.status).toBe(200);
    const copied = (await owner.call("GET", `/versions/${copy.body.data.id}/directory`)).body.data;
    const codes = (read: { links: { code: string; itemId: number }[] }) => read.links.map((l) => l.code).sort();
    expect(codes(copied)).toEqual(["ARM", "BET"]);
    expect(copied.directories[0].nodeId).toBe(s.project.id);
    expect(copied.links.every((l: { itemId: number }) => !works.some((w) => w.id === l.itemId))).toBe(true);
    // unlinking in the copy leaves the source as it was
    const a10 = copied.links.find((l: { code: string }) => l.code === "BET").itemId;
    await owner.call("POST", `/versions/${copy.body.data.id}/directory/create`, {
      directoryId: s.directory.id,
      links: [{ itemId: a10, rowId: null }],
    });
    expect(codes((await owner.call("GET", `/versions/${copy.body.data.id}/directory`)).body.data)).toEqual(["ARM"]);
    expect(codes((await owner.call("GET", `/versions/${version.id}/directory`)).body.data)).toEqual(["ARM", "BET"]);
  });

  it("assigns rows by code from a list or an XLSX file and refuses unknown codes naming the line", async () => {
    const s = await setUp();
    const { owner, version, works } = s;
    const v = version.id;
    await owner.call("POST", `${s.base}/donor/create`, { columnId: s.norm, attributeId: s.normAttr });
    const byKey = await owner.call("POST", `/versions/${v}/directory/${s.directory.id}/assign`, {
      links: [
        { workCode: "A10", rowCode: "ARM" },
        { workCode: "A30", rowCode: "BET" },
      ],
      applyDonors: true,
    });
    expect(byKey.status, JSON.stringify(byKey.body)).toBe(200);
    expect((await owner.call("GET", `/versions/${v}/wbs/${works[2].id}`)).body.data.attrs[s.normAttr]).toBe(0.8);

    const file = Buffer.from(
      await writeXlsxRows([
        ["Работа", "Вид работ"],
        ["A20", "BET"],
        ["A30", "ARM"],
      ] as Cell[][]),
    );
    const url = `/versions/${v}/directory/${s.directory.id}/upload?workColumn=Работа&rowColumn=Вид работ&applyDonors=true`;
    const uploaded = await upload(owner, encodeURI(url), file, "links.xlsx");
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.body.data).toEqual({ linked: 2, unlinked: 0 });
    const links = (await owner.call("GET", `/versions/${v}/directory`)).body.data.links;
    expect(links.map((l: { itemId: number; code: string }) => [l.itemId, l.code])).toEqual([
      [works[0].id, "ARM"],
      [works[1].id, "BET"],
      [works[2].id, "ARM"],
    ]);

    // an unknown code on line 3 refuses the whole file, in the caller's language
    const bad = Buffer.from(
      await writeXlsxRows([
        ["Работа", "Вид работ"],
        ["A10", "BET"],
        ["A99", "BET"],
      ] as Cell[][]),
    );
    const refused = await upload(owner, encodeURI(url), bad, "links.xlsx", "ru");
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ code: "DirectoryUnknownWork" });
    expect(refused.body.errors[0].message).toBe("Строка 3: в версии нет работы с кодом «A99»");
    const unknownRow = await owner.call("POST", `/versions/${v}/directory/${s.directory.id}/assign`, {
      links: [{ workCode: "A10", rowCode: "XXX" }],
    });
    expect(unknownRow.body.errors[0]).toMatchObject({ code: "DirectoryUnknownRow" });
    const still = (await owner.call("GET", `/versions/${v}/directory`)).body.data.links;
    expect(still.find((l: { itemId: number }) => l.itemId === works[0].id).code).toBe("ARM");
  });

  it("refuses a donor of another type, a list value the attribute lacks, unknown works and rows", async () => {
    const s = await setUp();
    const { owner, version, works, base } = s;
    const v = version.id;
    const wrong = await owner.call("POST", `${base}/donor/create`, { columnId: s.norm, attributeId: s.textAttr });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]).toMatchObject({ code: "DirectoryDonorType" });
    expect((await owner.call("GET", `${base}/link-settings`)).body.data.donors).toEqual([]);

    const link = (body: Record<string, unknown>) =>
      owner.call("POST", `/versions/${v}/directory/create`, { directoryId: s.directory.id, ...body });
    const badItem = await link({
      links: [
        { itemId: works[0].id, rowId: s.concrete },
        { itemId: 999999, rowId: s.concrete },
      ],
    });
    expect(badItem.status).toBe(404);
    expect(badItem.body.errors[0]).toMatchObject({ params: { field: "links.1.itemId" } });
    const badRow = await link({ links: [{ itemId: works[0].id, rowId: crypto.randomUUID() }] });
    expect(badRow.body.errors[0]).toMatchObject({ params: { field: "links.0.rowId" } });
    expect((await owner.call("GET", `/versions/${v}/directory`)).body.data.links).toEqual([]);

    // a list value the work attribute does not have refuses the refresh, naming the work
    const stage = (
      await owner.call("POST", `/schedules/${s.schedule.id}/attributes`, {
        name: "Ед. 2",
        type: "list",
        listValues: ["шт"],
      })
    ).body.data.id;
    await owner.call("POST", `${base}/donor/create`, { columnId: s.unit, attributeId: stage });
    const linkBoth = await link({
      links: [
        { itemId: works[1].id, rowId: s.concrete },
        { itemId: works[0].id, rowId: s.rebar },
      ],
    });
    expect(linkBoth.status).toBe(200);
    const refused = await owner.call("PATCH", `/versions/${v}/directory/update-linked-value`, {});
    expect(refused.status).toBe(400);
    // the first work (in id order) whose value would change to one the attribute lacks, with that value
    expect(refused.body.errors[0]).toMatchObject({
      code: "DirectoryValueInvalid",
      params: { row: "A10", column: "Ед. 2", value: "т" },
    });
    for (const work of works.slice(0, 2))
      expect((await owner.call("GET", `/versions/${v}/wbs/${work.id}`)).body.data.attrs).toEqual({});
  });

  it("lets no one of another space or without write access read or change links", async () => {
    const s = await setUp();
    const { owner, member, stranger, version, works, base } = s;
    const v = version.id;
    await owner.call("POST", `${base}/donor/create`, { columnId: s.norm, attributeId: s.normAttr });
    await owner.call("POST", `/versions/${v}/directory/create`, {
      directoryId: s.directory.id,
      links: [{ itemId: works[0].id, rowId: s.concrete }],
    });
    const calls: [string, string, unknown][] = [
      [
        "POST",
        `/versions/${v}/directory/create`,
        { directoryId: s.directory.id, links: [{ itemId: works[1].id, rowId: s.rebar }] },
      ],
      ["POST", `/versions/${v}/directory/${s.directory.id}/assign`, { links: [{ workCode: "A20", rowCode: "ARM" }] }],
      ["PATCH", `/versions/${v}/directory/update-linked-value`, {}],
      ["PATCH", `/versions/${v}/directory/${s.directory.id}/add-values-to-version`, {}],
    ];
    for (const [method, url, body] of calls) {
      expect((await stranger.call(method as "POST", url, body)).status, url).toBe(404);
      expect((await member.call(method as "POST", url, body)).status, url).toBe(403);
    }
    expect((await stranger.call("GET", `/versions/${v}/directory`)).status).toBe(404);
    expect((await stranger.call("GET", `${base}/link-settings`)).status).toBe(404);
    expect(
      (await stranger.call("POST", `${base}/donor/create`, { columnId: s.unit, attributeId: s.unitAttr })).status,
    ).toBe(404);
    // the member reads the links but may not define donors
    expect((await member.call("GET", `/versions/${v}/directory`)).body.data.links).toHaveLength(1);
    expect(
      (await member.call("POST", `${base}/donor/create`, { columnId: s.unit, attributeId: s.unitAttr })).status,
    ).toBe(403);

    // another space's owner cannot link its works to this directory, nor this version's works to its own
    const other = await setUpWorkspace(server);
    const theirs = await addItem(other.owner, other.version.id, { type: "work", code: "B10", name: "Чужая" });
    const cross = await other.owner.call("POST", `/versions/${other.version.id}/directory/create`, {
      directoryId: s.directory.id,
      links: [{ itemId: theirs.id, rowId: s.concrete }],
    });
    expect(cross.status).toBe(404);
    const links = (await owner.call("GET", `/versions/${v}/directory`)).body.data.links;
    expect(links.map((l: { itemId: number }) => l.itemId)).toEqual([works[0].id]);
    expect((await owner.call("GET", `/versions/${v}/wbs/${works[0].id}`)).body.data.attrs).toEqual({});
  });
});
