import {
  type BatchFileOutcome,
  batchExportBody,
  batchImportQuery,
  batchImportStartedSchema,
  batchStopAnswerSchema,
  batchStopBody,
  EVENTS_PROTOCOL_VERSION,
  type ExportFormat,
  type ImportFormat,
  type Language,
  uploadJobSchema,
} from "@planum/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import { type Grant, loadVersion } from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import { AppError } from "../../platform/errors.js";
import { requestLanguage } from "../../platform/http-errors.js";
import { type JobContext, JobTakenOver } from "../../platform/jobs.js";
import { route } from "../../platform/route.js";
import { REPORT_BATCH_JOB } from "../reports/index.js";
import { interchangeRepo } from "./interchange.repo.js";
import { exportModel } from "./model-export.js";
import { EXPORT_FORMAT, failureText, interchangeEvent, uploadVersion, writeModel } from "./upload.js";

/** The spec's batch job types: a batch import is an `import_version` job with several files. */
export const IMPORT_JOB = "import_version";
const BATCH_EXPORT = "export_version";

/** The jobs `/batch-processing/stop` may stop, by the name `batch_stop` gives them. */
const BATCH_KINDS: Record<string, "batch_import" | "batch_export" | "batch_report"> = {
  [IMPORT_JOB]: "batch_import",
  [BATCH_EXPORT]: "batch_export",
  [REPORT_BATCH_JOB]: "batch_report",
};

/** More files than anyone uploads by hand; the size limit still applies to each. */
const MAX_FILES = 50;

interface ImportPayload {
  scheduleId: string;
  files: { fileId: string; name: string }[];
  language: Language;
  skipRows?: number;
  format?: ImportFormat;
}

type BatchImportQuery = z.infer<typeof batchImportQuery>;
type BatchExportBody = z.infer<typeof batchExportBody>;

interface ExportPayload {
  versionIds: string[];
  format: ExportFormat;
  language: Language;
}

/**
 * Batch import and export (spec §7 Batch processing): several files or versions in one job, each file on its own
 * all-or-nothing, so one damaged file is reported without losing the others. A stop request reaches the job wherever
 * it runs and is honoured between files.
 */
