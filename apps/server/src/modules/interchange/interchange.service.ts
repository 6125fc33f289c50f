import {
  EVENTS_PROTOCOL_VERSION,
  type ExportFormat,
  type ExportResult,
  type ImportFormat,
  type InterchangeJob,
  type Language,
  type UploadJob,
  type UploadPreview,
  type UploadQuery,
  type UploadResult,
  type VersionComparison,
} from "@planum/contracts";
import {
  type Grant,
  loadVersion,
  type NodeScope,
  type ScheduleScope,
  type VersionScope,
} from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import { AppError } from "../../platform/errors.js";
import { type JobContext, JobTakenOver } from "../../platform/jobs.js";
import type { UploadedFile } from "../../platform/uploads.js";
import { WorkspaceEvents } from "../../platform/workspace-events.js";
import { IMPORT_JOB } from "./batch-processing.js";
import { importIntoFacility } from "./facility-import.js";
import {
  detailSteps,
  detailsCount,
  IMPORT_DETAILS_JOB,
  lockDetailsState,
  markDetailsPending,
  parseImportDetails,
  readDetailsJob,
  setDetailsState,
  writeImportDetails,
} from "./import-details.js";
import { findImportReport } from "./import-report.js";
import { findImportRule } from "./import-settings.js";
import { interchangeRepo } from "./interchange.repo.js";
import { exportModel } from "./model-export.js";
import { projectModel } from "./project-export.js";
import {
  type DetailsPayload,
  EXPORT_FORMAT,
  failureText,
  interchangeEvent,
  parseMapping,
  uploadVersion,
  writeModel,
} from "./upload.js";
import { previewTable } from "./upload-preview.js";
import { compareVersions, comparisonCsv } from "./version-compare.js";

/** What an upload job carries: the stored file's id (never its bytes) and the caller's choices. */
interface ImportPayload {
  scheduleId: string;
  fileId: string;
  fileName: string;
  language: Language;
  format?: ImportFormat;
  skipRows?: number;
  mapping?: string;
  label?: string;
  project?: string;
}

