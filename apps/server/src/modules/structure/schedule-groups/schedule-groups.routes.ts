import {
  createScheduleGroupBody,
  idParams,
  moveGroupBody,
  moveScheduleBody,
  renameBody,
  scheduleGroupListSchema,
  scheduleGroupQuery,
  scheduleGroupSchema,
  scheduleSchema,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../../platform/context.js";
import { route } from "../../../platform/route.js";
import { ScheduleGroupsService } from "./schedule-groups.service.js";

/** `/schedule-group…`: folders of a project's schedules (the project's schedule rights are checked by the service). */
export function scheduleGroupsModule(ctx: AppContext) {
  const service = new ScheduleGroupsService(ctx);
  const { access } = ctx;
  return async function scheduleGroupsRoutes(app: FastifyInstance) {
    const tags = ["Schedule groups"];
    const member = access.space();

    route(
      app,
      {
        method: "POST",
        url: "/schedule-group/create",
        tags,
        body: createScheduleGroupBody,
        response: scheduleGroupSchema,
        access: member,
      },
      ({ scope, body }) => service.create(scope, body),
    );
    route(
      app,
      {
        method: "GET",
        url: "/schedule-group",
        tags,
        query: scheduleGroupQuery,
        response: scheduleGroupListSchema,
        access: member,
      },
      ({ scope, query }) => service.list(scope, query.projectId),
    );
    route(
      app,
      {
        method: "POST",
        url: "/schedule-group/move-schedule",
        tags,
        body: moveScheduleBody,
        response: scheduleSchema,
        access: member,
      },
      ({ scope, body }) => service.moveSchedule(scope, body.scheduleId, body.groupId),
    );
    route(
      app,
      {
        method: "PATCH",
        url: "/schedule-group/:id",
        tags,
        params: idParams,
        body: renameBody,
        response: scheduleGroupSchema,
        access: member,
      },
      ({ scope, params, body }) => service.rename(scope, params.id, body.name),
    );
    route(
      app,
      {
        method: "PATCH",
        url: "/schedule-group/:id/move",
        tags,
        params: idParams,
        body: moveGroupBody,
        response: scheduleGroupListSchema,
        access: member,
      },
      ({ scope, params, body }) => service.move(scope, params.id, body.parentId, body.index),
    );
    route(
      app,
      { method: "DELETE", url: "/schedule-group/:id", tags, params: idParams, response: z.null(), access: member },
      async ({ scope, params }) => {
        await service.delete(scope, params.id);
        return null;
      },
    );
  };
}
