import { describe, expect, it } from "vitest";
import yazl from "yazl";
import { readXlsxTable } from "../src/index.js";

const enc = (s: string) => new TextEncoder().encode(s);

/** A workbook written by hand, with the XML shapes other spreadsheet programs write and ExcelJS does not. */
async function workbook(sheetData: string, shared: string, extra = "") {
  const zip = new yazl.ZipFile();
  for (const { name, bytes } of [
    {
      name: "xl/workbook.xml",
      bytes: enc(
        `<?xml version="1.0"?><workbook xmlns:r="r"><sheets><sheet name="Types" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      bytes: enc(`<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>`),
    },
    {
      name: "xl/styles.xml",
      bytes: enc(`<styleSheet><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs></styleSheet>`),
    },
    { name: "xl/sharedStrings.xml", bytes: enc(`<sst>${shared}</sst>`) },
    {
      name: "xl/worksheets/sheet1.xml",
      bytes: enc(
        `<worksheet><cols><col min="1" max="2"/></cols><sheetData>${sheetData}</sheetData>${extra}</worksheet>`,
      ),
    },
  ])
    zip.addBuffer(Buffer.from(bytes), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

describe("reading a worksheet's cells from its XML", () => {
  it("reads shared, rich, empty and inline strings, numbers, dates, booleans, errors and cells without references", async () => {
    const shared = [
      "<si><t>Code</t></si>",
      '<si><r><t>Con</t></r><r><rPr><b/></rPr><t xml:space="preserve">crete &amp; co</t></r><rPh><t>x</t></rPh></si>',
      "<si/>",
      "<si><t>A&lt;B</t></si>",
    ].join("");
    const rows = [
      `<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t='s'><v>1</v></c></row>`,
      `<row r="2" spans="1:6"><c r="A2" t="s"><v>3</v></c><c r="B2"><v>2.5</v></c><c r="C2" s="1"><v>45690</v></c>` +
        `<c r="D2" t="b"><v>1</v></c><c r="E2" t="e"><v>#N/A</v></c><c r="F2" t="inlineStr"><is><t>inline</t></is></c></row>`,
      // a row and cells without references follow the previous ones; an empty cell and an empty shared string hold nothing
      `<row><c t="s"><v>2</v></c><c r="B3"/><c t="str"><v>x &gt; y</v></c></row>`,
      `<row r="5"><c r="B5" t="s"><v>0</v></c></row>`,
    ].join("");
    const table = await readXlsxTable(
      await workbook(rows, shared, `<mergeCells><mergeCell ref="B5:C5"/></mergeCells>`),
    );
    expect(table.sheet).toBe("Types");
    expect(table.rows).toEqual([
      ["Code", "Concrete & co", null, null, null, null],
      ["A<B", 2.5, new Date(Date.UTC(2025, 1, 2)), true, null, "inline"],
      ["", null, "x > y", null, null, null],
      [null, null, null, null, null, null],
      [null, "Code", "Code", null, null, null],
    ]);
  });
});
