import {
  createLayoutBody,
  groupSettingBody,
  groupSettingIdParams,
  layoutIdParams,
  layoutSettingsField,
  scheduleIdParams,
  updateGroupSettingBody,
  updateLayoutBody,
} from "@planum/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { loadScheduleScope, requireScheduleWrite, workspaceGate } from "../../../platform/access.js";
import type { AppContext } from "../../../platform/context.js";
import { ok, typed } from "../../../platform/http.js";
import { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { LayoutsService } from "./layouts.service.js";

const templateBody = z.object({ name: createLayoutBody.shape.name, settings: layoutSettingsField });
const updateTemplateBody = templateBody.partial();

/**
 * Layouts under /schedules/{id}: version-layout (the caller's own views), version-layout-template (shared by the
 * space), wbs-group-setting (named groupings); GET /viewsettings lists the space's templates for its settings page.
 */
export function layoutsModule(ctx: AppContext) {
  const service = new LayoutsService({ db: ctx.db, events: new WorkspaceEvents(ctx.realtime) });

  async function schedule(request: FastifyRequest, id: string, write = false) {
    const grant = await workspaceGate(ctx, request);
    const scope = await loadScheduleScope(ctx.db, grant, id);
    if (write) await requireScheduleWrite(ctx.db, grant, scope.lineage);
    return { grant, scheduleId: scope.id };
  }

  return async function layoutsRoutes(fastify: FastifyInstance) {
    const app = typed(fastify);
    const tags = ["Layouts"];

    app.get("/viewsettings", { schema: { tags } }, async (request) => {
      const grant = await workspaceGate(ctx, request);
      return ok({ templates: await service.templates(grant) });
    });

    // A layout is the caller's own view: seeing the schedule is enough to keep one.
    app.get("/schedules/:id/version-layout", { schema: { tags, params: scheduleIdParams } }, async (request) => {
      const { grant, scheduleId } = await schedule(request, request.params.id);
      return ok(await service.layouts(grant, scheduleId));
    });
    app.post(
      "/schedules/:id/version-layout",
      { schema: { tags, params: scheduleIdParams, body: createLayoutBody } },
      async (request) => {
        const { grant, scheduleId } = await schedule(request, request.params.id);
        return ok(await service.createLayout(grant, scheduleId, request.body));
      },
    );
    app.put(
      "/schedules/:id/version-layout/:layoutId",
      { schema: { tags, params: layoutIdParams, body: updateLayoutBody } },
      async (request) => {
        const { grant, scheduleId } = await schedule(request, request.params.id);
        return ok(await service.updateLayout(grant, scheduleId, request.params.layoutId, request.body));
      },
    );
    app.delete(
      "/schedules/:id/version-layout/:layoutId",
      { schema: { tags, params: layoutIdParams } },
      async (request) => {
        const { grant, scheduleId } = await schedule(request, request.params.id);
        return ok(await service.deleteLayout(grant, scheduleId, request.params.layoutId));
      },
    );

    app.get(
      "/schedules/:id/version-layout-template",
      { schema: { tags, params: scheduleIdParams } },
      async (request) => {
        const { grant } = await schedule(request, request.params.id);
        return ok(await service.templates(grant));
      },
    );
    app.post(
      "/schedules/:id/version-layout-template",
      { schema: { tags, params: scheduleIdParams, body: templateBody } },
      async (request) => {
        const { grant } = await schedule(request, request.params.id, true);
        return ok(await service.createTemplate(grant, request.body));
      },
    );
    app.put(
      "/schedules/:id/version-layout-template/:layoutId",
      { schema: { tags, params: layoutIdParams, body: updateTemplateBody } },
      async (request) => {
        const { grant } = await schedule(request, request.params.id, true);
        return ok(await service.updateTemplate(grant, request.params.layoutId, request.body));
      },
    );
    app.delete(
      "/schedules/:id/version-layout-template/:layoutId",
      { schema: { tags, params: layoutIdParams } },
      async (request) => {
        const { grant } = await schedule(request, request.params.id, true);
        return ok(await service.deleteTemplate(grant, request.params.layoutId));
      },
    );

    app.get("/schedules/:id/wbs-group-setting", { schema: { tags, params: scheduleIdParams } }, async (request) => {
      const { grant, scheduleId } = await schedule(request, request.params.id);
      return ok(await service.groupSettings(grant, scheduleId));
    });
    app.post(
      "/schedules/:id/wbs-group-setting",
      { schema: { tags, params: scheduleIdParams, body: groupSettingBody } },
      async (request) => {
        const { grant, scheduleId } = await schedule(request, request.params.id, true);
        return ok(await service.createGroupSetting(grant, scheduleId, request.body));
      },
    );
    app.put(
      "/schedules/:id/wbs-group-setting/:settingId",
      { schema: { tags, params: groupSettingIdParams, body: updateGroupSettingBody } },
      async (request) => {
        const { grant, scheduleId } = await schedule(request, request.params.id, true);
        return ok(await service.updateGroupSetting(grant, scheduleId, request.params.settingId, request.body));
      },
    );
    app.delete(
      "/schedules/:id/wbs-group-setting/:settingId",
      { schema: { tags, params: groupSettingIdParams } },
      async (request) => {
        const { grant, scheduleId } = await schedule(request, request.params.id, true);
        return ok(await service.deleteGroupSetting(grant, scheduleId, request.params.settingId));
      },
    );
  };
}
