import {
  BASE_LANGUAGE,
  clientErrorBody,
  ERROR_MESSAGES,
  healthSchema,
  LANGUAGES,
  type SystemState,
} from "@planum/contracts";
import { desc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { clientErrors, mailOutbox } from "../../db/schema/index.js";
import { requireAuth } from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import { AppError } from "../../platform/errors.js";
import { ok, typed } from "../../platform/http.js";
import { route } from "../../platform/route.js";
import { ClientErrorLimiter } from "./client-error-limiter.js";
import { HealthService } from "./health.service.js";

export const PLANUM_VERSION = "0.1.0";

export function systemModule(ctx: AppContext) {
  const limiter = new ClientErrorLimiter();
  const health = new HealthService({
    db: ctx.db,
    storage: ctx.storage,
    process: ctx.process,
    version: PLANUM_VERSION,
  });

  return async function systemRoutes(fastify: FastifyInstance) {
    const app = typed(fastify);
    const guest = { public: true };

    app.get("/system-state", { config: guest, schema: { tags: ["System"] } }, async () => {
      const state: SystemState = {
        version: PLANUM_VERSION,
        mode: ctx.config.mode,
        languages: [...LANGUAGES],
        defaultLanguage: BASE_LANGUAGE,
        database: ctx.databaseKind,
        mail: ctx.mail.kind,
        idleMinutes: ctx.config.idleMinutes,
        registrationOpen: true,
      };
      return ok(state);
    });

    /** For load balancers: 200 while the database and the store answer, 503 when either does not or while draining. */
    route(
      fastify,
      {
        method: "GET",
        url: "/health-check",
        tags: ["System"],
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

    /** Errors the browser met; kept for the administrators, limited per address so it cannot flood the table. */
    app.post(
      "/client-error",
      { config: guest, schema: { tags: ["System"], body: clientErrorBody } },
      async (request) => {
        if (!limiter.allow(request.ip)) throw new AppError("TooManyAttempts", { seconds: 60 });
        await ctx.db.insert(clientErrors).values({ ...request.body, userId: request.auth?.user.id, ip: request.ip });
        return ok(null);
      },
    );

    app.get("/localization", { config: guest, schema: { tags: ["Localization"] } }, async () =>
      ok({ languages: [...LANGUAGES], default: BASE_LANGUAGE }),
    );
    app.get("/localization/default", { config: guest, schema: { tags: ["Localization"] } }, async () =>
      ok({ language: BASE_LANGUAGE }),
    );
    /** The server-side texts of one language (error messages), for clients that render them themselves. */
    app.get(
      "/localization/:id",
      {
        config: guest,
        schema: { tags: ["Localization"], params: z.object({ id: z.enum(LANGUAGES, { error: "InvalidValue" }) }) },
      },
      async (request) => ok({ language: request.params.id, errors: ERROR_MESSAGES[request.params.id] }),
    );

    /** Mail kept because no SMTP server is configured: only system administrators may read it. */
    app.get("/system/outbox", { schema: { tags: ["System"] } }, async (request) => {
      if (!requireAuth(request).user.isSystemAdmin) throw new AppError("Forbidden");
      const rows = await ctx.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(100);
      return ok(
        rows.map((row) => ({
          id: row.id,
          to: row.to,
          subject: row.subject,
          body: row.body,
          createdAt: row.createdAt.toISOString(),
          sentAt: row.sentAt?.toISOString() ?? null,
          error: row.error,
        })),
      );
    });

    app.get(
      "/jobs/:id",
      { schema: { tags: ["System"], params: z.object({ id: z.uuid({ error: "NotFound" }) }) } },
      async (request) => {
        const auth = requireAuth(request);
        const job = await ctx.jobs.get(request.params.id);
        if (!job || job.createdBy !== auth.user.id) throw new AppError("NotFound");
        return ok({
          id: job.id,
          type: job.type,
          status: job.status,
          progress: job.progress,
          message: job.message,
          error: job.error,
        });
      },
    );
  };
}
