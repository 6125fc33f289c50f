import { freeAbilitiesQuery, grantBody, idParams, resourceGrantsSchema } from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../../platform/context.js";
import { route } from "../../../platform/route.js";
import { AccessService } from "./access.service.js";

/** `/access…`: resource grants of roles (read with roles:read, change with roles:write). */
export function accessModule(ctx: AppContext) {
  const service = new AccessService(ctx);
  const { access } = ctx;
  return async function accessRoutes(app: FastifyInstance) {
    const tags = ["Access"];

    route(
      app,
      {
        method: "GET",
        url: "/access/resource/:id",
        tags,
        params: idParams,
        response: resourceGrantsSchema,
        access: access.space("roles:read"),
      },
      ({ scope, params }) => service.ofResource(scope, params.id),
    );
    route(
      app,
      {
        method: "POST",
        url: "/access/grant",
        tags,
        body: grantBody,
        response: resourceGrantsSchema,
        access: access.space("roles:write"),
      },
      ({ scope, body }) => service.grant(scope, body),
    );
    route(
      app,
      {
        method: "POST",
        url: "/access/revoke",
        tags,
        body: grantBody,
        response: resourceGrantsSchema,
        access: access.space("roles:write"),
      },
      ({ scope, body }) => service.revoke(scope, body),
    );
    route(
      app,
      {
        method: "GET",
        url: "/access/free-abilities",
        tags,
        query: freeAbilitiesQuery,
        response: z.array(z.string()),
        access: access.space("roles:read"),
      },
      ({ scope, query }) => service.free(scope, query.roleId, query.resourceId),
    );
  };
}
