import { type Cell, readXlsxTable, writeXlsxRows } from "@planum/formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { type Actor, buildTree, setUpSpace } from "../structure/structure.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

function multipart(bytes: Buffer | Uint8Array, filename: string) {
  const boundary = "----planum-directory";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

function send(actor: Actor, url: string, bytes: Buffer | Uint8Array, name: string, language = "en") {
  const body = multipart(bytes, name);
  return server.call("POST", url, {
    token: actor.token,
    body: body.payload,
    headers: { "x-space-id": actor.spaceId, "content-type": body.contentType, "x-language": language },
  });
}

const xlsx = async (rows: Cell[][]) => Buffer.from(await writeXlsxRows(rows));

async function workTypes(owner: Actor, nodeId: string) {
  const created = await owner.call("POST", `/eps/${nodeId}/directory/create`, {
    name: "Виды работ",
    kind: "worktype",
    columns: [
      { name: "Единица", type: "list", listValues: ["м3", "т"] },
      { name: "Норма", type: "number" },
      { name: "Начало", type: "date" },
    ],
  });
  const directory = created.body.data;
  const [unit, norm, start] = directory.columns.map((c: { id: string }) => c.id);
  return { directory, unit, norm, start, base: `/eps/${nodeId}/directory/${directory.id}` };
}

describe("directory upload and export", () => {
  it("previews an XLSX with the mapping found by headers, uploads all rows with their tree, then updates by code", async () => {
    const { owner } = await setUpSpace(server);
    const { facility } = await buildTree(owner);
    const { base, unit, norm, start } = await workTypes(owner, facility.id);
    const file = await xlsx([
      ["Код", "Название", "Родитель", "Единица", "Норма", "Начало", "Лишнее"],
      ["01.01", "Разработка грунта", "01", "м3", 1.25, new Date(Date.UTC(2025, 2, 1)), "x"],
      ["01", "Земляные работы", null, null, null, null, null],
      [null, null, null, null, null, null, null],
      ["02", "Бетон", null, "м3", "3,5", "15.04.2025", null],
    ]);
    const preview = await send(owner, `${base}/upload/preview`, file, "types.xlsx");
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({
      mapping: { code: 0, name: 1, parent: 2, columns: { [unit]: 3, [norm]: 4, [start]: 5 } },
      rowCount: 3,
      problem: null,
    });
    expect(preview.body.data.rows[0]).toEqual(["Код", "Название", "Родитель", "Единица", "Норма", "Начало", "Лишнее"]);

    const uploaded = await send(owner, `${base}/upload`, file, "types.xlsx");
    expect(uploaded.body.data).toEqual({ created: 3, updated: 0, rowCount: 3 });
    const rows = (await owner.call("GET", `${base}/rows`)).body.data.rows;
    expect(rows.map((r: { code: string; depth: number }) => `${r.code}:${r.depth}`)).toEqual([
      "01:0",
      "01.01:1",
      "02:0",
    ]);
    expect(rows[1].values).toEqual({ [unit]: "м3", [norm]: 1.25, [start]: "2025-03-01" });
    expect(rows[2].values).toEqual({ [unit]: "м3", [norm]: 3.5, [start]: "2025-04-15" });

    // A CSV with another header, mapped by hand: the norm of 02 changes, a new row is added, 01.01 stays.
    const csv = Buffer.from("Шифр;Норматив\n02;4\n03;7,5\n");
    const mapping = encodeURIComponent(JSON.stringify({ code: "Шифр", columns: { [norm]: "Норматив" } }));
    const merged = await send(owner, `${base}/upload?mapping=${mapping}`, csv, "norms.csv");
    expect(merged.body.data).toEqual({ created: 1, updated: 1, rowCount: 4 });
    const after = (await owner.call("GET", `${base}/rows`)).body.data.rows;
    expect(after.map((r: { code: string; values: Record<string, number> }) => [r.code, r.values[norm]])).toEqual([
      ["01", undefined],
      ["01.01", 1.25],
      ["02", 4],
      ["03", 7.5],
    ]);
  });

  it("refuses a duplicate code, an unknown list value and an unknown parent naming the file's row, writing nothing", async () => {
    const { owner } = await setUpSpace(server);
    const { facility } = await buildTree(owner);
    const { base } = await workTypes(owner, facility.id);
    const cases: [Cell[][], string, Record<string, unknown>, string][] = [
      [
        [
          ["Code", "Name"],
          ["A", "A"],
          ["B", "B"],
          ["A", "Again"],
        ],
        "DirectoryCodeTaken",
        { code: "A", row: 4 },
        "Строка 4: код «A» уже есть в этом справочнике",
      ],
      [
        [
          ["Code", "Name", "Единица"],
          ["A", "A", "м3"],
          ["B", "B", "км"],
        ],
        "DirectoryValueInvalid",
        { row: "3", column: "Единица", value: "км" },
        "Строка 3: «км» — недопустимое значение столбца «Единица»",
      ],
      [
        [
          ["Code", "Name", "Parent"],
          ["A", "A", "Z"],
        ],
        "InvalidParent",
        { row: 2 },
        "Элемент нельзя разместить здесь",
      ],
    ];
    for (const [rows, code, params, message] of cases) {
      const answer = await send(owner, `${base}/upload`, await xlsx(rows), "bad.xlsx", "ru");
      expect(answer.body.errors[0]).toMatchObject({ code, params, message });
    }
    expect((await owner.call("GET", `${base}/rows`)).body.data.total).toBe(0);
    const broken = await send(owner, `${base}/upload`, Buffer.from("not a workbook"), "x.xlsx");
    expect(broken.body.errors[0].code).toBe("MalformedFile");
    const noCode = await send(owner, `${base}/upload`, await xlsx([["Имя"], ["A"]]), "x.xlsx");
    expect(noCode.body.errors[0]).toMatchObject({ code: "Required", params: { field: "mapping.code" } });
  });

  it("moves existing rows by the file's parent column, clears a value by an empty cell and refuses a cycle", async () => {
    const { owner } = await setUpSpace(server);
    const { facility } = await buildTree(owner);
    const { base, norm, unit } = await workTypes(owner, facility.id);
    await owner.call("PUT", `${base}/update/all`, {
      create: [
        { ref: "a", code: "A", name: "Алфа", values: { [norm]: 2 } },
        { parentRef: "a", code: "A1", name: "Алфа 1", values: { [norm]: 0.5, [unit]: "т" } },
        { ref: "b", code: "B", name: "Бета", values: { [norm]: 3, [unit]: "м3" } },
        { parentRef: "b", code: "B1", name: "Бета 1" },
      ],
    });
    const rowsNow = async () =>
      (await owner.call("GET", `${base}/rows`)).body.data.rows.map(
        (r: { code: string; name: string; depth: number; values: Record<string, unknown> }) =>
          `${r.code}:${r.depth}:${r.name}:${norm in r.values ? r.values[norm] : "-"}:${unit in r.values ? r.values[unit] : "-"}`,
      );
    const before = await rowsNow();
    // A under its own child: refused, nothing written (the new row C neither).
    const cycle = await send(
      owner,
      `${base}/upload`,
      await xlsx([
        ["Code", "Name", "Parent"],
        ["C", "Гамма", null],
        ["A", null, "A1"],
      ]),
      "cycle.xlsx",
    );
    expect(cycle.body.errors[0].code).toBe("InvalidParent");
    expect(await rowsNow()).toEqual(before);

    // B (with its child B1) goes under A, keeps its name (empty cell), loses its norm, keeps its unit; C is added
    // under B1, a row of the directory moved by the same file.
    const moved = await send(
      owner,
      `${base}/upload`,
      await xlsx([
        ["Code", "Name", "Parent", "Норма"],
        ["B", null, "A", null],
        ["C", "Гамма", "B1", 7],
      ]),
      "move.xlsx",
    );
    expect(moved.body.data).toEqual({ created: 1, updated: 1, rowCount: 5 });
    expect(await rowsNow()).toEqual([
      "A:0:Алфа:2:-",
      "A1:1:Алфа 1:0.5:т",
      "B:1:Бета:-:м3",
      "B1:2:Бета 1:-:-",
      "C:3:Гамма:7:-",
    ]);
  });

  it("exports XLSX that uploads back to the same rows; other spaces can neither upload nor export", async () => {
    const { owner, member, stranger, intruder } = await setUpSpace(server, ["eps:read", "attribute:read"]);
    const { facility, project } = await buildTree(owner);
    const { base, directory, norm } = await workTypes(owner, facility.id);
    await owner.call("PUT", `${base}/update/all`, {
      create: [
        { ref: "a", code: "A", name: "Алфа", values: { [norm]: 2 } },
        { parentRef: "a", code: "A1", name: "Алфа 1", values: { [norm]: 0.5 } },
      ],
    });
    // Headers in the caller's language (Russian, the base, here).
    const exported = await owner.call("POST", `${base}/export`);
    expect(exported.body.data.name).toBe("Виды работ.xlsx");
    const download = await owner.call("GET", `/storage/download/${exported.body.data.fileId}`);
    const bytes = (download as unknown as { raw: { rawPayload: Buffer } }).raw.rawPayload;
    const table = await readXlsxTable(bytes);
    expect(table.rows.map((r) => r.slice(0, 5))).toEqual([
      ["Код", "Название", "Родитель", "Единица", "Норма"],
      ["A", "Алфа", null, null, 2],
      ["A1", "Алфа 1", "A", null, 0.5],
    ]);
    // Into a copy: every row is matched by its code and keeps its place and values.
    const copy = await owner.call("POST", `${base}/copy-to`, { targetId: project.id, name: "Копия" });
    const copyBase = `/eps/${project.id}/directory/${copy.body.data.id}`;
    const again = await send(owner, `${copyBase}/upload`, bytes, "back.xlsx");
    expect(again.body.data).toEqual({ created: 0, updated: 2, rowCount: 2 });

    // A reader may preview and export but not upload.
    expect((await send(member, `${base}/upload`, bytes, "x.xlsx")).status).toBe(403);
    expect((await member.call("POST", `${base}/export`)).status).toBe(200);
    expect((await send(intruder, `${base}/upload`, bytes, "x.xlsx")).status).toBe(403);
    expect((await intruder.call("POST", `${base}/export`)).status).toBe(403);
    const strangerTree = await buildTree(stranger);
    const theirs = `/eps/${strangerTree.facility.id}/directory/${directory.id}`;
    expect((await send(stranger, `${theirs}/upload`, bytes, "x.xlsx")).status).toBe(404);
    expect((await stranger.call("POST", `${theirs}/export`)).status).toBe(404);
  });
});
