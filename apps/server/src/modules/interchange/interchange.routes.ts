import {
  compareBody,
  exportParams,
  exportResultSchema,
  facilityImportResultSchema,
  importReportSchema,
  interchangeJobSchema,
  jobIdParams,
  projectExportBody,
  scheduleIdParams,
  uploadJobSchema,
  uploadPreviewSchema,
  uploadQuery,
  uploadResultSchema,
  versionComparisonSchema,
  versionIdParams,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { requestLanguage } from "../../platform/http-errors.js";
import { route } from "../../platform/route.js";
import { readUpload } from "../../platform/uploads.js";
import { batchProcessing } from "./batch-processing.js";
import { importSettingsRoutes } from "./import-settings.js";
import { InterchangeService } from "./interchange.service.js";

/** Schedule files in and out: uploads as new versions (synchronous or as a job), exports, previews. */
export function interchangeModule(ctx: AppContext) {
  const batch = batchProcessing(ctx);
  const service = new InterchangeService(ctx, batch);
  const { access } = ctx;
  const upload = (request: Parameters<typeof readUpload>[0]) => readUpload(request, ctx.config.maxUploadBytes);

  return async function interchangeRoutes(app: FastifyInstance) {
    const tags = ["Interchange"];
    batch.routes(app);
    await importSettingsRoutes(ctx)(app);

    route(
      app,
      {
        method: "POST",
        url: "/schedules/:id/versions/upload/synchronous",
        tags,
        params: scheduleIdParams,
        query: uploadQuery,
        response: uploadResultSchema,
        access: access.schedule("write"),
      },
      async ({ scope, query, request }) =>
        service.uploadNow(scope, query, await upload(request), requestLanguage(request)),
    );
    route(
      app,
      {
        method: "POST",
        url: "/schedules/:id/versions/upload",
        tags,
        params: scheduleIdParams,
        query: uploadQuery,
        response: uploadJobSchema,
        access: access.schedule("write"),
      },
      async ({ scope, query, request }) =>
        service.uploadAsJob(scope, query, await upload(request), requestLanguage(request)),
    );
    route(
      app,
      {
        method: "POST",
        url: "/schedules/:id/versions/upload/preview",
        tags,
        params: scheduleIdParams,
        query: uploadQuery,
        response: uploadPreviewSchema,
        access: access.schedule("write"),
      },
      async ({ scope, query, request }) => service.preview(scope, query, await upload(request)),
    );
    route(
      app,
      {
        method: "GET",
        url: "/interchange/jobs/:id",
        tags,
        params: jobIdParams,
        response: interchangeJobSchema,
        access: access.space("schedule:read"),
      },
      ({ scope, params }) => service.job(scope, params.id),
    );
    route(
      app,
      {
        method: "POST",
        url: "/schedules/:id/versions/compare",
        tags,
        params: scheduleIdParams,
        body: compareBody,
        response: versionComparisonSchema,
        access: access.schedule("read"),
      },
      ({ scope, body }) => service.compare(scope, body),
    );
    route(
      app,
      {
        method: "POST",
        url: "/schedules/:id/versions/export-comparison",
        tags,
        params: scheduleIdParams,
        body: compareBody,
        response: exportResultSchema,
        access: access.schedule("read"),
      },
      ({ scope, body }) => service.exportComparison(scope, body),
    );
    route(
      app,
      {
        method: "POST",
        url: "/facilities/:id/import",
        tags,
        params: scheduleIdParams,
        response: facilityImportResultSchema,
        access: access.node("eps:write", { kinds: ["facility"] }),
      },
      async ({ scope, request }) => service.importFacility(scope, await upload(request)),
    );
    route(
      app,
      {
        method: "POST",
        url: "/projects/:id/export",
        tags,
        params: scheduleIdParams,
        body: projectExportBody,
        response: exportResultSchema,
        access: access.node("schedule:read", { kinds: ["project"] }),
      },
      ({ scope, body }) => service.exportProject(scope, body.format),
    );
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/import-report",
        tags,
        params: versionIdParams,
        response: importReportSchema.nullable(),
        access: access.version("read"),
      },
      ({ scope }) => service.importReport(scope),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/import-details/retry",
        tags,
        params: versionIdParams,
        response: uploadJobSchema,
        access: access.version("write"),
      },
      ({ scope, request }) => service.retryDetails(scope, requestLanguage(request)),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/export/:format",
        tags,
        params: exportParams,
        response: exportResultSchema,
        access: access.version("read"),
      },
      ({ scope, params }) => service.exportVersion(scope, params.format),
    );
  };
}
