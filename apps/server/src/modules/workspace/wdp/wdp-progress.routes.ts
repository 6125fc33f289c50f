import { versionIdParams, wdpChangeSchema, wdpIntensityBody, wdpProgressSchema } from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../platform/context.js";
import { onProgressBeforeCalculation } from "../../../platform/progress-before-calculation.js";
import { route } from "../../../platform/route.js";
import { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { WdpService } from "./wdp.service.js";
import { progressBeforeCalculation, WdpProgressService } from "./wdp-progress.service.js";

/**
 * Progress from daily facts: a calculation first sets the works' progress from their facts (by the schedule's
 * scenarios), and the version's calls show it (`planning` tab) and choose remaining duration by intensity.
 */
export function wdpProgressModule(ctx: AppContext) {
  const wdp = new WdpService({ db: ctx.db, events: new WorkspaceEvents(ctx.realtime) });
  const service = new WdpProgressService({ db: ctx.db, wdp });
  onProgressBeforeCalculation(progressBeforeCalculation);
  const { access } = ctx;
  return async function wdpProgressRoutes(app: FastifyInstance) {
    const tags = ["Work-done plans"];
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/wdp/progress",
        tags,
        params: versionIdParams,
        response: wdpProgressSchema,
        access: access.version("read"),
      },
      ({ scope }) => service.progress(scope),
    );
    route(
      app,
      {
        method: "PATCH",
        url: "/versions/:id/calculate-remains-duration-by-intensity",
        tags,
        params: versionIdParams,
        body: wdpIntensityBody,
        response: wdpChangeSchema,
        access: access.version("write"),
      },
      ({ scope, body }) => service.setByIntensity(scope, body),
    );
  };
}
