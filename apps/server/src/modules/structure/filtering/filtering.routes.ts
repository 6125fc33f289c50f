import {
  createPresetBody,
  filterPresetSchema,
  idParams,
  presetsQuery,
  resetStateBody,
  setStateBody,
  updatePresetBody,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../../platform/context.js";
import { route } from "../../../platform/route.js";
import { FilteringService } from "./filtering.service.js";

/** `/filtering`: the caller's own filter presets in a space (nobody sees another user's presets). */
export function filteringModule(ctx: AppContext) {
  const service = new FilteringService(ctx);
  const { access } = ctx;
  return async function filteringRoutes(app: FastifyInstance) {
    const tags = ["Filtering"];
    const member = access.space();
    const presets = z.array(filterPresetSchema);

    route(
      app,
      { method: "GET", url: "/filtering", tags, query: presetsQuery, response: presets, access: member },
      ({ scope, query }) => service.list(scope, query.target),
    );
    route(
      app,
      { method: "POST", url: "/filtering", tags, body: createPresetBody, response: filterPresetSchema, access: member },
      ({ scope, body }) => service.create(scope, body),
    );
    route(
      app,
      {
        method: "PUT",
        url: "/filtering/:id",
        tags,
        params: idParams,
        body: updatePresetBody,
        response: filterPresetSchema,
        access: member,
      },
      ({ scope, params, body }) => service.update(scope, params.id, body),
    );
    route(
      app,
      { method: "POST", url: "/filtering/set-state", tags, body: setStateBody, response: presets, access: member },
      ({ scope, body }) => service.setState(scope, body.id),
    );
    route(
      app,
      { method: "POST", url: "/filtering/reset-state", tags, body: resetStateBody, response: presets, access: member },
      ({ scope, body }) => service.resetState(scope, body.target),
    );
    route(
      app,
      { method: "DELETE", url: "/filtering/:id", tags, params: idParams, response: z.null(), access: member },
      async ({ scope, params }) => {
        await service.delete(scope, params.id);
        return null;
      },
    );
  };
}
