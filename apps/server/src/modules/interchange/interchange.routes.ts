import {
  compareBody,
  EVENTS_PROTOCOL_VERSION,
  type ExportResult,
  errorMessage,
  exportParams,
  type ImportFormat,
  type InterchangeJob,
  jobIdParams,
  projectExportBody,
  scheduleIdParams,
  type UploadPreview,
  type UploadQuery,
  uploadQuery,
} from "@planum/contracts";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { schedules } from "../../db/schema/index.js";
import {
  lineage,
  loadNode,
  loadScheduleScope,
  loadVersion,
  readVersion,
  requireAt,
  requireScheduleWrite,
  workspaceGate,
} from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import { AppError } from "../../platform/errors.js";
import { ok, typed } from "../../platform/http.js";
import { requestLanguage } from "../../platform/http-errors.js";
import { JobTakenOver } from "../../platform/jobs.js";
import { batchProcessing, IMPORT_JOB } from "./batch-processing.js";
import { importIntoFacility } from "./facility-import.js";
import { findImportRule, importSettingsRoutes } from "./import-settings.js";
import {
  EXPORT_FORMAT,
  interchangeEvent,
  parseMapping,
  readUpload,
  uploadVersion,
  writeModel,
} from "./interchange.service.js";
import { exportModel } from "./model-export.js";
import { projectModel } from "./project-export.js";
import { previewTable } from "./upload-preview.js";
import { compareVersions, comparisonCsv } from "./version-compare.js";

interface ImportPayload {
  scheduleId: string;
  fileId: string;
  fileName: string;
  language: "ru" | "en" | "fr";
  format?: ImportFormat;
  skipRows?: number;
  mapping?: string;
  label?: string;
  project?: string;
}

