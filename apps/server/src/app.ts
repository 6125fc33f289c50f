import fs from "node:fs";
import path from "node:path";
import multipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { errorMessage } from "@planum/contracts";
import Fastify from "fastify";
import { jsonSchemaTransform, validatorCompiler } from "fastify-type-provider-zod";
import { analyticsModule } from "./modules/analytics/analytics.routes.js";
import { authModule } from "./modules/auth/auth.routes.js";
import { LoginThrottle } from "./modules/auth/login-throttle.js";
import { backupsModule } from "./modules/backups/backups.routes.js";
import { bimModule } from "./modules/bim/bim.routes.js";
import { calendarsModule } from "./modules/calendars/calendars.routes.js";
import { chatModule } from "./modules/chat/chat.routes.js";
import { costrModule } from "./modules/costr/costr.routes.js";
import { cyclogramModule } from "./modules/cyclogram/cyclogram.routes.js";
import { delegationModule } from "./modules/delegation/delegation.routes.js";
import { directoriesModule } from "./modules/directories/directories.routes.js";
import { interchangeModule } from "./modules/interchange/interchange.routes.js";
import { licencesModule } from "./modules/licences/licences.routes.js";
import { noticesModule } from "./modules/notices/notices.routes.js";
import { pipelineModule } from "./modules/pipeline/pipeline.routes.js";
import { printModule } from "./modules/print/print.routes.js";
import { remoteCopyModule } from "./modules/remote-copy/remote-copy.routes.js";
import { reportsModule } from "./modules/reports/reports.routes.js";
import { resourcesModule } from "./modules/resources/resources.routes.js";
import { spacesModule } from "./modules/spaces/spaces.routes.js";
import { storageFilesModule } from "./modules/storage-files/storage-files.routes.js";
import { structureModule } from "./modules/structure/structure.routes.js";
import { PLANUM_VERSION, systemModule } from "./modules/system/system.routes.js";
import { usersModule } from "./modules/users/users.routes.js";
import { UsersService } from "./modules/users/users.service.js";
import { calculationModule } from "./modules/workspace/calculation/calculation.routes.js";
import { workspaceModule } from "./modules/workspace/workspace.routes.js";
import { AccessRules, findMembership, ipRefused } from "./platform/access.js";
import { ActivityRecorder } from "./platform/activity.js";
import { registerAuthHook } from "./platform/auth-hook.js";
import { ChangeClock } from "./platform/change-clock.js";
import type { Config } from "./platform/config.js";
import type { AppContext } from "./platform/context.js";
import { DatesWritten } from "./platform/dates-written.js";
import type { Database } from "./platform/db.js";
import { handleError, requestLanguage } from "./platform/http-errors.js";
import { Jobs } from "./platform/jobs.js";
import { Mail } from "./platform/mail.js";
import { Passwords } from "./platform/passwords.js";
import { PdfBrowser } from "./platform/pdf-browser.js";
import { ProcessRegistry } from "./platform/processes.js";
import { Realtime } from "./platform/realtime.js";
import { answerSerializer, writes } from "./platform/route.js";
import { SessionStore } from "./platform/sessions.js";
import { createStorage } from "./platform/storage.js";

/** How often a process looks for temp files past PLANUM_TEMP_FILE_HOURS. */
const TEMP_SWEEP_MS = 10 * 60_000;

