import {
  bimAppearanceProfileBody,
  bimAppearanceProfileSchema,
  bimProfileParams,
  bimViewerStateAnswer,
  bimViewerStateBody,
  bimViewerStateQuery,
  idParams,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../platform/context.js";
import { route } from "../../platform/route.js";
import { bimAccess } from "./bim-seat.js";
import { BimViewerService } from "./bim-viewer.service.js";

/**
 * The viewer's saved state (`/bim/state`, per user and model, for whoever may see the model's project) and the
 * space's appearance profiles (`/spaces/{id}/bim`: every member reads them, space:write changes them).
 */
export function bimViewerRoutes(ctx: AppContext) {
  const service = new BimViewerService(ctx);
  // every BIM call also needs a BIM seat when the space is licensed (bim-seat.ts)
  const access = bimAccess(ctx);
  const member = access.space("space:read");
  const profiles = "/spaces/:id/bim";
  const read = access.space("space:read", { param: "id" });
  const write = access.space("space:write", { param: "id" });
  const tags = ["3D viewer"];

  return async function routes(app: FastifyInstance) {
    route(
      app,
      {
        method: "GET",
        url: "/bim/state",
        tags,
        summary: "The viewer state the caller saved for a model, or null",
        query: bimViewerStateQuery,
        response: bimViewerStateAnswer,
        access: member,
      },
      ({ scope, query }) => service.state(scope, query.modelId),
    );
    route(
      app,
      {
        method: "PUT",
        url: "/bim/state",
        tags,
        summary: "Saves the caller's viewer state of a model: camera, hidden and isolated elements, section, profile",
        body: bimViewerStateBody,
        response: bimViewerStateBody,
        access: member,
      },
      ({ scope, body }) => service.saveState(scope, body),
    );

    route(
      app,
      {
        method: "GET",
        url: profiles,
        tags,
        params: idParams,
        response: z.array(bimAppearanceProfileSchema),
        access: read,
      },
      ({ scope }) => service.profiles(scope),
    );
    route(
      app,
      {
        method: "POST",
        url: `${profiles}/create`,
        tags,
        summary: "Creates an appearance profile: a colour or hiding per IFC type",
        params: idParams,
        body: bimAppearanceProfileBody,
        response: bimAppearanceProfileSchema,
        access: write,
      },
      ({ scope, body }) => service.createProfile(scope, body),
    );
    route(
      app,
      {
        method: "PUT",
        url: `${profiles}/:profileId/update`,
        tags,
        params: bimProfileParams,
        body: bimAppearanceProfileBody,
        response: bimAppearanceProfileSchema,
        access: write,
      },
      ({ scope, params, body }) => service.updateProfile(scope, params.profileId, body),
    );
    route(
      app,
      {
        method: "DELETE",
        url: `${profiles}/:profileId/delete`,
        tags,
        params: bimProfileParams,
        response: z.null(),
        access: write,
      },
      ({ scope, params }) => service.deleteProfile(scope, params.profileId),
    );
  };
}
