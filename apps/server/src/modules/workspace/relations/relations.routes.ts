import {
  createRelationBody,
  relationChangeSchema,
  relationDeleteSchema,
  relationParams,
  relationRowSchema,
  relationsQuery,
  revisionBody,
  scheduleIdParams,
  scheduleLinkSchema,
  updateRelationBody,
  versionIdParams,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../../platform/context.js";
import { route } from "../../../platform/route.js";
import { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { RelationsService } from "./relations.service.js";

/** Relations of a version under /versions/{id}/relations, and a schedule's links with other schedules. */
export function relationsModule(ctx: AppContext) {
  const service = new RelationsService({ db: ctx.db, events: new WorkspaceEvents(ctx.realtime) });
  const { access } = ctx;
  return async function relationsRoutes(app: FastifyInstance) {
    const tags = ["Relations"];

    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/relations",
        tags,
        params: versionIdParams,
        query: relationsQuery,
        response: z.array(relationRowSchema),
        access: access.version("read"),
      },
      ({ scope, query }) => service.list(scope, query.itemId),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/relations",
        tags,
        params: versionIdParams,
        body: createRelationBody,
        response: relationChangeSchema,
        access: access.version("write"),
      },
      ({ scope, body }) => service.create(scope, body),
    );
    route(
      app,
      {
        method: "PATCH",
        url: "/versions/:id/relations/:relationId",
        tags,
        params: relationParams,
        body: updateRelationBody,
        response: relationChangeSchema,
        access: access.version("write"),
      },
      ({ scope, params, body }) => service.update(scope, params.relationId, body),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/versions/:id/relations/:relationId",
        tags,
        params: relationParams,
        body: revisionBody,
        response: relationDeleteSchema,
        access: access.version("write"),
      },
      ({ scope, params, body }) => service.delete(scope, params.relationId, body.revision),
    );
    route(
      app,
      {
        method: "GET",
        url: "/schedules/:id/links",
        tags,
        params: scheduleIdParams,
        response: z.array(scheduleLinkSchema),
        access: access.schedule("read"),
      },
      ({ scope }) => service.links(scope.grant, scope.schedule.id),
    );
  };
}
