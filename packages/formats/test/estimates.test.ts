import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  detectEstimateFormat,
  type EstimateModel,
  FormatError,
  readEstimate,
  readXlsxTable,
  sumPositions,
} from "../src/index.js";

const fixture = (name: string) =>
  new Uint8Array(readFileSync(fileURLToPath(new URL(`./fixtures/estimates/${name}`, import.meta.url))));
const allPositions = (m: EstimateModel) => m.sections.flatMap((s) => s.positions);

describe("estimate readers: totals match what each file states", () => {
  it("reads a GRAND-Smeta XML local estimate", async () => {
    const bytes = fixture("grand-smeta-local.xml");
    expect(detectEstimateFormat(bytes)).toBe("grand_xml");
    const model = await readEstimate(bytes);
    expect(model).toMatchObject({ format: "grand_xml", code: "02-01-01" });
    expect(model.sections.map((s) => [s.name, s.positions.length])).toEqual([
      ["Раздел 1. Земляные работы", 2],
      ["Раздел 2. Бетонные работы", 2],
    ]);
    const first = model.sections[0].positions[0];
    expect(first).toMatchObject({ num: "1", normCode: "ГЭСН01-01-013-02", unit: "1000 м3", quantity: 0.45, line: 6 });
    // Position 3 has no Itog: its money is the per-unit prices × quantity.
    expect(model.sections[1].positions[0]).toMatchObject({
      wages: 7000,
      machines: 1750,
      materials: 54250,
      total: 63000,
    });
    const sum = sumPositions(allPositions(model));
    expect(sum).toEqual({ ...model.stated, labourHours: 91.5 });
    expect(model.stated.total).toBe(104945.93);
  });

  it("reads an XLSX estimate by its header, sections from name-only rows, totals from the Итого row", async () => {
    const bytes = fixture("estimate-roofing.xlsx");
    expect(detectEstimateFormat(bytes)).toBe("xlsx");
    const model = await readEstimate(bytes, { skipRows: 2 });
    expect(model.sections.map((s) => s.name)).toEqual(["Раздел 1. Кровля", "Раздел 2. Водосток"]);
    // "4,2" and "3 120,18" are read as estimators write them.
    expect(model.sections[0].positions[1]).toMatchObject({ quantity: 4.2, wages: 3120.18, line: 6 });
    expect(sumPositions(allPositions(model))).toEqual(model.stated);
    expect(model.stated).toMatchObject({ total: 138275.97, labourHours: 270.6 });
  });

  it("reads an XLSX estimate with an explicit column mapping", async () => {
    const table = await readXlsxTable(fixture("estimate-roofing.xlsx"));
    const model = await readEstimate(fixture("estimate-roofing.xlsx"), {
      skipRows: 2,
      mapping: { name: 2, unit: 3, quantity: 4, total: 10 },
    });
    expect(table.rows.length).toBeGreaterThan(5);
    expect(model.sections.flatMap((s) => s.positions).map((p) => p.total)).toEqual([102723.32, 23129.33, 12423.32]);
  });

  it("refuses a file in none of the formats and broken records, naming the line and record", async () => {
    await expect(readEstimate(new TextEncoder().encode("just some text\n"))).rejects.toMatchObject({
      code: "UnsupportedFormat",
    });
    const broken = new TextDecoder()
      .decode(fixture("grand-smeta-local.xml"))
      .replace('<Quantity Result="0.12"/>', '<Quantity Result="двенадцать"/>');
    const error = await readEstimate(new TextEncoder().encode(broken)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FormatError);
    expect((error as FormatError).params).toMatchObject({ line: 11, record: "Position 2" });
    const unclosed = new TextDecoder().decode(fixture("grand-smeta-local.xml")).replace("</Chapters>", "");
    await expect(readEstimate(new TextEncoder().encode(unclosed))).rejects.toMatchObject({ code: "MalformedFile" });
  });
});
