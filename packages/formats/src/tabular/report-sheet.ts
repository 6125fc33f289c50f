import ExcelJS from "exceljs";
import { FormatError } from "../model/format-error.js";
import type { ReportValue } from "./report-template.js";

/** One side of a cell's border as the form draws it: Excel's line style and colour (RRGGBB), if not black. */
export interface ReportBorderSide {
  style: string;
  color?: string;
}

/** A cell of a filled form as it should look on paper. */
export interface ReportSheetCell {
  value: ReportValue;
  /** Excel number format of the cell (dates and numbers are shown by it where it is a plain one). */
  numFmt?: string;
  bold?: boolean;
  italic?: boolean;
  /** Text size in points. */
  size?: number;
  horizontal?: string;
  vertical?: string;
  wrap?: boolean;
  /** Background colour (RRGGBB) of a solid fill. */
  fill?: string;
  border?: Partial<Record<"top" | "right" | "bottom" | "left", ReportBorderSide>>;
  /** The top-left cell of a merged range spans this many columns and rows. */
  colSpan?: number;
  rowSpan?: number;
  /** A cell under a merged range's top-left cell: not drawn. */
  covered?: boolean;
}

/** The first sheet of a filled form laid out for printing: column widths (Excel's units), rows and their heights. */
export interface ReportSheet {
  columns: number[];
  rows: { height?: number; cells: ReportSheetCell[] }[];
}

const rgb = (argb: string | undefined) => (argb && argb.length >= 6 ? argb.slice(-6).toUpperCase() : undefined);

/** A cell's value as paper shows it: a formula's result, rich text as its text, a tick for true. */
export function plainValue(value: ExcelJS.CellValue): ReportValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || value instanceof Date) return value;
  if (typeof value === "boolean") return value ? "✓" : "";
  if (typeof value === "object") {
    if ("richText" in value) return value.richText.map((t) => t.text).join("");
    if ("result" in value) return plainValue(value.result as ExcelJS.CellValue);
    if ("text" in value) return String(value.text);
    if ("error" in value) return String(value.error);
  }
  return String(value);
}

function bordersOf(border: Partial<ExcelJS.Borders> | undefined): ReportSheetCell["border"] {
  if (!border) return undefined;
  const out: NonNullable<ReportSheetCell["border"]> = {};
  for (const side of ["top", "right", "bottom", "left"] as const) {
    const line = border[side];
    if (line?.style)
      out[side] = { style: line.style, ...(rgb(line.color?.argb) ? { color: rgb(line.color?.argb) } : {}) };
  }
  return Object.keys(out).length ? out : undefined;
}

function address(ref: string): { row: number; col: number } {
  const m = ref.match(/^\$?([A-Z]+)\$?(\d+)$/i);
  if (!m) throw new FormatError("MalformedFile", `Bad cell reference ${ref}`, { entry: ref });
  let col = 0;
  for (const ch of m[1].toUpperCase()) col = col * 26 + (ch.charCodeAt(0) - 64);
  return { row: Number(m[2]), col };
}

/** A range such as "B3:C4" as its corners (1-based). */
export function parseRange(range: string) {
  const [from, to = from] = range.split(":");
  const a = address(from);
  const b = address(to);
  return {
    top: Math.min(a.row, b.row),
    left: Math.min(a.col, b.col),
    bottom: Math.max(a.row, b.row),
    right: Math.max(a.col, b.col),
  };
}

/** A cell of a sheet with what paper needs of it: its value (a formula's result), font, alignment, fill and borders. */
export function sheetCellOf(cell: ExcelJS.Cell, value: ReportValue = plainValue(cell.value)): ReportSheetCell {
  const style = cell.style ?? {};
  const fill =
    style.fill?.type === "pattern" && style.fill.pattern === "solid" ? rgb(style.fill.fgColor?.argb) : undefined;
  const shown: ReportSheetCell = {
    value,
    ...(style.numFmt ? { numFmt: style.numFmt } : {}),
    ...(style.font?.bold ? { bold: true } : {}),
    ...(style.font?.italic ? { italic: true } : {}),
    ...(style.font?.size ? { size: style.font.size } : {}),
    ...(style.alignment?.horizontal ? { horizontal: style.alignment.horizontal } : {}),
    ...(style.alignment?.vertical ? { vertical: style.alignment.vertical } : {}),
    ...(style.alignment?.wrapText ? { wrap: true } : {}),
    ...(fill ? { fill } : {}),
  };
  const border = bordersOf(style.border);
  if (border) shown.border = border;
  return shown;
}

/**
 * The last step of reading a sheet: each merged range's top-left cell spans it and takes the outer sides of its edge
 * cells, the cells under it are covered, and the columns after the last one with anything in it are left out.
 */
export function finishSheet(
  rows: ReportSheet["rows"],
  merges: ReturnType<typeof parseRange>[],
  columnWidth: (column: number) => number,
): ReportSheet {
  let width = 0;
  for (const row of rows)
    row.cells.forEach((cell, i) => {
      if ((cell.value !== null && cell.value !== "") || cell.border || cell.fill) width = Math.max(width, i + 1);
    });
  for (const m of merges) {
    width = Math.max(width, m.right);
    for (let r = m.top; r <= m.bottom; r++) {
      for (let c = m.left; c <= m.right; c++) {
        const row = rows[r - 1];
        if (!row) continue;
        while (row.cells.length < c) row.cells.push({ value: null });
        const cell = row.cells[c - 1];
        if (r === m.top && c === m.left) {
          cell.colSpan = m.right - m.left + 1;
          cell.rowSpan = m.bottom - m.top + 1;
        } else {
          cell.covered = true;
          // Excel draws a merged range's outline from its edge cells: the master takes their outer sides
          const master = rows[m.top - 1].cells[m.left - 1];
          const side = (name: "right" | "bottom") => cell.border?.[name];
          if (c === m.right && r === m.top && side("right")) master.border = { ...master.border, right: side("right") };
          if (r === m.bottom && c === m.left && side("bottom"))
            master.border = { ...master.border, bottom: side("bottom") };
        }
      }
    }
  }
  for (const row of rows) row.cells.length = Math.min(row.cells.length, width);
  return { columns: Array.from({ length: width }, (_, i) => columnWidth(i + 1)), rows };
}

/** A column's width in Excel's units (its default when the sheet does not set it). */
export const columnWidthOf = (ws: ExcelJS.Worksheet) => (column: number) => ws.getColumn(column).width ?? 8.43;

/**
 * The first sheet of a (filled) XLSX form with what paper needs of it: values (a formula's result), fonts,
 * alignment, fills, borders, merged ranges, column widths and row heights. Trailing empty columns are left out.
 */
export async function readReportSheet(bytes: Uint8Array): Promise<ReportSheet> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ExcelJS.Buffer);
  } catch (e) {
    throw new FormatError("MalformedFile", `Not a readable XLSX workbook: ${(e as Error).message}`, {
      entry: "workbook",
    });
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new FormatError("MalformedFile", "The workbook has no sheet", { entry: "workbook" });
  const rows: ReportSheet["rows"] = [];
  // read once: exceljs scans the whole sheet for it
  const columnCount = ws.columnCount;
  for (let r = 1; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const cells: ReportSheetCell[] = [];
    for (let c = 1; c <= Math.max(row.cellCount, columnCount); c++) cells.push(sheetCellOf(row.getCell(c)));
    rows.push({ ...(row.height ? { height: row.height } : {}), cells });
  }
  return finishSheet(rows, (ws.model.merges ?? []).map(parseRange), columnWidthOf(ws));
}
