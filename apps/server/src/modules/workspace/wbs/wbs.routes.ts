import {
  copyWbsBody,
  createWbsBody,
  deleteWbsBody,
  findQuery,
  flagsBody,
  moveWbsBody,
  pasteMatrixBody,
  revisionBody,
  updateWbsBody,
  updateWbsTypeBody,
  versionIdParams,
  wbsItemParams,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { editVersion, readVersion } from "../../../platform/access.js";
import type { AppContext } from "../../../platform/context.js";
import { ok, typed } from "../../../platform/http.js";
import { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { GanttCache } from "./gantt-cache.js";
import { WbsService } from "./wbs.service.js";
import { WbsPasteService } from "./wbs-paste.js";
import { WbsTreeService } from "./wbs-tree.service.js";

const listQuery = z.object({ parentId: z.union([z.literal("root"), z.coerce.number().int().positive()]).optional() });

/** WBS of a version under /versions/{id}: list, gantt, edits, moves, copy, paste, flags, find, count, passport. */
export function wbsModule(ctx: AppContext) {
  const deps = { db: ctx.db, events: new WorkspaceEvents(ctx.realtime) };
  const wbs = new WbsService(deps);
  const tree = new WbsTreeService(deps);
  const paste = new WbsPasteService(deps);
  const gantt = new GanttCache(ctx.db, ctx.config.ganttCacheBytes);

  return async function wbsRoutes(fastify: FastifyInstance) {
    const app = typed(fastify);
    const tags = ["WBS"];
    const read = (request: Parameters<typeof readVersion>[1], id: string) => readVersion(ctx, request, id);
    const edit = (request: Parameters<typeof editVersion>[1], id: string) => editVersion(ctx, request, id);

    // Served from a cache keyed by the version's state in the database, with an ETag; access is checked first.
    app.get("/versions/:id/gantt", { schema: { tags, params: versionIdParams } }, async (request, reply) =>
      gantt.answer(await read(request, request.params.id), request, reply),
    );

    app.get(
      "/versions/:id/wbs",
      { schema: { tags, params: versionIdParams, querystring: listQuery } },
      async (request) => {
        const parent = request.query.parentId;
        return ok(await wbs.list(await read(request, request.params.id), parent === "root" ? null : parent));
      },
    );
    app.get("/versions/:id/wbs/count", { schema: { tags, params: versionIdParams } }, async (request) =>
      ok(await wbs.count(await read(request, request.params.id))),
    );
    app.get(
      "/versions/:id/wbs/find",
      { schema: { tags, params: versionIdParams, querystring: findQuery } },
      async (request) =>
        ok(await wbs.find(await read(request, request.params.id), request.query.q, request.query.limit)),
    );
    app.get("/versions/:id/wbs/flags", { schema: { tags, params: versionIdParams } }, async (request) =>
      ok(await wbs.flags(await read(request, request.params.id))),
    );
    // Flags are the caller's own view state: a locked version may still be expanded and checked.
    app.patch(
      "/versions/:id/wbs/expand",
      { schema: { tags, params: versionIdParams, body: flagsBody } },
      async (request) =>
        ok(
          await wbs.setFlags(await read(request, request.params.id), "expanded", request.body.ids, request.body.value),
        ),
    );
    app.patch(
      "/versions/:id/wbs/check",
      { schema: { tags, params: versionIdParams, body: flagsBody } },
      async (request) =>
        ok(await wbs.setFlags(await read(request, request.params.id), "checked", request.body.ids, request.body.value)),
    );
    app.get("/versions/:id/wbs/:itemId", { schema: { tags, params: wbsItemParams } }, async (request) =>
      ok(await wbs.get(await read(request, request.params.id), request.params.itemId)),
    );
    app.get("/versions/:id/wbs/:itemId/passport", { schema: { tags, params: wbsItemParams } }, async (request) =>
      ok(await wbs.passport(await read(request, request.params.id), request.params.itemId)),
    );
    app.get("/versions/:id/wbs/:itemId/material-path", { schema: { tags, params: wbsItemParams } }, async (request) =>
      ok(await wbs.materialPath(await read(request, request.params.id), request.params.itemId)),
    );

    app.post(
      "/versions/:id/wbs/create",
      { schema: { tags, params: versionIdParams, body: createWbsBody } },
      async (request) => ok(await wbs.create(await edit(request, request.params.id), request.body)),
    );
    app.patch(
      "/versions/:id/wbs/:itemId/update",
      { schema: { tags, params: wbsItemParams, body: updateWbsBody } },
      async (request) =>
        ok(await wbs.update(await edit(request, request.params.id), request.params.itemId, request.body)),
    );
    app.patch(
      "/versions/:id/wbs/:itemId/type",
      { schema: { tags, params: wbsItemParams, body: updateWbsTypeBody } },
      async (request) =>
        ok(
          await wbs.updateType(
            await edit(request, request.params.id),
            request.params.itemId,
            request.body.revision,
            request.body.type,
          ),
        ),
    );
    app.post(
      "/versions/:id/wbs/:itemId/move",
      { schema: { tags, params: wbsItemParams, body: moveWbsBody } },
      async (request) =>
        ok(await tree.move(await edit(request, request.params.id), request.params.itemId, request.body)),
    );
    app.post(
      "/versions/:id/wbs/:itemId/dissolve",
      { schema: { tags, params: wbsItemParams, body: revisionBody } },
      async (request) =>
        ok(await tree.dissolve(await edit(request, request.params.id), request.params.itemId, request.body.revision)),
    );
    app.post(
      "/versions/:id/wbs/copy",
      { schema: { tags, params: versionIdParams, body: copyWbsBody } },
      async (request) => ok(await tree.copy(await edit(request, request.params.id), request.body)),
    );
    app.post(
      "/versions/:id/wbs/paste-matrix",
      { schema: { tags, params: versionIdParams, body: pasteMatrixBody } },
      async (request) => ok(await paste.paste(await edit(request, request.params.id), request.body)),
    );
    app.delete(
      "/versions/:id/wbs",
      { schema: { tags, params: versionIdParams, body: deleteWbsBody } },
      async (request) => ok(await wbs.delete(await edit(request, request.params.id), request.body.items)),
    );
  };
}
