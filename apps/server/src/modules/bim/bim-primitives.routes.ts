import {
  bimPrimitiveListQuery,
  bimPrimitiveNodeParams,
  bimPrimitiveParams,
  bimPrimitiveSchema,
  createBimPrimitiveBody,
  updateBimPrimitiveBody,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../platform/context.js";
import { route } from "../../platform/route.js";
import { BimPrimitivesService } from "./bim-primitives.service.js";
import { bimAccess } from "./bim-seat.js";

/**
 * Primitive models (spec §7 "Primitive models"): a node's shapes under `/primitivesModels/eps/{epsId}` (eps:read;
 * DELETE eps:write); POST and PATCH `/primitivesModels` name the node in the body, where the service asks eps:write.
 */
export function bimPrimitivesRoutes(ctx: AppContext) {
  const service = new BimPrimitivesService(ctx);
  // every BIM call also needs a BIM seat when the space is licensed (bim-seat.ts)
  const access = bimAccess(ctx);
  const read = access.node("eps:read", { param: "epsId" });
  const write = access.node("eps:write", { param: "epsId" });
  const member = access.space("space:read");
  const tags = ["3D primitives"];
  const base = "/primitivesModels";

  return async function routes(app: FastifyInstance) {
    route(
      app,
      {
        method: "GET",
        url: `${base}/eps/:epsId`,
        tags,
        summary:
          "The primitives placed on the node's site plan (withAncestors=true: and on its ancestors'), with the works each is tied to",
        params: bimPrimitiveNodeParams,
        query: bimPrimitiveListQuery,
        response: z.array(bimPrimitiveSchema),
        access: read,
      },
      ({ scope, query }) => service.list(scope, query.withAncestors),
    );
    route(
      app,
      {
        method: "GET",
        url: `${base}/eps/:epsId/:id`,
        tags,
        params: bimPrimitiveParams,
        response: bimPrimitiveSchema,
        access: read,
      },
      ({ scope, params }) => service.one(scope, params.id),
    );
    route(
      app,
      {
        method: "DELETE",
        url: `${base}/eps/:epsId/:id`,
        tags,
        params: bimPrimitiveParams,
        response: z.null(),
        access: write,
      },
      ({ scope, params }) => service.remove(scope, params.id),
    );
    route(
      app,
      {
        method: "POST",
        url: base,
        tags,
        summary: "Places a box, sphere, plane or cylinder on a node's site plan (eps:write at the node)",
        body: createBimPrimitiveBody,
        response: bimPrimitiveSchema,
        access: member,
      },
      ({ scope, body }) => service.create(scope, body),
    );
    route(
      app,
      {
        method: "PATCH",
        url: base,
        tags,
        summary: "Changes a primitive: the fields given (its works replaced when itemIds is given)",
        body: updateBimPrimitiveBody,
        response: bimPrimitiveSchema,
        access: member,
      },
      ({ scope, body }) => service.update(scope, body),
    );
  };
}
