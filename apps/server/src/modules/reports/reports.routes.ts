import {
  builtInReportBody,
  builtInReportParams,
  reportAddQuery,
  reportBatchBody,
  reportBatchStartedSchema,
  reportIdParams,
  reportListSchema,
  reportMasterBody,
  reportMasterParams,
  reportNodeParams,
  reportRenameBody,
  reportRunBody,
  reportRunParams,
  reportSchema,
  spaceReportQuery,
  workspaceUuid,
} from "@planum/contracts";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { lineage } from "../../platform/access.js";
import { contentDisposition } from "../../platform/content-disposition.js";
import type { AppContext } from "../../platform/context.js";
import { requestLanguage } from "../../platform/http-errors.js";
import { fileAnswer, route } from "../../platform/route.js";
import { readUpload } from "../../platform/uploads.js";
import { reportBatch } from "./report-batch.js";
import { type ReportFile, ReportsService } from "./reports.service.js";

const deletedSchema = z.object({ id: z.string() });

const send = (reply: FastifyReply, file: ReportFile) =>
  reply.type(file.mediaType).header("content-disposition", contentDisposition(file.name)).send(file.bytes);

/**
 * Reports (spec §7): `/reports…` for the space's XLSX templates, `/versions/{id}/report/{x}` for the built-in
 * reports of a version, `/batch-processing/report` for one report over many versions as a job.
 */
export function reportsModule(ctx: AppContext) {
  const service = new ReportsService({ db: ctx.db, realtime: ctx.realtime });
  const batch = reportBatch(ctx, service);
  const { access } = ctx;

  return async function reportsRoutes(app: FastifyInstance) {
    const tags = ["Reports"];
    route(
      app,
      { method: "GET", url: "/reports", tags, response: reportListSchema, access: access.space("schedule:read") },
      ({ scope }) => service.list(scope),
    );
    route(
      app,
      {
        method: "GET",
        url: "/reports/eps/:id",
        tags,
        summary: "The reports a node offers: attached to it or to a node above it",
        params: reportIdParams,
        response: reportListSchema,
        access: access.node("eps:read"),
      },
      ({ scope }) => service.atNode(scope.grant, lineage(scope.node)),
    );
    route(
      app,
      {
        method: "POST",
        url: "/reports/add",
        tags,
        summary:
          "An XLSX template (multipart `file`) kept at the node `epsId`: {{field}} placeholders, {{work.field}} rows " +
          "repeated per work, {{sum:work.field}} totals; unknown placeholders are refused",
        query: reportAddQuery,
        response: reportSchema,
        access: access.space("space:read"),
      },
      async ({ scope, query, request }) =>
        service.add(scope, query, await readUpload(request, ctx.config.maxUploadBytes)),
    );
    route(
      app,
      {
        method: "POST",
        url: "/reports/:id/rename",
        tags,
        params: reportIdParams,
        body: reportRenameBody,
        response: reportSchema,
        access: access.space("schedule:write"),
      },
      ({ scope, params, body }) => service.rename(scope, params.id, body),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/reports/:id/delete",
        tags,
        params: reportIdParams,
        response: deletedSchema,
        access: access.space("schedule:write"),
      },
      ({ scope, params }) => service.remove(scope, params.id),
    );
    route(
      app,
      {
        method: "POST",
        url: "/reports/:id/eps/:epsId/add",
        tags,
        params: reportNodeParams,
        response: reportSchema,
        access: access.space("schedule:write"),
      },
      ({ scope, params }) => service.attach(scope, params.id, params.epsId),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/reports/:id/eps/:epsId/delete",
        tags,
        params: reportNodeParams,
        response: reportSchema,
        access: access.space("schedule:write"),
      },
      ({ scope, params }) => service.detach(scope, params.id, params.epsId),
    );
    route(
      app,
      {
        method: "POST",
        url: "/reports/:id/run/:x",
        tags,
        summary: "The template filled for the version of the body, as XLSX or PDF",
        params: reportRunParams,
        body: reportRunBody,
        response: fileAnswer,
        raw: { contentType: "application/octet-stream" },
        access: access.space("schedule:read"),
        writes: false,
      },
      async ({ scope, params, body, reply }) =>
        send(reply, await service.run(scope, params.id, params.x, body.versionId)),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/report/:x",
        tags,
        summary:
          "A built-in report of the version (listing, lookahead2, lookahead4, progress for from–to, delays) as XLSX or PDF",
        params: builtInReportParams,
        body: builtInReportBody,
        response: fileAnswer,
        raw: { contentType: "application/octet-stream" },
        access: access.version("read"),
        writes: false,
      },
      async ({ scope, params, body, request, reply }) =>
        send(reply, await service.builtIn(scope, params.x, body, requestLanguage(request))),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/report/master/:x",
        tags,
        summary:
          "The report master: a report of the version laid out in the body (columns in order, WBS rows, period, " +
          "critical only, sort, totals) as XLSX or PDF",
        params: reportMasterParams,
        body: reportMasterBody,
        response: fileAnswer,
        raw: { contentType: "application/octet-stream" },
        access: access.version("read"),
        writes: false,
      },
      async ({ scope, params, body, request, reply }) =>
        send(reply, await service.master(scope, params.x, body, requestLanguage(request))),
    );
    route(
      app,
      {
        method: "GET",
        url: "/space/:id/report",
        tags,
        summary: "The space report: a line per schedule the caller may read (its version's works, dates, progress)",
        params: z.object({ id: workspaceUuid }),
        query: spaceReportQuery,
        response: fileAnswer,
        raw: { contentType: "application/octet-stream" },
        access: access.space("space:read", { param: "id" }),
        writes: false,
      },
      async ({ scope, query, request, reply }) =>
        send(reply, await service.space(scope, query.format, requestLanguage(request))),
    );
    route(
      app,
      {
        method: "POST",
        url: "/batch-processing/report",
        tags: ["Batch processing"],
        summary: "One report over many versions as the job report_batch (event batch_report, a ZIP in its result)",
        body: reportBatchBody,
        response: reportBatchStartedSchema,
        access: access.space("schedule:read"),
      },
      ({ scope, body, request }) => batch.start(scope, body, requestLanguage(request)),
    );
  };
}
