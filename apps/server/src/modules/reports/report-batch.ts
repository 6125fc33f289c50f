import {
  type BuiltInReport,
  EVENTS_PROTOCOL_VERSION,
  errorMessage,
  type Language,
  type ReportBatchBody,
  type ReportBatchResult,
  type ReportFormat,
  type ServerEvent,
} from "@planum/contracts";
import { zipFiles } from "@planum/formats";
import { type Grant, loadVersion, requireAt } from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import { AppError } from "../../platform/errors.js";
import type { JobContext } from "../../platform/jobs.js";
import type { ReportFile, ReportsService } from "./reports.service.js";

export const REPORT_BATCH_JOB = "report_batch";

interface BatchPayload {
  versionIds: string[];
  reportId?: string;
  builtIn?: BuiltInReport;
  format: ReportFormat;
  language: Language;
}

/**
 * One report over many versions (`POST /batch-processing/report`) as the job `report_batch`: a file per version,
 * progress in the job row and the `batch_report` event to its user, the files in one ZIP kept in the temp storage
 * area. A stop (`/batch-processing/stop`) ends it between two versions, keeping nothing.
 */
export function reportBatch(ctx: AppContext, service: ReportsService) {
  const tell = (
    job: JobContext["job"],
    fields: Pick<Extract<ServerEvent, { type: "batch_report" }>, "progress" | "status" | "file" | "error">,
  ) =>
    ctx.realtime.toUser(job.createdBy!, {
      v: EVENTS_PROTOCOL_VERSION,
      type: "batch_report",
      spaceId: job.spaceId!,
      byUserId: job.createdBy,
      jobId: job.id,
      ...fields,
    });

  ctx.jobs.register(REPORT_BATCH_JOB, async ({ job, progress, signal }) => {
    const payload = job.payload as unknown as BatchPayload;
    const grant = { space: { id: job.spaceId! }, userId: job.createdBy! } as Grant;
    try {
      const files: ReportFile[] = [];
      for (const [k, versionId] of payload.versionIds.entries()) {
        if (signal.aborted) {
          const at = Math.floor((k / payload.versionIds.length) * 95);
          tell(job, { progress: at, status: "stopped" });
          ctx.realtime.toSpace({
            v: EVENTS_PROTOCOL_VERSION,
            type: "batch_stop",
            spaceId: job.spaceId!,
            byUserId: job.createdBy,
            jobId: job.id,
            job: "batch_report",
            status: "stopped",
            progress: at,
          });
          // nothing is kept: a part of the versions would read as the whole batch
          return { stopped: true, files: k };
        }
        const scope = await loadVersion(ctx.db, grant, versionId);
        files.push(
          payload.reportId
            ? await service.runFor(scope, payload.reportId, payload.format)
            : await service.builtIn(
                scope,
                payload.builtIn!,
                { format: payload.format, measure: "volume" },
                payload.language,
              ),
        );
        const percent = Math.floor(((k + 1) / payload.versionIds.length) * 95);
        await progress(percent);
        tell(job, { progress: percent, status: "in_process" });
      }
      const bytes = Buffer.from(await zipFiles(files.map((f) => ({ name: f.name, bytes: f.bytes }))));
      const stored = await ctx.storage.save(ctx.db, {
        area: "temp",
        name: "reports.zip",
        mediaType: "application/zip",
        bytes,
        spaceId: job.spaceId!,
        ownerUserId: job.createdBy!,
      });
      const result: ReportBatchResult = {
        fileId: stored.id,
        name: stored.name,
        size: stored.size,
        files: files.length,
      };
      tell(job, { progress: 100, status: "completed", file: result });
      return result as unknown as Record<string, unknown>;
    } catch (error) {
      const message =
        error instanceof AppError ? errorMessage(payload.language, error.code, error.params) : String(error);
      tell(job, { progress: job.progress, status: "error", error: message });
      throw error;
    }
  });

  /** Checks every version (of the space, readable by the caller) and the report before queueing anything. */
  async function start(grant: Grant, body: ReportBatchBody, language: Language) {
    for (const versionId of body.versionIds) {
      const scope = await loadVersion(ctx.db, grant, versionId);
      await requireAt(ctx.db, grant, "schedule:read", scope.lineage);
    }
    if (body.reportId && !(await service.list(grant)).some((r) => r.id === body.reportId))
      throw new AppError("NotFound");
    const payload: BatchPayload = { ...body, language };
    const job = await ctx.jobs.enqueue(REPORT_BATCH_JOB, {
      spaceId: grant.space.id,
      userId: grant.userId,
      payload: payload as unknown as Record<string, unknown>,
    });
    return { jobId: job.id };
  }

  return { start };
}
