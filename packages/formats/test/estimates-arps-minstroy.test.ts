import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { detectEstimateFormat, type EstimateModel, FormatError, readEstimate, sumPositions } from "../src/index.js";

const fixture = (name: string) =>
  new Uint8Array(readFileSync(fileURLToPath(new URL(`./fixtures/estimates/${name}`, import.meta.url))));
const allPositions = (m: EstimateModel) => m.sections.flatMap((s) => s.positions);
const cp1251 = (bytes: Uint8Array) => new TextDecoder("windows-1251").decode(bytes);
/** Windows-1251 bytes of a text whose letters are all in that code page (Cyrillic, ASCII). */
function toCp1251(text: string): Uint8Array {
  return Uint8Array.from(text, (ch) => {
    const code = ch.charCodeAt(0);
    if (code < 0x80) return code;
    if (code >= 0x410 && code <= 0x44f) return code - 0x350;
    if (code === 0x401) return 0xa8;
    if (code === 0x451) return 0xb8;
    throw new Error(`not in windows-1251: ${ch}`);
  });
}
const refusal = (bytes: Uint8Array) => readEstimate(bytes).catch((e: unknown) => e as FormatError);

describe("ARPS 1.10 estimates", () => {
  it("reads sections, positions and the totals the file states (Windows-1251, CRLF)", async () => {
    const bytes = fixture("arps-local.txt");
    expect(detectEstimateFormat(bytes)).toBe("arps");
    const model = await readEstimate(bytes);
    expect(model).toMatchObject({ format: "arps", code: "03-01-01", name: "Котлован и фундаменты склада" });
    expect(model.sections.map((s) => [s.name, s.positions.length])).toEqual([
      ["Раздел 1. Земляные работы", 2],
      ["Раздел 2. Фундаменты", 2],
    ]);
    // The resource record between positions 1 and 2 is passed over; line numbers stay the file's.
    expect(model.sections[0].positions[1]).toMatchObject({
      line: 6,
      num: "2",
      normCode: "ГЭСН01-02-057-02",
      unit: "100 м3",
      quantity: 0.35,
      unitPrice: 12000,
      wages: 3900,
      overhead: 3705,
      total: 9855,
    });
    expect(model.sections[1].positions[1]).toMatchObject({ quantity: 12.24, materials: 69156, labourHours: 0 });
    expect(sumPositions(allPositions(model))).toEqual(model.stated);
    expect(model.stated).toMatchObject({ total: 95256, labourHours: 169.3 });
  });

  it("refuses a broken record naming its line, and a file of another version", async () => {
    const text = cp1251(fixture("arps-local.txt"));
    const badNumber = await refusal(toCp1251(text.replace("#0,35#", "#ноль#")));
    expect(badNumber).toBeInstanceOf(FormatError);
    expect(badNumber.params).toMatchObject({ line: 6, record: "СтрЛС 2" });
    const short = await refusal(toCp1251(text.replace("#8505.00#18.2#", "#")));
    expect(short.params).toMatchObject({ line: 8, record: "СтрЛС 3", reason: "11 / 13" });
    const unnamed = await refusal(toCp1251(text.replace("Устройство бетонной подготовки", "")));
    expect(unnamed.params).toMatchObject({ line: 8, reason: "name" });
    const otherVersion = await refusal(toCp1251(text.replace("ARPS#1.10#", "ARPS#1.05#")));
    expect(otherVersion).toMatchObject({ code: "UnsupportedFormat" });
  });
});

describe("construction ministry XML estimates (LocalEstimateResourceIndexMethod 3.01)", () => {
  it("reads a real GRAND-Smeta export: one machine item, totals as the file states", async () => {
    const bytes = fixture("minstroy-lsr-waste.gge");
    expect(detectEstimateFormat(bytes)).toBe("minstroy_xml");
    const model = await readEstimate(bytes);
    expect(model).toMatchObject({
      format: "minstroy_xml",
      code: "ЛСР №09-01-01",
      name: "Строительный мусор, утилизация отходов",
    });
    expect(model.sections.map((s) => s.name)).toEqual(["Мусор строительный и утилизация на полигоне"]);
    expect(allPositions(model)).toEqual([
      expect.objectContaining({
        line: 129,
        num: "1",
        normCode: "ТЦ_47_4703061004_01.01.2025_40.1",
        unit: "тн",
        quantity: 8.825508,
        unitPrice: 675,
        machines: 5957.22,
        total: 5957.22,
      }),
    ]);
    expect(sumPositions(allPositions(model))).toMatchObject(model.stated);
    expect(model.stated).toEqual({ total: 5957.22, machines: 5957.22 });
  });

  it("reads priced norms and a material: money parts, overheads, profit, labour", async () => {
    const model = await readEstimate(fixture("minstroy-lsr-masonry.xml"));
    expect(model.sections.map((s) => [s.code, s.positions.length])).toEqual([
      ["1", 2],
      ["2", 1],
    ]);
    expect(model.sections[0].positions[0]).toMatchObject({
      line: 36,
      normCode: "ГЭСН08-02-001-01",
      unit: "1 м3",
      quantity: 25,
      unitPrice: 2218.6,
      wages: 11400,
      machines: 2100,
      materials: 25000,
      overhead: 11115,
      profit: 5850,
      total: 55465,
      labourHours: 135.5,
    });
    expect(model.sections[0].positions[1]).toMatchObject({ quantity: 9.95, materials: 212930, total: 212930 });
    const sum = sumPositions(allPositions(model));
    expect(sum).toMatchObject(model.stated);
    expect(model.stated).toEqual({ total: 274683, wages: 12940, machines: 3580, materials: 238030 });
  });

  it("refuses a broken item naming its line, and another document of the schema family", async () => {
    const text = new TextDecoder().decode(fixture("minstroy-lsr-masonry.xml"));
    const bad = await refusal(new TextEncoder().encode(text.replace("<QuantityTotal>0.4<", "<QuantityTotal>0,4,1<")));
    expect(bad.params).toMatchObject({ line: 109, record: "Item 3", reason: 'QuantityTotal: "0,4,1"' });
    const empty = await refusal(new TextEncoder().encode(text.replace(/<Material>[\s\S]*<\/Material>/, "")));
    expect(empty.params).toMatchObject({ line: 83, record: "Item ?" });
    const objectEstimate = await refusal(new TextEncoder().encode(text.replace("<Type>ЛС</Type>", "<Type>ОС</Type>")));
    expect(objectEstimate).toMatchObject({ code: "UnsupportedFormat" });
    const unclosed = await refusal(new TextEncoder().encode(text.replace("</Sections>", "")));
    expect(unclosed).toMatchObject({ code: "MalformedFile" });
  });
});
