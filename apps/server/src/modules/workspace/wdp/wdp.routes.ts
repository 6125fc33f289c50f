import {
  scheduleIdParams,
  versionIdParams,
  wdpActualInfoQuery,
  wdpActualInfoSchema,
  wdpAllocateBody,
  wdpAtDayQuery,
  wdpAtDaySchema,
  wdpBulkClearBody,
  wdpBulkClearValuesBody,
  wdpBulkStatusBody,
  wdpChangeSchema,
  wdpDistributeBody,
  wdpLimitSchema,
  wdpReportQuery,
  wdpReportSchema,
  wdpResourcePlanBody,
  wdpSeriesListSchema,
  wdpSeriesQuery,
  wdpToggleStatusBody,
  wdpTransferBody,
  wdpUpdateBody,
  wdpUpdateManyBody,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../platform/context.js";
import { route } from "../../../platform/route.js";
import { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { WdpService } from "./wdp.service.js";
import { wdpApprovalRoutes } from "./wdp-approval.routes.js";
import { approvalNotices } from "./wdp-approval-notices.js";
import { redistributeMoved } from "./wdp-redistribute.js";

/** Work-done plans (spec §7): the schedule's WDP calls under /schedules/{id}, the version's under /versions/{id}. */
export function wdpModule(ctx: AppContext) {
  const events = new WorkspaceEvents(ctx.realtime);
  const notices = approvalNotices(ctx);
  const service = new WdpService({ db: ctx.db, events, notices });
  const { access } = ctx;
  // A calculation that moves works re-spreads their plans (keeping facts) in its own transaction.
  // After the commit the space learns which works' plans moved (one wdp_updated for the version).
  ctx.datesWritten.on(async (tx, versionId, movedIds) => {
    const done = await redistributeMoved(tx, versionId, movedIds);
    if (!done || done.itemIds.length === 0) return undefined;
    return () => events.wdpUpdated(done.spaceId, null, versionId, "redistribute", done.itemIds);
  });
  const approvalRoutes = wdpApprovalRoutes(ctx, service, notices);
  return async function wdpRoutes(app: FastifyInstance) {
    await approvalRoutes(app);
    const tags = ["Work-done plans"];
    const read = access.schedule("read");
    const write = access.schedule("write");

    route(
      app,
      {
        method: "GET",
        url: "/schedules/:id/limit-for-dp",
        tags,
        params: scheduleIdParams,
        response: wdpLimitSchema,
        access: read,
      },
      ({ scope }) => service.limit(scope.grant),
    );
    route(
      app,
      {
        method: "GET",
        url: "/schedules/:id/actual/info",
        tags,
        params: scheduleIdParams,
        query: wdpActualInfoQuery,
        response: wdpActualInfoSchema,
        access: read,
      },
      async ({ scope, query }) => service.actualInfo(await service.versionOf(scope, query.versionId)),
    );
    route(
      app,
      {
        method: "PATCH",
        url: "/schedules/:id/wdp/update",
        tags,
        params: scheduleIdParams,
        body: wdpUpdateBody,
        response: wdpChangeSchema,
        access: write,
      },
      async ({ scope, body }) =>
        service.setCells(
          await service.versionOf(scope, body.versionId),
          "update",
          body.days.map((d) => ({ itemId: body.itemId, measure: body.measure, kind: body.kind, ...d })),
        ),
    );
    route(
      app,
      {
        method: "PATCH",
        url: "/schedules/:id/wdp/update-many",
        tags,
        params: scheduleIdParams,
        body: wdpUpdateManyBody,
        response: wdpChangeSchema,
        access: write,
      },
      async ({ scope, body }) =>
        service.setCells(await service.versionOf(scope, body.versionId), "update_cells", body.cells),
    );
    route(
      app,
      {
        method: "POST",
        url: "/schedules/:id/wdp/distribute",
        tags,
        params: scheduleIdParams,
        body: wdpDistributeBody,
        response: wdpChangeSchema,
        access: write,
      },
      async ({ scope, body }) => service.distribute(await service.versionOf(scope, body.versionId), body),
    );
    route(
      app,
      {
        method: "POST",
        url: "/schedules/:id/wdp/bulk-toggle-status",
        tags,
        params: scheduleIdParams,
        body: wdpBulkStatusBody,
        response: wdpChangeSchema,
        access: write,
      },
      async ({ scope, body }) =>
        service.setStatus(await service.versionOf(scope, body.versionId), body.itemIds, body.status),
    );
    route(
      app,
      {
        method: "POST",
        url: "/schedules/:id/wdp/bulk-clear-values",
        tags,
        params: scheduleIdParams,
        body: wdpBulkClearValuesBody,
        response: wdpChangeSchema,
        access: write,
      },
      async ({ scope, body }) => service.clearValues(await service.versionOf(scope, body.versionId), body),
    );
    route(
      app,
      {
        method: "POST",
        url: "/schedules/:id/wdp/bulk-clear-wdp",
        tags,
        params: scheduleIdParams,
        body: wdpBulkClearBody,
        response: wdpChangeSchema,
        access: write,
      },
      async ({ scope, body }) => service.clearPlans(await service.versionOf(scope, body.versionId), body.itemIds),
    );

    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/wdp",
        tags,
        params: versionIdParams,
        query: wdpSeriesQuery,
        response: wdpSeriesListSchema,
        access: access.version("read"),
      },
      ({ scope, query }) => service.list(scope, query),
    );
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/update-volume-plan-at-day",
        tags,
        params: versionIdParams,
        query: wdpAtDayQuery,
        response: wdpAtDaySchema,
        access: access.version("read"),
      },
      ({ scope, query }) => service.atDay(scope, query),
    );
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/wdp/report",
        tags,
        params: versionIdParams,
        query: wdpReportQuery,
        response: wdpReportSchema,
        access: access.version("read"),
      },
      ({ scope, query }) => service.report(scope, query),
    );
    for (const kind of ["fact", "plan"] as const) {
      route(
        app,
        {
          method: "POST",
          url: `/versions/:id/wdp/allocate/${kind}`,
          tags,
          params: versionIdParams,
          body: wdpAllocateBody,
          response: wdpChangeSchema,
          access: access.version("write"),
        },
        ({ scope, body }) => service.allocate(scope, kind, body),
      );
    }
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/update-and-distribute-resource",
        tags,
        params: versionIdParams,
        body: wdpResourcePlanBody,
        response: wdpChangeSchema,
        access: access.version("write"),
      },
      ({ scope, body }) => service.distributeResources(scope, body),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/wdp/transfer-value",
        tags,
        params: versionIdParams,
        body: wdpTransferBody,
        response: wdpChangeSchema,
        access: access.version("write"),
      },
      ({ scope, body }) => service.transfer(scope, body),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/wdp/toggle-status",
        tags,
        params: versionIdParams,
        body: wdpToggleStatusBody,
        response: wdpChangeSchema,
        access: access.version("write"),
      },
      ({ scope, body }) => service.setStatus(scope, [body.itemId], "toggle"),
    );
  };
}
