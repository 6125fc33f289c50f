import {
  analyticsCountSchema,
  analyticsLevelParams,
  analyticsSeriesQuery,
  analyticsSeriesSchema,
  analyticsStatsSchema,
  analyticsTotalsSchema,
  analyticsWorksQuery,
  analyticsWorksSchema,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AccessRule, ScheduleScope, VersionScope } from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import { route } from "../../platform/route.js";
import { AnalyticsService } from "./analytics.service.js";

/**
 * Analytics of a version and of a schedule (its current version), spec §7: `/analytics/{level}/{id}/…` — series
 * (S-curves), money, cost, labour (totals), count (works by status, critical, late), stats (all of them with earned
 * value), works (the works behind a count).
 */
export function analyticsModule(ctx: AppContext) {
  const service = new AnalyticsService(ctx);
  const { access } = ctx;
  return async function analyticsRoutes(app: FastifyInstance) {
    service.log = (message, error) => app.log.error({ err: error }, message);
    const tags = ["Analytics"];
    type Scope = VersionScope | ScheduleScope;
    const levels: { level: string; access: AccessRule<Scope> }[] = [
      { level: "version", access: access.version("read") },
      { level: "schedule", access: access.schedule("read") },
    ];
    for (const { level, access: rule } of levels) {
      const base = `/analytics/${level}/:id`;
      const common = { tags, params: analyticsLevelParams, access: rule };
      route(
        app,
        {
          ...common,
          method: "GET",
          url: `${base}/series`,
          query: analyticsSeriesQuery,
          response: analyticsSeriesSchema,
        },
        ({ scope, query }) => service.series(scope, query),
      );
      for (const measure of ["money", "cost", "labour"] as const)
        route(
          app,
          { ...common, method: "GET", url: `${base}/${measure}`, response: analyticsTotalsSchema },
          ({ scope }) => service.totals(scope, measure),
        );
      route(app, { ...common, method: "GET", url: `${base}/count`, response: analyticsCountSchema }, ({ scope }) =>
        service.count(scope),
      );
      route(app, { ...common, method: "GET", url: `${base}/stats`, response: analyticsStatsSchema }, ({ scope }) =>
        service.stats(scope),
      );
      route(
        app,
        { ...common, method: "GET", url: `${base}/works`, query: analyticsWorksQuery, response: analyticsWorksSchema },
        ({ scope, query }) => service.works(scope, query.set),
      );
    }
  };
}