/** Builds the whole server around an open database; `main.ts` listens with it, tests call it through inject. */
export async function buildApp(config: Config, database: Database) {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: process.env.PLANUM_TRUST_PROXY === "1",
    bodyLimit: 10 * 1024 * 1024,
    // Spec §9: calls may take up to five minutes (large imports, calculations).
    requestTimeout: 5 * 60_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializer(config.mode === "test" || process.env.PLANUM_CHECK_ANSWERS === "1"));

  const db = database.db;
  const changes = new ChangeClock();
  const sessions = new SessionStore(
    db,
    { tokenTtlHours: config.tokenTtlHours, idleMinutes: config.idleMinutes },
    changes,
  );
  const realtime = new Realtime(database.kind === "postgres" ? database.pool : null, changes);
  const serverProcess = new ProcessRegistry(db, config.role);
  const activity = new ActivityRecorder(db, config.activityFlushMs, (error) => app.log.warn(error));
  const ctx: AppContext = {
    config,
    db,
    databaseKind: database.kind,
    sessions,
    changes,
    access: new AccessRules({ db, sessions, clock: changes, realtime, activity }),
    activity,
    datesWritten: new DatesWritten(),
    jobs: new Jobs({
      db,
      connection: database.connection,
      process: serverProcess,
      queue: config.jobQueue,
      runWorkers: config.role !== "web",
      log: (message) => app.log.warn(message),
      ended: () => changes.advance(),
    }),
    process: serverProcess,
    mail: new Mail(db, { smtpUrl: config.smtpUrl, from: config.mailFrom, log: (m) => app.log.info(m) }),
    realtime,
    storage: createStorage(config),
    pdf: new PdfBrowser(),
  };
  app.addHook("onClose", () => ctx.storage.close());
  app.addHook("onClose", () => ctx.pdf.close());
  const passwords = new Passwords({ threads: config.hashThreads, queueLimit: config.hashQueueLimit });
  app.addHook("onClose", () => passwords.close());
  const users = new UsersService({
    db,
    sessions,
    throttle: new LoginThrottle(db),
    mail: ctx.mail,
    passwords,
    storage: ctx.storage,
    realtime,
    publicUrl: config.publicUrl,
    systemAdminLogins: config.systemAdminLogins,
  });

  await app.register(multipart, { limits: { fileSize: config.maxUploadBytes, files: 1 } });
  await app.register(swagger, {
    openapi: {
      info: { title: "Planum API", version: PLANUM_VERSION },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });

  app.setErrorHandler(handleError);
  registerAuthHook(app, sessions);
  // A call that may have written moves the clock before its answer leaves, so the caller's next read sees the write.
  app.addHook("onSend", async (request) => {
    if (writes(request)) changes.advance();
  });

  await app.register(
    async (api) => {
      await api.register(systemModule(ctx));
      await api.register(authModule(ctx, users));
      await api.register(usersModule(ctx, users));
      await api.register(spacesModule(ctx, users));
      await api.register(licencesModule(ctx));
      await api.register(structureModule(ctx));
      await api.register(workspaceModule(ctx));
      await api.register(calendarsModule(ctx));
      await api.register(resourcesModule(ctx));
      await api.register(directoriesModule(ctx));
      await api.register(calculationModule(ctx));
      await api.register(interchangeModule(ctx));
      await api.register(storageFilesModule(ctx));
      await api.register(backupsModule(ctx));
      await api.register(remoteCopyModule(ctx));
      await api.register(bimModule(ctx));
      await api.register(noticesModule(ctx));
      await api.register(chatModule(ctx));
      await api.register(delegationModule(ctx));
      await api.register(printModule(ctx));
      await api.register(reportsModule(ctx));
      await api.register(cyclogramModule(ctx));
      await api.register(pipelineModule(ctx));
      await api.register(analyticsModule(ctx));
      await api.register(costrModule(ctx));
    },
    { prefix: "/api/v1" },
  );

  const webDist = config.webDist;
  if (webDist && fs.existsSync(path.join(webDist, "index.html"))) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsApi = request.url.startsWith("/api/") || request.url.startsWith("/socket.io");
    if (!wantsApi && webDist && request.method === "GET" && fs.existsSync(path.join(webDist, "index.html"))) {
      // The web app routes every other path itself (its own 404 page included).
      return reply.type("text/html").header("cache-control", "no-cache").sendFile("index.html", webDist);
    }
    const language = requestLanguage(request);
    return reply
      .status(404)
      .header("error-type", "localized")
      .send({ success: false, errors: [{ code: "NotFound", message: errorMessage(language, "NotFound") }] });
  });

  /** Attaches socket.io to the listening server: sockets authenticate with the same tokens as the API. */
  function attachRealtime() {
    return realtime.attach(app.server, {
      authenticate: async (token) => {
        const resolved = await sessions.resolve(token);
        return resolved && resolved !== "expired" ? { userId: resolved.user.id, sessionId: resolved.sessionId } : null;
      },
      canJoinSpace: async (identity, spaceId, address) => {
        const found = await findMembership(db, spaceId, identity.userId);
        if (!found) return "Forbidden";
        return ipRefused(found.space, address) ? "IPNotAllowed" : null;
      },
    });
  }

  /** Files of the temp area outlive their use by PLANUM_TEMP_FILE_HOURS at most; every process sweeps, one wins a row. */
  let sweepTimer: NodeJS.Timeout | null = null;
  const sweepTempFiles = () => ctx.storage.sweepTemp(db, config.tempFileHours);

  /** Starts what runs beside the requests: the heartbeat and the job workers (after every module registered its). */
  async function startBackground() {
    await serverProcess.start();
    await ctx.jobs.start();
    activity.start();
    sweepTimer = setInterval(() => sweepTempFiles().catch((error) => app.log.warn(error)), TEMP_SWEEP_MS);
    sweepTimer.unref();
  }

  /** Stops taking jobs, lets the running one finish for a while or hands it back, and leaves the process list. */
  async function stopBackground(graceMs = config.drainSeconds * 1000) {
    serverProcess.draining = true;
    if (sweepTimer) clearInterval(sweepTimer);
    await ctx.jobs.drain(graceMs);
    await ctx.jobs.stop();
    await activity.stop();
    await serverProcess.stop().catch(() => {});
  }

  return { app, ctx, attachRealtime, startBackground, stopBackground };
}
