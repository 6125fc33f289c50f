import {
  deletedIdSchema,
  scoreboardItemAnswer,
  scoreboardItemParams,
  scoreboardQuery,
  scoreboardSaveBody,
  scoreboardSchema,
  scoreboardUpdateBody,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { route } from "../../platform/route.js";
import type { AnalyticsService } from "./analytics.service.js";
import { ScoreboardService } from "./analytics-scoreboard.js";

/**
 * The scoreboard (spec §7 "Scoreboard: save, update, get, delete, up, down"), space from the `X-Space-Id` header:
 * `GET /scoreboard` (rows with their figures, `?sort=&order=` ranks them), `POST /scoreboard/save` (a node added),
 * `PATCH /scoreboard/{id}/update` (its title), `DELETE /scoreboard/{id}/delete`, `PATCH /scoreboard/{id}/up|down`.
 * Reading needs schedule:read space-wide (a row rolls up every schedule below its node), changing schedule:write.
 */
export function scoreboardRoutes(app: FastifyInstance, ctx: AppContext, analytics: AnalyticsService) {
  const service = new ScoreboardService(ctx.db, analytics);
  const { access } = ctx;
  const tags = ["Analytics"];
  const write = { tags, access: access.space("schedule:write") };

  route(
    app,
    {
      tags,
      method: "GET",
      url: "/scoreboard",
      query: scoreboardQuery,
      response: scoreboardSchema,
      access: access.space("schedule:read"),
    },
    ({ scope, query }) => service.get(scope, query),
  );
  route(
    app,
    { ...write, method: "POST", url: "/scoreboard/save", body: scoreboardSaveBody, response: scoreboardItemAnswer },
    ({ scope, body }) => service.save(scope, body),
  );
  route(
    app,
    {
      ...write,
      method: "PATCH",
      url: "/scoreboard/:id/update",
      params: scoreboardItemParams,
      body: scoreboardUpdateBody,
      response: scoreboardItemAnswer,
    },
    ({ scope, params, body }) => service.update(scope, params.id, body),
  );
  route(
    app,
    {
      ...write,
      method: "DELETE",
      url: "/scoreboard/:id/delete",
      params: scoreboardItemParams,
      response: deletedIdSchema,
    },
    ({ scope, params }) => service.remove(scope, params.id),
  );
  for (const direction of ["up", "down"] as const)
    route(
      app,
      {
        ...write,
        method: "PATCH",
        url: `/scoreboard/:id/${direction}`,
        params: scoreboardItemParams,
        response: scoreboardItemAnswer,
      },
      ({ scope, params }) => service.shift(scope, params.id, direction),
    );
}
