import {
  exportResultSchema,
  idParams,
  myTimesheetQuery,
  myTimesheetSchema,
  scheduleIdParams,
  spaceTimesheetQuery,
  spaceTimesheetReportQuery,
  spaceTimesheetSchema,
  timesheetCreateBody,
  timesheetDayBody,
  timesheetDecisionBody,
  timesheetDeleteQuery,
  timesheetEstimateSchema,
  timesheetLinesSchema,
  timesheetNotificationSchema,
  timesheetUpdateBody,
  timesheetUsersBySpecialtySchema,
  timesheetUsersQuery,
  timesheetUsersSchema,
  versionIdParams,
  versionTimesheetQuery,
  workspaceUuid,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../../platform/context.js";
import { requestLanguage } from "../../../platform/http-errors.js";
import { route } from "../../../platform/route.js";
import { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { WdpService } from "../wdp/wdp.service.js";
import { REMINDER_JOB, reminderTicker, runReminders } from "./timesheet-reminders.js";
import { spaceTimesheetSheet, timesheetSheet } from "./timesheet-report.js";
import { userName } from "./timesheets.repo.js";
import { TimesheetsService } from "./timesheets.service.js";

/**
 * Timesheets (spec §7): the caller's week under /users/timesheet (grouped, report, estimate, timesheet-notification),
 * their lines of a schedule under /schedules/{id}/timesheet (update, update/day, create, delete), the lines to decide
 * under /versions/{id}/timesheet (GET, PATCH with the decision) with its people (users, users/specialty), and
 * everyone's week of the space under /space/{id}/timesheet/{project|task}. Entering hours needs read access to the
 * schedule and an assignment to the work (checked by the service); deciding, the work's curatorship or wdp:approve.
 */
export function timesheetsModule(ctx: AppContext) {
  const service = new TimesheetsService(ctx);
  const wdp = new WdpService({ db: ctx.db, events: new WorkspaceEvents(ctx.realtime) });
  const versionOf = wdp.versionOf.bind(wdp);
  ctx.jobs.register(REMINDER_JOB, (job) => runReminders(ctx, job));
  const { access } = ctx;
  const member = access.space("schedule:read");
  const spaceReader = access.space("schedule:read", { param: "id" });

  return async function timesheetsRoutes(app: FastifyInstance) {
    if (ctx.config.noticesTickMs > 0) {
      const tick = reminderTicker(ctx);
      const timer = setInterval(() => {
        if (ctx.process.draining) return;
        tick().catch((error) => app.log.warn(error, "timesheet reminders"));
      }, ctx.config.noticesTickMs);
      timer.unref();
      app.addHook("onClose", async () => clearInterval(timer));
    }
    const tags = ["Timesheets"];
    route(
      app,
      {
        method: "GET",
        url: "/users/timesheet/grouped",
        tags,
        query: myTimesheetQuery,
        response: myTimesheetSchema,
        access: member,
      },
      ({ scope, query }) => service.myWeek(scope, query),
    );
    route(
      app,
      {
        method: "GET",
        url: "/users/timesheet/report",
        tags,
        query: myTimesheetQuery,
        response: exportResultSchema,
        access: member,
      },
      async ({ scope, query, request }) =>
        timesheetSheet(
          ctx,
          scope,
          await service.myWeek(scope, query),
          await userName(ctx.db, scope.userId),
          requestLanguage(request),
        ),
    );
    route(
      app,
      {
        method: "GET",
        url: "/users/timesheet/estimate",
        tags,
        query: myTimesheetQuery,
        response: timesheetEstimateSchema,
        access: member,
      },
      ({ scope, query }) => service.estimate(scope, query.week),
    );
    route(
      app,
      {
        method: "GET",
        url: "/users/timesheet-notification",
        tags,
        response: timesheetNotificationSchema,
        access: member,
      },
      ({ scope }) => service.notification(scope),
    );
    route(
      app,
      {
        method: "GET",
        url: "/notices/personal-area/:id/timesheet-notification",
        tags,
        summary: "The timesheet a notice of the caller's personal area is about: its week and the works without hours",
        params: idParams,
        response: timesheetNotificationSchema,
        access: member,
      },
      ({ scope, params }) => service.noticeNotification(scope, params.id),
    );
    route(
      app,
      {
        method: "PATCH",
        url: "/schedules/:id/timesheet/update",
        tags,
        params: scheduleIdParams,
        body: timesheetUpdateBody,
        response: timesheetLinesSchema,
        access: access.schedule("read"),
      },
      ({ scope, body }) => service.save(scope, body, versionOf),
    );
    route(
      app,
      {
        method: "PATCH",
        url: "/schedules/:id/timesheet/update/day",
        tags,
        params: scheduleIdParams,
        body: timesheetDayBody,
        response: timesheetLinesSchema,
        access: access.schedule("read"),
      },
      ({ scope, body }) => service.saveDay(scope, body, versionOf),
    );
    route(
      app,
      {
        method: "POST",
        url: "/schedules/:id/timesheet/create",
        tags,
        params: scheduleIdParams,
        body: timesheetCreateBody,
        response: timesheetLinesSchema,
        access: access.schedule("read"),
      },
      ({ scope, body }) => service.create(scope, body, versionOf),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/schedules/:id/timesheet/delete",
        tags,
        params: scheduleIdParams,
        query: timesheetDeleteQuery,
        response: z.object({ id: z.string() }),
        access: access.schedule("read"),
      },
      ({ scope, query }) => service.remove(scope, query.lineId),
    );
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/timesheet",
        tags,
        params: versionIdParams,
        query: versionTimesheetQuery,
        response: timesheetLinesSchema,
        access: access.version("read"),
      },
      ({ scope, query }) => service.versionLines(scope, query),
    );
    route(
      app,
      {
        method: "PATCH",
        url: "/versions/:id/timesheet",
        tags,
        params: versionIdParams,
        body: timesheetDecisionBody,
        response: timesheetLinesSchema,
        access: access.version("read"),
      },
      ({ scope, body }) => service.decide(scope, body),
    );
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/timesheet/users",
        tags,
        params: versionIdParams,
        query: timesheetUsersQuery,
        response: timesheetUsersSchema,
        access: access.version("read"),
      },
      ({ scope, query }) => service.versionUsers(scope, query.week),
    );
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/timesheet/users/specialty",
        tags,
        params: versionIdParams,
        query: timesheetUsersQuery,
        response: timesheetUsersBySpecialtySchema,
        access: access.version("read"),
      },
      ({ scope, query }) => service.versionUsersBySpecialty(scope, query.week),
    );
    for (const by of ["project", "task"] as const) {
      route(
        app,
        {
          method: "GET",
          url: `/space/:id/timesheet/${by}`,
          tags,
          params: z.object({ id: workspaceUuid }),
          query: spaceTimesheetQuery,
          response: spaceTimesheetSchema,
          access: spaceReader,
        },
        ({ scope, query }) => service.spaceWeek(scope, query.week, by),
      );
    }
    route(
      app,
      {
        method: "GET",
        url: "/space/:id/timesheet/report",
        tags,
        summary: "Everyone's week of the space as an XLSX sheet, grouped by project or task",
        params: z.object({ id: workspaceUuid }),
        query: spaceTimesheetReportQuery,
        response: exportResultSchema,
        access: spaceReader,
      },
      async ({ scope, query, request }) =>
        spaceTimesheetSheet(ctx, scope, await service.spaceWeek(scope, query.week, query.by), requestLanguage(request)),
    );
  };
}
