import {
  scheduleIdParams,
  versionIdParams,
  wdpFactDecisionBody,
  wdpFactReportListQuery,
  wdpFactReportListSchema,
  wdpFactReportSchema,
  wdpMobileQuery,
  wdpMobileReportBody,
  wdpMobileSchema,
  wdpPendingSchema,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../platform/context.js";
import { route } from "../../../platform/route.js";
import type { WdpService } from "./wdp.service.js";
import { type ApprovalNotices, WdpApprovalService } from "./wdp-approval.service.js";

/**
 * Approval of work done (spec §7 `/versions/{id}/mobile`; `/schedules/{id}/wdp/approvals` is ours: the spec's `report-edit` is the report's edit of a period, wdp-files): reading the calls
 * needs schedule:read; reporting needs wdp:report or schedule:write, deciding wdp:approve (checked by the service,
 * as they are abilities of the schedule's lineage beyond read and write).
 */
export function wdpApprovalRoutes(
  ctx: AppContext,
  wdp: WdpService,
  notices?: ConstructorParameters<typeof WdpApprovalService>[0]["notices"],
) {
  const service = new WdpApprovalService({ db: ctx.db, wdp, notices });
  const { access } = ctx;
  return async function routes(app: FastifyInstance) {
    const tags = ["Work-done plans: approval"];
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/mobile",
        tags,
        params: versionIdParams,
        query: wdpMobileQuery,
        response: wdpMobileSchema,
        access: access.version("read"),
      },
      ({ scope, query }) => service.mobile(scope, query),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/mobile",
        tags,
        params: versionIdParams,
        body: wdpMobileReportBody,
        response: wdpFactReportSchema,
        access: access.version("read"),
      },
      ({ scope, body }) => service.report(scope, body),
    );
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/wdp/pending",
        tags,
        params: versionIdParams,
        response: wdpPendingSchema,
        access: access.version("read"),
      },
      ({ scope }) => service.pending(scope),
    );
    route(
      app,
      {
        method: "GET",
        url: "/schedules/:id/wdp/approvals",
        tags,
        params: scheduleIdParams,
        query: wdpFactReportListQuery,
        response: wdpFactReportListSchema,
        access: access.schedule("read"),
      },
      async ({ scope, query }) => service.list(await wdp.versionOf(scope, query.versionId), query.status),
    );
    route(
      app,
      {
        method: "POST",
        url: "/schedules/:id/wdp/approvals",
        tags,
        params: scheduleIdParams,
        body: wdpFactDecisionBody,
        response: wdpFactReportSchema,
        access: access.schedule("read"),
      },
      async ({ scope, body }) => {
        const versionId = await service.versionOfReport(scope.grant.space.id, body.reportId);
        return service.decide(await wdp.versionOf(scope, versionId), body);
      },
    );
  };
}

export type { ApprovalNotices };
