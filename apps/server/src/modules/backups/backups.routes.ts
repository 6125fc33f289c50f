import {
  backupJobSchema,
  backupListQuery,
  backupParams,
  backupPreviewSchema,
  backupScheduleParams,
  backupScheduleSchema,
  backupSchema,
  createBackupBody,
  createBackupScheduleBody,
  restoreBackupBody,
  scheduleBackupJobBody,
  scheduleBackupParams,
  spaceIdParams,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../platform/context.js";
import { route } from "../../platform/route.js";
import { BackupsRepo } from "./backups.repo.js";
import { BackupsService } from "./backups.service.js";
import { projectBackupRoutes } from "./project-backups.routes.js";

/**
 * Backups of the space's administrator (spec §7 Space backups): `/space/{id}/schedules/backups…` saves a space, a
 * project or a schedule, lists, previews, deletes and restores; `…/backups/jobs` are the periodic backups;
 * `/projects/{id}/backups…` the same for one project.
 */
export function backupsModule(ctx: AppContext) {
  const service = new BackupsService({
    repo: new BackupsRepo(ctx.db),
    storage: ctx.storage,
    jobs: ctx.jobs,
    realtime: ctx.realtime,
    maxBackupBytes: ctx.config.maxBackupBytes,
  });
  const { access } = ctx;
  const admin = access.space("space:admin", { param: "id" });

  return async function backupsRoutes(app: FastifyInstance) {
    // Every process ticks; row locks let exactly one of them queue each due periodic backup.
    if (ctx.config.backupsTickMs > 0) {
      let ticking = false;
      const timer = setInterval(() => {
        if (ticking || ctx.process.draining) return;
        ticking = true;
        service
          .queueDue()
          .catch((error) => app.log.warn(error, "backups tick"))
          .finally(() => {
            ticking = false;
          });
      }, ctx.config.backupsTickMs);
      timer.unref();
      app.addHook("onClose", async () => clearInterval(timer));
    }
    const tags = ["Backups"];
    const base = "/space/:id/schedules/backups";

    route(
      app,
      {
        method: "GET",
        url: base,
        tags,
        summary: "The space's backups, newest first",
        params: spaceIdParams,
        query: backupListQuery,
        response: z.array(backupSchema),
        access: admin,
      },
      ({ scope, query }) => service.list(scope, query),
    );
    route(
      app,
      {
        method: "POST",
        url: `${base}/create`,
        tags,
        summary: "Saves a space, a project or a schedule now, as a job (event `backup`)",
        params: spaceIdParams,
        body: createBackupBody,
        response: backupJobSchema,
        access: admin,
      },
      ({ scope, body }) => service.create(scope, body),
    );
    route(
      app,
      {
        method: "GET",
        url: `${base}/:backupId/preview`,
        tags,
        summary: "Rows of each table in the backup beside what its target holds today",
        params: backupParams,
        response: backupPreviewSchema,
        access: admin,
      },
      ({ scope, params }) => service.preview(scope, params.backupId),
    );
    route(
      app,
      {
        method: "PATCH",
        url: `${base}/:backupId/restore`,
        tags,
        summary: "Restores a backup in place or as a copy, as a job (event `backup`)",
        params: backupParams,
        body: restoreBackupBody,
        response: backupJobSchema,
        access: admin,
      },
      ({ scope, params, body }) => service.restore(scope, params.backupId, body),
    );
    route(
      app,
      {
        method: "DELETE",
        url: `${base}/:backupId`,
        tags,
        summary: "Deletes a backup and its file",
        params: backupParams,
        response: z.null(),
        access: admin,
      },
      async ({ scope, params }) => {
        await service.remove(scope, params.backupId);
        return null;
      },
    );

    // Periodic backups.
    route(
      app,
      {
        method: "GET",
        url: `${base}/jobs`,
        tags,
        summary: "The space's periodic backups",
        params: spaceIdParams,
        response: z.array(backupScheduleSchema),
        access: admin,
      },
      ({ scope }) => service.listSchedules(scope),
    );
    route(
      app,
      {
        method: "POST",
        url: `${base}/jobs`,
        tags,
        summary: "A periodic backup of the space, a project or a schedule",
        params: spaceIdParams,
        body: createBackupScheduleBody,
        response: backupScheduleSchema,
        access: admin,
      },
      ({ scope, body }) => service.createSchedule(scope, body),
    );
    route(
      app,
      {
        method: "DELETE",
        url: `${base}/jobs`,
        tags,
        summary: "Stops every periodic backup of the space",
        params: spaceIdParams,
        response: z.null(),
        access: admin,
      },
      async ({ scope }) => {
        await service.deleteSchedules(scope);
        return null;
      },
    );
    route(
      app,
      {
        method: "DELETE",
        url: `${base}/jobs/:jobId`,
        tags,
        summary: "Stops one periodic backup (its backups stay)",
        params: backupScheduleParams,
        response: z.null(),
        access: admin,
      },
      async ({ scope, params }) => {
        await service.deleteSchedules(scope, params.jobId);
        return null;
      },
    );
    route(
      app,
      {
        method: "POST",
        url: "/space/:id/schedules/:sid/backups/jobs",
        tags,
        summary: "A periodic backup of one schedule",
        params: scheduleBackupParams,
        body: scheduleBackupJobBody,
        response: backupScheduleSchema,
        access: admin,
      },
      ({ scope, params, body }) => service.createSchedule(scope, { ...body, scope: "schedule", targetId: params.sid }),
    );
    route(
      app,
      {
        method: "GET",
        url: "/space/:id/schedules/:sid/backups/jobs/has",
        tags,
        summary: "Whether a schedule (or the space, a project: their id as sid) has periodic backups",
        params: scheduleBackupParams,
        response: z.object({ has: z.boolean() }),
        access: admin,
      },
      ({ scope, params }) => service.hasSchedules(scope, params.sid),
    );

    projectBackupRoutes(app, service, access);
  };
}
