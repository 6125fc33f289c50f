import ExcelJS from "exceljs";
import { FormatError } from "../model/format-error.js";
import type { ScheduleModel } from "../model/schedule-model.js";
import { type Cell, rowsToModel, type TabularReadOptions } from "./tabular-model.js";
import { modelToRows } from "./tabular-rows.js";

export interface XlsxReadOptions extends TabularReadOptions {
  /** Worksheet name; the first sheet by default. */
  sheet?: string;
}

function cellValue(v: ExcelJS.CellValue): Cell {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v;
  if (typeof v === "object") {
    if ("result" in v) return cellValue((v as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
    if ("richText" in v) return (v as ExcelJS.CellRichTextValue).richText.map((t) => t.text).join("");
    if ("text" in v) return String((v as ExcelJS.CellHyperlinkValue).text);
    if ("error" in v) return null;
    return String(v);
  }
  return v as Cell;
}

export async function readXlsx(bytes: Uint8Array, options: XlsxReadOptions = {}): Promise<ScheduleModel> {
  if (bytes.length === 0) throw new FormatError("EmptyFile", "The XLSX file is empty");
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ExcelJS.Buffer);
  } catch (e) {
    throw new FormatError("MalformedFile", `Not a readable XLSX workbook: ${(e as Error).message}`, {
      entry: "workbook",
    });
  }
  const ws = options.sheet ? wb.getWorksheet(options.sheet) : wb.worksheets[0];
  if (!ws)
    throw new FormatError("MalformedFile", `Worksheet "${options.sheet ?? 1}" not found`, {
      entry: options.sheet ?? "sheet 1",
    });
  const rows: Cell[][] = [];
  for (let r = 1; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const cells: Cell[] = [];
    for (let c = 1; c <= Math.max(row.cellCount, ws.columnCount); c++) cells.push(cellValue(row.getCell(c).value));
    rows.push(cells);
  }
  return rowsToModel(rows, options, ws.name, "xlsx");
}

export async function writeXlsx(model: ScheduleModel): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  wb.creator = "Planum";
  const ws = wb.addWorksheet("Activities");
  for (const r of modelToRows(model)) ws.addRow(r);
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: "frozen", ySplit: 1 }];
  const buf = await wb.xlsx.writeBuffer();
  return new Uint8Array(buf as ArrayBuffer);
}
