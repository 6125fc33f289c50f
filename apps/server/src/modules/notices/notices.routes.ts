import {
  createNoticeBody,
  deletedCountSchema,
  idParams,
  noticeListQuery,
  noticeListSchema,
  noticeSchema,
  noticeSettingBody,
  noticeSettingSchema,
  noticesStatusSchema,
  noticeTargetSchema,
  sendTestNoticeBody,
  sendTestNoticeSchema,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../platform/context.js";
import { requestLanguage } from "../../platform/http-errors.js";
import { route } from "../../platform/route.js";
import { DIGEST_JOB, queueDueDigests, runDigests } from "./notice-digests.js";
import { NoticesService } from "./notices.service.js";
import { queueDailyRun, runUpcomingWorks, UPCOMING_JOB } from "./upcoming-works.js";

/**
 * Notices (spec §7): the personal area under /notices/personal-area (list, status, open, create, delete), the
 * caller's notice settings under /notices (channel, periodicity, cron), and EPS `notices/send-test`. Every call is
 * the caller's own, in the space of the `X-Space-Id` header: nobody reads or deletes another's notices.
 */
export function noticesModule(ctx: AppContext) {
  const service = new NoticesService({ ...ctx, publicUrl: ctx.config.publicUrl });
  const jobDeps = { ...ctx, personalAreaLink: (spaceId: string) => service.personalAreaLink(spaceId) };
  ctx.jobs.register(DIGEST_JOB, (job) => runDigests(jobDeps, job));
  ctx.jobs.register(UPCOMING_JOB, (job) => runUpcomingWorks(ctx, job));
  const { access } = ctx;
  const member = access.space();

  return async function noticesRoutes(app: FastifyInstance) {
    // Every process ticks; locks and the day's row let one of them queue each digest and each daily run.
    const tick = async () => {
      await queueDailyRun(ctx);
      await queueDueDigests(jobDeps);
    };
    let ticking = false;
    if (ctx.config.noticesTickMs <= 0) return registerRoutes(app);
    const timer = setInterval(() => {
      if (ticking || ctx.process.draining) return;
      ticking = true;
      tick()
        .catch((error) => app.log.warn(error, "notices tick"))
        .finally(() => {
          ticking = false;
        });
    }, ctx.config.noticesTickMs);
    timer.unref();
    app.addHook("onClose", async () => clearInterval(timer));
    registerRoutes(app);
  };

  function registerRoutes(app: FastifyInstance) {
    const tags = ["Notices"];
    const noticeParams = idParams;

    route(
      app,
      {
        method: "GET",
        url: "/notices/personal-area",
        tags,
        summary: "The caller's notices in the space, newest (or last reminded) first",
        query: noticeListQuery,
        response: noticeListSchema,
        access: member,
      },
      ({ scope, query }) => service.list(scope, query),
    );
    route(
      app,
      {
        method: "GET",
        url: "/notices/notices-status",
        tags,
        summary: "The bell: unread and total notices of the caller in the space",
        response: noticesStatusSchema,
        access: member,
      },
      ({ scope }) => service.status(scope),
    );
    route(
      app,
      {
        method: "GET",
        url: "/notices/personal-area/:id/actual-version-and-set-checked",
        tags,
        summary: "Opens a notice: marks it checked and answers where it leads (the schedule's actual version)",
        params: noticeParams,
        response: noticeTargetSchema,
        access: member,
        writes: true,
      },
      ({ scope, params }) => service.open(scope, params.id),
    );
    route(
      app,
      {
        method: "POST",
        url: "/notices/personal-area/create",
        tags,
        summary: "A notice to a member of the space about a work, a schedule or a project",
        body: createNoticeBody,
        response: noticeSchema,
        access: member,
      },
      ({ scope, body }) => service.create(scope, body),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/notices/all/personal-area",
        tags,
        summary: "Deletes every notice of the caller in the space",
        response: deletedCountSchema,
        access: member,
      },
      ({ scope }) => service.deleteAll(scope),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/notices/:id/personal-area",
        tags,
        summary: "Deletes one notice of the caller",
        params: noticeParams,
        response: deletedCountSchema,
        access: member,
      },
      ({ scope, params }) => service.deleteOne(scope, params.id),
    );

    // ---- settings ----
    route(
      app,
      {
        method: "GET",
        url: "/notices",
        tags,
        summary: "The caller's notice settings in the space",
        response: z.array(noticeSettingSchema),
        access: member,
      },
      ({ scope }) => service.settings(scope),
    );
    route(
      app,
      {
        method: "POST",
        url: "/notices",
        tags,
        summary: "Adds a notice setting (channel, periodicity, cron, kinds)",
        body: noticeSettingBody,
        response: noticeSettingSchema,
        access: member,
      },
      ({ scope, body }) => service.addSetting(scope, body),
    );
    route(
      app,
      {
        method: "PUT",
        url: "/notices/:id",
        tags,
        summary: "Changes a notice setting",
        params: noticeParams,
        body: noticeSettingBody,
        response: noticeSettingSchema,
        access: member,
      },
      ({ scope, params, body }) => service.updateSetting(scope, params.id, body),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/notices/all",
        tags,
        summary: "Deletes every notice setting of the caller in the space",
        response: deletedCountSchema,
        access: member,
      },
      ({ scope }) => service.deleteSetting(scope),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/notices/:id",
        tags,
        summary: "Deletes one notice setting",
        params: noticeParams,
        response: deletedCountSchema,
        access: member,
      },
      ({ scope, params }) => service.deleteSetting(scope, params.id),
    );

    route(
      app,
      {
        method: "POST",
        url: "/eps/:id/notices/send-test",
        tags,
        summary: "A sample notice about the node to the caller, through every channel they set, at once",
        params: idParams,
        body: sendTestNoticeBody,
        response: sendTestNoticeSchema,
        access: access.nodeIn("eps:read"),
      },
      ({ scope, body, request }) => service.sendTest(scope, body.kind, requestLanguage(request)),
    );
  }
}
