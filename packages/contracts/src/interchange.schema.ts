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

/** How many of each kind a file held (`read`) or its version received (`stored`). */
export const importCountsSchema = z.object({
  activities: z.number(),
  relations: z.number(),
  calendars: z.number(),
  resources: z.number(),
  /** Activity code values. */
  codes: z.number(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

/**
 * Codes of what an import ignored, replaced or dropped. The readers' own (`@planum/formats` ReadWarningCode) and the
 * server's (a relation whose other side is not in the version, a constraint the engine has no equivalent for,
 * what a version does not keep). A code outside the list is still shown, by its params.
 */
export const IMPORT_WARNING_CODES = [
  "ValueIgnored",
  "UnknownValue",
  "CalendarMissing",
  "CalendarUnreadable",
  "RelationDropped",
  "RelationExternal",
  "RelationDuplicate",
  "ActivityDropped",
  "ReferenceDropped",
  "RelationToMissingActivity",
  "RelationToOtherProject",
  "RelationToItself",
  "ConstraintIgnored",
  "ProjectsNotImported",
  "ResourcesNotKept",
  "ResourcesMatchedByCode",
  "UdfsNotKept",
  "UdfTypeMismatch",
] as const;
export type ImportWarningCode = (typeof IMPORT_WARNING_CODES)[number];

/** Where in the file a warning comes from: a table row or an XML element and line, and the activity it concerns. */
export const importPlaceSchema = z.object({
  table: z.string().optional(),
  row: z.number().optional(),
  element: z.string().optional(),
  line: z.number().optional(),
  field: z.string().optional(),
  activity: z.string().optional(),
  project: z.string().optional(),
});
export type ImportPlace = z.infer<typeof importPlaceSchema>;

/** One warning: a code and its values; the text is built in the reader's language from them (never stored). */
export const importWarningSchema = z.object({
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  place: importPlaceSchema.optional(),
});
export type ImportWarning = z.infer<typeof importWarningSchema>;

/** What an upload read from its file, what its version received and every warning; kept with the version. */
export const importReportSchema = z.object({
  versionId: z.string(),
  fileName: z.string(),
  format: z.string(),
  /** The tool that wrote the file, when the file says so. */
  producer: z.string().nullable(),
  /** The file's project that became the version (a file may hold several). */
  project: z.object({ code: z.string(), name: z.string() }).nullable(),
  read: importCountsSchema,
  stored: importCountsSchema,
  /** At most a few hundred per code are listed; `warningsTotal` counts them all. */
  warnings: z.array(importWarningSchema),
  warningsTotal: z.number(),
  createdAt: z.string(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const uploadResultSchema = z.object({
  versionId: z.string(),
  activities: z.number(),
  relations: z.number(),
  /** Calendars created in the space for the file (matched ones by name are reused). */
  calendarsCreated: z.number(),
  format: z.string(),
  elapsedMs: z.number(),
  /** What was read, stored and dropped (also `GET /versions/{id}/import-report`). */
  report: importReportSchema,
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

export const uploadJobSchema = z.object({ jobId: z.string() });
export type UploadJob = z.infer<typeof uploadJobSchema>;

export const exportParams = z.object({ id: workspaceUuid, format: z.enum(EXPORT_FORMATS) });

export const exportResultSchema = z.object({ fileId: z.string(), name: z.string(), size: z.number() });
export type ExportResult = z.infer<typeof exportResultSchema>;

export const storageFileParams = z.object({ id: workspaceUuid });

/** `POST /upload/preview`: what the dialog shows before the upload (detected format, first rows of a table). */
export const uploadPreviewSchema = z.object({
  format: z.string(),
  /** CSV / XLSX only: the first rows as text, after `skipRows`. */
  rows: z.array(z.array(z.string())),
  /** The file's projects (a P6 file may hold several; one becomes the version, `?project=` picks it). */
  projects: z.array(z.object({ id: z.string(), code: z.string(), name: z.string(), activities: z.number() })),
  /** Why the file cannot be read as it is (shown before the upload); null when it reads. */
  problem: z.string().nullable(),
});
export type UploadPreview = z.infer<typeof uploadPreviewSchema>;

export const compareBody = z.object({ versionA: workspaceUuid, versionB: workspaceUuid });

export const comparedActivitySchema = z.object({
  code: z.string(),
  name: z.string(),
  start: z.string().nullable(),
  finish: z.string().nullable(),
});
export type ComparedActivity = z.infer<typeof comparedActivitySchema>;

const comparedValue = z.union([z.string(), z.number(), z.null()]);
export const changedActivitySchema = z.object({
  code: z.string(),
  name: z.string(),
  /** Field → [in A, in B]. */
  changes: z.record(z.string(), z.tuple([comparedValue, comparedValue])),
});
export type ChangedActivity = z.infer<typeof changedActivitySchema>;

export const versionComparisonSchema = z.object({
  added: z.array(comparedActivitySchema),
  removed: z.array(comparedActivitySchema),
  changed: z.array(changedActivitySchema),
  unchanged: z.number(),
});
export type VersionComparison = z.infer<typeof versionComparisonSchema>;

export const jobIdParams = z.object({ id: workspaceUuid });

export const interchangeJobSchema = z.object({
  id: z.string(),
  type: z.string(),
  status: z.enum(["queued", "in_process", "completed", "error"]),
  progress: z.number(),
  result: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
});
export type InterchangeJob = z.infer<typeof interchangeJobSchema>;

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

export const batchFileOutcomeSchema = z.object({
  name: z.string(),
  versionId: z.string().optional(),
  fileId: z.string().optional(),
  size: z.number().optional(),
  activities: z.number().optional(),
  error: z.string().optional(),
});
export type BatchFileOutcome = z.infer<typeof batchFileOutcomeSchema>;

/** `POST /batch-processing/import`: the job and how many files it took. */
export const batchImportStartedSchema = z.object({ jobId: z.string(), files: z.number() });
/** `POST /batch-processing/stop`: whether the job was still running (it stops before its next file). */
export const batchStopAnswerSchema = z.object({ jobId: z.string(), stopping: z.boolean() });

/** `POST /facilities/{id}/import`: the new project, its schedules with their versions, links kept between them. */
export const facilityImportResultSchema = z.object({
  projectId: z.string(),
  schedules: z.array(z.object({ scheduleId: z.string(), versionIds: z.array(z.string()), activities: z.number() })),
  links: z.number(),
});
export type FacilityImportResult = z.infer<typeof facilityImportResultSchema>;

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

export const importSettingSchema = z.object({
  id: z.string(),
  name: z.string(),
  format: z.enum(IMPORT_FORMATS).nullable(),
  mapping: z.record(z.string(), z.union([z.string(), z.number()])),
  skipRows: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ImportSetting = z.infer<typeof importSettingSchema>;
