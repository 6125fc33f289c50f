import type ExcelJS from "exceljs";
import {
  columnWidthOf,
  finishSheet,
  parseRange,
  plainValue,
  type ReportSheet,
  type ReportSheetCell,
  sheetCellOf,
} from "./report-sheet.js";
import {
  cellText,
  fillText,
  loadTemplate,
  type ReportData,
  type ReportValue,
  scan,
  sumsOf,
} from "./report-template.js";

type Range = ReturnType<typeof parseRange>;

/**
 * A form filled with the data and laid out for paper in one pass: what `readReportSheet(fillReportTemplate(…))`
 * answers — the same values, looks, row heights, merged ranges and column widths — without writing the filled
 * workbook and reading it back. The template is read once; each repeated row is its band's cells (their looks read
 * once) with the work's values. Writing and re-reading 10,000 rows of XLSX was ~2 s of CPU of a PDF's 4.
 */
export async function fillReportSheet(bytes: Uint8Array, data: ReportData): Promise<ReportSheet> {
  const wb = await loadTemplate(bytes);
  const ws = wb.worksheets[0];
  const { region } = scan(ws);
  const sums = sumsOf(data.rows);
  const scalar = (field: string): ReportValue => data.scalars[field as keyof ReportData["scalars"]] ?? null;
  // outside the repeated rows a placeholder takes a value once; a sum there is its total (the XLSX's SUM result)
  const once = (field: string): ReportValue =>
    field.startsWith("sum:work.") ? (sums.get(field.slice(9)) ?? 0) : scalar(field);
  const merges = (ws.model.merges ?? []).map(parseRange);
  // the filled workbook's cells under a merged range are blank (the fill takes their text off)
  const under = new Set<string>();
  for (const m of merges)
    for (let r = m.top; r <= m.bottom; r++)
      for (let c = m.left; c <= m.right; c++) if (r !== m.top || c !== m.left) under.add(`${r}:${c}`);

  const columnCount = ws.columnCount;
  const templateRow = (r: number) => {
    const row = ws.getRow(r);
    const cells: ExcelJS.Cell[] = [];
    for (let c = 1; c <= Math.max(row.cellCount, columnCount); c++) cells.push(row.getCell(c));
    return { height: row.height, cells };
  };
  /** A row of the form outside the repeated rows, its placeholders filled once. */
  const fixedRow = (r: number): ReportSheet["rows"][number] => {
    const { height, cells } = templateRow(r);
    return {
      ...(height ? { height } : {}),
      cells: cells.map((cell, i) => {
        if (region && under.has(`${r}:${i + 1}`)) return sheetCellOf(cell, null);
        const text = cellText(cell.value);
        if (text === null || !text.includes("{{")) return sheetCellOf(cell);
        return sheetCellOf(cell, fillText(text, once) as ReportValue);
      }),
    };
  };

  const rows: ReportSheet["rows"] = [];
  if (!region) {
    for (let r = 1; r <= ws.rowCount; r++) rows.push(fixedRow(r));
    return finishSheet(rows, merges, columnWidthOf(ws));
  }
  for (let r = 1; r < region.first; r++) rows.push(fixedRow(r));
  // the band: each cell's look and, for a text, the text to fill per work
  const band = [];
  for (let r = region.first; r <= region.last; r++) {
    const { height, cells } = templateRow(r);
    band.push({
      height,
      cells: cells.map((cell, i) => {
        const blank = under.has(`${r}:${i + 1}`);
        return {
          look: sheetCellOf(cell, null),
          text: blank ? null : cellText(cell.value),
          value: blank ? null : plainValue(cell.value),
        };
      }),
    });
  }
  for (const item of data.rows) {
    const value = (field: string): ReportValue =>
      field.startsWith("work.") ? (item[field.slice(5) as keyof typeof item] ?? null) : scalar(field);
    for (const line of band)
      rows.push({
        ...(line.height ? { height: line.height } : {}),
        cells: line.cells.map(({ look, text, value: fixed }): ReportSheetCell => {
          const filled = text === null ? fixed : (fillText(text, value) as ReportValue);
          // a date in a cell without a number format is given one, as the XLSX fill does
          if (filled instanceof Date && !look.numFmt) return { ...look, value: filled, numFmt: "dd.mm.yyyy" };
          return { ...look, value: filled };
        }),
      });
  }
  for (let r = region.last + 1; r <= ws.rowCount; r++) rows.push(fixedRow(r));

  // merged ranges follow their rows as in the XLSX fill
  const height = region.last - region.first + 1;
  const added = data.rows.length * height - height;
  const moved: Range[] = [];
  for (const m of merges) {
    if (m.bottom < region.first) moved.push(m);
    else if (m.top > region.last) moved.push({ ...m, top: m.top + added, bottom: m.bottom + added });
    else if (m.top >= region.first && m.bottom <= region.last)
      for (let k = 0; k < data.rows.length; k++)
        moved.push({ ...m, top: m.top + k * height, bottom: m.bottom + k * height });
    else moved.push({ ...m, bottom: m.bottom + added });
  }
  // a range beside the band shrinks with no works; one cell left is no range
  const ranges = moved.filter((m) => m.bottom >= m.top && (m.bottom > m.top || m.right > m.left));
  return finishSheet(rows, ranges, columnWidthOf(ws));
}
