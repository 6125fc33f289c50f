import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import { FormatError } from "../model/format-error.js";
import type { ScheduleModel } from "../model/schedule-model.js";
import { type Cell, type Table, type TabularReadOptions, tableToModel } from "./tabular-model.js";
import { modelToRows } from "./tabular-rows.js";
import { readXlsxCells } from "./xlsx-cells.js";

export interface XlsxReadOptions extends TabularReadOptions {
  /** Worksheet name; the first sheet by default. */
  sheet?: string;
}

/**
 * The rows of a worksheet (the first one unless `sheet` names another), cells as text, numbers, dates or booleans:
 * read from the workbook's XML by `readXlsxCells`, not through ExcelJS's object model (5× less CPU).
 */
export async function readXlsxTable(bytes: Uint8Array, sheet?: string): Promise<Table> {
  if (bytes.length === 0) throw new FormatError("EmptyFile", "The XLSX file is empty");
  return readXlsxCells(bytes, sheet);
}

export async function readXlsx(bytes: Uint8Array, options: XlsxReadOptions = {}): Promise<ScheduleModel> {
  return tableToModel(await readXlsxTable(bytes, options.sheet), options);
}

/** The activities as a workbook of one sheet, our header row first (bold, frozen). */
export async function writeXlsx(model: ScheduleModel): Promise<Uint8Array> {
  return writeXlsxRows(modelToRows(model), { header: 1 });
}

/** How a sheet of rows is laid out for people: frozen panes, column widths, how dates and numbers read. */
export interface XlsxRowsOptions {
  sheet?: string;
  /** The header row (1-based): bold and frozen above. */
  header?: number;
  /** Columns kept on screen at the left when scrolling sideways. */
  freezeColumns?: number;
  /** Widths (characters) of the first columns. */
  widths?: number[];
  /** Number format of date cells (Excel's own, e.g. "dd.mm.yyyy"). */
  dateFormat?: string;
  /** Number format of numeric cells below the header (e.g. "#,##0.###"). */
  numberFormat?: string;
  /** Rows (1-based) shown bold: summaries, totals. */
  boldRows?: number[];
}

/**
 * Rows as a one-sheet workbook (the header row bold and frozen when `header` says which row it is, 1-based).
 * Written through ExcelJS's streaming writer: each row is committed as it is added, so a sheet of 90,000 rows × 700
 * days never exists as a workbook model in memory — only the zipped bytes and the table of distinct texts do (shared
 * strings: an inline empty text would read back as an empty cell). `rows` may be a generator.
 */
export async function writeXlsxRows(rows: Iterable<Cell[]>, options: XlsxRowsOptions = {}): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  const sink = new PassThrough();
  sink.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    sink.on("end", resolve);
    sink.on("error", reject);
  });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: true });
  wb.creator = "Planum";
  const frozen = options.header || options.freezeColumns;
  const ws = wb.addWorksheet(options.sheet ?? "Activities", {
    ...(frozen
      ? { views: [{ state: "frozen", ySplit: options.header ?? 0, xSplit: options.freezeColumns ?? 0 }] }
      : {}),
  });
  if (options.widths) ws.columns = options.widths.map((width) => ({ width }));
  const bold = new Set(options.boldRows ?? []);
  if (options.header) bold.add(options.header);
  const dateStyle = options.dateFormat ? { numFmt: options.dateFormat } : undefined;
  const numberStyle = options.numberFormat ? { numFmt: options.numberFormat } : undefined;
  let number = 0;
  for (const r of rows) {
    number++;
    // Empty cells are left out (holes): ExcelJS makes a cell object for every null it is given, and a plan sheet's
    // line is mostly empty days — 66 million cells for 10,000 works × 3 measures over two years.
    const values: Cell[] = [];
    for (let k = 0; k < r.length; k++) if (r[k] !== null && r[k] !== undefined) values[k] = r[k];
    const row = ws.addRow(values);
    if (bold.has(number)) row.font = { bold: true };
    if (dateStyle || numberStyle)
      row.eachCell((cell) => {
        const style =
          cell.value instanceof Date
            ? dateStyle
            : typeof cell.value === "number" && number > (options.header ?? 0)
              ? numberStyle
              : undefined;
        if (!style) return;
        // A bold row's cells keep styles of their own (the font is on them); every other cell shares one style
        // object, which ExcelJS's style registry recognises by reference instead of rendering it cell by cell.
        if (bold.has(number)) cell.numFmt = style.numFmt;
        else cell.style = style;
      });
    row.commit();
  }
  ws.commit();
  await wb.commit();
  await finished;
  const bytes = Buffer.concat(chunks);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
