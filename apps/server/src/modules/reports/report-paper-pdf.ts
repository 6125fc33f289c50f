import { createRequire } from "node:module";
import path from "node:path";
import PDFDocument from "pdfkit";
import { type Paper, type PaperCell, type PaperRow, SHEET } from "./report-paper.js";
import { n, PageBorders, rgb } from "./report-paper-lines.js";

// DejaVu Sans carries the Cyrillic; the package ships the TrueType files, so no system font is needed
const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")), "ttf");
const FACES = {
  regular: "DejaVuSans.ttf",
  bold: "DejaVuSans-Bold.ttf",
  italic: "DejaVuSans-Oblique.ttf",
  boldItalic: "DejaVuSans-BoldOblique.ttf",
} as const;
type Face = keyof typeof FACES;
const faceOf = (cell: { bold?: boolean; italic?: boolean }): Face =>
  cell.bold ? (cell.italic ? "boldItalic" : "bold") : cell.italic ? "italic" : "regular";
const LINE_HEIGHT = 1.2;

/** Rows of laid cells and their heights in points. */
interface Rows {
  cells: Laid[][];
  heights: number[];
}

/** What of pdfkit's document the text operators need: its current font (embedded, subset) and page. */
interface PdfkitInternals {
  _font: {
    id: string;
    ascender: number;
    ref(): unknown;
    encode(text: string): [string[], { xAdvance: number; advanceWidth: number }[]];
  };
  _fontSize: number;
  page: { fonts: Record<string, unknown> };
}

/**
 * A line of text at (x, top) as PDF text operators in the current font and size, for one text object a page.
 * pdfkit's own `text()` writes a saved state, a text object and six operators per call, each a buffer of its own:
 * with 60,000 cells that was most of a big report's time. The glyphs still go through the font's `encode`, which
 * records them for the subset and the text's Unicode, and kerning is kept as pdfkit keeps it.
 */
function textOperators(doc: PDFKit.PDFDocument, line: string, x: number, top: number): string {
  const inner = doc as unknown as PdfkitInternals;
  const font = inner._font;
  const size = inner._fontSize;
  if (inner.page.fonts[font.id] == null) inner.page.fonts[font.id] = font.ref();
  const [glyphs, positions] = font.encode(line);
  let runs = "";
  let hex = "";
  for (let i = 0; i < glyphs.length; i++) {
    hex += glyphs[i];
    const kern = positions[i].xAdvance - positions[i].advanceWidth;
    if (kern !== 0 && i < glyphs.length - 1) {
      runs += `<${hex}> ${n(-kern)} `;
      hex = "";
    }
  }
  runs += `<${hex}>`;
  return `/${font.id} ${n(size)} Tf 1 0 0 -1 ${n(x)} ${n(top + (font.ascender / 1000) * size)} Tm [${runs}] TJ`;
}

interface Laid {
  cell: PaperCell;
  lines: string[];
  /** Its first column and the x of it. */
  col: number;
  x: number;
  width: number;
}

/**
 * Draws a report on paper as a PDF with pdfkit, page after page: each cell's text is measured and wrapped once
 * (linear in the cells), rows go onto a page while they fit, a merged range is never cut, and the header rows are
 * drawn again at the top of every page. Chromium took ~0.1 s of CPU a page (10,000 rows: 250 pages, ~30 s).
 */
