import { describe, expect, it } from "vitest";
import { FormatError, readCsv, readXlsx, writeCsv, writeXlsx } from "../src/index.js";

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
