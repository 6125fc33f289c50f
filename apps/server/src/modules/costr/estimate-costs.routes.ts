import { clearEstimatesResultSchema, estimateCostsBody, estimateCostsResultSchema, idParams } from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AccessRule, VersionScope } from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import { route } from "../../platform/route.js";
import { WorkspaceEvents } from "../../platform/workspace-events.js";
import { EstimateCosts } from "./estimate-costs.js";

/** A version's calls that carry estimates into its works (schedule:write on an unlocked version, an estimate seat). */
export function estimateCostsRoutes(ctx: AppContext, write: AccessRule<VersionScope>) {
  const costs = new EstimateCosts({ db: ctx.db, events: new WorkspaceEvents(ctx.realtime) });
  return (app: FastifyInstance) => {
    const tags = ["Versions"];
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/update-costs",
        tags,
        summary:
          "Carries money, labour and volume of the positions linked to works (by share) into the works' planned figures and their work-done plans; one undoable change",
        params: idParams,
        body: estimateCostsBody,
        response: estimateCostsResultSchema,
        access: write,
      },
      ({ scope, body }) => costs.update(scope, body, true),
    );
    route(
      app,
      {
        method: "PATCH",
        url: "/versions/:id/update/estimated-data",
        tags,
        summary: "Sets the works' planned volume, labour and cost from their linked positions, leaving plans alone",
        params: idParams,
        body: estimateCostsBody,
        response: estimateCostsResultSchema,
        access: write,
      },
      ({ scope, body }) => costs.update(scope, body, false),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/wbs/clear-estimates",
        tags,
        summary: "Clears estimates of the version's works (all, or those named): their links to positions go",
        params: idParams,
        body: estimateCostsBody,
        response: clearEstimatesResultSchema,
        access: write,
      },
      ({ scope, body }) => costs.clear(scope, body),
    );
  };
}
