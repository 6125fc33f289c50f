import {
  cyclogramColorBody,
  cyclogramColorSchema,
  cyclogramParams,
  cyclogramSchema,
  versionIdParams,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { route } from "../../platform/route.js";
import { AttributesService } from "../structure/attributes/attributes.service.js";
import { CyclogramService } from "./cyclogram.service.js";

/** The cyclogram (spec §7 Versions `GET /cyclogram/{attrId}`, `POST /cyclogram/color`). */
export function cyclogramModule(ctx: AppContext) {
  const attributes = new AttributesService({ db: ctx.db, realtime: ctx.realtime });
  const service = new CyclogramService({ db: ctx.db, attributes });
  const { access } = ctx;
  return async function cyclogramRoutes(app: FastifyInstance) {
    const tags = ["Cyclogram"];
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/cyclogram/:attrId",
        tags,
        summary:
          "The line of balance by a location attribute: locations down, a line per work type, idle waits and crossings",
        params: cyclogramParams,
        response: cyclogramSchema,
        access: access.version("read"),
      },
      ({ scope, params }) => service.cyclogram(scope, params.attrId),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/cyclogram/color",
        tags,
        summary: "Keeps the colour of a work type's line on the schedule's cyclogram",
        params: versionIdParams,
        body: cyclogramColorBody,
        response: cyclogramColorSchema,
        access: access.version("write"),
      },
      ({ scope, body }) => service.setColor(scope, body),
    );
  };
}
