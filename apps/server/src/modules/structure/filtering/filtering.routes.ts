import {
  createPresetBody,
  idParams,
  presetsQuery,
  resetStateBody,
  setStateBody,
  updatePresetBody,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../platform/context.js";
import { ok, typed } from "../../../platform/http.js";
import { spaceGate } from "../structure-gate.js";
import { FilteringService } from "./filtering.service.js";

/** `/filtering`: the caller's own filter presets in a space (nobody sees another user's presets). */
export function filteringModule(ctx: AppContext) {
  const service = new FilteringService(ctx);
  return async function filteringRoutes(fastify: FastifyInstance) {
    const app = typed(fastify);
    const tags = ["Filtering"];

    app.get("/filtering", { schema: { tags, querystring: presetsQuery } }, async (request) =>
      ok(await service.list(await spaceGate(ctx, request), request.query.target)),
    );
    app.post("/filtering", { schema: { tags, body: createPresetBody } }, async (request) =>
      ok(await service.create(await spaceGate(ctx, request), request.body)),
    );
    app.put("/filtering/:id", { schema: { tags, params: idParams, body: updatePresetBody } }, async (request) =>
      ok(await service.update(await spaceGate(ctx, request), request.params.id, request.body)),
    );
    app.post("/filtering/set-state", { schema: { tags, body: setStateBody } }, async (request) =>
      ok(await service.setState(await spaceGate(ctx, request), request.body.id)),
    );
    app.post("/filtering/reset-state", { schema: { tags, body: resetStateBody } }, async (request) =>
      ok(await service.resetState(await spaceGate(ctx, request), request.body.target)),
    );
    app.delete("/filtering/:id", { schema: { tags, params: idParams } }, async (request) => {
      await service.delete(await spaceGate(ctx, request), request.params.id);
      return ok(null);
    });
  };
}
