import type { ImportFormat, UploadPreview } from "@planum/contracts";
import { detectFormat, type FormatId } from "@planum/formats";
import { IMPORT_FORMAT_ID, type UploadedFile } from "./interchange.service.js";

const PREVIEW_ROWS = 8;

/** Splits CSV text into rows of cells (quotes with doubled quotes inside, the delimiter guessed from the header). */
function csvRows(text: string, limit: number): string[][] {
  const firstLine = text.slice(0, text.indexOf("\n") >>> 0 || text.length);
  const delimiter = [",", ";", "\t", "|"]
    .map((d) => ({ d, n: firstLine.split(d).length }))
    .sort((a, b) => b.n - a.n)[0].d;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let k = 0; k < text.length && rows.length < limit; k++) {
    const ch = text[k];
    if (quoted) {
      if (ch === '"' && text[k + 1] === '"') {
        cell += '"';
        k++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      row.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[k + 1] === "\n") k++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += ch;
  }
  if ((cell || row.length > 0) && rows.length < limit) rows.push([...row, cell]);
  return rows;
}

/**
 * What the upload dialog shows before the upload: the detected format and, for CSV, the first rows after the
 * rows to skip (the header first) so columns can be mapped. XLSX rows are mapped by header names the user types.
 */
export async function previewTable(
  file: UploadedFile,
  format: ImportFormat | undefined,
  skipRows: number,
): Promise<UploadPreview> {
  let id: FormatId | "unknown";
  try {
    id = format ? IMPORT_FORMAT_ID[format] : detectFormat(file.bytes, file.name);
  } catch {
    id = "unknown";
  }
  if (id !== "csv") return { format: id, rows: [] };
  const text = new TextDecoder("utf-8").decode(file.bytes.subarray(0, 256 * 1024)).replace(/^\uFEFF/, "");
  return { format: id, rows: csvRows(text, skipRows + PREVIEW_ROWS).slice(skipRows) };
}
