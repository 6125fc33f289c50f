import {
  allCostBody,
  analyticsCalculateSchema,
  analyticsCheckedSchema,
  analyticsCountSchema,
  analyticsDashboardSchema,
  analyticsGraphQuery,
  analyticsGraphSchema,
  analyticsIndicatorQuery,
  analyticsLevelParams,
  analyticsNavigatorSchema,
  analyticsSeriesQuery,
  analyticsSeriesSchema,
  analyticsSetCheckedBody,
  analyticsStatsSchema,
  analyticsTotalsSchema,
  analyticsWorksQuery,
  analyticsWorksSchema,
  costCurvesSchema,
  customCostBody,
  indicatorValueListSchema,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AccessRule } from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import { route } from "../../platform/route.js";
import { activityRoutes } from "./activity.routes.js";
import { type AnalyticsScope, AnalyticsService } from "./analytics.service.js";
import { queueDailyRecount } from "./analytics-daily.js";
import { AnalyticsNavigatorService } from "./analytics-navigator.js";
import { analyticsSettingsRoutes } from "./analytics-settings.routes.js";
import { indicatorsRoutes } from "./indicators.routes.js";
import { scoreboardRoutes } from "./scoreboard.routes.js";

/**
 * Analytics of a version and of a schedule (its current version), spec §7: `/analytics/{level}/{id}/…` — series
 * (S-curves), money, cost, labour (totals), count (works by status, critical, late), stats (all of them with earned
 * value), works (the works behind a count); a recount of a version or of every schedule under a node.
 */
export function analyticsModule(ctx: AppContext) {
  const service = new AnalyticsService(ctx);
  const { access } = ctx;
  return async function analyticsRoutes(app: FastifyInstance) {
    service.log = (message, error) => app.log.error({ err: error }, message);
    // Every process ticks; the day's row lets one of them queue the day's recount.
    if (ctx.config.analyticsTickMs > 0) {
      const timer = setInterval(() => {
        if (ctx.process.draining) return;
        queueDailyRecount(ctx).catch((error) => app.log.warn(error, "analytics: the day's recount"));
      }, ctx.config.analyticsTickMs);
      timer.unref();
      app.addHook("onClose", async () => clearInterval(timer));
    }
    const tags = ["Analytics"];
    // A roll-up over a node's or the space's schedules needs schedule:read there (space-wide or granted above).
    const levels: { base: string; access: AccessRule<AnalyticsScope> }[] = [
      { base: "/analytics/version/:id", access: access.version("read") },
      { base: "/analytics/schedule/:id", access: access.schedule("read") },
      { base: "/analytics/project/:id", access: access.node("schedule:read", { kinds: ["project"] }) },
      { base: "/analytics/facility/:id", access: access.node("schedule:read", { kinds: ["facility"] }) },
      { base: "/eps/:id/analytics", access: access.node("schedule:read") },
      { base: "/analytics/space/:id", access: access.space("schedule:read", { param: "id" }) },
    ];
    for (const { base, access: rule } of levels) {
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
        {
          ...common,
          method: "GET",
          url: `${base}/indicator`,
          query: analyticsIndicatorQuery,
          response: indicatorValueListSchema,
        },
        ({ scope, query }) => service.indicators(scope, query),
      );
      route(
        app,
        {
          ...common,
          method: "GET",
          url: `${base}/dashboard`,
          query: analyticsSeriesQuery,
          response: analyticsDashboardSchema,
        },
        ({ scope, query }) => service.dashboard(scope, query),
      );
      route(
        app,
        { ...common, method: "GET", url: `${base}/graph`, query: analyticsGraphQuery, response: analyticsGraphSchema },
        ({ scope, query }) => service.graph(scope, query.period),
      );
      // Cost curves are asked with a body (the curves chosen), but only read: the change clock stays.
      route(
        app,
        {
          ...common,
          method: "POST",
          url: `${base}/all-cost`,
          body: allCostBody,
          response: costCurvesSchema,
          writes: false,
        },
        ({ scope, body }) => service.costCurves(scope, body),
      );
      route(
        app,
        {
          ...common,
          method: "POST",
          url: `${base}/custom-cost`,
          body: customCostBody,
          response: costCurvesSchema,
          writes: false,
        },
        ({ scope, body }) => service.costCurves(scope, body),
      );
      route(
        app,
        { ...common, method: "GET", url: `${base}/works`, query: analyticsWorksQuery, response: analyticsWorksSchema },
        ({ scope, query }) => service.works(scope, query),
      );
    }
    // A recount of everything (the figures are derived: whoever reads them may ask them counted afresh).
    route(
      app,
      {
        tags,
        method: "PATCH",
        url: "/versions/:id/calculate/indicators/all",
        params: analyticsLevelParams,
        response: analyticsCalculateSchema,
        access: access.version("read"),
        writes: true,
      },
      ({ scope }) => service.recountAll(scope),
    );
    route(
      app,
      {
        tags,
        method: "POST",
        url: "/eps/:id/analytics/calculate",
        params: analyticsLevelParams,
        response: analyticsCalculateSchema,
        access: access.node("schedule:read"),
        writes: true,
      },
      ({ scope }) => service.recountAll(scope),
    );
    // The navigator: a node's children with their figures and the caller's ticks (their own: reading is enough).
    const navigator = new AnalyticsNavigatorService(ctx.db, service);
    const atNode = { tags, params: analyticsLevelParams, access: access.node("schedule:read") };
    route(
      app,
      { ...atNode, method: "GET", url: "/eps/:id/analytics/navigate", response: analyticsNavigatorSchema },
      ({ scope }) => navigator.navigate(scope),
    );
    route(
      app,
      {
        ...atNode,
        method: "POST",
        url: "/eps/:id/analytics/set-checked",
        body: analyticsSetCheckedBody,
        response: analyticsCheckedSchema,
      },
      ({ scope, body }) => navigator.setChecked(scope, body.checked),
    );
    analyticsSettingsRoutes(app, ctx);
    indicatorsRoutes(app, ctx);
    scoreboardRoutes(app, ctx, service);
    activityRoutes(app, ctx);
  };
}
