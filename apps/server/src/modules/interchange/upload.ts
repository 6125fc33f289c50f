import {
  EVENTS_PROTOCOL_VERSION,
  type ExportFormat,
  errorMessage,
  type ImportFormat,
  type Language,
  type UploadResult,
} from "@planum/contracts";
import {
  type ColumnMapping,
  type FormatId,
  type ReadReport,
  readSchedule,
  readScheduleWithReport,
  type ScheduleModel,
  TABULAR_FIELDS,
  type WritableFormat,
  writeSchedule,
} from "@planum/formats";
import type { AppContext } from "../../platform/context.js";
import type { DbOrTx } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import { readFailure, type UploadedFile } from "../../platform/uploads.js";
import { WorkspaceEvents } from "../../platform/workspace-events.js";
import { hasDetails, IMPORT_DETAILS_JOB, markDetailsPending } from "./import-details.js";
import { countRead, ImportWarnings, mergeWarnings, type StoredReport, saveImportReport } from "./import-report.js";
import { importModel } from "./model-import.js";

/** The spec's format names → the readers' ids. */
export const IMPORT_FORMAT_ID: Record<ImportFormat, FormatId> = {
  xer: "xer",
  "xml-primavera": "pmxml",
  xml: "mspdi",
  mpx: "mpx",
  csv: "csv",
  xlsx: "xlsx",
  json: "json",
  zip: "zip",
};

export const EXPORT_FORMAT: Record<ExportFormat, { id: WritableFormat; ext: string; mediaType: string }> = {
  xer: { id: "xer", ext: "xer", mediaType: "application/octet-stream" },
  "xml-primavera": { id: "pmxml", ext: "xml", mediaType: "application/xml" },
  xml: { id: "mspdi", ext: "xml", mediaType: "application/xml" },
  csv: { id: "csv", ext: "csv", mediaType: "text/csv" },
  xlsx: { id: "xlsx", ext: "xlsx", mediaType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
  json: { id: "json", ext: "json", mediaType: "application/json" },
  zip: { id: "zip", ext: "zip", mediaType: "application/zip" },
};

export interface ReadOptions {
  format?: ImportFormat;
  skipRows?: number;
  mapping?: ColumnMapping;
}

/** A mapping sent as JSON text in the query (the dialog's unsaved choice), checked to be field → text | index. */
export function parseMapping(text: string | undefined): ColumnMapping | undefined {
  if (!text) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError("InvalidValue", { field: "mapping" });
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new AppError("InvalidValue", { field: "mapping" });
  }
  for (const v of Object.values(value)) {
    if (typeof v !== "string" && typeof v !== "number") throw new AppError("InvalidValue", { field: "mapping" });
  }
  checkMappedFields(value);
  return value as ColumnMapping;
}

const TABULAR_FIELD_SET = new Set<string>(TABULAR_FIELDS);

/** A mapping may name only fields the CSV / XLSX readers know: a misspelt one would be ignored without a word. */
export function checkMappedFields(mapping: object): void {
  const unknown = Object.keys(mapping).find((field) => !TABULAR_FIELD_SET.has(field));
  if (unknown !== undefined) throw new AppError("InvalidValue", { field: `mapping.${unknown}` });
}

/**
 * The file as the neutral model. Every reader failure is the user's file, not our fault: `FormatError` keeps its
 * location, anything else a reader trips over (a garbage file) is reported the same way, as 400 MalformedFile.
 */
export async function readModel(file: UploadedFile, options: ReadOptions): Promise<ScheduleModel> {
  try {
    return await readSchedule(file.bytes, {
      format: options.format ? IMPORT_FORMAT_ID[options.format] : undefined,
      fileName: file.name,
      skipRows: options.skipRows,
      mapping: options.mapping,
    });
  } catch (error) {
    throw readFailure(error);
  }
}

/** `readModel` with what the reader ignored, replaced or dropped (the import report starts from it). */
export async function readModelWithReport(
  file: UploadedFile,
  options: ReadOptions,
): Promise<{ model: ScheduleModel; report: ReadReport }> {
  try {
    return await readScheduleWithReport(file.bytes, {
      format: options.format ? IMPORT_FORMAT_ID[options.format] : undefined,
      fileName: file.name,
      skipRows: options.skipRows,
      mapping: options.mapping,
    });
  } catch (error) {
    throw readFailure(error);
  }
}

export interface UploadTarget {
  spaceId: string;
  userId: string | null;
  scheduleId: string;
  label?: string;
  project?: string;
  /** The uploader's: a failure of the details job is kept in it. */
  language?: Language;
}

/**
 * The `import_details` job's payload: the version, and the stored file (temp area) holding what to write into it as
 * JSON — as a file, not in the payload: 100,000 assignments and links are ~12 MB of JSON, which the embedded
 * database took a second to store as jsonb inside the upload's transaction.
 */
export interface DetailsPayload {
  versionId: string;
  scheduleId: string;
  language: Language;
  fileId: string;
  /** Steps a failed job had committed already: its retry (`retryDetails`) starts after them. */
  fromStep?: number;
}

/**
 * Reads and writes a file as a new version, all or nothing: the model is complete before the transaction starts
 * (readers throw before returning), and every row goes in one transaction. `withinCommit` runs in that transaction
 * with the answer (a job completes itself there), so the version and whatever records it commit together.
 * The version shows with its works, relations and calendars; its assignments, code links and UDF values (mapped
 * already, so the report is whole) are the payload of an `import_details` job made in the same transaction and sent
 * after it: the version is `importing_details` until that job has written them.
 */
