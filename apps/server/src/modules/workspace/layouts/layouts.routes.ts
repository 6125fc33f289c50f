import {
  createLayoutBody,
  deletedIdSchema,
  groupSettingBody,
  groupSettingIdParams,
  groupSettingListSchema,
  groupSettingSchema,
  layoutIdParams,
  layoutListSchema,
  layoutSchema,
  layoutTemplateBody,
  scheduleIdParams,
  updateGroupSettingBody,
  updateLayoutBody,
  updateLayoutTemplateBody,
  viewSettingsSchema,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../platform/context.js";
import { route } from "../../../platform/route.js";
import { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { LayoutsService } from "./layouts.service.js";

/**
 * Layouts under /schedules/{id}: version-layout (the caller's own views), version-layout-template (shared by the
 * space), wbs-group-setting (named groupings); GET /viewsettings lists the space's templates for its settings page.
 */
export function layoutsModule(ctx: AppContext) {
  const service = new LayoutsService({ db: ctx.db, events: new WorkspaceEvents(ctx.realtime) });
  const { access } = ctx;

  return async function layoutsRoutes(app: FastifyInstance) {
    const tags = ["Layouts"];
    // A layout is the caller's own view: seeing the schedule is enough to keep one.
    const read = access.schedule("read");
    const write = access.schedule("write");

    route(
      app,
      {
        method: "GET",
        url: "/viewsettings",
        tags,
        response: viewSettingsSchema,
        access: access.space("schedule:read"),
      },
      async ({ scope }) => ({ templates: await service.templates(scope) }),
    );

    route(
      app,
      {
        method: "GET",
        url: "/schedules/:id/version-layout",
        tags,
        params: scheduleIdParams,
        response: layoutListSchema,
        access: read,
      },
      ({ scope }) => service.layouts(scope.grant, scope.schedule.id),
    );
    route(
      app,
      {
        method: "POST",
        url: "/schedules/:id/version-layout",
        tags,
        params: scheduleIdParams,
        body: createLayoutBody,
        response: layoutSchema,
        access: read,
      },
      ({ scope, body }) => service.createLayout(scope.grant, scope.schedule.id, body),
    );
    route(
      app,
      {
        method: "PUT",
        url: "/schedules/:id/version-layout/:layoutId",
        tags,
        params: layoutIdParams,
        body: updateLayoutBody,
        response: layoutSchema,
        access: read,
      },
      ({ scope, params, body }) => service.updateLayout(scope.grant, scope.schedule.id, params.layoutId, body),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/schedules/:id/version-layout/:layoutId",
        tags,
        params: layoutIdParams,
        response: deletedIdSchema,
        access: read,
      },
      ({ scope, params }) => service.deleteLayout(scope.grant, scope.schedule.id, params.layoutId),
    );

    route(
      app,
      {
        method: "GET",
        url: "/schedules/:id/version-layout-template",
        tags,
        params: scheduleIdParams,
        response: layoutListSchema,
        access: read,
      },
      ({ scope }) => service.templates(scope.grant),
    );
    route(
      app,
      {
        method: "POST",
        url: "/schedules/:id/version-layout-template",
        tags,
        params: scheduleIdParams,
        body: layoutTemplateBody,
        response: layoutSchema,
        access: write,
      },
      ({ scope, body }) => service.createTemplate(scope.grant, body),
    );
    route(
      app,
      {
        method: "PUT",
        url: "/schedules/:id/version-layout-template/:layoutId",
        tags,
        params: layoutIdParams,
        body: updateLayoutTemplateBody,
        response: layoutSchema,
        access: write,
      },
      ({ scope, params, body }) => service.updateTemplate(scope.grant, params.layoutId, body),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/schedules/:id/version-layout-template/:layoutId",
        tags,
        params: layoutIdParams,
        response: deletedIdSchema,
        access: write,
      },
      ({ scope, params }) => service.deleteTemplate(scope.grant, params.layoutId),
    );

    route(
      app,
      {
        method: "GET",
        url: "/schedules/:id/wbs-group-setting",
        tags,
        params: scheduleIdParams,
        response: groupSettingListSchema,
        access: read,
      },
      ({ scope }) => service.groupSettings(scope.grant, scope.schedule.id),
    );
    route(
      app,
      {
        method: "POST",
        url: "/schedules/:id/wbs-group-setting",
        tags,
        params: scheduleIdParams,
        body: groupSettingBody,
        response: groupSettingSchema,
        access: write,
      },
      ({ scope, body }) => service.createGroupSetting(scope.grant, scope.schedule.id, body),
    );
    route(
      app,
      {
        method: "PUT",
        url: "/schedules/:id/wbs-group-setting/:settingId",
        tags,
        params: groupSettingIdParams,
        body: updateGroupSettingBody,
        response: groupSettingSchema,
        access: write,
      },
      ({ scope, params, body }) => service.updateGroupSetting(scope.grant, scope.schedule.id, params.settingId, body),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/schedules/:id/wbs-group-setting/:settingId",
        tags,
        params: groupSettingIdParams,
        response: deletedIdSchema,
        access: write,
      },
      ({ scope, params }) => service.deleteGroupSetting(scope.grant, scope.schedule.id, params.settingId),
    );
  };
}
