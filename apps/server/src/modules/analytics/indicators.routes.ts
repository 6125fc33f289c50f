import {
  analyticsLevelParams,
  deletedIdSchema,
  indicatorBody,
  indicatorListSchema,
  indicatorParams,
  indicatorSchema,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { route } from "../../platform/route.js";
import { IndicatorsService } from "./indicators.js";

/**
 * Indicator CRUD under projects and schedules (spec §7): `/projects/{id}/indicators` and `/schedules/{id}/indicators`
 * list, `…/create`, `…/{indicatorId}/update`, `…/{indicatorId}/delete`. Reading needs schedule:read there, changing
 * schedule:write. The values are read through the analytics levels (`…/indicator`).
 */
export function indicatorsRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = new IndicatorsService(ctx);
  const { access } = ctx;
  const tags = ["Analytics"];
  const project = {
    read: access.node("schedule:read", { kinds: ["project"] }),
    write: access.node("schedule:write", { kinds: ["project"] }),
  };
  const schedule = { read: access.schedule("read"), write: access.schedule("write") };

  route(
    app,
    {
      tags,
      method: "GET",
      url: "/projects/:id/indicators",
      params: analyticsLevelParams,
      access: project.read,
      response: indicatorListSchema,
    },
    ({ scope }) => service.list({ project: scope }),
  );
  route(
    app,
    {
      tags,
      method: "POST",
      url: "/projects/:id/indicators/create",
      params: analyticsLevelParams,
      body: indicatorBody,
      access: project.write,
      response: indicatorSchema,
    },
    ({ scope, body }) => service.create({ project: scope }, body),
  );
  route(
    app,
    {
      tags,
      method: "PATCH",
      url: "/projects/:id/indicators/:indicatorId/update",
      params: indicatorParams,
      body: indicatorBody,
      access: project.write,
      response: indicatorSchema,
    },
    ({ scope, params, body }) => service.update({ project: scope }, params.indicatorId, body),
  );
  route(
    app,
    {
      tags,
      method: "DELETE",
      url: "/projects/:id/indicators/:indicatorId/delete",
      params: indicatorParams,
      access: project.write,
      response: deletedIdSchema,
    },
    ({ scope, params }) => service.remove({ project: scope }, params.indicatorId),
  );
  route(
    app,
    {
      tags,
      method: "GET",
      url: "/schedules/:id/indicators",
      params: analyticsLevelParams,
      access: schedule.read,
      response: indicatorListSchema,
    },
    ({ scope }) => service.list({ schedule: scope }),
  );
  route(
    app,
    {
      tags,
      method: "POST",
      url: "/schedules/:id/indicators/create",
      params: analyticsLevelParams,
      body: indicatorBody,
      access: schedule.write,
      response: indicatorSchema,
    },
    ({ scope, body }) => service.create({ schedule: scope }, body),
  );
  route(
    app,
    {
      tags,
      method: "PATCH",
      url: "/schedules/:id/indicators/:indicatorId/update",
      params: indicatorParams,
      body: indicatorBody,
      access: schedule.write,
      response: indicatorSchema,
    },
    ({ scope, params, body }) => service.update({ schedule: scope }, params.indicatorId, body),
  );
  route(
    app,
    {
      tags,
      method: "DELETE",
      url: "/schedules/:id/indicators/:indicatorId/delete",
      params: indicatorParams,
      access: schedule.write,
      response: deletedIdSchema,
    },
    ({ scope, params }) => service.remove({ schedule: scope }, params.indicatorId),
  );
}
