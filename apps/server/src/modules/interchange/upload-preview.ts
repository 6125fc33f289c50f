import type { ImportFormat, UploadPreview } from "@planum/contracts";
import {
  type ColumnMapping,
  detectFormat,
  type FormatId,
  readTable,
  type ScheduleModel,
  tablePreview,
  tableToModel,
} from "@planum/formats";
import { AppError } from "../../platform/errors.js";
import { readFailure, type UploadedFile } from "../../platform/uploads.js";
import { IMPORT_FORMAT_ID, readModel } from "./upload.js";

/** The header row and up to seven rows after it. */
const PREVIEW_ROWS = 8;

/**
 * What the upload dialog shows before the upload: the detected format and, for CSV and XLSX, the first rows after
 * the rows to skip (the header first) so columns can be mapped, the file's projects, and whether it reads at all.
 * A table is read once (XLSX by the same reader the upload uses): its rows give both the preview and the model.
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
  let rows: string[][] = [];
  let projects: UploadPreview["projects"] = [];
  let problem: string | null = null;
  try {
    // Reading the whole file is what the upload does anyway (~0.1 s for 4,000 activities); it lists the projects
    // and finds a damaged file before the user maps columns or waits for a job.
    let model: ScheduleModel;
    if (id === "csv" || id === "xlsx") {
      const table = await readTable(file.bytes, { format: id, skipRows });
      rows = tablePreview(table, skipRows, PREVIEW_ROWS);
      model = tableToModel(table, { skipRows, mapping });
    } else {
      model = await readModel(file, { format, skipRows, mapping });
    }
    projects = model.projects.map((p) => ({
      id: p.id,
      code: p.code,
      name: p.name,
      activities: model.activities.filter((a) => a.projectId === p.id).length,
    }));
  } catch (error) {
    const failure = error instanceof AppError ? error : readFailure(error);
    problem = `${failure.params?.location ?? ""}: ${failure.params?.reason ?? failure.code}`;
  }
  return { format: id, rows, projects, problem };
}