export function paperPdf(paper: Paper, title: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: [SHEET.width, SHEET.height],
    margin: 0,
    autoFirstPage: false,
    info: { Title: title },
  });
  for (const [face, file] of Object.entries(FACES)) doc.registerFont(face, path.join(fontDir, file));
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const lefts = paper.columns.map((_, i) => paper.columns.slice(0, i).reduce((s, w) => s + w, 0) + SHEET.margin);
  const { x: padX, y: padY } = paper.padding;
  let face: Face | null = null;
  let size = 0;
  const use = (next: Face, nextSize: number) => {
    if (next !== face) doc.font(next);
    if (nextSize !== size) doc.fontSize(nextSize);
    face = next;
    size = nextSize;
  };

  /** The lines of a text within a width: at spaces, and inside a word longer than the width. */
  const wrap = (text: string, width: number): string[] => {
    const lines: string[] = [];
    for (const paragraph of text.split("\n")) {
      if (doc.widthOfString(paragraph) <= width) {
        lines.push(paragraph);
        continue;
      }
      let line = "";
      for (const word of paragraph.split(" ")) {
        const next = line ? `${line} ${word}` : word;
        if (doc.widthOfString(next) <= width) {
          line = next;
          continue;
        }
        if (line) lines.push(line);
        line = "";
        let rest = word;
        while (doc.widthOfString(rest) > width && rest.length > 1) {
          let cut = rest.length - 1;
          while (cut > 1 && doc.widthOfString(rest.slice(0, cut)) > width) cut--;
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        line = rest;
      }
      lines.push(line);
    }
    return lines;
  };

  /** Each row's cells with their wrapped lines, and the row heights that hold them. */
  const lay = (rows: PaperRow[]): Rows => {
    const laid = rows.map((row) => {
      const cells: Laid[] = [];
      let col = 0;
      for (const cell of row.cells) {
        const width = paper.columns.slice(col, col + cell.colSpan).reduce((s, w) => s + w, 0);
        if (!cell.covered && col < paper.columns.length) {
          use(faceOf(cell), cell.size);
          const lines = cell.text ? wrap(cell.text, width - 2 * padX) : [];
          cells.push({ cell, lines, col, x: lefts[col], width });
        }
        col += cell.covered ? 1 : cell.colSpan;
      }
      return cells;
    });
    const need = (c: Laid) => Math.max(c.lines.length, 1) * c.cell.size * LINE_HEIGHT + 2 * padY;
    const heights = rows.map((row, r) =>
      Math.max(row.height ?? 0, ...laid[r].filter((c) => c.cell.rowSpan === 1).map(need), 8 * LINE_HEIGHT + 2 * padY),
    );
    // a merged range taller than its rows makes its last row taller
    laid.forEach((cells, r) => {
      for (const c of cells) {
        if (c.cell.rowSpan < 2) continue;
        const last = Math.min(r + c.cell.rowSpan, rows.length) - 1;
        const have = heights.slice(r, last + 1).reduce((s, h) => s + h, 0);
        if (need(c) > have) heights[last] += need(c) - have;
      }
    });
    return { cells: laid, heights };
  };

  const drawRows = (rows: Rows, top: number) => {
    const tops = [top];
    for (const h of rows.heights) tops.push(tops[tops.length - 1] + h);
    const height = (r: number, c: Laid) => tops[Math.min(r + c.cell.rowSpan, rows.heights.length)] - tops[r];
    const each = (fn: (c: Laid, y: number, h: number) => void) =>
      rows.cells.forEach((cells, r) => {
        for (const c of cells) fn(c, tops[r], height(r, c));
      });
    // fills under the text, borders over it; each as one run of PDF operators a page (pdfkit's per-call path and
    // colour operators were most of the time of a big report)
    const fills: string[] = [];
    const borders = new PageBorders();
    each((c, y, h) => {
      if (c.cell.fill) fills.push(`${rgb(c.cell.fill)} rg ${n(c.x)} ${n(y)} ${n(c.width)} ${n(h)} re f`);
      if (c.cell.border) borders.frame(c.cell.border, c.x, y, c.width, h);
    });
    if (fills.length) doc.addContent(`q ${fills.join(" ")} Q`);
    const text: string[] = [];
    each((c, y, h) => {
      if (!c.lines.length) return;
      use(faceOf(c.cell), c.cell.size);
      const lineHeight = c.cell.size * LINE_HEIGHT;
      const block = c.lines.length * lineHeight;
      const free = h - 2 * padY - block;
      let ty = y + padY + (c.cell.valign === "top" ? 0 : c.cell.valign === "middle" ? free / 2 : free);
      for (const line of c.lines) {
        const inner = c.width - 2 * padX;
        const w = c.cell.align === "left" ? 0 : doc.widthOfString(line);
        const tx =
          c.x + padX + (c.cell.align === "right" ? inner - w : c.cell.align === "center" ? (inner - w) / 2 : 0);
        text.push(textOperators(doc, line, tx, ty + (lineHeight - c.cell.size) / 2));
        ty += lineHeight;
      }
    });
    if (text.length) doc.addContent(`BT 0.067 0.067 0.067 rg ${text.join(" ")} ET`);
    for (const strokes of borders.operators()) doc.addContent(strokes);
  };

  const head = lay(paper.head);
  const body = lay(paper.rows);
  const headHeight = head.heights.reduce((s, h) => s + h, 0);
  const bottom = SHEET.height - SHEET.margin;
  let pageRows: Rows = { cells: [], heights: [] };
  let y = SHEET.margin;
  let first = true;
  const newPage = () => {
    doc.addPage();
    y = SHEET.margin;
    if (first)
      for (const line of paper.heading) {
        use(line.bold ? "bold" : "regular", line.size);
        doc.fillColor("#111111").text(line.text, SHEET.margin, y, { lineBreak: false });
        y += line.size * LINE_HEIGHT + 1.5 * (line.size / 4);
      }
    first = false;
    if (head.cells.length) drawRows(head, y);
    y += headHeight;
  };
  const flush = () => {
    if (pageRows.heights.length) drawRows(pageRows, y - pageRows.heights.reduce((s, h) => s + h, 0));
    pageRows = { cells: [], heights: [] };
  };
  newPage();
  for (let r = 0; r < body.cells.length; ) {
    // a block: the row and every row a merged range started in it reaches
    let end = r + 1;
    for (let k = r; k < end; k++) for (const c of body.cells[k]) end = Math.max(end, k + c.cell.rowSpan);
    end = Math.min(end, body.cells.length);
    const blockHeight = body.heights.slice(r, end).reduce((s, h) => s + h, 0);
    if (y + blockHeight > bottom && pageRows.heights.length) {
      flush();
      newPage();
    }
    for (let k = r; k < end; k++) {
      pageRows.cells.push(body.cells[k]);
      pageRows.heights.push(body.heights[k]);
      y += body.heights[k];
    }
    r = end;
  }
  flush();
  doc.end();
  return done;
}
