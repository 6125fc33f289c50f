import {
  calendarDeleteSchema,
  calendarListSchema,
  calendarQuery,
  calendarSchema,
  createCalendarBody,
  updateCalendarBody,
  workspaceUuid,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../platform/context.js";
import { route } from "../../platform/route.js";
import { WorkspaceEvents } from "../../platform/workspace-events.js";
import { CalendarsService, toCalendarDto } from "./calendars.service.js";

const params = z.object({ id: workspaceUuid });

/** `/calendars`: the space's working calendars (space from `X-Space-Id`). */
export function calendarsModule(ctx: AppContext) {
  const service = new CalendarsService({ db: ctx.db, events: new WorkspaceEvents(ctx.realtime) });
  const { access } = ctx;
  // Reading calendars is part of reading schedules; changing them needs schedule:write space-wide.
  const reader = access.space("schedule:read");
  const writer = access.space("schedule:write");

  return async function calendarsRoutes(app: FastifyInstance) {
    const tags = ["Calendars"];

    route(
      app,
      { method: "GET", url: "/calendars", tags, query: calendarQuery, response: calendarListSchema, access: reader },
      ({ scope, query }) => service.list(scope, query.projectId),
    );
    route(
      app,
      { method: "GET", url: "/calendars/:id", tags, params, response: calendarSchema, access: reader },
      async ({ scope, params }) => toCalendarDto(await service.get(scope, params.id)),
    );
    route(
      app,
      { method: "POST", url: "/calendars", tags, body: createCalendarBody, response: calendarSchema, access: writer },
      ({ scope, body }) => service.create(scope, body),
    );
    route(
      app,
      {
        method: "PUT",
        url: "/calendars/:id",
        tags,
        params,
        body: updateCalendarBody,
        response: calendarSchema,
        access: writer,
      },
      ({ scope, params, body }) => service.update(scope, params.id, body),
    );
    route(
      app,
      { method: "DELETE", url: "/calendars/:id", tags, params, response: calendarDeleteSchema, access: writer },
      ({ scope, params }) => service.delete(scope, params.id),
    );
    route(
      app,
      { method: "PUT", url: "/calendars/:id/default", tags, params, response: calendarSchema, access: writer },
      ({ scope, params }) => service.setDefault(scope, params.id),
    );
  };
}
