import { freeAbilitiesQuery, grantBody, idParams } from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../platform/context.js";
import { ok, typed } from "../../../platform/http.js";
import { spaceGate } from "../structure-gate.js";
import { AccessService } from "./access.service.js";

/** `/access…`: resource grants of roles (read with roles:read, change with roles:write). */
export function accessModule(ctx: AppContext) {
  const service = new AccessService(ctx);
  return async function accessRoutes(fastify: FastifyInstance) {
    const app = typed(fastify);
    const tags = ["Access"];

    app.get("/access/resource/:id", { schema: { tags, params: idParams } }, async (request) =>
      ok(await service.ofResource(await spaceGate(ctx, request, "roles:read"), request.params.id)),
    );
    app.post("/access/grant", { schema: { tags, body: grantBody } }, async (request) =>
      ok(await service.grant(await spaceGate(ctx, request, "roles:write"), request.body)),
    );
    app.post("/access/revoke", { schema: { tags, body: grantBody } }, async (request) =>
      ok(await service.revoke(await spaceGate(ctx, request, "roles:write"), request.body)),
    );
    app.get("/access/free-abilities", { schema: { tags, querystring: freeAbilitiesQuery } }, async (request) => {
      const grant = await spaceGate(ctx, request, "roles:read");
      return ok(await service.free(grant, request.query.roleId, request.query.resourceId));
    });
  };
}
