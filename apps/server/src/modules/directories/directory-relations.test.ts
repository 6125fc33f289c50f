import { type Cell, readXlsxTable, writeXlsxRows } from "@planum/formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { type Actor, addItem, setUpWorkspace } from "../workspace/workspace.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const R = "/directory-complex-relations";

function upload(actor: Actor, url: string, bytes: Buffer, language = "en") {
  const boundary = "----planum-relations";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="relations.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
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

/**
 * Work types (BET concrete, ARM rebar) and what they need (CRANE crane hours, MIX concrete m³, FIT fitter hours) on
 * the project; works A10 (100 m³) and A20 (40 m³) of concrete, A30 (8 t) of rebar, A40 (50) linked to nothing.
 */
async function setUp() {
  const ws = await setUpWorkspace(server);
  const { owner, project, version } = ws;
  const directory = async (name: string, rows: [string, string][], columns: { name: string; type: string }[] = []) => {
    const created = (await owner.call("POST", `/eps/${project.id}/directory/create`, { name, columns })).body.data;
    const written = await owner.call("PUT", `/eps/${project.id}/directory/${created.id}/update/all`, {
      create: rows.map(([code, rowName]) => ({ ref: code, code, name: rowName })),
    });
    const ids = Object.fromEntries(
      written.body.data.created.map((r: { id: string }, i: number) => [rows[i][0], r.id]),
    ) as Record<string, string>;
    return { id: created.id as string, ids, columns: created.columns as { id: string }[] };
  };
  const types = await directory(
    "Виды работ",
    [
      ["BET", "Бетонирование"],
      ["ARM", "Армирование"],
    ],
    [{ name: "Норма", type: "number" }],
  );
  const needs = await directory("Ресурсы норм", [
    ["CRANE", "Кран"],
    ["MIX", "Бетонная смесь"],
    ["FIT", "Арматурщик"],
  ]);
  const works: Record<string, number> = {};
  for (const [code, plannedVolume] of [
    ["A10", 100],
    ["A20", 40],
    ["A30", 8],
    ["A40", 50],
  ] as const)
    works[code] = (
      await addItem(owner, version.id, { type: "work", code, name: code, plannedVolume, duration: 4800 })
    ).id;
  const links = [
    { itemId: works.A10, rowId: types.ids.BET },
    { itemId: works.A20, rowId: types.ids.BET },
    { itemId: works.A30, rowId: types.ids.ARM },
  ];
  const linked = await owner.call("POST", `/versions/${version.id}/directory/create`, {
    directoryId: types.id,
    links,
  });
  expect(linked.status).toBe(200);
  return { ...ws, types, needs, works };
}

/** The version's assignments as "work code / resource code → budgeted units". */
async function assignmentTable(actor: Actor, versionId: string) {
  const list = (await actor.call("GET", `/assignment?versionId=${versionId}`)).body.data as {
    work: { code: string };
    resource: { code: string };
    budgetedUnits: number;
  }[];
  return Object.fromEntries(list.map((a) => [`${a.work.code} ${a.resource.code}`, a.budgetedUnits]));
}

describe("complex relations between directories", () => {
  it("recalculates a version's dependent resources and totals from volumes × coefficients, by hand", async () => {
    const s = await setUp();
    const { owner, space, version, types, needs } = s;
    // a crane already in the space's resources; concrete and fitter are created from the directory's rows
    await owner.call("POST", `/space/${space.id}/resources`, { code: "CRANE", name: "Кран КС-55", kind: "equipment" });

    const created = await owner.call("POST", `${R}/create-relation-between-directories`, {
      sourceId: types.id,
      targetId: needs.id,
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ name: "Виды работ → Ресурсы норм", rowCount: 0, canEdit: true });
    const id = created.body.data.id as string;
    // the graph of links at the project: the relation between the two, the norm shown on the works
    await owner.call("POST", `/eps/${s.project.id}/directory/${types.id}/linked-attribute/create`, {
      columnId: types.columns[0].id,
    });
    const graph = (await owner.call("GET", `/eps/${s.project.id}/directory/graph`)).body.data;
    expect(graph.directories.map((d: { name: string }) => d.name).sort()).toEqual(["Виды работ", "Ресурсы норм"]);
    expect(graph.edges).toEqual([
      { kind: "linked", from: types.id, to: null, label: "Норма" },
      { kind: "relation", from: types.id, to: needs.id, label: "Виды работ → Ресурсы норм" },
    ]);
    const assigned = await owner.call("POST", `${R}/assign-directory-relation-rows/${id}`, {
      rows: [
        { sourceRowId: types.ids.BET, targetRowId: needs.ids.CRANE, coefficient: 0.8 },
        { sourceRowId: types.ids.BET, targetRowId: needs.ids.MIX, coefficient: 1.02 },
        { sourceRowId: types.ids.ARM, targetRowId: needs.ids.CRANE, coefficient: 2.5 },
        { sourceRowId: types.ids.ARM, targetRowId: needs.ids.FIT, coefficient: 12 },
      ],
    });
    expect(
      assigned.body.data.rows.map((r: { sourceCode: string; targetCode: string }) => r.sourceCode + r.targetCode),
    ).toEqual(["ARMCRANE", "ARMFIT", "BETCRANE", "BETMIX"]);

    const first = await owner.call("GET", `${R}/recalculate-dependent-resources-version/${version.id}`);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ works: 3, created: 6, updated: 0, removed: 0, resourcesCreated: ["FIT", "MIX"] });
    // hand-computed: A10 100 m³ × 0.8 = 80 crane h, × 1.02 = 102 m³; A20 40 × 0.8 = 32, × 1.02 = 40.8;
    // A30 8 t × 2.5 = 20 crane h, × 12 = 96 fitter h; A40 is linked to nothing and needs nothing
    expect(await assignmentTable(owner, version.id)).toEqual({
      "A10 CRANE": 80,
      "A10 MIX": 102,
      "A20 CRANE": 32,
      "A20 MIX": 40.8,
      "A30 CRANE": 20,
      "A30 FIT": 96,
    });
    const totals = await owner.call("GET", `${R}/directory-complex-version-indicator/${version.id}`);
    expect(
      totals.body.data.map((t: { code: string; quantity: number; works: number }) => [t.code, t.quantity, t.works]),
    ).toEqual([
      ["CRANE", 132, 3],
      ["FIT", 96, 1],
      ["MIX", 142.8, 2],
    ]);

    // a norm changes and a coefficient goes: the works follow, the assignment no longer needed is removed
    const rows = (await owner.call("GET", `${R}/${id}/all-relations`)).body.data.rows as {
      id: string;
      sourceCode: string;
      targetCode: string;
    }[];
    const rowId = (pair: string) => rows.find((r) => r.sourceCode + r.targetCode === pair)!.id;
    await owner.call("PUT", `${R}/update-directory-relation-rows/${id}`, {
      rows: [{ id: rowId("BETCRANE"), coefficient: 1 }],
    });
    await owner.call("DELETE", `${R}/delete-directory-relation-rows/${id}`, { ids: [rowId("ARMFIT")] });
    const beforeSecond = await assignmentTable(owner, version.id);
    const second = await owner.call("GET", `${R}/recalculate-dependent-resources-version/${version.id}`);
    expect(second.body.data).toEqual({ works: 3, created: 0, updated: 2, removed: 1, resourcesCreated: [] });
    expect(await assignmentTable(owner, version.id)).toEqual({
      "A10 CRANE": 100,
      "A10 MIX": 102,
      "A20 CRANE": 40,
      "A20 MIX": 40.8,
      "A30 CRANE": 20,
    });
    // the recalculation is one step of the version's undo: its assignments go back as they were
    const actions = (await owner.call("GET", `/versions/${version.id}/undo-actions`)).body.data;
    expect(actions[0]).toMatchObject({ action: "relations_recalculate" });
    expect((await owner.call("POST", `/versions/${version.id}/restore`, { actionId: actions[0].id })).status).toBe(200);
    expect(await assignmentTable(owner, version.id)).toEqual(beforeSecond);
    // and the first one too: the assignments it created are gone
    const first2 = (await owner.call("GET", `/versions/${version.id}/undo-actions`)).body.data;
    expect(first2[0]).toMatchObject({ action: "relations_recalculate" });
    await owner.call("POST", `/versions/${version.id}/restore`, { actionId: first2[0].id });
    expect(await assignmentTable(owner, version.id)).toEqual({});

    // export and import round-trip (the file's header in the caller's language); the import replaces the rows
    const exported = await owner.call("POST", `${R}/export-relations/${types.id}/${needs.id}`);
    const download = await owner.call("GET", `/storage/download/${exported.body.data.fileId}`);
    const bytes = (download as unknown as { raw: { rawPayload: Buffer } }).raw.rawPayload;
    expect((await readXlsxTable(bytes)).rows).toEqual([
      ["Код строки-источника", "Код зависимой строки", "Коэффициент"],
      ["ARM", "CRANE", 2.5],
      ["BET", "CRANE", 1],
      ["BET", "MIX", 1.02],
    ]);
    const file = Buffer.from(
      await writeXlsxRows([
        ["Source", "Dependent", "Coefficient"],
        ["BET", "CRANE", "0,5"],
        ["ARM", "FIT", 10],
      ] as Cell[][]),
    );
    const imported = await upload(owner, `${R}/import-relations/${types.id}/${needs.id}`, file);
    expect(imported.status).toBe(200);
    expect(imported.body.data).toMatchObject({ rows: 2, relation: { rowCount: 2 } });
    expect((await owner.call("POST", `${R}/get-dependent-directories`, { directoryId: types.id })).body.data).toEqual([
      expect.objectContaining({ id, targetId: needs.id, rowCount: 2 }),
    ]);
    const ofBet = await owner.call("POST", `${R}/get-directory-relation-rows-directory`, {
      relationId: id,
      sourceRowId: types.ids.BET,
    });
    expect(ofBet.body.data.rows).toEqual([expect.objectContaining({ targetCode: "CRANE", coefficient: 0.5 })]);
  });

  it("refuses bad input with the line named and writes nothing; another space reads and changes nothing", async () => {
    const s = await setUp();
    const { owner, member, stranger, intruder, version, types, needs } = s;
    const same = await owner.call("POST", `${R}/create-relation-between-directories`, {
      sourceId: types.id,
      targetId: types.id,
    });
    expect(same.body.errors[0]).toMatchObject({ code: "DirectoryRelationSame" });
    const id = (
      await owner.call("POST", `${R}/create-relation-between-directories`, {
        sourceId: types.id,
        targetId: needs.id,
        name: "Нормы",
      })
    ).body.data.id as string;
    const twice = await owner.call("POST", `${R}/create-relation-between-directories`, {
      sourceId: types.id,
      targetId: needs.id,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.errors[0].message).toBe(
      "У справочника «Виды работ» уже есть связь со справочником «Ресурсы норм»",
    );
    await owner.call("POST", `${R}/assign-directory-relation-rows/${id}`, {
      rows: [{ sourceRowId: types.ids.BET, targetRowId: needs.ids.CRANE, coefficient: 0.8 }],
    });

    // a negative coefficient, a row of the wrong directory: refused, nothing written
    const negative = await owner.call("POST", `${R}/assign-directory-relation-rows/${id}`, {
      rows: [{ sourceRowId: types.ids.ARM, targetRowId: needs.ids.FIT, coefficient: -1 }],
    });
    expect(negative.status).toBe(400);
    const wrongRow = await owner.call("POST", `${R}/assign-directory-relation-rows/${id}`, {
      rows: [
        { sourceRowId: types.ids.ARM, targetRowId: needs.ids.FIT, coefficient: 1 },
        { sourceRowId: needs.ids.MIX, targetRowId: needs.ids.FIT, coefficient: 1 },
      ],
    });
    expect(wrongRow.body.errors[0]).toMatchObject({ code: "NotFound", params: { field: "rows.1.sourceRowId" } });
    // files: an unknown code, a coefficient that is not a number, a pair twice — each names its line, in French
    const bad = async (rows: Cell[][]) =>
      upload(
        owner,
        `${R}/import-relations/${types.id}/${needs.id}`,
        Buffer.from(await writeXlsxRows([["S", "D", "K"], ...rows])),
        "fr",
      );
    expect(
      (
        await bad([
          ["BET", "CRANE", 1],
          ["XXX", "MIX", 1],
        ])
      ).body.errors[0].message,
    ).toBe("Ligne 3 : le répertoire n’a pas de ligne de code « XXX »");
    expect((await bad([["BET", "CRANE", "beaucoup"]])).body.errors[0].message).toBe(
      "Ligne 2 : « beaucoup » n’est pas un coefficient (un nombre positif ou nul)",
    );
    expect(
      (
        await bad([
          ["BET", "MIX", 1],
          ["BET", "MIX", 2],
        ])
      ).body.errors[0],
    ).toMatchObject({
      code: "DirectoryRelationDuplicate",
    });
    const kept = (await owner.call("GET", `${R}/${id}/all-relations`)).body.data.rows;
    expect(kept).toEqual([expect.objectContaining({ sourceCode: "BET", targetCode: "CRANE", coefficient: 0.8 })]);

    // a read-only member sees the relation but can neither define it nor change its coefficients
    expect((await member.call("GET", `${R}/all`)).body.data).toEqual([expect.objectContaining({ id, canEdit: false })]);
    expect((await member.call("DELETE", `${R}/delete-relation/${id}`)).status).toBe(403);
    const refusedEdit = await member.call("PUT", `${R}/update-directory-relation-rows/${id}`, {
      rows: [{ id: kept[0].id, coefficient: 9 }],
    });
    expect(refusedEdit.status).toBe(403);
    expect((await member.call("GET", `${R}/recalculate-dependent-resources-version/${version.id}`)).status).toBe(403);

    // another space: its own list is empty; aimed at this space or naming its ids, nothing is found or changed
    expect((await stranger.call("GET", `${R}/all`)).body.data).toEqual([]);
    for (const [method, url, body] of [
      ["GET", `${R}/${id}/all-relations`, undefined],
      ["PUT", `${R}/update-relation-options`, { id, name: "Чужое" }],
      ["DELETE", `${R}/delete-relation/${id}`, undefined],
      ["PUT", `${R}/update-directory-relation-rows/${id}`, { rows: [{ id: kept[0].id, coefficient: 9 }] }],
      ["POST", `${R}/export-relations/${types.id}/${needs.id}`, undefined],
      ["POST", `${R}/create-relation-between-directories`, { sourceId: needs.id, targetId: types.id }],
      ["GET", `${R}/recalculate-dependent-resources-version/${version.id}`, undefined],
      ["GET", `${R}/directory-complex-version-indicator/${version.id}`, undefined],
      ["GET", `/eps/${s.project.id}/directory/graph`, undefined],
    ] as const) {
      expect((await stranger.call(method, url, body)).status, url).toBe(404);
      expect([403, 404], url).toContain((await intruder.call(method, url, body)).status);
    }
    const after = (await owner.call("GET", `${R}/${id}/all-relations`)).body.data;
    expect(after).toMatchObject({ name: "Нормы", rows: [expect.objectContaining({ coefficient: 0.8 })] });
    expect((await owner.call("GET", `${R}/all`)).body.data).toHaveLength(1);
  });
});
