import ExcelJS from "exceljs";
import { FormatError } from "../model/format-error.js";
import { parseRange } from "./report-sheet.js";

/**
 * XLSX report templates: an organisation's own Excel form with `{{placeholders}}` (spec §3 report). A cell holding
 * `{{project}}` gets the value; cells holding `{{work.code}}`, `{{work.name}}`… mark the repeated row region (the
 * contiguous rows that hold them), copied once per work with the rows' styles and heights; `{{sum:work.duration}}`
 * below or above it is the column's total (a SUM formula over the filled rows, with its result, when the region has
 * that field in the same column). Rows below the region move down; merged ranges follow their rows (a range inside the
 * region is repeated with it, one beside it grows with it).
 */

/** The values filled once per report. */
export const REPORT_SCALAR_FIELDS = [
  "project",
  "schedule",
  "version",
  "node",
  "dataDate",
  "reportingYear",
  "printedAt",
  "user",
  "count",
] as const;
/** The values of one row of the repeated region (`work.<field>`). */
export const REPORT_ROW_FIELDS = [
  "code",
  "name",
  "type",
  "level",
  "start",
  "finish",
  "duration",
  "progress",
  "totalFloat",
  "critical",
  "baselineStart",
  "baselineFinish",
  "actualStart",
  "actualFinish",
  "delay",
] as const;
/** Row fields that can be summed. */
export const REPORT_SUM_FIELDS = ["duration", "progress", "totalFloat", "level", "delay"] as const;

export type ReportValue = string | number | Date | null;
export interface ReportData {
  scalars: Partial<Record<(typeof REPORT_SCALAR_FIELDS)[number], ReportValue>>;
  rows: Partial<Record<(typeof REPORT_ROW_FIELDS)[number], ReportValue>>[];
}

/** A placeholder the template uses that no report can fill, with the cell that holds it. */
export interface UnknownReportField {
  cell: string;
  field: string;
}

const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;
const SCALARS = new Set<string>(REPORT_SCALAR_FIELDS);
const ROWS = new Set<string>(REPORT_ROW_FIELDS);
const SUMS = new Set<string>(REPORT_SUM_FIELDS);

type Kind = "scalar" | "row" | "sum" | null;
function kindOf(field: string): Kind {
  if (field.startsWith("work.")) return ROWS.has(field.slice(5)) ? "row" : null;
  if (field.startsWith("sum:work.")) return SUMS.has(field.slice(9)) ? "sum" : null;
  return SCALARS.has(field) ? "scalar" : null;
}

export function cellText(value: ExcelJS.CellValue): string | null {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && "richText" in value) return value.richText.map((t) => t.text).join("");
  return null;
}

export async function loadTemplate(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  if (bytes.length === 0) throw new FormatError("EmptyFile", "The XLSX file is empty");
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ExcelJS.Buffer);
  } catch (e) {
    throw new FormatError("MalformedFile", `Not a readable XLSX workbook: ${(e as Error).message}`, {
      entry: "workbook",
    });
  }
  if (wb.worksheets.length === 0)
    throw new FormatError("MalformedFile", "The workbook has no sheet", { entry: "workbook" });
  return wb;
}

interface Found {
  fields: string[];
  unknown: UnknownReportField[];
  /** First and last row of the repeated region on the first sheet (1-based), or null. */
  region: { first: number; last: number } | null;
}

export function scan(ws: ExcelJS.Worksheet): Found {
  const fields = new Set<string>();
  const unknown: UnknownReportField[] = [];
  let first = 0;
  let last = 0;
  ws.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    row.eachCell({ includeEmpty: false }, (cell) => {
      const text = cellText(cell.value);
      if (text === null) return;
      for (const match of text.matchAll(PLACEHOLDER)) {
        const field = match[1];
        const kind = kindOf(field);
        if (kind === null) unknown.push({ cell: cell.address, field });
        else fields.add(field);
        if (kind === "row") {
          if (first === 0) first = rowNumber;
          // only the first contiguous band repeats: later rows are kept for the sums and totals of the form
          if (rowNumber === last + 1 || last === 0 || rowNumber === last) last = rowNumber;
        }
      }
    });
  });
  return { fields: [...fields].sort(), unknown, region: first ? { first, last } : null };
}

