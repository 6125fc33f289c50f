import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { fillReportSheet } from "./report-paper-sheet.js";
import { type ReportSheet, readReportSheet } from "./report-sheet.js";
import { fillReportTemplate, type ReportData } from "./report-template.js";

const bytes = async (wb: ExcelJS.Workbook) => new Uint8Array(await wb.xlsx.writeBuffer());

/** A form with a title over merged columns, a two-row band with a merged name and borders, a total and a signature. */
async function form() {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Отчёт");
  ws.columns = [{ width: 10 }, { width: 30 }, { width: 30 }, { width: 12 }];
  ws.getCell("A1").value = "Отчёт {{project}} за {{reportingYear}} год, {{dataDate}}";
  ws.getCell("A1").font = { bold: true, size: 14 };
  ws.mergeCells("A1:D1");
  ws.getRow(3).values = ["Код", "Наименование", null, "Дней"];
  ws.getRow(3).getCell(1).fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFE8EEF5" } };
  ws.getRow(4).values = ["{{work.code}}", "{{work.name}}", null, "{{work.duration}}"];
  ws.getRow(4).height = 18;
  ws.mergeCells("B4:C4");
  ws.getRow(5).values = ["", "с {{work.start}} по {{work.finish}}", "{{work.finish}}", "{{work.progress}}"];
  ws.getCell("D4").numFmt = "0.0";
  ws.getCell("B5").font = { italic: true };
  const red = { style: "medium" as const, color: { argb: "FFFF0000" } };
  for (const col of ["A", "B", "C", "D"])
    ws.getCell(`${col}4`).border = { top: red, left: red, bottom: red, right: red };
  // a label down the side of the band grows with it
  ws.getCell("E3").value = "Секция";
  ws.mergeCells("E3:E5");
  ws.getRow(6).values = ["Итого", "{{count}} работ", "", "{{sum:work.duration}}", "{{sum:work.level}}"];
  ws.getCell("A8").value = "Составил: {{user}}";
  ws.mergeCells("A8:C8");
  return bytes(wb);
}

const data = (n: number): ReportData => ({
  scalars: {
    project: "Цех 1",
    reportingYear: 2025,
    dataDate: new Date(Date.UTC(2025, 0, 20)),
    user: "Иванов И.",
    count: n,
  },
  rows: Array.from({ length: n }, (_, i) => ({
    code: `A${i + 1}`,
    name: `Монтаж конструкций этажа ${i + 1}`,
    start: new Date(Date.UTC(2025, 0, 13 + i)),
    finish: new Date(Date.UTC(2025, 0, 15 + i)),
    duration: 2.5 + i,
    progress: i * 10,
    level: 2,
  })),
});

/**
 * What paper shows of a sheet: a cell under a merged range is never drawn (only that it is covered counts), and 11 pt
 * is Excel's default size (the written workbook states it on cells it gave a style).
 */
const onPaper = (sheet: ReportSheet) => ({
  ...sheet,
  rows: sheet.rows.map((row) => ({
    ...row,
    cells: row.cells.map(({ size, ...c }) => (c.covered ? { covered: true } : size === 11 ? c : { ...c, size })),
  })),
});

describe("a form laid out for paper from its template", () => {
  for (const n of [0, 1, 7])
    it(`is the filled workbook read back, cell for cell (${n} works)`, async () => {
      const template = await form();
      const direct = await fillReportSheet(template, data(n));
      const roundTrip = await readReportSheet(await fillReportTemplate(template, data(n)));
      expect(onPaper(direct)).toEqual(onPaper(roundTrip));
      expect(direct.rows).toHaveLength(8 + 2 * n - 2);
    });

  it("fills a form without repeated rows", async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("Титул");
    ws.getCell("B2").value = "{{project}}: {{sum:work.duration}} дн";
    ws.mergeCells("B2:C3");
    const template = await bytes(wb);
    const direct = await fillReportSheet(template, data(3));
    expect(onPaper(direct)).toEqual(onPaper(await readReportSheet(await fillReportTemplate(template, data(3)))));
    expect(direct.rows[1].cells[1]).toMatchObject({ value: "Цех 1: 10.5 дн", colSpan: 2, rowSpan: 2 });
  });
});
