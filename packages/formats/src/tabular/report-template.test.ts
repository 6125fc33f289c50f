import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { fillReportTemplate, inspectReportTemplate, writeReportTable } from "./report-template.js";

/** A form as an organisation draws it: a title, a header, one styled row of works, a totals row and a signature. */
async function form() {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Отчёт");
  ws.getCell("A1").value = "Отчёт по проекту {{project}} за {{reportingYear}} год";
  ws.getCell("A2").value = "{{schedule}} / {{version}}";
  ws.addRow([]);
  ws.getRow(4).values = ["Код", "Наименование", "Начало", "Длительность"];
  ws.getRow(5).values = ["{{work.code}}", "{{work.name}}", "{{work.start}}", "{{work.duration}}"];
  ws.getCell("D5").numFmt = "0.0";
  ws.getCell("B5").font = { italic: true };
  ws.getRow(6).values = ["Итого", "{{count}} работ", "", "{{sum:work.duration}}"];
  ws.getRow(8).values = ["Составил: {{user}}"];
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

async function read(bytes: Uint8Array) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
  return wb.worksheets[0];
}

describe("XLSX report templates", () => {
  it("finds the placeholders and names the cell of an unknown one", async () => {
    expect((await inspectReportTemplate(await form())).unknown).toEqual([]);
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet("a").getCell("C7").value = "{{work.colour}} и {{budget}}";
    const found = await inspectReportTemplate(new Uint8Array(await wb.xlsx.writeBuffer()));
    expect(found.unknown).toEqual([
      { cell: "C7", field: "work.colour" },
      { cell: "C7", field: "budget" },
    ]);
    await expect(inspectReportTemplate(new TextEncoder().encode("not a workbook"))).rejects.toThrow();
  });

  it("repeats the works' row with its style, moves the rows below and totals the column", async () => {
    const rows = [1, 2, 3].map((i) => ({
      code: `A00${i}`,
      name: `Бетонирование захватки ${i}`,
      start: new Date(Date.UTC(2025, 0, 13 + i)),
      duration: i * 1.5,
    }));
    const filled = await fillReportTemplate(await form(), {
      scalars: {
        project: "Жилой дом",
        reportingYear: 2025,
        schedule: "График",
        version: "Базовая",
        count: 3,
        user: "Петрова Анна",
      },
      rows,
    });
    const ws = await read(filled);
    expect(ws.getCell("A1").value).toBe("Отчёт по проекту Жилой дом за 2025 год");
    expect(ws.getCell("A2").value).toBe("График / Базовая");
    expect([5, 6, 7].map((r) => ws.getCell(`A${r}`).value)).toEqual(["A001", "A002", "A003"]);
    expect(ws.getCell("B7").value).toBe("Бетонирование захватки 3");
    expect(ws.getCell("B7").font?.italic).toBe(true);
    expect(ws.getCell("D6").numFmt).toBe("0.0");
    expect(ws.getCell("C5").value).toEqual(new Date(Date.UTC(2025, 0, 14)));
    // the totals row moved below the works and sums them with a formula Excel recomputes
    expect(ws.getCell("A8").value).toBe("Итого");
    expect(ws.getCell("B8").value).toBe("3 работ");
    expect(ws.getCell("D8").value).toEqual({ formula: "SUM(D5:D7)", result: 9 });
    expect(ws.getCell("A10").value).toBe("Составил: Петрова Анна");
  });

  it("keeps the borders of every cell of a merged range, in the header and in the repeated rows", async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("Отчёт");
    const line = { style: "thin" as const };
    const thick = { style: "medium" as const };
    // a boxed title over B1:C2 and a name over B3:C3 repeated per work: the box's right and bottom sides are drawn
    // on the range's other cells, as Excel draws them
    ws.getCell("B1").value = "{{project}}";
    ws.getCell("B1").border = { top: thick, left: thick };
    ws.getCell("C1").border = { top: thick, right: thick };
    ws.getCell("B2").border = { left: thick, bottom: thick };
    ws.getCell("C2").border = { right: thick, bottom: thick };
    // merged as Excel writes it: each cell keeps its own style (exceljs's mergeCells would copy B1's over them)
    ws.mergeCellsWithoutStyle("B1:C2");
    ws.getRow(3).values = ["{{work.code}}", "{{work.name}}"];
    ws.getCell("B3").border = { left: line, top: line, bottom: line };
    ws.getCell("C3").border = { right: line, top: line, bottom: line };
    ws.mergeCellsWithoutStyle("B3:C3");
    const template = new Uint8Array(await wb.xlsx.writeBuffer());
    const filled = await read(
      await fillReportTemplate(template, {
        scalars: { project: "Цех 1" },
        rows: [
          { code: "A1", name: "Фундамент" },
          { code: "A2", name: "Каркас" },
        ],
      }),
    );
    expect(filled.getCell("B1").value).toBe("Цех 1");
    expect(filled.getCell("C2").border).toEqual({ right: thick, bottom: thick });
    expect(filled.getCell("B2").border?.bottom).toEqual(thick);
    for (const r of [3, 4]) {
      expect(filled.getCell(`B${r}`).isMerged && filled.getCell(`C${r}`).master.address).toBe(`B${r}`);
      expect(filled.getCell(`C${r}`).border?.right).toEqual(line);
    }
    expect(filled.getCell("B4").value).toBe("Каркас");
  });

  it("leaves the region empty and the total zero when there are no works", async () => {
    const ws = await read(await fillReportTemplate(await form(), { scalars: {}, rows: [] }));
    expect(ws.getCell("A5").value).toBe("Итого");
    expect(ws.getCell("D5").value).toBe(0);
  });

  it("writes a built-in report with its header and a totals row", async () => {
    const bytes = await writeReportTable({
      title: "Отставания",
      subtitle: "Дом — График",
      sheet: "Отставания",
      columns: [
        { title: "Код", width: 10 },
        { title: "Отставание, дн", width: 12, kind: "number" },
      ],
      rows: [
        ["A1", 3],
        ["A2", 4],
      ],
      totals: { label: "Итого", columns: [1] },
    });
    const ws = await read(bytes);
    expect(ws.getCell("A1").value).toBe("Отставания");
    expect(ws.getRow(4).values).toEqual([undefined, "Код", "Отставание, дн"]);
    expect(ws.getCell("B7").value).toEqual({ formula: "SUM(B5:B6)", result: 7 });
  });
});
