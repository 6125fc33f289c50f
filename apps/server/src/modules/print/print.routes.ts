import {
  deletedIdSchema,
  type PrintJobStarted,
  printCountSchema,
  printJobListSchema,
  printJobParams,
  printJobStopSchema,
  printPresetBody,
  printPresetIdParams,
  printPresetListSchema,
  printPresetSchema,
  printPreviewBody,
  printRunBody,
  printSettingsBody,
  printSettingsSchema,
  versionIdParams,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { requestLanguage } from "../../platform/http-errors.js";
import { fileAnswer, route } from "../../platform/route.js";
import { PrintService } from "./print.service.js";
import { printJobs } from "./print-job.js";
import { PrintRun } from "./print-run.js";

/**
 * Print formats (spec §7): presets under /versions/print-presets (the space's named formats: get, create, delete) and
 * a user's settings under /versions/print-settings (read by version, create and update naming the version in the body).
 */
export function printModule(ctx: AppContext) {
  const service = new PrintService({ db: ctx.db, realtime: ctx.realtime });
  // the process's one Chromium (shared with reports), started by the first print, closed with the server
  const browser = ctx.pdf;
  const run = new PrintRun({ db: ctx.db, settings: service, browser });
  const jobs = printJobs(ctx, run, browser);
  const { access } = ctx;

  return async function printRoutes(app: FastifyInstance) {
    const tags = ["Print"];
    route(
      app,
      {
        method: "GET",
        url: "/versions/print-presets/get",
        tags,
        response: printPresetListSchema,
        access: access.space("schedule:read"),
      },
      ({ scope }) => service.presets(scope),
    );
    // A preset is shared by everyone who prints in the space: only those who may change schedules add or remove one.
    route(
      app,
      {
        method: "POST",
        url: "/versions/print-presets/create",
        tags,
        body: printPresetBody,
        response: printPresetSchema,
        access: access.space("schedule:write"),
      },
      ({ scope, body }) => service.createPreset(scope, body),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/versions/print-presets/delete/:id",
        tags,
        params: printPresetIdParams,
        response: deletedIdSchema,
        access: access.space("schedule:write"),
      },
      ({ scope, params }) => service.deletePreset(scope, params.id),
    );

    // Settings are the caller's own: seeing the schedule is enough to keep them.
    route(
      app,
      {
        method: "GET",
        url: "/versions/print-settings/:id",
        tags,
        params: versionIdParams,
        response: printSettingsSchema,
        access: access.version("read"),
      },
      ({ scope }) => service.settings(scope),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/print-settings/create",
        tags,
        body: printSettingsBody,
        response: printSettingsSchema,
        access: access.space("schedule:read"),
      },
      ({ scope, body }) => service.saveSettings(scope, body),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/print-settings/update",
        tags,
        body: printSettingsBody,
        response: printSettingsSchema,
        access: access.space("schedule:read"),
      },
      ({ scope, body }) => service.updateSettings(scope, body),
    );

    // Printing the workspace: a PDF, one page as a PNG, the number of pages; reading the version is enough.
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/print",
        tags,
        summary:
          "The workspace as a PDF (X-Print-Pages: its page count); a print of more than PRINT_SYNC_MAX_PAGES pages " +
          "answers 202 { jobId, pages } and its PDF comes with the print event and the job's result",
        params: versionIdParams,
        body: printRunBody,
        response: fileAnswer,
        raw: { contentType: "application/pdf" },
        access: access.version("read"),
        writes: false,
      },
      async ({ scope, body, request, reply }) => {
        const answer = await jobs.print(scope, body, requestLanguage(request));
        if (answer.kind === "job") {
          const data: PrintJobStarted = { jobId: answer.jobId, pages: answer.pages };
          return reply.code(202).type("application/json").send({ success: true, data });
        }
        return reply
          .type("application/pdf")
          .header("x-print-pages", String(answer.pages))
          .header("content-disposition", 'attachment; filename="print.pdf"')
          .send(answer.pdf);
      },
    );
    // A print job is its user's: they find it again after a reload, and may stop it.
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/print/jobs",
        tags,
        summary: "The caller's print jobs of the version still queued or running",
        params: versionIdParams,
        response: printJobListSchema,
        access: access.version("read"),
      },
      ({ scope }) => jobs.running(scope),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/versions/:id/print/jobs/:jobId",
        tags,
        summary: "Stops the caller's print job between two slices of pages (event print, status stopped)",
        params: printJobParams,
        response: printJobStopSchema,
        access: access.version("read"),
        writes: false,
      },
      ({ scope, params }) => jobs.stop(scope, params.jobId),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/preview",
        tags,
        summary: "One printed page as a PNG (X-Print-Pages: the page count)",
        params: versionIdParams,
        body: printPreviewBody,
        response: fileAnswer,
        raw: { contentType: "image/png" },
        access: access.version("read"),
        writes: false,
      },
      async ({ scope, body, request, reply }) => {
        const { png, pages } = await run.preview(scope, body, requestLanguage(request));
        return reply.type("image/png").header("x-print-pages", String(pages)).send(png);
      },
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/print/count",
        tags,
        params: versionIdParams,
        body: printRunBody,
        response: printCountSchema,
        access: access.version("read"),
        writes: false,
      },
      ({ scope, body, request }) => run.count(scope, body, requestLanguage(request)),
    );
  };
}
