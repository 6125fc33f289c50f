import {
  BASE_LANGUAGE,
  clientErrorBody,
  defaultLanguageSchema,
  guideSchema,
  healthSchema,
  jobParams,
  jobSchema,
  languageParams,
  localizationSchema,
  localizationTextsSchema,
  outboxMessageSchema,
  systemStateSchema,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../platform/context.js";
import { requestLanguage } from "../../platform/http-errors.js";
import { route } from "../../platform/route.js";
import { GUIDE } from "./guide-texts.js";
import { HealthService } from "./health.service.js";
import { PLANUM_VERSION, SystemService } from "./system.service.js";

export { PLANUM_VERSION } from "./system.service.js";

export function systemModule(ctx: AppContext) {
  const service = new SystemService({
    db: ctx.db,
    config: ctx.config,
    databaseKind: ctx.databaseKind,
    mail: ctx.mail,
    jobs: ctx.jobs,
  });
  const { access } = ctx;
  const health = new HealthService({
    db: ctx.db,
    storage: ctx.storage,
    process: ctx.process,
    version: PLANUM_VERSION,
  });

  return async function systemRoutes(fastify: FastifyInstance) {
    const tags = ["System"];

    route(
      fastify,
      { method: "GET", url: "/system-state", tags, response: systemStateSchema, access: access.guest },
      () => service.state(),
    );

    /** For load balancers: 200 while the database and the store answer, 503 when either does not or while draining. */
    route(
      fastify,
      {
        method: "GET",
        url: "/health-check",
        tags,
        summary: "200 when the database and the file store answer; 503 when either does not, or while draining",
        response: healthSchema,
        access: ctx.access.guest,
      },
      async ({ reply }) => {
        const state = await health.check();
        if (state.status === "ok") return state;
        return reply.status(503).send({ success: false, data: state });
      },
    );

    route(
      fastify,
      {
        method: "GET",
        url: "/guide",
        tags,
        summary: "The system guide in the caller's language (X-Language)",
        response: guideSchema,
        access: access.user,
      },
      ({ request }) => GUIDE[requestLanguage(request)],
    );
    route(
      fastify,
      { method: "POST", url: "/client-error", tags, body: clientErrorBody, response: z.null(), access: access.guest },
      async ({ body, request }) => {
        await service.recordClientError(body, { userId: request.auth?.user.id, ip: request.ip });
        return null;
      },
    );

    const localization = ["Localization"];
    route(
      fastify,
      { method: "GET", url: "/localization", tags: localization, response: localizationSchema, access: access.guest },
      () => service.localization(),
    );
    route(
      fastify,
      {
        method: "GET",
        url: "/localization/default",
        tags: localization,
        response: defaultLanguageSchema,
        access: access.guest,
      },
      () => ({ language: BASE_LANGUAGE }),
    );
    route(
      fastify,
      {
        method: "GET",
        url: "/localization/:id",
        tags: localization,
        params: languageParams,
        response: localizationTextsSchema,
        access: access.guest,
      },
      ({ params }) => service.texts(params.id),
    );

    route(
      fastify,
      {
        method: "GET",
        url: "/system/outbox",
        tags,
        response: z.array(outboxMessageSchema),
        access: access.systemAdmin,
      },
      () => service.outbox(),
    );

    route(
      fastify,
      { method: "GET", url: "/jobs/:id", tags, params: jobParams, response: jobSchema, access: access.user },
      ({ scope, params }) => service.job(scope.user.id, params.id),
    );
  };
}
