import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { type Actor, buildTree, setUpSpace } from "../structure/structure.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const WORK_TYPE_COLUMNS = [
  { name: "Единица", type: "list", listValues: ["м3", "м2", "т"] },
  { name: "Норма", type: "number", settings: { precision: 2 } },
  { name: "Начало", type: "date" },
];

async function workTypes(owner: Actor, nodeId: string) {
  const created = await owner.call("POST", `/eps/${nodeId}/directory/create`, {
    name: "Виды работ",
    kind: "worktype",
    columns: WORK_TYPE_COLUMNS,
  });
  expect(created.status).toBe(200);
  const directory = created.body.data;
  const [unit, norm, start] = directory.columns.map((c: { id: string }) => c.id);
  return { directory, unit, norm, start, base: `/eps/${nodeId}/directory/${directory.id}` };
}

describe("directories", () => {
  it("keeps a directory on a node, seen by its subtree only, with typed columns and hierarchical rows", async () => {
    const { owner } = await setUpSpace(server);
    const { root, facility, project } = await buildTree(owner);
    const { directory, unit, norm, start, base } = await workTypes(owner, facility.id);
    expect(directory).toMatchObject({ name: "Виды работ", kind: "worktype", rowCount: 0, access: "write" });
    expect(directory.columns.map((c: { type: string }) => c.type)).toEqual(["list", "number", "date"]);

    const written = await owner.call("PUT", `${base}/update/all`, {
      create: [
        { ref: "earth", code: "01", name: "Земляные работы" },
        {
          parentRef: "earth",
          code: "01.02",
          name: "Обратная засыпка",
          values: { [unit]: "м3", [norm]: "0,45", [start]: "01.03.2025" },
        },
        { parentRef: "earth", code: "01.01", name: "Разработка грунта", values: { [unit]: "м3", [norm]: 1.2 } },
        { code: "02", name: "Бетонные работы", values: { [unit]: "м3", [norm]: 3 } },
      ],
    });
    expect(written.status).toBe(200);
    expect(written.body.data).toMatchObject({ updated: 0, deleted: 0, rowCount: 4 });

    // Seen at the node and below it (the project), not above it (the root).
    const atProject = await owner.call("GET", `/eps/${project.id}/directory/get`);
    expect(atProject.body.data.map((d: { id: string }) => d.id)).toEqual([directory.id]);
    expect((await owner.call("GET", `/eps/${root.id}/directory/get`)).body.data).toEqual([]);
    expect((await owner.call("GET", `/eps/${root.id}/directory/${directory.id}`)).status).toBe(404);

    const page = await owner.call("GET", `/eps/${project.id}/directory/${directory.id}/rows`);
    expect(page.body.data.total).toBe(4);
    // Tree order: each row after its parent, children by code.
    expect(page.body.data.rows.map((r: { code: string; depth: number }) => `${r.code}:${r.depth}`)).toEqual([
      "01:0",
      "01.01:1",
      "01.02:1",
      "02:0",
    ]);
    expect(page.body.data.rows[0].hasChildren).toBe(true);
    expect(page.body.data.rows[2].values).toEqual({ [unit]: "м3", [norm]: 0.45, [start]: "2025-03-01" });

    const listed = await owner.call("GET", "/directory");
    expect(listed.body.data).toEqual([expect.objectContaining({ id: directory.id, nodeId: facility.id, rowCount: 4 })]);
    expect(server.ctx.realtime.sent.some((e) => e.type === "directory_updated" && e.directoryId === directory.id)).toBe(
      true,
    );
  });

  it("searches codes, names and values, filters by the spec's operators and pages", async () => {
    const { owner } = await setUpSpace(server);
    const { facility } = await buildTree(owner);
    const { base, unit, norm } = await workTypes(owner, facility.id);
    await owner.call("PUT", `${base}/update/all`, {
      create: Array.from({ length: 30 }, (_, k) => ({
        code: `W${String(k).padStart(2, "0")}`,
        name: k % 2 ? "Кладка" : "Монтаж",
        values: { [unit]: k % 3 ? "м3" : "т", [norm]: k },
      })),
    });
    const rows = (query: string) => owner.call("GET", `${base}/rows?${query}`);
    expect((await rows("search=кладк")).body.data.total).toBe(15);
    expect((await rows("search=W2")).body.data.total).toBe(10);
    // Case does not matter, on either side; a page of the hits keeps the tree order and the hits' total.
    expect((await rows("search=%D0%9A%D0%9B%D0%90%D0%94%D0%9A")).body.data.total).toBe(15);
    const later = (await rows("search=w2&offset=8&limit=5")).body.data;
    expect([later.total, later.rows.map((r: { code: string }) => r.code)]).toEqual([10, ["W28", "W29"]]);
    // A value or a name: "т" is the unit of every third row and a letter of "Монтаж" (15 rows); "25" a code and a norm.
    expect((await rows("search=т")).body.data.total).toBe(20);
    expect((await rows("search=25")).body.data.rows.map((r: { code: string }) => r.code)).toEqual(["W25"]);
    // The index keeps values as JSON text: its punctuation matches nothing a user wrote.
    expect((await rows(`search=${encodeURIComponent('", ')}`)).body.data.total).toBe(0);
    const filter = (conditions: unknown[], logic = "and") =>
      rows(`filter=${encodeURIComponent(JSON.stringify({ logic, conditions }))}`);
    expect((await filter([{ field: norm, operator: "gte", value: "25" }])).body.data.total).toBe(5);
    expect(
      (
        await filter([
          { field: unit, operator: "eq", value: "т" },
          { field: "name", operator: "like", value: "монт" },
        ])
      ).body.data.total,
    ).toBe(5);
    expect((await filter([{ field: unit, operator: "filter_by_list", value: ["т"] }])).body.data.total).toBe(10);
    const second = await rows("offset=10&limit=5");
    expect(second.body.data.rows.map((r: { code: string }) => r.code)).toEqual(["W10", "W11", "W12", "W13", "W14"]);
    const unknown = await filter([{ field: crypto.randomUUID(), operator: "eq", value: 1 }]);
    expect(unknown.status).toBe(400);
    expect((await filter([{ field: norm, operator: "approx", value: 1 }])).status).toBe(400);
  });

  it("refuses a duplicate code, a list value not in the list, a wrong number and a loop, naming the row, writing nothing", async () => {
    const { owner } = await setUpSpace(server);
    const { facility } = await buildTree(owner);
    const { base, unit, norm } = await workTypes(owner, facility.id);
    const first = await owner.call("PUT", `${base}/update/all`, {
      create: [
        { ref: "a", code: "A", name: "A" },
        { parentRef: "a", code: "A1", name: "A1" },
      ],
    });
    const [a, a1] = first.body.data.created.map((c: { id: string }) => c.id);
    const attempts: [unknown, string, Record<string, unknown>][] = [
      [
        {
          create: [
            { code: "B", name: "B" },
            { code: "A", name: "Again" },
          ],
        },
        "DirectoryCodeTaken",
        { code: "A" },
      ],
      [
        { create: [{ code: "C", name: "C", values: { [unit]: "км" } }] },
        "DirectoryValueInvalid",
        { row: "C", column: "Единица", value: "км" },
      ],
      [
        { create: [{ code: "D", name: "D", values: { [norm]: "много" } }] },
        "DirectoryValueInvalid",
        { row: "D", column: "Норма" },
      ],
      [{ update: [{ id: a, parentId: a1 }] }, "InvalidParent", { row: "A" }],
    ];
    for (const [body, code, params] of attempts) {
      const answer = await owner.call("PUT", `${base}/update/all`, body);
      expect(answer.body.errors[0]).toMatchObject({ code, params });
    }
    const ru = await server.call("PUT", `${base}/update/all`, {
      token: owner.token,
      body: { create: [{ code: "A", name: "Again" }] },
      headers: { "x-space-id": owner.spaceId, "x-language": "ru" },
    });
    expect(ru.body.errors[0].message).toBe("Строка A: код «A» уже есть в этом справочнике");
    expect((await owner.call("GET", `${base}/rows`)).body.data.total).toBe(2);
    const bad = await owner.call("PUT", `${base}/update/all`, { create: [{ code: "a<b", name: "x" }] });
    expect(bad.body.errors[0].code).toBe("ProhibitedCharacters");
  });

  it("changes and deletes rows with their descendants, swaps codes, lists values that stopped fitting", async () => {
    const { owner } = await setUpSpace(server);
    const { facility } = await buildTree(owner);
    const { base, unit, norm } = await workTypes(owner, facility.id);
    const made = await owner.call("PUT", `${base}/update/all`, {
      create: [
        { ref: "x", code: "X", name: "X", values: { [unit]: "т" } },
        { parentRef: "x", code: "X1", name: "X1", values: { [unit]: "м2" } },
        { code: "Y", name: "Y", values: { [norm]: 2 } },
      ],
    });
    const [x, x1, y] = made.body.data.created.map((c: { id: string }) => c.id);
    // Y moves under X1 and X and Y swap codes in the same call.
    const changed = await owner.call("PUT", `${base}/update/all`, {
      update: [
        { id: x, code: "Y" },
        { id: y, code: "X", parentId: x1, values: { [norm]: null, [unit]: "м3" } },
      ],
    });
    expect(changed.status).toBe(200);
    const rows = (await owner.call("GET", `${base}/rows`)).body.data.rows;
    expect(rows.map((r: { code: string; depth: number }) => `${r.code}:${r.depth}`)).toEqual(["Y:0", "X1:1", "X:2"]);
    expect(rows[2].values).toEqual({ [unit]: "м3" });

    // every value was parsed on its way in; a list that only grows leaves them all fitting
    await owner.call("PUT", `${base}/attribute/${unit}/update`, { listValues: ["м3", "т", "м2", "шт"] });
    expect((await owner.call("GET", `${base}/values/invalid`)).body.data).toEqual([]);
    // The list loses "т" and "м2", the norm becomes a percentage: three values no longer fit, and say where they are.
    await owner.call("PUT", `${base}/update/all`, { update: [{ id: x1, values: { [norm]: 150 } }] });
    await owner.call("PUT", `${base}/attribute/${unit}/update`, { listValues: ["м3"] });
    await owner.call("PUT", `${base}/attribute/${norm}/update`, { type: "percentage" });
    const invalid = await owner.call("GET", `${base}/values/invalid`);
    expect(invalid.body.data.map((v: { code: string }) => v.code)).toEqual(["Y", "X1", "X1"]);
    expect(invalid.body.data).toEqual(
      expect.arrayContaining([
        { rowId: x, code: "Y", columnId: unit, column: "Единица", value: "т", error: "InvalidValue" },
        { rowId: x1, code: "X1", columnId: unit, column: "Единица", value: "м2", error: "InvalidValue" },
        { rowId: x1, code: "X1", columnId: norm, column: expect.any(String), value: 150, error: "InvalidValue" },
      ]),
    );

    const removed = await owner.call("PUT", `${base}/update/all`, { delete: [x] });
    expect(removed.body.data).toMatchObject({ deleted: 3, rowCount: 0 });
    const missing = await owner.call("PUT", `${base}/update/all`, { delete: [x] });
    expect(missing.status).toBe(404);
  });

  it("renames, edits columns, moves and copies to another node, deletes after the row count is confirmed", async () => {
    const { owner } = await setUpSpace(server);
    const { root, facility, project } = await buildTree(owner);
    const { directory, base, unit } = await workTypes(owner, facility.id);
    await owner.call("PUT", `${base}/update/all`, {
      create: [
        { ref: "a", code: "A", name: "A", values: { [unit]: "т" } },
        { parentRef: "a", code: "B", name: "B" },
      ],
    });
    expect((await owner.call("PUT", `${base}/name`, { name: "Работы" })).body.data.name).toBe("Работы");
    const column = await owner.call("POST", `${base}/attribute/create`, { name: "Цена", type: "money" });
    expect(column.body.data.columns).toHaveLength(4);
    expect((await owner.call("POST", `${base}/attribute/create`, { name: "цена", type: "number" })).status).toBe(409);
    const priceId = column.body.data.columns[3].id;
    expect(
      (await owner.call("DELETE", `${base}/attribute/${priceId}/delete`)).body.data.columns.map(
        (c: { name: string }) => c.name,
      ),
    ).toEqual(["Единица", "Норма", "Начало"]);

    const copy = await owner.call("POST", `${base}/copy-to`, { targetId: project.id, name: "Копия" });
    expect(copy.body.data).toMatchObject({ name: "Копия", nodeId: project.id, rowCount: 2 });
    const copyRows = await owner.call("GET", `/eps/${project.id}/directory/${copy.body.data.id}/rows`);
    const copyUnit = copy.body.data.columns[0].id;
    expect(copyRows.body.data.rows.map((r: { code: string; depth: number }) => `${r.code}:${r.depth}`)).toEqual([
      "A:0",
      "B:1",
    ]);
    expect(copyRows.body.data.rows[0].values).toEqual({ [copyUnit]: "т" });

    const moved = await owner.call("POST", `${base}/move-to/${root.id}`);
    expect(moved.body.data.nodeId).toBe(root.id);
    // Moved up: now seen at the root, and no longer managed through a node that does not see it? It still does —
    // the facility lies under the root.
    expect((await owner.call("GET", `/eps/${root.id}/directory/get`)).body.data).toHaveLength(1);

    const rootBase = `/eps/${root.id}/directory/${directory.id}`;
    const ask = await owner.call("DELETE", `${rootBase}/delete`);
    expect(ask.body.errors[0]).toMatchObject({ code: "ConfirmationRequired", params: { count: 2 } });
    expect((await owner.call("DELETE", `${rootBase}/delete?confirmCount=1`)).status).toBe(409);
    const gone = await owner.call("DELETE", `${rootBase}/delete?confirmCount=2`);
    expect(gone.body.data).toEqual({ id: directory.id, rows: 2 });
    expect((await owner.call("GET", rootBase)).status).toBe(404);
  });

  it("follows the attribute abilities and a role's own access row; define needs attribute:admin", async () => {
    const { owner, member, roleId } = await setUpSpace(server, ["eps:read", "attribute:read"]);
    const { facility } = await buildTree(owner);
    const { base, directory } = await workTypes(owner, facility.id);
    const read = await member.call("GET", base);
    expect(read.body.data).toMatchObject({ access: "read", canAdmin: false });
    expect((await member.call("PUT", `${base}/update/all`, { create: [{ code: "A", name: "A" }] })).status).toBe(403);
    expect((await member.call("PUT", `${base}/name`, { name: "Другое" })).status).toBe(403);
    expect((await member.call("POST", `/eps/${facility.id}/directory/create`, { name: "X" })).status).toBe(403);

    await owner.call("PUT", `${base}/access`, { roleId, access: "write" });
    expect((await member.call("PUT", `${base}/update/all`, { create: [{ code: "A", name: "A" }] })).status).toBe(200);
    await owner.call("PUT", `${base}/access`, { roleId, access: "none" });
    expect((await member.call("GET", base)).status).toBe(404);
    expect((await member.call("GET", "/directory")).body.data).toEqual([]);
    await owner.call("PUT", `${base}/access`, { roleId, access: null });
    expect((await member.call("GET", "/directory")).body.data.map((d: { id: string }) => d.id)).toEqual([directory.id]);
    expect((await member.call("PUT", `${base}/access`, { roleId, access: "write" })).status).toBe(403);
  });

  it("lets nobody of another space read or change a directory", async () => {
    const { owner, stranger, intruder } = await setUpSpace(server);
    const { facility } = await buildTree(owner);
    const { base, directory } = await workTypes(owner, facility.id);
    await owner.call("PUT", `${base}/update/all`, { create: [{ code: "A", name: "A" }] });
    const strangerTree = await buildTree(stranger);
    const calls: [Actor, "GET" | "PUT" | "POST" | "DELETE", string, unknown?][] = [
      [intruder, "GET", "/directory"],
      [intruder, "GET", base],
      [intruder, "GET", `${base}/rows`],
      [intruder, "PUT", `${base}/update/all`, { create: [{ code: "Z", name: "Z" }] }],
      [intruder, "DELETE", `${base}/delete?confirmCount=1`],
    ];
    for (const [who, method, url, body] of calls) expect((await who.call(method, url, body)).status).toBe(403);
    // From their own space, the directory is not there.
    const own = `/eps/${strangerTree.facility.id}/directory/${directory.id}`;
    for (const [method, url, body] of [
      ["GET", own],
      ["GET", `${own}/rows`],
      ["PUT", `${own}/update/all`, { create: [{ code: "Z", name: "Z" }] }],
      ["PUT", `${own}/name`, { name: "Моё" }],
      ["POST", `${own}/copy-to`, { targetId: strangerTree.root.id }],
      ["DELETE", `${own}/delete?confirmCount=1`],
    ] as const)
      expect((await stranger.call(method, url, body)).status).toBe(404);
    // Nor can the owner move or copy it into the stranger's space.
    expect((await owner.call("POST", `${base}/move-to/${strangerTree.root.id}`)).status).toBe(404);
    expect((await owner.call("POST", `${base}/copy-to`, { targetId: strangerTree.root.id })).status).toBe(404);
    expect((await stranger.call("GET", "/directory")).body.data).toEqual([]);
    const rows = await owner.call("GET", `${base}/rows`);
    expect(rows.body.data.rows.map((r: { code: string }) => r.code)).toEqual(["A"]);
  });
});