/** Schedule files in and out: uploads as new versions (synchronous or as a job), exports, previews. */
export function interchangeModule(ctx: AppContext) {
  const batch = batchProcessing(ctx);
  ctx.jobs.register(IMPORT_JOB, async (context) => {
    if (batch.isBatchImport(context.job.payload)) return batch.runImport(context);
    const { job, progress, complete } = context;
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
        },
        report,
        // The version and the job's completion commit together: a process killed after this commit leaves a
        // completed job with its version, and the job is never run again.
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
      const message =
        error instanceof AppError ? errorMessage(input.language, error.code, error.params) : String(error);
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
  });

  return async function interchangeRoutes(fastify: FastifyInstance) {
    const app = typed(fastify);
    const tags = ["Interchange"];
    batch.routes(fastify);
    await importSettingsRoutes(ctx)(fastify);

    const writableSchedule = async (request: Parameters<typeof workspaceGate>[1], id: string) => {
      const grant = await workspaceGate(ctx, request);
      const schedule = await loadScheduleScope(ctx.db, grant, id);
      await requireScheduleWrite(ctx.db, grant, schedule.lineage);
      return { grant, schedule };
    };

    /** The query with a saved rule (`?rule=name`) applied; what the query itself says wins over the rule. */
    const withRule = async (spaceId: string, query: UploadQuery): Promise<UploadQuery> => {
      if (!query.rule) return query;
      const rule = await findImportRule(ctx.db, spaceId, query.rule);
      return {
        ...query,
        format: query.format ?? rule.format ?? undefined,
        skipRows: query.skipRows ?? rule.skipRows,
        mapping: query.mapping ?? JSON.stringify(rule.mapping),
      };
    };

    app.post(
      "/schedules/:id/versions/upload/synchronous",
      { schema: { tags, params: scheduleIdParams, querystring: uploadQuery } },
      async (request) => {
        const { grant } = await writableSchedule(request, request.params.id);
        const q = await withRule(grant.space.id, request.query);
        const file = await readUpload(request, ctx.config.maxUploadBytes);
        return ok(
          await uploadVersion(
            ctx,
            file,
            { format: q.format, skipRows: q.skipRows, mapping: parseMapping(q.mapping) },
            {
              spaceId: grant.space.id,
              userId: grant.userId,
              scheduleId: request.params.id,
              label: q.label,
              project: q.project,
            },
          ),
        );
      },
    );

    app.post(
      "/schedules/:id/versions/upload",
      { schema: { tags, params: scheduleIdParams, querystring: uploadQuery } },
      async (request) => {
        const { grant } = await writableSchedule(request, request.params.id);
        const query = await withRule(grant.space.id, request.query);
        parseMapping(query.mapping);
        const file = await readUpload(request, ctx.config.maxUploadBytes);
        // The bytes wait in the temp area: the job row holds only their id, so a restarted server can run it again.
        const stored = await ctx.storage.save(ctx.db, {
          area: "temp",
          name: file.name,
          mediaType: "application/octet-stream",
          bytes: file.bytes,
          spaceId: grant.space.id,
          ownerUserId: grant.userId,
        });
        const payload: ImportPayload = {
          scheduleId: request.params.id,
          fileId: stored.id,
          fileName: file.name,
          language: requestLanguage(request),
          ...query,
        };
        const job = await ctx.jobs.enqueue(IMPORT_JOB, {
          spaceId: grant.space.id,
          userId: grant.userId,
          payload: payload as unknown as Record<string, unknown>,
        });
        interchangeEvent(ctx, {
          type: "import",
          spaceId: grant.space.id,
          userId: grant.userId,
          jobId: job.id,
          scheduleId: request.params.id,
          versionId: null,
          progress: 0,
          status: "uploading",
        });
        return ok({ jobId: job.id });
      },
    );

    /** The dialog's first look at a file: detected format and, for tables, the first rows to map columns on. */
    app.post(
      "/schedules/:id/versions/upload/preview",
      { schema: { tags, params: scheduleIdParams, querystring: uploadQuery } },
      async (request) => {
        const { grant } = await writableSchedule(request, request.params.id);
        const query = await withRule(grant.space.id, request.query);
        const file = await readUpload(request, ctx.config.maxUploadBytes);
        const preview: UploadPreview = await previewTable(
          file,
          query.format,
          query.skipRows ?? 0,
          parseMapping(query.mapping),
        );
        return ok(preview);
      },
    );

    /** A job of the caller (import or export) with its result: what a reloaded page resumes from. */
    app.get("/interchange/jobs/:id", { schema: { tags, params: jobIdParams } }, async (request) => {
      const grant = await workspaceGate(ctx, request);
      const job = await ctx.jobs.get(request.params.id);
      if (!job || job.spaceId !== grant.space.id || job.createdBy !== grant.userId) throw new AppError("NotFound");
      const answer: InterchangeJob = {
        id: job.id,
        type: job.type,
        status: job.status,
        progress: job.progress,
        result: (job.result as Record<string, unknown> | null) ?? null,
        error: job.error,
      };
      return ok(answer);
    });

    /** Both versions must belong to the schedule of the path (and so to the caller's space). */
    const comparedPair = async (
      request: Parameters<typeof workspaceGate>[1],
      scheduleId: string,
      body: { versionA: string; versionB: string },
    ) => {
      const grant = await workspaceGate(ctx, request);
      await loadScheduleScope(ctx.db, grant, scheduleId);
      const a = await loadVersion(ctx.db, grant, body.versionA);
      const b = await loadVersion(ctx.db, grant, body.versionB);
      if (a.scheduleId !== scheduleId || b.scheduleId !== scheduleId) throw new AppError("NotFound");
      return { grant, a: a.version, b: b.version };
    };

    app.post(
      "/schedules/:id/versions/compare",
      { schema: { tags, params: scheduleIdParams, body: compareBody } },
      async (request) => {
        const { a, b } = await comparedPair(request, request.params.id, request.body);
        return ok(await compareVersions(ctx.db, a, b));
      },
    );

    app.post(
      "/schedules/:id/versions/export-comparison",
      { schema: { tags, params: scheduleIdParams, body: compareBody } },
      async (request) => {
        const { grant, a, b } = await comparedPair(request, request.params.id, request.body);
        const bytes = comparisonCsv(await compareVersions(ctx.db, a, b), { a: a.label, b: b.label });
        const stored = await ctx.storage.save(ctx.db, {
          area: "temp",
          name: `${a.label} - ${b.label}.csv`.replace(/[\\/:*?"<>|]+/g, "_"),
          mediaType: "text/csv",
          bytes,
          spaceId: grant.space.id,
          ownerUserId: grant.userId,
        });
        const answer: ExportResult = { fileId: stored.id, name: stored.name, size: stored.size };
        return ok(answer);
      },
    );

    /** A file as a new project of the facility: one schedule per project of the file (a Planum ZIP: all versions). */
    app.post("/facilities/:id/import", { schema: { tags, params: scheduleIdParams } }, async (request) => {
      const grant = await ctx.access.space("eps:read").check(request, {});
      const file = await readUpload(request, ctx.config.maxUploadBytes);
      const made = await importIntoFacility(ctx, grant, request.params.id, file);
      ctx.realtime.toSpace({
        v: EVENTS_PROTOCOL_VERSION,
        type: "project_import",
        spaceId: grant.space.id,
        byUserId: grant.userId,
        facilityId: request.params.id,
        projectId: made.projectId,
        scheduleIds: made.schedules.map((s) => s.scheduleId),
        status: "completed",
      });
      return ok(made);
    });

    app.post(
      "/projects/:id/export",
      { schema: { tags, params: scheduleIdParams, body: projectExportBody } },
      async (request) => {
        const grant = await workspaceGate(ctx, request);
        const project = await loadNode(ctx.db, grant.space.id, request.params.id, ["project"]);
        await requireAt(ctx.db, grant, "schedule:read", lineage(project));
        const model = await projectModel(ctx.db, grant.space.id, project.id);
        const format = EXPORT_FORMAT[request.body.format];
        const stored = await ctx.storage.save(ctx.db, {
          area: "temp",
          name: `${project.name}.${format.ext}`.replace(/[\\/:*?"<>|]+/g, "_"),
          mediaType: format.mediaType,
          bytes: await writeModel(model, request.body.format),
          spaceId: grant.space.id,
          ownerUserId: grant.userId,
        });
        ctx.realtime.toSpace({
          v: EVENTS_PROTOCOL_VERSION,
          type: "project_export",
          spaceId: grant.space.id,
          byUserId: grant.userId,
          projectId: project.id,
          fileId: stored.id,
          name: stored.name,
          status: "completed",
        });
        const answer: ExportResult = { fileId: stored.id, name: stored.name, size: stored.size };
        return ok(answer);
      },
    );

    app.post("/versions/:id/export/:format", { schema: { tags, params: exportParams } }, async (request) => {
      const scope = await readVersion(ctx, request, request.params.id);
      const [schedule] = await ctx.db
        .select({ name: schedules.name })
        .from(schedules)
        .where(eq(schedules.id, scope.scheduleId));
      const name = schedule?.name ?? "schedule";
      const model = await exportModel(ctx.db, scope.version, { project: name, code: name.slice(0, 40) });
      const format = EXPORT_FORMAT[request.params.format];
      const bytes = await writeModel(model, request.params.format);
      const fileName = `${name} - ${scope.version.label}.${format.ext}`.replace(/[\\/:*?"<>|]+/g, "_");
      const stored = await ctx.storage.save(ctx.db, {
        area: "temp",
        name: fileName,
        mediaType: format.mediaType,
        bytes,
        spaceId: scope.grant.space.id,
        ownerUserId: scope.grant.userId,
      });
      interchangeEvent(ctx, {
        type: "export",
        spaceId: scope.grant.space.id,
        userId: scope.grant.userId,
        jobId: stored.id,
        scheduleId: scope.scheduleId,
        versionId: scope.version.id,
        progress: 100,
        status: "completed",
      });
      const answer: ExportResult = { fileId: stored.id, name: stored.name, size: stored.size };
      return ok(answer);
    });
  };
}
