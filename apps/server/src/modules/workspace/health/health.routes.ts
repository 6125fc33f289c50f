import {
  analyticsLevelParams,
  healthRollupSchema,
  healthThresholdsSchema,
  versionHealthSchema,
  versionIdParams,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../platform/context.js";
import { requestLanguage } from "../../../platform/http-errors.js";
import { fileAnswer, route } from "../../../platform/route.js";
import { printFormatOf, printFramedPdf } from "../../print/index.js";
import type { GanttCache } from "../wbs/gantt-cache.js";
import { updateThresholds } from "./health.service.js";
import { healthPrintPage } from "./health-print.js";
import { HealthReader } from "./health-reader.js";
import { healthRollup } from "./health-rollup.js";
import { healthTable } from "./health-table.js";

/**
 * Schedule health (issue 21): the DCMA 14-point checks of a version, read from its Gantt build kept in this process
 * when there is one, else from its tables (the critical path test as its last calculation ran it), and the thresholds
 * of its schedule; the health printed on the caller's print format.
 */
export function healthModule(ctx: AppContext, gantt: GanttCache) {
  const { access } = ctx;
  const reader = new HealthReader(ctx.db, gantt);
  return async function healthRoutes(app: FastifyInstance) {
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/health",
        tags: ["Workspace"],
        summary:
          "The DCMA 14-point health of a version (logic, leads, lags, relationship types, hard constraints, floats, durations, invalid dates, resources, missed tasks, CPLI, BEI): a score and each check with its value, threshold, pass/fail and the works behind it",
        params: versionIdParams,
        response: versionHealthSchema,
        access: access.version("read"),
      },
      ({ scope }) => reader.read(scope.version),
    );
    route(
      app,
      {
        method: "PUT",
        url: "/versions/:id/health/thresholds",
        tags: ["Workspace"],
        summary:
          "Sets the thresholds of the version's schedule (only the keys that differ from the DCMA defaults; an empty object restores them all) and answers the health judged by them",
        params: versionIdParams,
        body: healthThresholdsSchema,
        response: versionHealthSchema,
        access: access.version("write"),
      },
      ({ scope, body }) => updateThresholds(ctx, scope.version, body, scope.grant.userId),
    );
    route(
      app,
      {
        method: "GET",
        url: "/eps/:id/analytics/health",
        tags: ["Analytics"],
        summary:
          "Schedule health rolled up over a structure node: the current version of each schedule below it with the score its last calculation kept, and their score weighted by activities",
        params: analyticsLevelParams,
        response: healthRollupSchema,
        access: access.node("schedule:read"),
      },
      ({ scope }) => healthRollup(ctx.db, scope),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/health/print",
        tags: ["Workspace"],
        summary:
          "The version's health on paper: the score and the 14 checks as its health panel shows them, on the caller's print format framed by its header and footer; a PDF",
        params: versionIdParams,
        response: fileAnswer,
        raw: { contentType: "application/pdf" },
        access: access.version("read"),
        writes: false,
      },
      async ({ scope, request, reply }) => {
        const language = requestLanguage(request);
        const health = await reader.read(scope.version);
        const table = healthTable(health, { project: "", schedule: "", version: scope.version.label }, language);
        const { body, style } = healthPrintPage(table, language);
        const format = await printFormatOf(ctx, scope);
        const pdf = await printFramedPdf(ctx, scope, { format, language, bodies: [body], style });
        return reply
          .type("application/pdf")
          .header("content-disposition", 'attachment; filename="health.pdf"')
          .send(pdf);
      },
    );
  };
}
