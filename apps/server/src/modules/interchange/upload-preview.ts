import type { ImportFormat, UploadPreview } from "@planum/contracts";
import { type ColumnMapping, detectFormat, type FormatId } from "@planum/formats";
import { AppError } from "../../platform/errors.js";
import { IMPORT_FORMAT_ID, readModel, type UploadedFile } from "./interchange.service.js";

const PREVIEW_ROWS = 8;

/**
 * Splits CSV text into rows of cells (quotes with doubled quotes inside), the delimiter guessed from the header
 * line, which comes after the title rows to skip.
 */
function csvRows(text: string, skipRows: number, limit: number): string[][] {
  const headerLine = text.split(/\r?\n/, skipRows + 1)[skipRows] ?? "";
  const delimiter = [",", ";", "\t", "|"]
    .map((d) => ({ d, n: headerLine.split(d).length }))
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
 * rows to skip (the header first) so columns can be mapped, the file's projects, and whether it reads at all.
 * XLSX columns are mapped by header names the user types.
 */
export async function previewTable(
  file: UploadedFile,
  format: ImportFormat | undefined,
  skipRows: number,
  mapping?: ColumnMapping,
): Promise<UploadPreview> {
  let id: FormatId | "unknown";
  try {
    id = format ? IMPORT_FORMAT_ID[format] : detectFormat(file.bytes, file.name);
  } catch {
    id = "unknown";
  }
  let projects: UploadPreview["projects"] = [];
  let problem: string | null = null;
  try {
    // Reading the whole file is what the upload does anyway (~0.1 s for 4,000 activities); it lists the projects
    // and finds a damaged file before the user maps columns or waits for a job.
    const model = await readModel(file, { format, skipRows, mapping });
    projects = model.projects.map((p) => ({
      id: p.id,
      code: p.code,
      name: p.name,
      activities: model.activities.filter((a) => a.projectId === p.id).length,
    }));
  } catch (error) {
    problem =
      error instanceof AppError ? `${error.params?.location ?? ""}: ${error.params?.reason ?? error.code}` : null;
  }
  if (id !== "csv") return { format: id, rows: [], projects, problem };
  const text = new TextDecoder("utf-8").decode(file.bytes.subarray(0, 256 * 1024)).replace(/^\uFEFF/, "");
  return { format: id, rows: csvRows(text, skipRows, skipRows + PREVIEW_ROWS).slice(skipRows), projects, problem };
}
