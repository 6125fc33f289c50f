import { formatUserDate } from "@planum/contracts";
import type { Cell, ReportSheet, ReportSheetCell, ReportTable, ReportValue } from "@planum/formats";
import { htmlText } from "../../platform/html-text.js";

function shown(value: ReportValue | Cell | undefined): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return formatUserDate(value.toISOString().slice(0, 10));
  if (typeof value === "number") return String(Math.round(value * 100) / 100);
  return String(value);
}

// A4 lying down: a report is a table, wide rather than long; DejaVu Sans carries the Cyrillic
const STYLE = `@page { size: 297mm 210mm; margin: 10mm; }
body { font-family: "DejaVu Sans", sans-serif; font-size: 8pt; margin: 0; color: #111; }
h1 { font-size: 12pt; margin: 0 0 2mm; } p { margin: 0 0 3mm; }
table { border-collapse: collapse; width: 100%; }
thead { display: table-header-group; }
th { background: #e8eef5; text-align: left; }
th, td { border: 0.2mm solid #999; padding: 0.6mm 1.2mm; vertical-align: top; }
td.n { text-align: right; } tr { break-inside: avoid; }
table.form { table-layout: fixed; width: auto; }
table.form td { border: none; padding: 0.4mm 1mm; vertical-align: bottom; overflow: hidden; }`;

const page = (body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><style>${STYLE}</style></head><body>${body}</body></html>`;

/** A built-in report as printable HTML: its title, the header repeated on every sheet, the rows and the totals. */
export function tableHtml(table: ReportTable): string {
  const head = `<thead><tr>${table.columns.map((c) => `<th>${htmlText(c.title)}</th>`).join("")}</tr></thead>`;
  const cls = (i: number) => (table.columns[i]?.kind === "number" ? ' class="n"' : "");
  const rows = table.rows.map((r) => `<tr>${r.map((v, i) => `<td${cls(i)}>${htmlText(shown(v))}</td>`).join("")}</tr>`);
  if (table.totals && table.rows.length > 0) {
    const cells = table.columns.map((_, i) => {
      if (i === 0) return table.totals!.label;
      if (!table.totals!.columns.includes(i)) return "";
      return shown(table.rows.reduce((s, r) => s + (typeof r[i] === "number" ? (r[i] as number) : 0), 0));
    });
    rows.push(`<tr>${cells.map((v, i) => `<th${cls(i)}>${htmlText(v)}</th>`).join("")}</tr>`);
  }
  return page(
    `<h1>${htmlText(table.title)}</h1><p>${htmlText(table.subtitle)}</p><table>${head}<tbody>${rows.join("")}</tbody></table>`,
  );
}

// Excel's line styles drawn in CSS (a thin line is about a quarter of a millimetre on paper)
const LINE: Record<string, string> = {
  hair: "0.15mm solid",
  thin: "0.25mm solid",
  medium: "0.5mm solid",
  thick: "0.8mm solid",
  double: "0.8mm double",
  dotted: "0.25mm dotted",
  dashed: "0.25mm dashed",
  mediumDashed: "0.5mm dashed",
  dashDot: "0.25mm dashed",
  mediumDashDot: "0.5mm dashed",
  dashDotDot: "0.25mm dashed",
  mediumDashDotDot: "0.5mm dashed",
  slantDashDot: "0.5mm dashed",
};
const ALIGN = new Set(["left", "center", "right", "justify"]);
const VALIGN: Record<string, string> = { top: "top", middle: "middle", bottom: "bottom" };
// an Excel column width unit is about one character of the default font: ~2 mm on paper
const MM_PER_UNIT = 2;
const PAGE_WIDTH_MM = 277;

/** A cell a text may run on over: nothing in it, no border, no fill, not part of a merged range. */
const blank = (cell: ReportSheetCell) =>
  (cell.value === null || cell.value === "") && !cell.border && !cell.fill && !cell.covered && !cell.colSpan;

function cellStyle(cell: ReportSheetCell): string {
  const css: string[] = [];
  for (const side of ["top", "right", "bottom", "left"] as const) {
    const line = cell.border?.[side];
    if (line) css.push(`border-${side}:${LINE[line.style] ?? LINE.thin} #${line.color ?? "000"}`);
  }
  if (cell.fill) css.push(`background:#${cell.fill}`);
  if (cell.bold) css.push("font-weight:bold");
  if (cell.italic) css.push("font-style:italic");
  // the form's 11 pt default reads as the report's 8 pt: sizes keep their proportions
  if (cell.size) css.push(`font-size:${Math.round((cell.size * 8 * 10) / 11) / 10}pt`);
  const align =
    cell.horizontal && ALIGN.has(cell.horizontal) ? cell.horizontal : typeof cell.value === "number" ? "right" : "";
  if (align) css.push(`text-align:${align}`);
  if (cell.vertical && VALIGN[cell.vertical]) css.push(`vertical-align:${VALIGN[cell.vertical]}`);
  if (cell.wrap) css.push("white-space:pre-wrap");
  return css.length ? ` style="${css.join(";")}"` : "";
}

/**
 * A filled form's first sheet as printable HTML, drawn as the form draws it: its merged ranges (colspan / rowspan),
 * borders with their line styles and colours, fills, bold and italic text, alignment, column widths in their
 * proportions (narrowed alike to the sheet when wider) and row heights. A cell without a border has none on paper.
 * A text longer than its column (and the empty cells it runs on over) wraps rather than being cut: paper keeps it.
 */
export function sheetHtml(sheet: ReportSheet): string {
  const total = sheet.columns.reduce((sum, w) => sum + w, 0) * MM_PER_UNIT;
  const scale = total > PAGE_WIDTH_MM ? PAGE_WIDTH_MM / total : 1;
  const cols = sheet.columns.map((w) => `<col style="width:${(w * MM_PER_UNIT * scale).toFixed(1)}mm">`).join("");
  const body = sheet.rows
    .map((row) => {
      // Excel's points, at least one line of the report's text
      const height = row.height ? ` style="height:${(row.height * 0.3528).toFixed(1)}mm"` : "";
      const cells: string[] = [];
      for (let c = 0; c < row.cells.length; c++) {
        const cell = row.cells[c];
        if (cell.covered) continue;
        let across = cell.colSpan ?? 1;
        // as in Excel, a text that does not wrap runs on over the empty cells to its right
        if (typeof cell.value === "string" && !cell.wrap && !cell.colSpan)
          while (c + across < row.cells.length && blank(row.cells[c + across])) across++;
        const span =
          (across > 1 ? ` colspan="${across}"` : "") +
          (cell.rowSpan && cell.rowSpan > 1 ? ` rowspan="${cell.rowSpan}"` : "");
        cells.push(`<td${span}${cellStyle(cell)}>${htmlText(shown(cell.value))}</td>`);
        c += across - 1;
      }
      return `<tr${height}>${cells.join("")}</tr>`;
    })
    .join("");
  return page(
    `<table class="form" style="width:${(total * scale).toFixed(1)}mm"><colgroup>${cols}</colgroup><tbody>${body}</tbody></table>`,
  );
}
