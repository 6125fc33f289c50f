import {
  activityDetailsSchema,
  activityPeriodQuery,
  activityUserParams,
  userActivitySchema,
  usersPerDaySchema,
  usersUseDurationSchema,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { route } from "../../platform/route.js";
import { ActivityAnalytics } from "./analytics-activity.js";

/**
 * Activity analytics (spec §7 "Activities: users-per-day, users-use-duration, user-activity/{id}, details"), space from
 * the `X-Space-Id` header, for the space's administrators (space:admin): how many members used the space each day, how
 * long each was in use, one member's days, and every member's days. `?from=&to=` (days, both included; the last 30
 * days by default).
 */
export function activityRoutes(app: FastifyInstance, ctx: AppContext) {
  const activity = new ActivityAnalytics(ctx.db, ctx.activity);
  const common = { tags: ["Analytics"], method: "GET" as const, query: activityPeriodQuery };
  const access = ctx.access.space("space:admin");
  route(app, { ...common, url: "/activities/users-per-day", response: usersPerDaySchema, access }, ({ scope, query }) =>
    activity.usersPerDay(scope, query),
  );
  route(
    app,
    { ...common, url: "/activities/users-use-duration", response: usersUseDurationSchema, access },
    ({ scope, query }) => activity.usersUseDuration(scope, query),
  );
  route(
    app,
    {
      ...common,
      url: "/activities/user-activity/:id",
      params: activityUserParams,
      response: userActivitySchema,
      access,
    },
    ({ scope, params, query }) => activity.userActivity(scope, params.id, query),
  );
  route(app, { ...common, url: "/activities/details", response: activityDetailsSchema, access }, ({ scope, query }) =>
    activity.details(scope, query),
  );
}
