import { calendarQuery, createCalendarBody, updateCalendarBody, workspaceUuid } from "@planum/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { loadNode, requireAt, workspaceGate } from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import { ok, typed } from "../../platform/http.js";
import { WorkspaceEvents } from "../../platform/workspace-events.js";
import { CalendarsService, toCalendarDto } from "./calendars.service.js";

const params = z.object({ id: workspaceUuid });

/** `/calendars`: the space's working calendars (space from `X-Space-Id`). */
export function calendarsModule(ctx: AppContext) {
  const service = new CalendarsService({ db: ctx.db, events: new WorkspaceEvents(ctx.realtime) });
  const writer = async (request: FastifyRequest) => {
    const grant = await workspaceGate(ctx, request);
    await requireAt(ctx.db, grant, "schedule:write", []);
    return grant;
  };

  return async function calendarsRoutes(fastify: FastifyInstance) {
    const app = typed(fastify);
    const tags = ["Calendars"];

    app.get("/calendars", { schema: { tags, querystring: calendarQuery } }, async (request) => {
      const grant = await workspaceGate(ctx, request);
      return ok(await service.list(grant, request.query.projectId));
    });

    app.get("/calendars/:id", { schema: { tags, params } }, async (request) => {
      const grant = await workspaceGate(ctx, request);
      return ok(toCalendarDto(await service.get(grant, request.params.id)));
    });

    app.post("/calendars", { schema: { tags, body: createCalendarBody } }, async (request) => {
      const grant = await writer(request);
      if (request.body.projectId) await loadNode(ctx.db, grant.space.id, request.body.projectId, ["project"]);
      return ok(await service.create(grant, request.body));
    });

    app.put("/calendars/:id", { schema: { tags, params, body: updateCalendarBody } }, async (request) =>
      ok(await service.update(await writer(request), request.params.id, request.body)),
    );

    app.delete("/calendars/:id", { schema: { tags, params } }, async (request) =>
      ok(await service.delete(await writer(request), request.params.id)),
    );

    app.put("/calendars/:id/default", { schema: { tags, params } }, async (request) =>
      ok(await service.setDefault(await writer(request), request.params.id)),
    );
  };
}
