import { describe, expect, it } from "vitest";
import {
  FormatError,
  readCsv,
  readTable,
  readXlsx,
  tablePreview,
  tableToModel,
  writeCsv,
  writeXlsx,
  writeXlsxRows,
} from "../src/index.js";

const enc = (s: string) => new TextEncoder().encode(s);

describe("CSV with the upload rule (rows to skip) and a column mapping", () => {
  it("reads semicolon-separated Russian Excel output with DD.MM.YYYY dates, a WBS path and predecessors", () => {
    const csv = [
      "График работ;;;;;",
      "Код;Работа;Раздел;Длительность, ч;Начало;Предшественники",
      "A10;Котлован;1.1;40;15.01.2024 08:00;",
      "A20;Фундамент;1.1;80;22.01.2024;A10 FS +8h",
      'A30;Стены;1.2;120;;"A20 SS 2d; A10"',
    ].join("\r\n");
    const m = readCsv(enc(csv), {
      skipRows: 1,
      mapping: {
        id: "Код",
        name: "Работа",
        wbs: "Раздел",
        duration: "Длительность, ч",
        start: "Начало",
        predecessors: "Предшественники",
      },
    });
    expect(m.activities.map((a) => [a.code, a.name, a.plannedDuration])).toEqual([
      ["A10", "Котлован", 2400],
      ["A20", "Фундамент", 4800],
      ["A30", "Стены", 7200],
    ]);
    expect(m.activities[1].plannedStart).toBe("2024-01-22T00:00");
    expect(m.relations.map((r) => [r.predecessorId, r.successorId, r.type, r.lag])).toEqual([
      ["A10", "A20", "FS", 480],
      ["A20", "A30", "SS", 960],
      ["A10", "A30", "FS", 0],
    ]);
    expect(m.wbs.map((w) => w.code)).toEqual(["1", "1", "2"]);
  });

  it("maps columns by index and reports a bad cell with its row and column", () => {
    const csv = "x,y,z\nA1,Work,oops\n";
    expect(() => readCsv(enc(csv), { mapping: { id: 0, name: 1, duration: 2 } })).toThrowError(FormatError);
    try {
      readCsv(enc(csv), { mapping: { id: 0, name: 1, duration: 2 } });
    } catch (e) {
      expect((e as FormatError).location).toEqual({ table: "CSV", row: 2, field: "duration" });
      expect((e as FormatError).message).toContain('"oops"');
    }
  });

  it("says clearly when the mapping names a column the header lacks", () => {
    expect(() => readCsv(enc("a,b\n1,2\n"), { mapping: { id: "Code" } })).toThrowError(
      /Column "Code" mapped to id is not in the header row/,
    );
  });

  it("writes a BOM so Excel shows Cyrillic, and reads its own output back", () => {
    const m = readCsv(enc("Activity ID,Activity Name,Duration (h)\nA1,Опалубка,16\n"));
    const out = writeCsv(m);
    expect([...out.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(readCsv(out).activities[0]).toMatchObject({ code: "A1", name: "Опалубка", plannedDuration: 960 });
  });
});

describe("XLSX", () => {
  it("writes a workbook and reads it back with a mapping and skipped rows", async () => {
    const m = readCsv(
      enc("Activity ID,Activity Name,Duration (h),Start\nA1,Армирование,24,2024-03-04 08:00\nA2,Бетонирование,8,\n"),
    );
    const bytes = await writeXlsx(m);
    const back = await readXlsx(bytes);
    expect(back.activities.map((a) => [a.code, a.name, a.plannedDuration, a.plannedStart])).toEqual([
      ["A1", "Армирование", 1440, "2024-03-04T08:00"],
      ["A2", "Бетонирование", 480, undefined],
    ]);
    const mapped = await readXlsx(bytes, { skipRows: 0, mapping: { id: "Activity ID", name: 3 } }); // column D: Project, WBS, Activity ID, Activity Name
    expect(mapped.activities[1].name).toBe("Бетонирование");
  });

  it("refuses a file that is not a workbook", async () => {
    await expect(readXlsx(enc("not a zip"))).rejects.toThrowError(/Not a readable XLSX workbook/);
  });
});

describe("table preview (what the upload dialog shows before columns are mapped)", () => {
  it("gives an XLSX's rows after the rows to skip, header first, and the same model as readXlsx", async () => {
    const bytes = await writeXlsxRows(
      [
        ["Выгрузка подрядчика"],
        [],
        ["Шифр", "Работа", "Часы", "Начало"],
        ["B1", "Фундамент", 16, new Date(Date.UTC(2026, 1, 2, 8))],
        [],
        ["B2", "Каркас", 40, null],
      ],
      { header: 3 },
    );
    const table = await readTable(bytes, { fileName: "contractor.xlsx" });
    expect(table.format).toBe("xlsx");
    expect(tablePreview(table, 2, 8)).toEqual([
      ["Шифр", "Работа", "Часы", "Начало"],
      ["B1", "Фундамент", "16", "2026-02-02T08:00"],
      ["B2", "Каркас", "40", ""],
    ]);
    expect(tablePreview(table, 2, 2)).toHaveLength(2);
    expect(tablePreview(table, 0, 1)).toEqual([["Выгрузка подрядчика"]]);
    const options = { skipRows: 2, mapping: { id: "Шифр", name: "Работа", duration: "Часы", start: "Начало" } };
    const model = tableToModel(table, options);
    expect(model).toEqual(await readXlsx(bytes, options));
    expect(model.activities.map((a) => [a.code, a.plannedDuration, a.plannedStart])).toEqual([
      ["B1", 960, "2026-02-02T08:00"],
      ["B2", 2400, undefined],
    ]);
  });

  it("decodes a windows-1251 CSV and guesses its delimiter as the reader does", async () => {
    const text = "Заголовок\r\nШифр;Работа\r\nB1;Фундамент\r\n";
    const bytes = Uint8Array.from(
      [...text].map((ch) => {
        const code = ch.charCodeAt(0);
        return code >= 0x410 && code <= 0x44f ? code - 0x410 + 0xc0 : code;
      }),
    );
    const table = await readTable(bytes, { format: "csv", skipRows: 1 });
    expect(tablePreview(table, 1, 8)).toEqual([
      ["Шифр", "Работа"],
      ["B1", "Фундамент"],
    ]);
    // a title row without delimiters above a short table no longer makes it one column
    expect(readCsv(bytes, { skipRows: 1, mapping: { id: "Шифр", name: "Работа" } }).activities[0].name).toBe(
      "Фундамент",
    );
    await expect(readTable(enc("ERMHDR"), { format: "xer" })).rejects.toThrowError(/not a table/);
  });
});