/** The placeholders of a template (first sheet) and those no report can fill. Throws FormatError if not an XLSX. */
export async function inspectReportTemplate(
  bytes: Uint8Array,
): Promise<{ fields: string[]; unknown: UnknownReportField[] }> {
  const wb = await loadTemplate(bytes);
  const { fields, unknown } = scan(wb.worksheets[0]);
  return { fields, unknown };
}

export function fillText(text: string, value: (field: string) => ReportValue): ExcelJS.CellValue {
  const whole = text.match(/^\s*\{\{\s*([^{}]+?)\s*\}\}\s*$/);
  // a cell that is one placeholder takes the value with its type, so numbers sum and dates sort in Excel
  if (whole) return value(whole[1]);
  return text.replace(PLACEHOLDER, (_, field: string) => {
    const v = value(field);
    if (v === null || v === undefined) return "";
    return v instanceof Date ? v.toISOString().slice(0, 10) : String(v);
  });
}

function columnLetter(col: number): string {
  let s = "";
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** Each summable row field's total over the rows, to two decimals. */
export function sumsOf(rows: ReportData["rows"]): Map<string, number> {
  const sums = new Map<string, number>();
  for (const f of REPORT_SUM_FIELDS) {
    let total = 0;
    for (const row of rows) {
      const v = row[f];
      if (typeof v === "number") total += v;
    }
    sums.set(f, Math.round(total * 100) / 100);
  }
  return sums;
}

/** The template filled with the data: an XLSX workbook. */
export async function fillReportTemplate(bytes: Uint8Array, data: ReportData): Promise<Uint8Array> {
  const wb = await loadTemplate(bytes);
  const ws = wb.worksheets[0];
  const { region } = scan(ws);
  const scalar = (field: string): ReportValue => data.scalars[field as keyof ReportData["scalars"]] ?? null;
  const sums = sumsOf(data.rows);
  /** Where each row field sits in the region (the column of its SUM formula). */
  const fieldColumn = new Map<string, number>();
  let added = 0;
  // exceljs neither copies a merged range with the rows it repeats nor moves it right with the rows below: the
  // ranges are taken off here and put back where their rows end up
  const merges = region ? (ws.model.merges ?? []).map(parseRange) : [];
  for (const m of merges) {
    // unmerging resets the covered cells' styles, and with them the borders a range's right and bottom sides are
    // drawn with: keep them
    const covered: { cell: ExcelJS.Cell; style: Partial<ExcelJS.Style> }[] = [];
    for (let r = m.top; r <= m.bottom; r++)
      for (let c = m.left; c <= m.right; c++)
        if (r !== m.top || c !== m.left) covered.push({ cell: ws.getCell(r, c), style: ws.getCell(r, c).style });
    ws.unMergeCells(m.top, m.left, m.bottom, m.right);
    // the cells under a range read as its first cell until unmerged: blank them, or the text shows twice on paper
    for (const { cell, style } of covered) {
      cell.value = null;
      cell.style = style;
    }
  }
  if (region) {
    const height = region.last - region.first + 1;
    const band: { values: ExcelJS.CellValue[]; styles: Partial<ExcelJS.Style>[]; height?: number }[] = [];
    for (let r = region.first; r <= region.last; r++) {
      const row = ws.getRow(r);
      const values: ExcelJS.CellValue[] = [];
      const styles: Partial<ExcelJS.Style>[] = [];
      for (let c = 1; c <= Math.max(row.cellCount, ws.columnCount); c++) {
        const cell = row.getCell(c);
        values[c] = cell.value;
        styles[c] = cell.style;
        const text = cellText(cell.value);
        const m = text?.match(/^\s*\{\{\s*work\.([^{}]+?)\s*\}\}\s*$/);
        if (m && !fieldColumn.has(m[1])) fieldColumn.set(m[1], c);
      }
      band.push({ values, styles, height: row.height });
    }
    const filled: ExcelJS.CellValue[][] = [];
    for (const item of data.rows) {
      const value = (field: string): ReportValue =>
        field.startsWith("work.") ? (item[field.slice(5) as keyof typeof item] ?? null) : scalar(field);
      for (const line of band)
        filled.push(line.values.map((v) => (cellText(v) === null ? v : fillText(cellText(v) as string, value))));
    }
    // one splice moves the rows below once, however many works there are
    ws.spliceRows(region.first, height, ...filled);
    for (let i = 0; i < data.rows.length * height; i++) {
      const line = band[i % height];
      const row = ws.getRow(region.first + i);
      if (line.height) row.height = line.height;
      for (let c = 1; c < line.styles.length; c++) {
        const cell = row.getCell(c);
        const style = line.styles[c];
        // a date placed in a cell without a number format would read as its serial number, in Excel and on paper
        if (cell.value instanceof Date && !style?.numFmt) cell.style = { ...style, numFmt: "dd.mm.yyyy" };
        else if (style) cell.style = style;
      }
    }
    added = data.rows.length * height - height;
    // exceljs's mergeCells copies the first cell's style over the whole range, wiping the right and bottom borders
    // drawn on the other cells; the template's own styles are already in place (as when exceljs reads a workbook)
    const merge = (top: number, left: number, bottom: number, right: number) =>
      ws.mergeCellsWithoutStyle(top, left, bottom, right);
    for (const m of merges) {
      if (m.bottom < region.first) merge(m.top, m.left, m.bottom, m.right);
      else if (m.top > region.last) merge(m.top + added, m.left, m.bottom + added, m.right);
      else if (m.top >= region.first && m.bottom <= region.last)
        for (let k = 0; k < data.rows.length; k++) merge(m.top + k * height, m.left, m.bottom + k * height, m.right);
      // a range beside the repeated rows (a label down the side) grows with them
      else merge(m.top, m.left, m.bottom + added, m.right);
    }
  }
  const firstFilled = region?.first ?? 0;
  const lastFilled = region ? region.first + data.rows.length * (region.last - region.first + 1) - 1 : 0;
  ws.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (region && rowNumber >= firstFilled && rowNumber <= lastFilled) return;
    row.eachCell({ includeEmpty: false }, (cell) => {
      const text = cellText(cell.value);
      if (text === null || !text.includes("{{")) return;
      const sumOnly = text.match(/^\s*\{\{\s*sum:work\.([^{}]+?)\s*\}\}\s*$/);
      const column = sumOnly ? fieldColumn.get(sumOnly[1]) : undefined;
      if (sumOnly && column && data.rows.length > 0) {
        const letter = columnLetter(column);
        cell.value = {
          formula: `SUM(${letter}${firstFilled}:${letter}${lastFilled})`,
          result: sums.get(sumOnly[1]) ?? 0,
        };
        return;
      }
      cell.value = fillText(text, (field) =>
        field.startsWith("sum:work.") ? (sums.get(field.slice(9)) ?? 0) : scalar(field),
      );
    });
  });
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** A built-in report as a workbook: a title, a subtitle, a header row, the rows and a totals row. */
export interface ReportTable {
  title: string;
  subtitle: string;
  sheet: string;
  columns: { title: string; width: number; kind?: "text" | "number" | "date" }[];
  rows: ReportValue[][];
  /** Index of columns to total in a last row (with its label in the first column). */
  totals?: { label: string; columns: number[] };
}

