import {
  attributeParams,
  attributeSchema,
  callerRoleSchema,
  createAttributeBody,
  idParams,
  roleParams,
  scheduleSchema,
  scheduleSettingsBody,
  setAttributeAccessBody,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { abilitiesAt, type ScheduleScope } from "../../../platform/access.js";
import type { AppContext } from "../../../platform/context.js";
import { route } from "../../../platform/route.js";
import type { AttributePlace, AttributesService } from "../attributes/attributes.service.js";
import type { SchedulesService } from "./schedules.service.js";

/** Work attributes of a schedule are defined at the schedule itself. */
const placeOf = ({ schedule, lineage }: ScheduleScope): AttributePlace => ({
  nodeId: null,
  scheduleId: schedule.id,
  target: "work",
  lineage,
});

/** `/schedules/{id}`: one schedule, its settings and its work attributes. */
export function schedulesModule(ctx: AppContext, service: SchedulesService, attributes: AttributesService) {
  const { access } = ctx;
  return async function schedulesRoutes(app: FastifyInstance) {
    const tags = ["Schedules"];
    const read = access.scheduleAt("schedule:read");
    const write = access.scheduleAt("schedule:write");

    route(
      app,
      { method: "GET", url: "/schedules/:id", tags, params: idParams, response: scheduleSchema, access: read },
      ({ scope }) => service.describe(scope.schedule),
    );
    route(
      app,
      {
        method: "GET",
        url: "/schedules/:id/role",
        tags,
        summary: "The caller's abilities at this schedule: space-wide ones widened by grants on its lineage",
        params: idParams,
        response: callerRoleSchema,
        access: read,
      },
      async ({ scope: { grant, lineage } }) => ({
        role: grant.role,
        roleId: grant.roleId,
        abilities: await abilitiesAt(ctx.db, grant, lineage),
      }),
    );
    route(
      app,
      { method: "DELETE", url: "/schedules/:id", tags, params: idParams, response: z.null(), access: write },
      async ({ scope }) => {
        await service.delete(scope);
        return null;
      },
    );
    route(
      app,
      {
        method: "PATCH",
        url: "/schedules/:id/settings",
        tags,
        params: idParams,
        body: scheduleSettingsBody,
        response: scheduleSchema,
        access: write,
      },
      ({ scope, body }) => service.update(scope, body),
    );

    route(
      app,
      {
        method: "GET",
        url: "/schedules/:id/attributes",
        tags,
        summary: "Work attributes defined on this schedule",
        params: idParams,
        response: z.array(attributeSchema),
        access: read,
      },
      ({ scope }) => attributes.definedAt(scope.grant, placeOf(scope)),
    );
    route(
      app,
      {
        method: "POST",
        url: "/schedules/:id/attributes",
        tags,
        params: idParams,
        body: createAttributeBody,
        response: attributeSchema,
        access: read,
      },
      ({ scope, body }) => attributes.create(scope.grant, placeOf(scope), { ...body, target: "work" }),
    );
    route(
      app,
      {
        method: "GET",
        url: "/schedules/:id/attributes/all",
        tags,
        summary:
          "Every work attribute applying in this schedule (space, project lineage, schedule) the caller may read",
        params: idParams,
        response: z.array(attributeSchema),
        access: read,
      },
      ({ scope }) => attributes.visible(scope.grant, placeOf(scope)),
    );
    route(
      app,
      {
        method: "GET",
        url: "/schedules/:id/attributes/all/role/:roleId",
        tags,
        params: roleParams,
        response: z.array(attributeSchema),
        access: read,
      },
      ({ scope, params }) => attributes.accessOfRole(scope.grant, placeOf(scope), params.roleId),
    );
    route(
      app,
      {
        method: "POST",
        url: "/schedules/:id/attributes/access",
        tags,
        params: idParams,
        body: setAttributeAccessBody,
        response: z.array(attributeSchema),
        access: read,
      },
      ({ scope, body }) => attributes.setAccess(scope.grant, placeOf(scope), body.roleId, body.items),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/schedules/:id/attributes/:attrId/delete",
        tags,
        params: attributeParams,
        response: z.null(),
        access: read,
      },
      async ({ scope, params }) => {
        await attributes.delete(scope.grant, placeOf(scope), params.attrId);
        return null;
      },
    );
  };
}
