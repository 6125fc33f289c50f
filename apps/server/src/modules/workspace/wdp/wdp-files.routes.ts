import {
  exportResultSchema,
  scheduleIdParams,
  versionIdParams,
  wdpChangeSchema,
  wdpExportBody,
  wdpReportEditBody,
  wdpReportExportBody,
  wdpUploadQuery,
  wdpUploadSchema,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../platform/context.js";
import { requestLanguage } from "../../../platform/http-errors.js";
import { fileAnswer, route } from "../../../platform/route.js";
import { readUpload } from "../../../platform/uploads.js";
import { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { WdpService } from "./wdp.service.js";
import { approvalNotices } from "./wdp-approval-notices.js";
import { WdpFilesService } from "./wdp-files.service.js";

/** Work-done plans as files (spec §7): the plan's XLSX out and back in, the report's XLSX, the report's edit. */
export function wdpFilesModule(ctx: AppContext) {
  const wdp = new WdpService({ db: ctx.db, events: new WorkspaceEvents(ctx.realtime), notices: approvalNotices(ctx) });
  const service = new WdpFilesService(ctx, wdp);
  const { access } = ctx;
  return async function wdpFilesRoutes(app: FastifyInstance) {
    const tags = ["Work-done plans"];
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/wdp/export",
        tags,
        params: versionIdParams,
        body: wdpExportBody,
        response: exportResultSchema,
        access: access.version("read"),
      },
      ({ scope, body, request }) => service.exportPlan(scope, body, requestLanguage(request)),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/wdp/print",
        tags,
        summary:
          "The work-done plan grid on paper: its lines and days (the measures and period asked, else the works' span) " +
          "on the caller's print format, days split across sheets, framed by the format's header and footer; a PDF",
        params: versionIdParams,
        body: wdpExportBody,
        response: fileAnswer,
        raw: { contentType: "application/pdf" },
        access: access.version("read"),
        writes: false,
      },
      async ({ scope, body, request, reply }) => {
        const { pdf, pages } = await service.printPlan(scope, body, requestLanguage(request));
        return reply
          .type("application/pdf")
          .header("x-print-pages", String(pages))
          .header("content-disposition", 'attachment; filename="work-done-plan.pdf"')
          .send(pdf);
      },
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/wdp/report/export",
        tags,
        params: versionIdParams,
        body: wdpReportExportBody,
        response: exportResultSchema,
        access: access.version("read"),
      },
      ({ scope, body, request }) => service.exportReport(scope, body, requestLanguage(request)),
    );
    route(
      app,
      {
        method: "POST",
        url: "/schedules/:id/wdp/upload",
        tags,
        params: scheduleIdParams,
        query: wdpUploadQuery,
        response: wdpUploadSchema,
        access: access.schedule("write"),
      },
      async ({ scope, query, request }) =>
        service.upload(
          scope,
          query.versionId,
          (await readUpload(request, ctx.config.maxUploadBytes)).bytes,
          requestLanguage(request),
        ),
    );
    route(
      app,
      {
        method: "PATCH",
        url: "/schedules/:id/wdp/report-edit",
        tags,
        params: scheduleIdParams,
        body: wdpReportEditBody,
        response: wdpChangeSchema,
        access: access.schedule("write"),
      },
      ({ scope, body }) => service.reportEdit(scope, body),
    );
  };
}
