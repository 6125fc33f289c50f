import { formatUserDate } from "@planum/contracts";
import type { Cell, ReportSheet, ReportSheetCell, ReportTable, ReportValue } from "@planum/formats";

/** Points in a millimetre: PDF measures in points (1/72 inch). */
export const PT_PER_MM = 72 / 25.4;

/** A side of a cell's frame on paper. */
export interface PaperLine {
  /** In points. */
  width: number;
  dash?: boolean;
  /** RRGGBB. */
  color: string;
}

/** A cell as the page draws it: its text already shown as text, its look, and how many columns and rows it covers. */
export interface PaperCell {
  text: string;
  bold?: boolean;
  italic?: boolean;
  /** Text size in points. */
  size: number;
  align: "left" | "center" | "right" | "justify";
  valign: "top" | "middle" | "bottom";
  fill?: string;
  border?: Partial<Record<"top" | "right" | "bottom" | "left", PaperLine>>;
  colSpan: number;
  rowSpan: number;
  /** Under another cell's merged range: not drawn. */
  covered?: boolean;
}

export interface PaperRow {
  /** The least height in points (the form's row height); text that needs more makes the row taller. */
  height?: number;
  cells: PaperCell[];
}

/**
 * A report laid out for paper, before it is cut into pages: lines of heading on the first page only, rows repeated at
 * the top of every page (a table's header), the rows, the columns' widths in points, and the cells' inner padding.
 */
export interface Paper {
  heading: { text: string; size: number; bold?: boolean }[];
  columns: number[];
  head: PaperRow[];
  rows: PaperRow[];
  padding: { x: number; y: number };
}

/** A4 lying down with 10 mm margins: a report is a table, wide rather than long. */
export const SHEET = { width: 297 * PT_PER_MM, height: 210 * PT_PER_MM, margin: 10 * PT_PER_MM };
const AREA_WIDTH = SHEET.width - 2 * SHEET.margin;
const BASE_SIZE = 8;

/** A value as the report shows it: dates in the user's format, numbers to two decimals. */
export function shown(value: ReportValue | Cell | undefined): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return formatUserDate(value.toISOString().slice(0, 10));
  if (typeof value === "number") return String(Math.round(value * 100) / 100);
  return String(value);
}

const GREY: PaperLine = { width: 0.2 * PT_PER_MM, color: "999999" };
const FRAME = { top: GREY, right: GREY, bottom: GREY, left: GREY };

/** A built-in report on paper: its title and subtitle, the column titles repeated on every page, the rows, the totals. */
export function tablePaper(table: ReportTable): Paper {
  const total = table.columns.reduce((sum, c) => sum + c.width, 0) || 1;
  const cell = (text: string, i: number, look: Partial<PaperCell> = {}): PaperCell => ({
    text,
    size: BASE_SIZE,
    align: table.columns[i]?.kind === "number" ? "right" : "left",
    valign: "top",
    border: FRAME,
    colSpan: 1,
    rowSpan: 1,
    ...look,
  });
  const header = { bold: true, fill: "E8EEF5" };
  const rows: PaperRow[] = table.rows.map((r) => ({ cells: r.map((v, i) => cell(shown(v), i)) }));
  if (table.totals && table.rows.length > 0) {
    const totals = table.totals;
    const sums = table.columns.map((_, i) => {
      if (i === 0) return totals.label;
      if (!totals.columns.includes(i)) return "";
      return shown(table.rows.reduce((s, r) => s + (typeof r[i] === "number" ? (r[i] as number) : 0), 0));
    });
    rows.push({ cells: sums.map((text, i) => cell(text, i, header)) });
  }
  return {
    heading: [
      { text: table.title, size: 12, bold: true },
      { text: table.subtitle, size: BASE_SIZE },
    ],
    columns: table.columns.map((c) => (c.width / total) * AREA_WIDTH),
    head: [{ cells: table.columns.map((c, i) => cell(c.title, i, { ...header, align: "left" })) }],
    rows,
    padding: { x: 1.2 * PT_PER_MM, y: 0.6 * PT_PER_MM },
  };
}

