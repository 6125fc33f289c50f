import {
  levellingAppliedSchema,
  levellingJobParams,
  levellingOptionsSchema,
  levellingPreviewSchema,
  levellingStartedSchema,
  versionIdParams,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../platform/context.js";
import { route } from "../../../platform/route.js";
import { LevellingService } from "./levelling.service.js";

/** Resource levelling of a version: start (a job), read the preview, stop, apply as one undoable change, discard. */
export function levellingModule(ctx: AppContext) {
  const service = new LevellingService(ctx);
  const { access } = ctx;
  return async function levellingRoutes(app: FastifyInstance) {
    const tags = ["Levelling"];
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/levelling",
        tags,
        params: versionIdParams,
        body: levellingOptionsSchema,
        response: levellingStartedSchema,
        access: access.version("write"),
      },
      ({ scope, body }) => service.start(scope, body),
    );
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/levelling/:jobId",
        tags,
        params: levellingJobParams,
        response: levellingPreviewSchema,
        access: access.version("read"),
      },
      ({ scope, params }) => service.preview(scope, params.jobId),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/levelling/:jobId/stop",
        tags,
        params: levellingJobParams,
        response: levellingPreviewSchema,
        access: access.version("write"),
      },
      ({ scope, params }) => service.stop(scope, params.jobId),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/levelling/:jobId/apply",
        tags,
        params: levellingJobParams,
        response: levellingAppliedSchema,
        access: access.version("write"),
      },
      ({ scope, params }) => service.apply(scope, params.jobId),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/levelling/:jobId/discard",
        tags,
        params: levellingJobParams,
        response: levellingPreviewSchema,
        access: access.version("write"),
      },
      ({ scope, params }) => service.discard(scope, params.jobId),
    );
  };
}
