import {
  gwbsCalculateAfterBody,
  gwbsItemBody,
  gwbsItemParams,
  gwbsSchema,
  idParams,
  pipeRelationBody,
  pipeRelationParams,
  pipeSchema,
  pipeSettingsBody,
  pipeStageBody,
  pipeStageParams,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { route } from "../../platform/route.js";
import { GwbsService } from "./gwbs.service.js";
import { PipelineService } from "./pipeline.service.js";

/**
 * A project's pipeline (spec §7 Projects "pipe CRUD and relations", §2 `pipeline/{project_id}`): reading needs
 * eps:read on the project, every change eps:write there. Each call answers the whole pipeline. The general WBS
 * ("gwbs CRUD and calculate-after") follows the same rules and answers the whole tree.
 */
export function pipelineModule(ctx: AppContext) {
  const service = new PipelineService({ db: ctx.db });
  const gwbs = new GwbsService({ db: ctx.db, realtime: ctx.realtime });
  const { access } = ctx;
  const project = ["project" as const];
  const read = access.nodeIn("eps:read", { kinds: project });
  const write = access.node("eps:write", { kinds: project });
  return async function pipelineRoutes(app: FastifyInstance) {
    gwbs.log = (message, error) => app.log.error({ err: error }, message);
    const tags = ["Project pipeline"];
    route(
      app,
      { method: "GET", url: "/projects/:id/pipe", tags, params: idParams, response: pipeSchema, access: read },
      ({ scope }) => service.read(scope),
    );
    route(
      app,
      {
        method: "POST",
        url: "/projects/:id/pipe",
        tags,
        summary: "Adds a stage",
        params: idParams,
        body: pipeStageBody,
        response: pipeSchema,
        access: write,
      },
      ({ scope, body }) => service.createStage(scope, body),
    );
    route(
      app,
      {
        method: "PUT",
        url: "/projects/:id/pipe/:stageId",
        tags,
        summary: "Changes a stage",
        params: pipeStageParams,
        body: pipeStageBody,
        response: pipeSchema,
        access: write,
      },
      ({ scope, params, body }) => service.updateStage(scope, params.stageId, body),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/projects/:id/pipe/:stageId",
        tags,
        summary: "Deletes a stage and its relations",
        params: pipeStageParams,
        response: pipeSchema,
        access: write,
      },
      ({ scope, params }) => service.deleteStage(scope, params.stageId),
    );
    route(
      app,
      {
        method: "POST",
        url: "/projects/:id/pipe-relations",
        tags,
        summary: "Relates two stages (FS, SS, FF, SF with a lag in days)",
        params: idParams,
        body: pipeRelationBody,
        response: pipeSchema,
        access: write,
      },
      ({ scope, body }) => service.relate(scope, body),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/projects/:id/pipe-relations/:relationId",
        tags,
        params: pipeRelationParams,
        response: pipeSchema,
        access: write,
      },
      ({ scope, params }) => service.unrelate(scope, params.relationId),
    );
    route(
      app,
      {
        method: "PUT",
        url: "/projects/:id/pipe-settings",
        tags,
        summary: "The pipeline screen's settings (spec: project pipe settings)",
        params: idParams,
        body: pipeSettingsBody,
        response: pipeSchema,
        access: write,
      },
      ({ scope, body }) => service.saveSettings(scope, body),
    );
    const gwbsTags = ["Project general WBS"];
    route(
      app,
      {
        method: "GET",
        url: "/projects/:id/gwbs",
        tags: gwbsTags,
        params: idParams,
        response: gwbsSchema,
        access: read,
      },
      ({ scope }) => gwbs.read(scope),
    );
    route(
      app,
      {
        method: "POST",
        url: "/projects/:id/gwbs",
        tags: gwbsTags,
        summary: "Adds an item (a code unique in the project)",
        params: idParams,
        body: gwbsItemBody,
        response: gwbsSchema,
        access: write,
      },
      ({ scope, body }) => gwbs.create(scope, body),
    );
    route(
      app,
      {
        method: "PUT",
        url: "/projects/:id/gwbs/:itemId",
        tags: gwbsTags,
        summary: "Renames, recodes or moves an item",
        params: gwbsItemParams,
        body: gwbsItemBody,
        response: gwbsSchema,
        access: write,
      },
      ({ scope, params, body }) => gwbs.update(scope, params.itemId, body),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/projects/:id/gwbs/:itemId",
        tags: gwbsTags,
        summary: "Deletes an item with its children",
        params: gwbsItemParams,
        response: gwbsSchema,
        access: write,
      },
      ({ scope, params }) => gwbs.delete(scope, params.itemId),
    );
    route(
      app,
      {
        method: "PUT",
        url: "/projects/:id/gwbs/calculate-after",
        tags: gwbsTags,
        summary: "Whether each calculation of the project's schedules recounts the general WBS",
        params: idParams,
        body: gwbsCalculateAfterBody,
        response: gwbsSchema,
        access: write,
      },
      ({ scope, body }) => gwbs.setCalculateAfter(scope, body.enabled),
    );
    route(
      app,
      {
        method: "POST",
        url: "/projects/:id/gwbs/calculate-after",
        tags: gwbsTags,
        summary: "Recounts the general WBS from the schedules as they are now",
        params: idParams,
        response: gwbsSchema,
        access: write,
      },
      ({ scope }) => gwbs.calculateNow(scope),
    );
  };
}