// Excel's line styles on paper (a thin line is about a quarter of a millimetre)
const LINE: Record<string, { mm: number; dash?: boolean }> = {
  hair: { mm: 0.15 },
  thin: { mm: 0.25 },
  medium: { mm: 0.5 },
  thick: { mm: 0.8 },
  double: { mm: 0.8 },
  dotted: { mm: 0.25, dash: true },
  dashed: { mm: 0.25, dash: true },
  mediumDashed: { mm: 0.5, dash: true },
  dashDot: { mm: 0.25, dash: true },
  mediumDashDot: { mm: 0.5, dash: true },
  dashDotDot: { mm: 0.25, dash: true },
  mediumDashDotDot: { mm: 0.5, dash: true },
  slantDashDot: { mm: 0.5, dash: true },
};
const ALIGN = new Set(["left", "center", "right", "justify"]);
const VALIGN = new Set(["top", "middle", "bottom"]);
// an Excel column width unit is about one character of the default font: ~2 mm on paper
const MM_PER_UNIT = 2;

/** A cell a text may run on over: nothing in it, no border, no fill, not part of a merged range. */
const blank = (cell: ReportSheetCell | undefined) =>
  !!cell && (cell.value === null || cell.value === "") && !cell.border && !cell.fill && !cell.covered && !cell.colSpan;

function sheetCell(cell: ReportSheetCell, colSpan: number): PaperCell {
  const border: PaperCell["border"] = {};
  for (const side of ["top", "right", "bottom", "left"] as const) {
    const line = cell.border?.[side];
    if (!line) continue;
    const look = LINE[line.style] ?? LINE.thin;
    border[side] = { width: look.mm * PT_PER_MM, dash: look.dash, color: line.color ?? "000000" };
  }
  const align =
    cell.horizontal && ALIGN.has(cell.horizontal) ? cell.horizontal : typeof cell.value === "number" ? "right" : "left";
  return {
    text: shown(cell.value),
    bold: cell.bold,
    italic: cell.italic,
    // the form's 11 pt default reads as the report's 8 pt: sizes keep their proportions
    size: cell.size ? Math.round((cell.size * BASE_SIZE * 10) / 11) / 10 : BASE_SIZE,
    align: align as PaperCell["align"],
    valign: (cell.vertical && VALIGN.has(cell.vertical) ? cell.vertical : "bottom") as PaperCell["valign"],
    fill: cell.fill,
    border,
    colSpan,
    rowSpan: cell.rowSpan ?? 1,
    covered: cell.covered,
  };
}

/**
 * A filled form's first sheet on paper, as the form draws it: merged ranges, borders with their line styles and
 * colours, fills, bold and italic text, alignment, column widths in their proportions (narrowed alike to the sheet
 * when wider) and row heights. As in Excel, a text that does not wrap runs on over the empty cells to its right;
 * where it still does not fit it wraps, since paper keeps it.
 */
export function sheetPaper(sheet: ReportSheet): Paper {
  const total = sheet.columns.reduce((sum, w) => sum + w, 0) * MM_PER_UNIT * PT_PER_MM;
  const scale = total > AREA_WIDTH ? AREA_WIDTH / total : 1;
  const columns = sheet.columns.map((w) => w * MM_PER_UNIT * PT_PER_MM * scale);
  const rows = sheet.rows.map((row): PaperRow => {
    const cells: PaperCell[] = [];
    for (let c = 0; c < row.cells.length; c++) {
      const cell = row.cells[c];
      let across = cell.colSpan ?? 1;
      if (!cell.covered && typeof cell.value === "string" && !cell.wrap && !cell.colSpan)
        while (blank(row.cells[c + across])) across++;
      cells.push(sheetCell(cell, across));
      // the cells run on over are drawn by this one
      for (let k = 1; k < across && !cell.colSpan; k++)
        cells.push({ ...sheetCell(row.cells[c + k], 1), covered: true });
      if (!cell.colSpan) c += across - 1;
    }
    return { ...(row.height ? { height: row.height } : {}), cells };
  });
  return { heading: [], columns, head: [], rows, padding: { x: 1 * PT_PER_MM, y: 0.4 * PT_PER_MM } };
}