/** A file name of parts, without the characters file systems refuse (exports of every kind name their files so). */
export function fileName(...parts: string[]) {
  return parts.join("").replace(/[\\/:*?"<>|]+/g, "_");
}

/**
 * Schedule files in and out: uploads as new versions (at once or as a job it handles itself), previews, exports,
 * comparisons, a file as a new project of a facility and a project as one file.
 */
export class InterchangeService {
  constructor(
    private readonly ctx: AppContext,
    /** A batch import shares the `import_version` job type; its runs go there. */
    batch: {
      isBatchImport(payload: unknown): boolean;
      runImport(context: JobContext): Promise<unknown>;
    },
  ) {
    ctx.jobs.register(IMPORT_JOB, (context) =>
      batch.isBatchImport(context.job.payload)
        ? (batch.runImport(context) as Promise<Record<string, unknown>>)
        : this.runImport(context),
    );
    ctx.jobs.register(IMPORT_DETAILS_JOB, (context) => this.runDetails(context));
  }

  /** The query with a saved rule (`?rule=name`) applied; what the query itself says wins over the rule. */
  async withRule(spaceId: string, query: UploadQuery): Promise<UploadQuery> {
    if (!query.rule) return query;
    const rule = await findImportRule(this.ctx.db, spaceId, query.rule);
    return {
      ...query,
      format: query.format ?? rule.format ?? undefined,
      skipRows: query.skipRows ?? rule.skipRows,
      mapping: query.mapping ?? JSON.stringify(rule.mapping),
    };
  }

  async uploadNow(
    scope: ScheduleScope,
    rawQuery: UploadQuery,
    file: UploadedFile,
    language: Language,
  ): Promise<UploadResult> {
    const q = await this.withRule(scope.grant.space.id, rawQuery);
    return uploadVersion(
      this.ctx,
      file,
      { format: q.format, skipRows: q.skipRows, mapping: parseMapping(q.mapping) },
      {
        spaceId: scope.grant.space.id,
        userId: scope.grant.userId,
        scheduleId: scope.schedule.id,
        label: q.label,
        project: q.project,
        language,
      },
    );
  }

  /** Keeps the bytes in the temp area (the job holds only their id, so any process can run it) and enqueues it. */
  async uploadAsJob(scope: ScheduleScope, rawQuery: UploadQuery, file: UploadedFile, language: Language) {
    const { grant } = scope;
    const query = await this.withRule(grant.space.id, rawQuery);
    parseMapping(query.mapping);
    const stored = await this.ctx.storage.save(this.ctx.db, {
      area: "temp",
      name: file.name,
      mediaType: "application/octet-stream",
      bytes: file.bytes,
      spaceId: grant.space.id,
      ownerUserId: grant.userId,
    });
    const payload: ImportPayload = {
      scheduleId: scope.schedule.id,
      fileId: stored.id,
      fileName: file.name,
      language,
      ...query,
    };
    const job = await this.ctx.jobs.enqueue(IMPORT_JOB, {
      spaceId: grant.space.id,
      userId: grant.userId,
      payload: payload as unknown as Record<string, unknown>,
    });
    interchangeEvent(this.ctx, {
      type: "import",
      spaceId: grant.space.id,
      userId: grant.userId,
      jobId: job.id,
      scheduleId: scope.schedule.id,
      versionId: null,
      progress: 0,
      status: "uploading",
    });
    return { jobId: job.id };
  }

  /**
   * The upload job. Its version and its completion commit together (`complete(tx)` inside the import
   * transaction): a process killed after that commit leaves a completed job with its version, never run again.
   */
  private async runImport({ job, progress, complete }: JobContext) {
    const { ctx } = this;
    const input = job.payload as unknown as ImportPayload;
    const base = { type: "import" as const, spaceId: job.spaceId!, userId: job.createdBy, jobId: job.id };
    const report = async (percent: number) => {
      await progress(percent);
      interchangeEvent(ctx, {
        ...base,
        scheduleId: input.scheduleId,
        versionId: null,
        progress: percent,
        status: "uploading",
      });
    };
    const stored = await ctx.storage.read(ctx.db, input.fileId);
    let keepFile = false;
    try {
      if (!stored) throw new AppError("NotFound");
      await report(10);
      const result = await uploadVersion(
        ctx,
        { bytes: stored.bytes, name: input.fileName },
        { format: input.format, skipRows: input.skipRows, mapping: parseMapping(input.mapping) },
        {
          spaceId: job.spaceId!,
          userId: job.createdBy,
          scheduleId: input.scheduleId,
          label: input.label,
          project: input.project,
          language: input.language,
        },
        report,
        (tx, result) => complete(tx, { ...result }),
      );
      interchangeEvent(ctx, {
        ...base,
        scheduleId: input.scheduleId,
        versionId: result.versionId,
        progress: 100,
        status: "completed",
      });
      return { ...result };
    } catch (error) {
      // Another process runs the job now: its file and its outcome are that attempt's.
      if (error instanceof JobTakenOver) {
        keepFile = true;
        throw error;
      }
      // The job row keeps the message in the uploader's language, so a reloaded page can show it as it was.
      const message = failureText(error, input.language);
      interchangeEvent(ctx, {
        ...base,
        scheduleId: input.scheduleId,
        versionId: null,
        progress: 100,
        status: "error",
        error: message,
      });
      throw new Error(message);
    } finally {
      if (stored && !keepFile) await ctx.storage.remove(ctx.db, input.fileId).catch(() => {});
    }
  }

  /**
   * The `import_details` job: an uploaded version's assignments, code links and UDF values, in steps
   * (`detailSteps`), each written with the job's checkpoint of it in one transaction under the version's row lock —
   * the last with the version's state and the job's completion — so an attempt that takes the job over resumes
   * after the last step committed and never writes a row twice. A version deleted meanwhile, or one whose details
   * are written or left to another job, is left alone.
   */
  private async runDetails({ job, complete, checkpoint }: JobContext) {
    const { ctx } = this;
    const input = job.payload as unknown as DetailsPayload;
    const spaceId = job.spaceId!;
    const events = new WorkspaceEvents(ctx.realtime);
    // whether every relation is in (committed by this job or the failed one it retries): a failure before leaves the
    // version's network incomplete, after it only assignments or codes missing
    let relationsIn = false;
    try {
      // Not this job's to write (the version is gone or complete, another job holds it): its file may be gone too.
      const before = await lockDetailsState(ctx.db, input.versionId);
      if (before?.status !== "importing_details" || before.jobId !== job.id)
        return { versionId: input.versionId, skipped: true };
      const stored = await ctx.storage.read(ctx.db, input.fileId);
      if (!stored) throw new AppError("NotFound");
      const details = parseImportDetails(stored.bytes.toString("utf8"));
      const steps = detailSteps(details);
      const counts = detailsCount(details);
      let written: typeof counts | null = null;
      const resumed = (job.result as { steps?: number } | null)?.steps ?? input.fromStep ?? 0;
      // relations are the first steps (detailSteps)
      const relationSteps = steps.filter((s) => s.relations.p.length > 0).length;
      relationsIn = resumed >= relationSteps;
      for (let step = resumed; step < steps.length; step++) {
        const last = step === steps.length - 1;
        const went = await ctx.db.transaction(async (tx) => {
          const state = await lockDetailsState(tx, input.versionId);
          if (state?.status !== "importing_details" || state.jobId !== job.id) {
            await complete(tx, { versionId: input.versionId, skipped: true });
            return false;
          }
          await writeImportDetails(tx, spaceId, input.versionId, steps[step], true);
          if (!last) {
            await checkpoint(tx, { versionId: input.versionId, steps: step + 1 }, ((step + 1) / steps.length) * 100);
            return true;
          }
          await setDetailsState(tx, input.versionId, job.id, { status: null });
          await complete(tx, { versionId: input.versionId, ...counts });
          return true;
        });
        // A step committed: what this process keeps of earlier reads (the version's row and revision, which the
        // Gantt's key names) is read again, so the relations written show at the next read, not at the job's end.
        ctx.changes.advance();
        if (!went) break;
        if (step + 1 >= relationSteps) relationsIn = true;
        if (last) written = counts;
      }
      // done (or never to be done): what the file held is of no more use; a failed job keeps it for its next try
      await ctx.storage.remove(ctx.db, input.fileId).catch(() => {});
      if (written) events.versionsChanged(spaceId, job.createdBy, input.scheduleId, [input.versionId], "updated");
      return { versionId: input.versionId, ...written };
    } catch (error) {
      if (error instanceof JobTakenOver) throw error;
      const message = failureText(error, input.language);
      const status = relationsIn ? "details_failed" : "relations_failed";
      await setDetailsState(ctx.db, input.versionId, job.id, { status, error: message });
      events.versionsChanged(spaceId, job.createdBy, input.scheduleId, [input.versionId], "updated");
      throw error;
    }
  }

  /**
   * Tries a failed `import_details` job of the version again: a new job on the same stored file that starts after
   * the steps the failed one committed (each step commits with its checkpoint), so no row is written twice. Its
   * failure is told in the language of whoever asked for the retry.
   */
  async retryDetails(scope: VersionScope, language: Language): Promise<UploadJob> {
    const { ctx } = this;
    const { grant, version } = scope;
    const jobId = await ctx.db.transaction(async (tx) => {
      const state = await lockDetailsState(tx, version.id);
      const failed =
        (state?.status === "details_failed" || state?.status === "relations_failed") && state.jobId
          ? await readDetailsJob(tx, state.jobId)
          : null;
      if (!failed) throw new AppError("VersionDetailsNotFailed", { label: version.label });
      const payload = failed.payload as unknown as DetailsPayload;
      const done = (failed.result as { steps?: number } | null)?.steps ?? payload.fromStep ?? 0;
      const retry: DetailsPayload = { ...payload, language, fromStep: done };
      const job = await ctx.jobs.enqueueIn(tx, IMPORT_DETAILS_JOB, {
        spaceId: grant.space.id,
        userId: grant.userId,
        payload: retry as unknown as Record<string, unknown>,
      });
      await markDetailsPending(tx, version.id, job.id);
      return job.id;
    });
    await ctx.jobs.send(jobId);
    new WorkspaceEvents(ctx.realtime).versionsChanged(
      grant.space.id,
      grant.userId,
      version.scheduleId,
      [version.id],
      "updated",
    );
    return { jobId };
  }

  /** The dialog's first look at a file: detected format and, for tables, the first rows to map columns on. */
  async preview(scope: ScheduleScope, rawQuery: UploadQuery, file: UploadedFile): Promise<UploadPreview> {
    const query = await this.withRule(scope.grant.space.id, rawQuery);
    return previewTable(file, query.format, query.skipRows ?? 0, parseMapping(query.mapping));
  }

  /** A job of the caller (import or export) with its result: what a reloaded page resumes from. */
  async job(grant: Grant, id: string): Promise<InterchangeJob> {
    const job = await this.ctx.jobs.get(id);
    if (!job || job.spaceId !== grant.space.id || job.createdBy !== grant.userId) throw new AppError("NotFound");
    return {
      id: job.id,
      type: job.type,
      status: job.status,
      progress: job.progress,
      result: (job.result as Record<string, unknown> | null) ?? null,
      error: job.error,
    };
  }

  /** What the version's upload read, stored and dropped; null for a version not imported from a file. */
  importReport(scope: VersionScope) {
    return findImportReport(this.ctx.db, scope.grant.space.id, scope.version.id);
  }

  /** Both versions must belong to the schedule of the path (and so to the caller's space). */
  private async pair(scope: ScheduleScope, body: { versionA: string; versionB: string }) {
    const a = await loadVersion(this.ctx.db, scope.grant, body.versionA);
    const b = await loadVersion(this.ctx.db, scope.grant, body.versionB);
    if (a.scheduleId !== scope.schedule.id || b.scheduleId !== scope.schedule.id) throw new AppError("NotFound");
    return { a: a.version, b: b.version };
  }

  async compare(scope: ScheduleScope, body: { versionA: string; versionB: string }): Promise<VersionComparison> {
    const { a, b } = await this.pair(scope, body);
    return compareVersions(this.ctx.db, a, b);
  }

  async exportComparison(scope: ScheduleScope, body: { versionA: string; versionB: string }): Promise<ExportResult> {
    const { a, b } = await this.pair(scope, body);
    const bytes = comparisonCsv(await compareVersions(this.ctx.db, a, b), { a: a.label, b: b.label });
    return this.keep(scope.grant, fileName(a.label, " - ", b.label, ".csv"), "text/csv", bytes);
  }

  /** A file as a new project of the facility: one schedule per project of the file (a Planum ZIP: all versions). */
  async importFacility(scope: NodeScope, file: UploadedFile) {
    const { grant } = scope;
    const made = await importIntoFacility(this.ctx, grant, scope.node.id, file);
    this.ctx.realtime.toSpace({
      v: EVENTS_PROTOCOL_VERSION,
      type: "project_import",
      spaceId: grant.space.id,
      byUserId: grant.userId,
      facilityId: scope.node.id,
      projectId: made.projectId,
      scheduleIds: made.schedules.map((s) => s.scheduleId),
      status: "completed",
    });
    return made;
  }

  /** Every schedule of the project (its actual version) as one project of one file. */
  async exportProject(scope: NodeScope, format: ExportFormat): Promise<ExportResult> {
    const { grant, node: project } = scope;
    const model = await projectModel(this.ctx.db, grant.space.id, project.id);
    const spec = EXPORT_FORMAT[format];
    const stored = await this.keep(
      grant,
      fileName(project.name, ".", spec.ext),
      spec.mediaType,
      await writeModel(model, format),
    );
    this.ctx.realtime.toSpace({
      v: EVENTS_PROTOCOL_VERSION,
      type: "project_export",
      spaceId: grant.space.id,
      byUserId: grant.userId,
      projectId: project.id,
      fileId: stored.fileId,
      name: stored.name,
      status: "completed",
    });
    return stored;
  }

  async exportVersion(scope: VersionScope, format: ExportFormat): Promise<ExportResult> {
    const name = (await interchangeRepo.scheduleName(this.ctx.db, scope.scheduleId)) ?? "schedule";
    const model = await exportModel(this.ctx.db, scope.version, { project: name, code: name.slice(0, 40) });
    const spec = EXPORT_FORMAT[format];
    const stored = await this.keep(
      scope.grant,
      fileName(name, " - ", scope.version.label, ".", spec.ext),
      spec.mediaType,
      await writeModel(model, format),
    );
    interchangeEvent(this.ctx, {
      type: "export",
      spaceId: scope.grant.space.id,
      userId: scope.grant.userId,
      jobId: stored.fileId,
      scheduleId: scope.scheduleId,
      versionId: scope.version.id,
      progress: 100,
      status: "completed",
    });
    return stored;
  }

  /** A file made for the caller to download, in the temp area. */
  private async keep(grant: Grant, name: string, mediaType: string, bytes: Buffer): Promise<ExportResult> {
    const stored = await this.ctx.storage.save(this.ctx.db, {
      area: "temp",
      name,
      mediaType,
      bytes,
      spaceId: grant.space.id,
      ownerUserId: grant.userId,
    });
    return { fileId: stored.id, name: stored.name, size: stored.size };
  }
}
