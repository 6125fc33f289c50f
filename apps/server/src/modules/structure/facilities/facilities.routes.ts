import {
  confirmQuery,
  createNodeBody,
  deleteNodesSchema,
  epsNodeSchema,
  facilitySchema,
  facilitySettingsBody,
  idParams,
  keyBody,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../../platform/context.js";
import { route } from "../../../platform/route.js";
import type { EpsService } from "../eps/eps.service.js";
import type { ProjectsService } from "../projects/projects.service.js";

const createProjectBody = z.object({ name: createNodeBody.shape.name, key: keyBody.shape.key.optional() });

/** Facilities: structure nodes of kind `facility` (the `facility` scope), which hold projects. */
export function facilitiesModule(ctx: AppContext, eps: EpsService, projects: ProjectsService) {
  const { access } = ctx;
  return async function facilitiesRoutes(app: FastifyInstance) {
    const tags = ["Facilities"];

    route(
      app,
      {
        method: "POST",
        url: "/facilities/create",
        tags,
        body: createNodeBody,
        response: epsNodeSchema,
        access: access.space(),
      },
      ({ scope, body }) => eps.create(scope, "facility", body),
    );

    route(
      app,
      {
        method: "GET",
        url: "/facilities/:id",
        tags,
        summary: "The facility with its projects (light rows)",
        params: idParams,
        response: facilitySchema,
        access: access.nodeIn("eps:read", { kinds: ["facility"] }),
      },
      async ({ scope }) => projects.facility(await eps.describe(scope.node), scope.grant),
    );

    route(
      app,
      {
        method: "DELETE",
        url: "/facilities/:id",
        tags,
        params: idParams,
        query: confirmQuery,
        response: deleteNodesSchema,
        access: access.space(),
      },
      ({ scope, params, query }) => eps.deleteNodes(scope, [params.id], query.confirmCount, ["facility"]),
    );

    route(
      app,
      {
        method: "PATCH",
        url: "/facilities/:id/settings",
        tags,
        params: idParams,
        body: facilitySettingsBody,
        response: epsNodeSchema,
        access: access.node("eps:write", { kinds: ["facility"] }),
      },
      ({ scope, body }) => eps.patchSettings(scope, body.settings),
    );

    route(
      app,
      {
        method: "POST",
        url: "/facilities/:id/project/create",
        tags,
        params: idParams,
        body: createProjectBody,
        response: epsNodeSchema,
        access: access.space(),
      },
      ({ scope, params, body }) => eps.create(scope, "project", { ...body, parentId: params.id }),
    );
  };
}
