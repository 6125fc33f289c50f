import {
  analyticsLevelParams,
  analyticsSetActiveBody,
  analyticsSettingBody,
  analyticsSettingListSchema,
  analyticsSettingSchema,
  curvedSettingBody,
  curvedSettingSchema,
  deletedIdSchema,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { route } from "../../platform/route.js";
import { CurvedSettings } from "./analytics-curved-settings.js";
import { AnalyticsSettings } from "./analytics-settings.js";

/**
 * Dashboard settings (spec §7): `/analytics/setting/{nodeId}` lists, creates and activates the caller's settings at a
 * node (reading the node's schedules is enough: they are the caller's own), `/analytics/setting/{id}` updates and
 * deletes one; `/analytics/preset` are the space's presets, kept by those who may change schedules.
 */
export function analyticsSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const settings = new AnalyticsSettings(ctx.db);
  const { access } = ctx;
  const tags = ["Analytics"];
  const atNode = { tags, params: analyticsLevelParams, access: access.node("schedule:read") };
  const own = { tags, params: analyticsLevelParams, access: access.space("schedule:read") };
  const shared = { tags, params: analyticsLevelParams, access: access.space("schedule:write") };
  // The caller's cost chart (which curves, period, cumulative): their own, so reading schedules is enough.
  const curved = new CurvedSettings(ctx.db);
  const mine = { tags, url: "/analytics/setting/curved", access: access.space("schedule:read") };
  route(app, { ...mine, method: "GET", response: curvedSettingSchema }, ({ scope }) => curved.get(scope));
  route(app, { ...mine, method: "POST", body: curvedSettingBody, response: curvedSettingSchema }, ({ scope, body }) =>
    curved.save(scope, body),
  );
  route(
    app,
    { ...atNode, method: "GET", url: "/analytics/setting/:id", response: analyticsSettingListSchema },
    ({ scope }) => settings.list(scope),
  );
  route(
    app,
    {
      ...atNode,
      method: "POST",
      url: "/analytics/setting/:id/create",
      body: analyticsSettingBody,
      response: analyticsSettingSchema,
    },
    ({ scope, body }) => settings.create(scope, body),
  );
  route(
    app,
    {
      ...atNode,
      method: "POST",
      url: "/analytics/setting/:id/setActive",
      body: analyticsSetActiveBody,
      response: analyticsSettingListSchema,
    },
    ({ scope, body }) => settings.setActive(scope, body.settingId),
  );
  route(
    app,
    {
      ...own,
      method: "PATCH",
      url: "/analytics/setting/:id/update",
      body: analyticsSettingBody,
      response: analyticsSettingSchema,
    },
    ({ scope, params, body }) => settings.update(scope, params.id, body),
  );
  route(
    app,
    { ...own, method: "DELETE", url: "/analytics/setting/:id/delete", response: deletedIdSchema },
    ({ scope, params }) => settings.remove(scope, params.id),
  );
  route(
    app,
    {
      tags,
      method: "GET",
      url: "/analytics/preset",
      response: analyticsSettingListSchema,
      access: access.space("schedule:read"),
    },
    ({ scope }) => settings.presets(scope),
  );
  route(
    app,
    {
      tags,
      method: "POST",
      url: "/analytics/preset/create",
      body: analyticsSettingBody,
      response: analyticsSettingSchema,
      access: access.space("schedule:write"),
    },
    ({ scope, body }) => settings.createPreset(scope, body),
  );
  route(
    app,
    {
      ...shared,
      method: "PATCH",
      url: "/analytics/preset/:id/update",
      body: analyticsSettingBody,
      response: analyticsSettingSchema,
    },
    ({ scope, params, body }) => settings.update(scope, params.id, body, true),
  );
  route(
    app,
    { ...shared, method: "DELETE", url: "/analytics/preset/:id/delete", response: deletedIdSchema },
    ({ scope, params }) => settings.remove(scope, params.id, true),
  );
}
