import { assignRoleBody, assignRoleParams, createRoleBody, idParams, updateRoleBody } from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../platform/context.js";
import { ok, typed } from "../../../platform/http.js";
import { spaceGate } from "../structure-gate.js";
import { RolesService } from "./roles.service.js";

/** `/roles` CRUD (space from X-Space-Id) and the assignment of a role to a member. */
export function rolesModule(ctx: AppContext) {
  const service = new RolesService(ctx);
  return async function rolesRoutes(fastify: FastifyInstance) {
    const app = typed(fastify);
    const tags = ["Roles"];

    app.get("/roles", { schema: { tags } }, async (request) =>
      ok(await service.list((await spaceGate(ctx, request, "roles:read")).space.id)),
    );
    /** Every ability string with its description, for the role editor. */
    app.get("/roles/abilities", { schema: { tags } }, async (request) => {
      await spaceGate(ctx, request, "roles:read");
      return ok(service.catalogue());
    });
    app.post("/roles", { schema: { tags, body: createRoleBody } }, async (request) =>
      ok(await service.create(await spaceGate(ctx, request, "roles:write"), request.body)),
    );
    app.put("/roles/:id", { schema: { tags, params: idParams, body: updateRoleBody } }, async (request) =>
      ok(await service.update(await spaceGate(ctx, request, "roles:write"), request.params.id, request.body)),
    );
    app.delete("/roles/:id", { schema: { tags, params: idParams } }, async (request) => {
      await service.delete(await spaceGate(ctx, request, "roles:write"), request.params.id);
      return ok(null);
    });

    app.get(
      "/space/:id/users/roles",
      { schema: { tags, params: assignRoleParams.pick({ id: true }) } },
      async (request) => {
        const grant = await ctx.access.grant(request, request.params.id, "members:read");
        return ok(await service.assignments(grant.space.id));
      },
    );
    app.put(
      "/space/:id/users/:userId/role",
      { schema: { tags, params: assignRoleParams, body: assignRoleBody } },
      async (request) => {
        const grant = await ctx.access.grant(request, request.params.id, "members:write");
        return ok(await service.assign(grant, request.params.userId, request.body.roleId));
      },
    );
  };
}