export function batchProcessing(ctx: AppContext) {
  const messageOf = failureText;

  /** Tells the space that a batch job stopped, whichever process it ran on. */
  const stopEvent = (job: JobContext["job"], kind: "batch_import" | "batch_export", progress: number) =>
    ctx.realtime.toSpace({
      v: EVENTS_PROTOCOL_VERSION,
      type: "batch_stop",
      spaceId: job.spaceId!,
      byUserId: job.createdBy,
      jobId: job.id,
      job: kind,
      status: "stopped",
      progress: Math.round(progress),
    });

  /** What earlier attempts of the job recorded (its checkpoints): a job taken over resumes after them. */
  const doneBefore = (job: JobContext["job"]) =>
    [...((job.result as { files?: BatchFileOutcome[] } | null)?.files ?? [])] as BatchFileOutcome[];

  const runImport = async ({ job, checkpoint, signal }: JobContext) => {
    const input = job.payload as unknown as ImportPayload;
    const outcomes = doneBefore(job);
    const event = (percent: number, status: "uploading" | "completed" | "error", error?: string) =>
      interchangeEvent(ctx, {
        type: "batch_import",
        spaceId: job.spaceId!,
        userId: job.createdBy,
        jobId: job.id,
        scheduleId: input.scheduleId,
        versionId: null,
        progress: percent,
        status,
        error,
      });
    let stopped = false;
    for (const [k, file] of input.files.entries()) {
      if (k < outcomes.length) continue;
      if (signal.aborted) {
        if (!stopped) stopEvent(job, "batch_import", (k / input.files.length) * 100);
        stopped = true;
        outcomes.push({ name: file.name, error: "stopped" });
        continue;
      }
      const percent = ((k + 1) / input.files.length) * 100;
      const stored = await ctx.storage.read(ctx.db, file.fileId);
      let outcome: BatchFileOutcome;
      try {
        if (!stored) throw new AppError("NotFound");
        // Each file's version commits with the job's record of it, so a takeover never imports a file twice.
        const result = await uploadVersion(
          ctx,
          { bytes: stored.bytes, name: file.name },
          { skipRows: input.skipRows, format: input.format },
          { spaceId: job.spaceId!, userId: job.createdBy, scheduleId: input.scheduleId, language: input.language },
          undefined,
          (tx, result) =>
            checkpoint(
              tx,
              { files: [...outcomes, { name: file.name, versionId: result.versionId, activities: result.activities }] },
              percent,
            ),
        );
        outcome = { name: file.name, versionId: result.versionId, activities: result.activities };
      } catch (error) {
        if (error instanceof JobTakenOver) throw error;
        outcome = { name: file.name, error: messageOf(error, input.language) };
        await checkpoint(ctx.db, { files: [...outcomes, outcome] }, percent);
      }
      outcomes.push(outcome);
      await ctx.storage.remove(ctx.db, file.fileId).catch(() => {});
      event(percent, "uploading");
    }
    // A stopped batch ends completed with what it did; one whose every file failed is an error.
    const failed = !stopped && outcomes.every((o) => o.error);
    event(
      100,
      failed ? "error" : "completed",
      failed ? outcomes.map((o) => `${o.name}: ${o.error}`).join("; ") : undefined,
    );
    if (failed) throw new Error(outcomes.map((o) => `${o.name}: ${o.error}`).join("; "));
    return { files: outcomes };
  };

  const runExport = async ({ job, checkpoint, signal }: JobContext) => {
    const input = job.payload as unknown as ExportPayload;
    const outcomes = doneBefore(job);
    const grant = { space: { id: job.spaceId! } } as Parameters<typeof loadVersion>[1];
    for (const [k, versionId] of input.versionIds.entries()) {
      if (k < outcomes.length) continue;
      if (signal.aborted) {
        stopEvent(job, "batch_export", (k / input.versionIds.length) * 100);
        break;
      }
      try {
        const scope = await loadVersion(ctx.db, grant, versionId);
        const name = (await interchangeRepo.scheduleName(ctx.db, scope.scheduleId)) ?? "schedule";
        const model = await exportModel(ctx.db, scope.version, { project: name, code: name.slice(0, 40) });
        const format = EXPORT_FORMAT[input.format];
        const stored = await ctx.storage.save(ctx.db, {
          area: "temp",
          name: `${name} - ${scope.version.label}.${format.ext}`.replace(/[\\/:*?"<>|]+/g, "_"),
          mediaType: format.mediaType,
          bytes: await writeModel(model, input.format),
          spaceId: job.spaceId!,
          ownerUserId: job.createdBy ?? undefined,
        });
        outcomes.push({ name: stored.name, versionId, fileId: stored.id, size: stored.size });
      } catch (error) {
        outcomes.push({ name: versionId, versionId, error: messageOf(error, input.language) });
      }
      const percent = ((k + 1) / input.versionIds.length) * 100;
      await checkpoint(ctx.db, { files: outcomes }, percent);
      interchangeEvent(ctx, {
        type: "batch_export",
        spaceId: job.spaceId!,
        userId: job.createdBy,
        jobId: job.id,
        scheduleId: null,
        versionId,
        progress: percent,
        status: k + 1 === input.versionIds.length ? "completed" : "uploading",
      });
    }
    return { files: outcomes };
  };

  ctx.jobs.register(BATCH_EXPORT, runExport);

  /** Every `file` part of the request, each under the size limit. */
  async function readFiles(request: FastifyRequest) {
    if (!request.isMultipart()) throw new AppError("Required", { field: "file" });
    const max = `${Math.round(ctx.config.maxUploadBytes / 1024 / 1024)} MB`;
    const files: { bytes: Buffer; name: string }[] = [];
    for await (const part of request.files({ limits: { fileSize: ctx.config.maxUploadBytes, files: MAX_FILES } })) {
      const bytes = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("FileTooLarge", { max });
        throw error;
      });
      if (part.file.truncated) throw new AppError("FileTooLarge", { max });
      files.push({ bytes, name: part.filename || `file-${files.length + 1}` });
    }
    if (files.length === 0) throw new AppError("Required", { field: "file" });
    return files;
  }

  /** Stores the uploaded files (temp area, swept if the job never reads them) and enqueues one job for them all. */
  async function startImport(grant: Grant, scheduleId: string, request: FastifyRequest, query: BatchImportQuery) {
    const files = await readFiles(request);
    const stored = [];
    for (const file of files) {
      const row = await ctx.storage.save(ctx.db, {
        area: "temp",
        name: file.name,
        mediaType: "application/octet-stream",
        bytes: file.bytes,
        spaceId: grant.space.id,
        ownerUserId: grant.userId,
      });
      stored.push({ fileId: row.id, name: file.name });
    }
    const payload: ImportPayload = {
      scheduleId,
      files: stored,
      language: requestLanguage(request),
      skipRows: query.skipRows,
      format: query.format,
    };
    const job = await ctx.jobs.enqueue(IMPORT_JOB, {
      spaceId: grant.space.id,
      userId: grant.userId,
      payload: payload as unknown as Record<string, unknown>,
    });
    return { jobId: job.id, files: stored.length };
  }

  async function startExport(grant: Grant, body: BatchExportBody, language: Language) {
    const versionIds = [...new Set(body.versionIds)];
    // Every version is checked now, so the job never writes a file of a version the caller cannot read.
    for (const id of versionIds) await loadVersion(ctx.db, grant, id);
    const payload: ExportPayload = { versionIds, format: body.format, language };
    const job = await ctx.jobs.enqueue(BATCH_EXPORT, {
      spaceId: grant.space.id,
      userId: grant.userId,
      payload: payload as unknown as Record<string, unknown>,
    });
    return { jobId: job.id };
  }

  /** Asks the caller's own batch job to stop; the flag is in the job's row, so whichever process runs it sees it. */
  async function stop(grant: Grant, jobId: string) {
    const job = await ctx.jobs.get(jobId);
    const ours = job && job.spaceId === grant.space.id && job.createdBy === grant.userId;
    const kind = ours ? BATCH_KINDS[job.type] : undefined;
    if (!ours || !kind) throw new AppError("NotFound");
    const running = await ctx.jobs.requestStop(job.id);
    if (running) {
      ctx.realtime.toSpace({
        v: EVENTS_PROTOCOL_VERSION,
        type: "batch_stop",
        spaceId: grant.space.id,
        byUserId: grant.userId,
        jobId: job.id,
        job: kind,
        status: "requested",
        progress: job.progress,
      });
    }
    // a report batch tells its own progress (`batch_report`): the interchange event is the import's and export's
    if (kind === "batch_report") return { jobId: job.id, stopping: running };
    interchangeEvent(ctx, {
      type: job.type === IMPORT_JOB ? "batch_import" : "batch_export",
      spaceId: grant.space.id,
      userId: grant.userId,
      jobId: job.id,
      scheduleId: null,
      versionId: null,
      progress: job.progress,
      status: running ? "uploading" : job.status === "error" ? "error" : "completed",
    });
    return { jobId: job.id, stopping: running };
  }

  const routes = (app: FastifyInstance) => {
    const tags = ["Batch processing"];
    const { access } = ctx;

    route(
      app,
      {
        method: "POST",
        url: "/batch-processing/import",
        tags,
        summary: "Several schedule files as new versions of one schedule, in one job",
        query: batchImportQuery,
        response: batchImportStartedSchema,
        access: access.schedule("write", "scheduleId", "query"),
      },
      ({ scope, query, request }) => startImport(scope.grant, scope.schedule.id, request, query),
    );

    route(
      app,
      {
        method: "POST",
        url: "/batch-processing/export",
        tags,
        summary: "Several versions exported in one job",
        body: batchExportBody,
        response: uploadJobSchema,
        access: access.space("schedule:read"),
      },
      ({ scope, body, request }) => startExport(scope, body, requestLanguage(request)),
    );

    route(
      app,
      {
        method: "POST",
        url: "/batch-processing/stop",
        tags,
        summary: "Stops the caller's batch job between files, wherever it runs",
        body: batchStopBody,
        response: batchStopAnswerSchema,
        access: access.space("schedule:read"),
      },
      ({ scope, body }) => stop(scope, body.jobId),
    );
  };

  return { routes, runImport, isBatchImport: (payload: unknown) => Array.isArray((payload as ImportPayload).files) };
}
