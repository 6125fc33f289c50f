import { confirmQuery, createNodeBody, facilitySettingsBody, idParams, keyBody } from "@planum/contracts";
import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { epsNodes } from "../../../db/schema/index.js";
import type { AppContext } from "../../../platform/context.js";
import { ok, typed } from "../../../platform/http.js";
import type { EpsService } from "../eps/eps.service.js";
import { spaceGate } from "../structure-gate.js";

const createProjectBody = z.object({ name: createNodeBody.shape.name, key: keyBody.shape.key.optional() });

/** Facilities: structure nodes of kind `facility` (the `facility` scope), which hold projects. */
export function facilitiesModule(ctx: AppContext, eps: EpsService) {
  return async function facilitiesRoutes(fastify: FastifyInstance) {
    const app = typed(fastify);
    const tags = ["Facilities"];

    app.post("/facilities/create", { schema: { tags, body: createNodeBody } }, async (request) =>
      ok(await eps.create(await spaceGate(ctx, request), "facility", request.body)),
    );

    /** The facility with its projects (light rows). */
    app.get("/facilities/:id", { schema: { tags, params: idParams } }, async (request) => {
      const grant = await spaceGate(ctx, request, "eps:read");
      const facility = await eps.node(grant, request.params.id, ["facility"]);
      const projects = await ctx.db
        .select({ id: epsNodes.id, name: epsNodes.name, key: epsNodes.key, order: epsNodes.sortOrder })
        .from(epsNodes)
        .where(and(eq(epsNodes.spaceId, grant.space.id), eq(epsNodes.parentId, facility.id)))
        .orderBy(asc(epsNodes.sortOrder));
      return ok({ ...facility, projects });
    });

    app.delete(
      "/facilities/:id",
      { schema: { tags, params: idParams, querystring: confirmQuery } },
      async (request) => {
        const grant = await spaceGate(ctx, request);
        return ok(await eps.deleteNodes(grant, [request.params.id], request.query.confirmCount, ["facility"]));
      },
    );

    app.patch(
      "/facilities/:id/settings",
      { schema: { tags, params: idParams, body: facilitySettingsBody } },
      async (request) => {
        const grant = await spaceGate(ctx, request);
        return ok(await eps.patchSettings(grant, request.params.id, "facility", request.body.settings));
      },
    );

    app.post(
      "/facilities/:id/project/create",
      { schema: { tags, params: idParams, body: createProjectBody } },
      async (request) => {
        const grant = await spaceGate(ctx, request);
        return ok(await eps.create(grant, "project", { ...request.body, parentId: request.params.id }));
      },
    );
  };
}
