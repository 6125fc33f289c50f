import { versionHealthSchema, versionIdParams } from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../platform/context.js";
import { route } from "../../../platform/route.js";
import { versionHealth } from "./health.service.js";

/** Schedule health (issue 21): the DCMA 14-point checks of a version, computed on demand. */
export function healthModule(ctx: AppContext) {
  const { access } = ctx;
  return async function healthRoutes(app: FastifyInstance) {
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/health",
        tags: ["Workspace"],
        summary:
          "The DCMA 14-point health of a version (logic, leads, lags, relationship types, hard constraints, floats, durations, invalid dates, resources, missed tasks, CPLI, BEI): a score and each check with its value, threshold, pass/fail and the works behind it",
        params: versionIdParams,
        response: versionHealthSchema,
        access: access.version("read"),
      },
      ({ scope }) => versionHealth(ctx.db, scope.version),
    );
  };
}
