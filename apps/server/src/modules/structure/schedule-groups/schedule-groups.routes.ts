import {
  createScheduleGroupBody,
  idParams,
  moveGroupBody,
  moveScheduleBody,
  renameBody,
  scheduleGroupQuery,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../platform/context.js";
import { ok, typed } from "../../../platform/http.js";
import { spaceGate } from "../structure-gate.js";
import { ScheduleGroupsService } from "./schedule-groups.service.js";

const toDto = (g: { id: string; projectId: string; parentId: string | null; name: string; sortOrder: number }) => ({
  id: g.id,
  projectId: g.projectId,
  parentId: g.parentId,
  name: g.name,
  order: g.sortOrder,
});

/** `/schedule-group…`: folders of a project's schedules. */
export function scheduleGroupsModule(ctx: AppContext) {
  const service = new ScheduleGroupsService(ctx);
  return async function scheduleGroupsRoutes(fastify: FastifyInstance) {
    const app = typed(fastify);
    const tags = ["Schedule groups"];

    app.post("/schedule-group/create", { schema: { tags, body: createScheduleGroupBody } }, async (request) =>
      ok(toDto(await service.create(await spaceGate(ctx, request), request.body))),
    );
    app.get("/schedule-group", { schema: { tags, querystring: scheduleGroupQuery } }, async (request) =>
      ok(await service.list(await spaceGate(ctx, request), request.query.projectId)),
    );
    app.post("/schedule-group/move-schedule", { schema: { tags, body: moveScheduleBody } }, async (request) =>
      ok(await service.moveSchedule(await spaceGate(ctx, request), request.body.scheduleId, request.body.groupId)),
    );
    app.patch("/schedule-group/:id", { schema: { tags, params: idParams, body: renameBody } }, async (request) =>
      ok(toDto(await service.rename(await spaceGate(ctx, request), request.params.id, request.body.name))),
    );
    app.patch(
      "/schedule-group/:id/move",
      { schema: { tags, params: idParams, body: moveGroupBody } },
      async (request) =>
        ok(
          await service.move(
            await spaceGate(ctx, request),
            request.params.id,
            request.body.parentId,
            request.body.index,
          ),
        ),
    );
    app.delete("/schedule-group/:id", { schema: { tags, params: idParams } }, async (request) => {
      await service.delete(await spaceGate(ctx, request), request.params.id);
      return ok(null);
    });
  };
}
