import { z } from "zod";
import { nameField } from "./validation.js";
import { workspaceUuid } from "./workspace.schema.js";

/**
 * Interchange: schedule files in and out of versions (spec §7 Schedules upload, Versions export, Storage).
 * Format names are the spec's (`xml-primavera` = P6 XML, `xml` = MS Project XML); the server maps them onto
 * the readers' own ids.
 */
export const EXPORT_FORMATS = ["xer", "xml-primavera", "xml", "csv", "xlsx", "json", "zip"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const IMPORT_FORMATS = ["xer", "xml-primavera", "xml", "mpx", "csv", "xlsx", "json", "zip"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** Query of `POST /schedules/{id}/versions/upload[/synchronous]`; the file is the multipart field `file`. */
export const uploadQuery = z.object({
  /** Name of a saved import setting (column mapping) to apply to CSV / XLSX. */
  rule: z.string().max(200).optional(),
  skipRows: z.coerce.number().int().min(0).max(1000).optional(),
  format: z.enum(IMPORT_FORMATS).optional(),
  label: z.string().min(1).max(200).optional(),
  /** Which project of a multi-project file (its id in the file); the first one otherwise. */
  project: z.string().max(200).optional(),
  /**
   * CSV / XLSX column mapping as JSON `{ field: header text | column index }` (the dialog's unsaved mapping); the
   * fields are the readers' `TABULAR_FIELDS` of `@planum/formats`, checked by the server.
   */
  mapping: z.string().max(10_000).optional(),
});
export type UploadQuery = z.infer<typeof uploadQuery>;

export interface UploadResult {
  versionId: string;
  activities: number;
  relations: number;
  /** Calendars created in the space for the file (matched ones by name are reused). */
  calendarsCreated: number;
  format: string;
  elapsedMs: number;
}

export interface UploadJob {
  jobId: string;
}

export const exportParams = z.object({ id: workspaceUuid, format: z.enum(EXPORT_FORMATS) });

export interface ExportResult {
  fileId: string;
  name: string;
  size: number;
}

export const storageFileParams = z.object({ id: workspaceUuid });

/** `POST /upload/preview`: what the dialog shows before the upload (detected format, first rows of a table). */
export interface UploadPreview {
  format: string;
  /** CSV / XLSX only: the first rows as text, after `skipRows`. */
  rows: string[][];
  /** The file's projects (a P6 file may hold several; one becomes the version, `?project=` picks it). */
  projects: { id: string; code: string; name: string; activities: number }[];
  /** Why the file cannot be read as it is (shown before the upload); null when it reads. */
  problem: string | null;
}

export const compareBody = z.object({ versionA: workspaceUuid, versionB: workspaceUuid });

export interface ComparedActivity {
  code: string;
  name: string;
  start: string | null;
  finish: string | null;
}

export interface ChangedActivity {
  code: string;
  name: string;
  /** Field → [in A, in B]. */
  changes: Record<string, [string | number | null, string | number | null]>;
}

export interface VersionComparison {
  added: ComparedActivity[];
  removed: ComparedActivity[];
  changed: ChangedActivity[];
  unchanged: number;
}

export const jobIdParams = z.object({ id: workspaceUuid });

export interface InterchangeJob {
  id: string;
  type: string;
  status: "queued" | "in_process" | "completed" | "error";
  progress: number;
  result: Record<string, unknown> | null;
  error: string | null;
}

/** `POST /batch-processing/import`: several files (multipart, each a part named `file`) as versions of a schedule. */
export const batchImportQuery = z.object({
  scheduleId: workspaceUuid,
  skipRows: z.coerce.number().int().min(0).max(1000).optional(),
  format: z.enum(IMPORT_FORMATS).optional(),
});

/** `POST /batch-processing/export`: versions written to files of one format, one stored file each. */
export const batchExportBody = z.object({
  versionIds: z.array(workspaceUuid).min(1).max(100),
  format: z.enum(EXPORT_FORMATS),
});

/** `POST /batch-processing/stop`: a batch job stops before its next file (files already done stay done). */
export const batchStopBody = z.object({ jobId: workspaceUuid });

export interface BatchFileOutcome {
  name: string;
  versionId?: string;
  fileId?: string;
  size?: number;
  activities?: number;
  error?: string;
}

/** `POST /projects/{id}/export`: every schedule of the project (its actual version) as one project of the file. */
export const projectExportBody = z.object({ format: z.enum(EXPORT_FORMATS).default("xer") });

/**
 * A saved upload rule: how the columns of a CSV / XLSX file map to activity fields (the readers' `TABULAR_FIELDS`
 * of `@planum/formats`, checked by the server), and the rows to skip.
 */
export const importSettingBody = z.object({
  name: nameField,
  format: z.enum(IMPORT_FORMATS, { error: "InvalidValue" }).nullable().optional(),
  mapping: z.record(
    z.string().max(64),
    z.union([z.string().trim().min(1).max(200), z.number().int().min(0).max(1000)]),
  ),
  skipRows: z.number({ error: "InvalidNumber" }).int({ error: "InvalidNumber" }).min(0).max(1000).default(0),
});
export type ImportSettingBody = z.infer<typeof importSettingBody>;

export interface ImportSetting {
  id: string;
  name: string;
  format: ImportFormat | null;
  mapping: Record<string, string | number>;
  skipRows: number;
  createdAt: string;
  updatedAt: string;
}