export async function uploadVersion(
  ctx: Pick<AppContext, "db" | "realtime" | "jobs" | "storage">,
  file: UploadedFile,
  options: ReadOptions,
  target: UploadTarget,
  onProgress?: (percent: number) => Promise<void>,
  withinCommit?: (tx: DbOrTx, result: UploadResult) => Promise<void>,
): Promise<UploadResult> {
  const began = performance.now();
  const { model, report: readReport } = await readModelWithReport(file, options);
  await onProgress?.(40);
  const warnings = new ImportWarnings();
  const { outcome, result, detailsJobId } = await ctx.db.transaction(async (tx) => {
    const outcome = await importModel(tx, model, {
      spaceId: target.spaceId,
      userId: target.userId,
      scheduleId: target.scheduleId,
      label: target.label || file.name.replace(/\.[^.]+$/, "") || file.name,
      projectId: target.project,
      warnings,
      detailsLater: true,
    });
    const report: StoredReport = {
      fileName: file.name,
      format: model.source?.format ?? options.format ?? "unknown",
      producer: model.source?.producer ?? null,
      project: outcome.project,
      read: countRead(model),
      stored: {
        activities: outcome.activities,
        relations: outcome.relations,
        calendars: outcome.calendarsUsed,
        resources: outcome.resources,
        codes: outcome.codes.values,
      },
      ...mergeWarnings(readReport, warnings),
    };
    await saveImportReport(
      tx,
      { spaceId: target.spaceId, versionId: outcome.versionId, userId: target.userId },
      report,
    );
    const result: UploadResult = {
      versionId: outcome.versionId,
      activities: outcome.activities,
      relations: outcome.relations,
      calendarsCreated: outcome.calendarsCreated,
      format: model.source?.format ?? options.format ?? "unknown",
      elapsedMs: Math.round(performance.now() - began),
      report: { ...report, versionId: outcome.versionId, createdAt: new Date().toISOString() },
    };
    let detailsJobId: string | null = null;
    if (hasDetails(outcome.details)) {
      const stored = await ctx.storage.save(tx, {
        area: "temp",
        name: `details-${outcome.versionId}.json`,
        mediaType: "application/json",
        bytes: Buffer.from(JSON.stringify(outcome.details)),
        spaceId: target.spaceId,
        ownerUserId: target.userId ?? undefined,
      });
      const payload: DetailsPayload = {
        versionId: outcome.versionId,
        scheduleId: target.scheduleId,
        language: target.language ?? "en",
        fileId: stored.id,
      };
      const job = await ctx.jobs.enqueueIn(tx, IMPORT_DETAILS_JOB, {
        spaceId: target.spaceId,
        userId: target.userId,
        payload: payload as unknown as Record<string, unknown>,
      });
      await markDetailsPending(tx, outcome.versionId, job.id);
      detailsJobId = job.id;
    }
    await withinCommit?.(tx, result);
    return { outcome, result, detailsJobId };
  });
  if (detailsJobId) await ctx.jobs.send(detailsJobId);
  const events = new WorkspaceEvents(ctx.realtime);
  if (outcome.createdResourceIds.length > 0)
    events.resourcesUpdated(target.spaceId, target.userId, outcome.createdResourceIds);
  if (outcome.createdCalendarIds.length > 0) {
    events.calendarsUpdated(target.spaceId, target.userId, outcome.createdCalendarIds);
  }
  events.directoriesFilled(target.spaceId, target.userId, outcome.codes.directories);
  events.versionsChanged(target.spaceId, target.userId, target.scheduleId, [outcome.versionId], "created");
  if (outcome.settingsChanged) events.calculateSettingsUpdated(target.spaceId, target.userId, target.scheduleId);
  if (outcome.staleVersionIds.length > 0)
    events.versionsChanged(target.spaceId, target.userId, target.scheduleId, outcome.staleVersionIds, "updated");
  return result;
}

/** Longest text of a failure kept with a job or a version and shown to users. */
const FAILURE_TEXT_MAX = 500;

/**
 * What a failed import tells its user: a known error in their language; anything else by the message of its first
 * cause — a failed query wraps the database's message in its whole text and parameters (for a step of 10,000 rows,
 * 10,000 ids), which is no message for a user and went to every client with the version list.
 */
export function failureText(error: unknown, language: Language): string {
  if (error instanceof AppError) return errorMessage(language, error.code, error.params);
  let root = error;
  while (root instanceof Error && root.cause instanceof Error) root = root.cause;
  const text = root instanceof Error ? root.message : String(root);
  return text.length > FAILURE_TEXT_MAX ? `${text.slice(0, FAILURE_TEXT_MAX - 1)}…` : text;
}

export function interchangeEvent(
  ctx: Pick<AppContext, "realtime">,
  input: {
    type: "import" | "export" | "batch_import" | "batch_export";
    spaceId: string;
    userId: string | null;
    jobId: string;
    scheduleId: string | null;
    versionId: string | null;
    progress: number;
    status: "uploading" | "completed" | "error";
    error?: string;
  },
) {
  ctx.realtime.toSpace({
    v: EVENTS_PROTOCOL_VERSION,
    type: input.type,
    spaceId: input.spaceId,
    byUserId: input.userId,
    jobId: input.jobId,
    scheduleId: input.scheduleId,
    versionId: input.versionId,
    progress: input.progress,
    status: input.status,
    ...(input.error ? { error: input.error } : {}),
  });
}

export async function writeModel(model: ScheduleModel, format: ExportFormat): Promise<Buffer> {
  return Buffer.from(await writeSchedule(model, EXPORT_FORMAT[format].id));
}
