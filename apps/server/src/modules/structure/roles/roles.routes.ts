import {
  abilityInfoSchema,
  assignedRoleSchema,
  assignRoleBody,
  assignRoleParams,
  createRoleBody,
  idParams,
  roleAssignmentSchema,
  roleSchema,
  updateRoleBody,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../../platform/context.js";
import { route } from "../../../platform/route.js";
import { RolesService } from "./roles.service.js";

/** `/roles` CRUD (space from X-Space-Id) and the assignment of a role to a member. */
export function rolesModule(ctx: AppContext) {
  const service = new RolesService(ctx);
  const { access } = ctx;
  return async function rolesRoutes(app: FastifyInstance) {
    const tags = ["Roles"];

    route(
      app,
      { method: "GET", url: "/roles", tags, response: z.array(roleSchema), access: access.space("roles:read") },
      ({ scope }) => service.list(scope.space.id),
    );
    route(
      app,
      {
        method: "GET",
        url: "/roles/abilities",
        tags,
        summary: "Every ability string with its description, for the role editor",
        response: z.array(abilityInfoSchema),
        access: access.space("roles:read"),
      },
      () => service.catalogue(),
    );
    route(
      app,
      {
        method: "POST",
        url: "/roles",
        tags,
        body: createRoleBody,
        response: roleSchema,
        access: access.space("roles:write"),
      },
      ({ scope, body }) => service.create(scope, body),
    );
    route(
      app,
      {
        method: "PUT",
        url: "/roles/:id",
        tags,
        params: idParams,
        body: updateRoleBody,
        response: roleSchema,
        access: access.space("roles:write"),
      },
      ({ scope, params, body }) => service.update(scope, params.id, body),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/roles/:id",
        tags,
        params: idParams,
        response: z.null(),
        access: access.space("roles:write"),
      },
      async ({ scope, params }) => {
        await service.delete(scope, params.id);
        return null;
      },
    );

    route(
      app,
      {
        method: "GET",
        url: "/space/:id/users/roles",
        tags,
        params: assignRoleParams.pick({ id: true }),
        response: z.array(roleAssignmentSchema),
        access: access.space("members:read", { param: "id" }),
      },
      ({ scope }) => service.assignments(scope.space.id),
    );
    route(
      app,
      {
        method: "PUT",
        url: "/space/:id/users/:userId/role",
        tags,
        params: assignRoleParams,
        body: assignRoleBody,
        response: assignedRoleSchema,
        access: access.space("members:write", { param: "id" }),
      },
      ({ scope, params, body }) => service.assign(scope, params.userId, body.roleId),
    );
  };
}