export async function writeReportTable(table: ReportTable): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  // Excel refuses these characters in a sheet's name (a title such as "Plan: fact" still names its sheet)
  const ws = wb.addWorksheet(
    table.sheet
      .replace(/[*?:\\/[\]]/g, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 31),
  );
  ws.columns = table.columns.map((c) => ({ width: c.width }));
  ws.addRow([table.title]).font = { bold: true, size: 14 };
  ws.addRow([table.subtitle]);
  ws.addRow([]);
  const header = ws.addRow(table.columns.map((c) => c.title));
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFE8EEF5" } };
    cell.border = { bottom: { style: "thin" } };
  });
  ws.views = [{ state: "frozen", ySplit: 4 }];
  const first = ws.rowCount + 1;
  ws.addRows(table.rows);
  table.columns.forEach((c, i) => {
    if (c.kind === "date") ws.getColumn(i + 1).numFmt = "dd.mm.yyyy";
  });
  if (table.totals && table.rows.length > 0) {
    const last = ws.rowCount;
    const values: ExcelJS.CellValue[] = [table.totals.label];
    for (const i of table.totals.columns) {
      let total = 0;
      for (const r of table.rows) if (typeof r[i] === "number") total += r[i] as number;
      const letter = columnLetter(i + 1);
      values[i] = { formula: `SUM(${letter}${first}:${letter}${last})`, result: Math.round(total * 100) / 100 };
    }
    ws.addRow(values).font = { bold: true };
  }
  return new Uint8Array(await wb.xlsx.writeBuffer());
}
