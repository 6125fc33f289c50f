import {
  riskCorrelationBody,
  riskDurationsBody,
  riskEntryParams,
  riskEventBody,
  riskInputsSchema,
  riskRunBody,
  riskRunSchema,
  riskRunStartedSchema,
  riskSettingsBody,
  versionIdParams,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../../platform/context.js";
import { route } from "../../../platform/route.js";
import { RiskService } from "./risk.service.js";

/** Risk analysis of a version (issue 21): inputs, runs as jobs, results kept per version. */
export function riskModule(ctx: AppContext) {
  const service = new RiskService(ctx);
  const { access } = ctx;
  const read = access.version("read");
  const write = access.version("write");
  return async function riskRoutes(app: FastifyInstance) {
    const tags = ["Risk"];
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/risk",
        tags,
        summary: "A version's risk inputs: three-point durations, risk events, correlation groups, settings and rules",
        params: versionIdParams,
        response: riskInputsSchema,
        access: read,
      },
      ({ scope }) => service.inputs(scope),
    );
    route(
      app,
      {
        method: "PUT",
        url: "/versions/:id/risk/durations",
        tags,
        summary: "Sets (`set`) or removes (`clear`) works' three-point durations, in one transaction",
        params: versionIdParams,
        body: riskDurationsBody,
        response: riskInputsSchema,
        access: write,
      },
      ({ scope, body }) => service.setDurations(scope, body),
    );
    route(
      app,
      {
        method: "PATCH",
        url: "/versions/:id/risk/settings",
        tags,
        summary: "Iterations, seed, tracked milestones and the rules that give works a spread",
        params: versionIdParams,
        body: riskSettingsBody,
        response: riskInputsSchema,
        access: write,
      },
      ({ scope, body }) => service.updateSettings(scope, body),
    );
    for (const [kind, body, add, update, remove] of [
      ["events", riskEventBody, service.addEvent, service.updateEvent, service.deleteEvent],
      [
        "correlations",
        riskCorrelationBody,
        service.addCorrelation,
        service.updateCorrelation,
        service.deleteCorrelation,
      ],
    ] as const) {
      route(
        app,
        {
          method: "POST",
          url: `/versions/:id/risk/${kind}`,
          tags,
          params: versionIdParams,
          body,
          response: riskInputsSchema,
          access: write,
        },
        ({ scope, body }) => add.call(service, scope, body as never),
      );
      route(
        app,
        {
          method: "PUT",
          url: `/versions/:id/risk/${kind}/:entryId`,
          tags,
          params: riskEntryParams,
          body,
          response: riskInputsSchema,
          access: write,
        },
        ({ scope, params, body }) => update.call(service, scope, params.entryId, body as never),
      );
      route(
        app,
        {
          method: "DELETE",
          url: `/versions/:id/risk/${kind}/:entryId`,
          tags,
          params: riskEntryParams,
          response: riskInputsSchema,
          access: write,
        },
        ({ scope, params }) => remove.call(service, scope, params.entryId),
      );
    }
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/risk/runs",
        tags,
        summary: "Queues a risk analysis (job `risk_analysis`, progress by the `risk_run` event)",
        params: versionIdParams,
        body: riskRunBody,
        response: riskRunStartedSchema,
        access: write,
      },
      ({ scope, body }) => service.start(scope, body),
    );
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/risk/runs",
        tags,
        summary: "The version's runs, newest first, with P50 and P80 of the finish",
        params: versionIdParams,
        response: z.array(riskRunSchema),
        access: read,
      },
      ({ scope }) => service.runs(scope),
    );
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/risk/runs/:entryId",
        tags,
        summary: "One run with its result: finish distributions, criticality, sensitivity, events",
        params: riskEntryParams,
        response: riskRunSchema,
        access: read,
      },
      ({ scope, params }) => service.runOf(scope, params.entryId),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/risk/runs/:entryId/stop",
        tags,
        params: riskEntryParams,
        response: riskRunSchema,
        access: write,
      },
      ({ scope, params }) => service.stop(scope, params.entryId),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/versions/:id/risk/runs/:entryId",
        tags,
        params: riskEntryParams,
        response: z.object({ deleted: z.boolean() }),
        access: write,
      },
      ({ scope, params }) => service.deleteRun(scope, params.entryId),
    );
  };
}
