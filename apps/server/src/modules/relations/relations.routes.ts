import {
  createRelationBody,
  relationParams,
  relationsQuery,
  revisionBody,
  scheduleIdParams,
  updateRelationBody,
  versionIdParams,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { ok, typed } from "../../platform/http.js";
import { editVersion, loadScheduleScope, readVersion, workspaceGate } from "../versions/version-access.js";
import { WorkspaceEvents } from "../versions/workspace-events.js";
import { RelationsService } from "./relations.service.js";

/** Relations of a version under /versions/{id}/relations, and a schedule's links with other schedules. */
export function relationsModule(ctx: AppContext) {
  const service = new RelationsService({ db: ctx.db, events: new WorkspaceEvents(ctx.realtime) });
  return async function relationsRoutes(fastify: FastifyInstance) {
    const app = typed(fastify);
    const tags = ["Relations"];

    app.get(
      "/versions/:id/relations",
      { schema: { tags, params: versionIdParams, querystring: relationsQuery } },
      async (request) =>
        ok(await service.list(await readVersion(ctx, request, request.params.id), request.query.itemId)),
    );
    app.post(
      "/versions/:id/relations",
      { schema: { tags, params: versionIdParams, body: createRelationBody } },
      async (request) => ok(await service.create(await editVersion(ctx, request, request.params.id), request.body)),
    );
    app.patch(
      "/versions/:id/relations/:relationId",
      { schema: { tags, params: relationParams, body: updateRelationBody } },
      async (request) =>
        ok(
          await service.update(
            await editVersion(ctx, request, request.params.id),
            request.params.relationId,
            request.body,
          ),
        ),
    );
    app.delete(
      "/versions/:id/relations/:relationId",
      { schema: { tags, params: relationParams, body: revisionBody } },
      async (request) =>
        ok(
          await service.delete(
            await editVersion(ctx, request, request.params.id),
            request.params.relationId,
            request.body.revision,
          ),
        ),
    );
    app.get("/schedules/:id/links", { schema: { tags, params: scheduleIdParams } }, async (request) => {
      const grant = await workspaceGate(ctx, request);
      await loadScheduleScope(ctx.db, grant, request.params.id);
      return ok(await service.links(grant, request.params.id));
    });
  };
}
