import {
  copyWbsBody,
  createWbsBody,
  deleteWbsBody,
  findQuery,
  flagsBody,
  ganttWireSchema,
  moveWbsBody,
  pasteMatrixBody,
  progressUpdatedSchema,
  revisionBody,
  updateProgressBody,
  updateWbsBody,
  updateWbsTypeBody,
  versionIdParams,
  wbsCopiedSchema,
  wbsCountSchema,
  wbsDeletedSchema,
  wbsDissolvedSchema,
  wbsFlagsSchema,
  wbsFlagsUpdatedSchema,
  wbsFoundListSchema,
  wbsItemChangeSchema,
  wbsItemParams,
  wbsItemSchema,
  wbsListQuery,
  wbsListSchema,
  wbsMovedSchema,
  wbsPassportSchema,
  wbsPastedSchema,
  wbsPathSchema,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../platform/context.js";
import { route } from "../../../platform/route.js";
import { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { AttributesService } from "../../structure/attributes/attributes.service.js";
import type { GanttCache } from "./gantt-cache.js";
import { WbsService } from "./wbs.service.js";
import { WbsPasteService } from "./wbs-paste.js";
import { updateProgress } from "./wbs-progress.js";
import { WbsTreeService } from "./wbs-tree.service.js";

/** WBS of a version under /versions/{id}: list, gantt, edits, moves, copy, paste, flags, find, count, passport. */
export function wbsModule(ctx: AppContext, gantt: GanttCache) {
  const deps = { db: ctx.db, events: new WorkspaceEvents(ctx.realtime) };
  const attributes = new AttributesService({ db: ctx.db, realtime: ctx.realtime });
  const wbs = new WbsService({
    ...deps,
    workAttributes: (scope) =>
      attributes.visible(scope.grant, {
        nodeId: null,
        scheduleId: scope.scheduleId,
        target: "work",
        lineage: scope.lineage,
      }),
  });
  const tree = new WbsTreeService(deps);
  const paste = new WbsPasteService(deps);
  const { access } = ctx;

  return async function wbsRoutes(app: FastifyInstance) {
    const tags = ["WBS"];
    const read = access.version("read");
    const edit = access.version("write");

    // Served from a cache keyed by the version's state in the database, with an ETag; access is checked first.
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/gantt",
        tags,
        summary: "The version as Gantt columns (ETag, 304, gzip/br)",
        params: versionIdParams,
        response: ganttWireSchema,
        access: read,
      },
      ({ scope, request, reply }) => gantt.answer(scope, request, reply),
    );

    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/wbs",
        tags,
        params: versionIdParams,
        query: wbsListQuery,
        response: wbsListSchema,
        access: read,
      },
      ({ scope, query }) => wbs.list(scope, query.parentId === "root" ? null : query.parentId),
    );
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/wbs/count",
        tags,
        params: versionIdParams,
        response: wbsCountSchema,
        access: read,
      },
      ({ scope }) => wbs.count(scope),
    );
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/wbs/find",
        tags,
        params: versionIdParams,
        query: findQuery,
        response: wbsFoundListSchema,
        access: read,
      },
      ({ scope, query }) => wbs.find(scope, query.q, query.limit),
    );
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/wbs/flags",
        tags,
        params: versionIdParams,
        response: wbsFlagsSchema,
        access: read,
      },
      ({ scope }) => wbs.flags(scope),
    );
    // Flags are the caller's own view state: a locked version may still be expanded and checked.
    route(
      app,
      {
        method: "PATCH",
        url: "/versions/:id/wbs/expand",
        tags,
        params: versionIdParams,
        body: flagsBody,
        response: wbsFlagsUpdatedSchema,
        access: read,
      },
      ({ scope, body }) => wbs.setFlags(scope, "expanded", body.ids, body.value),
    );
    route(
      app,
      {
        method: "PATCH",
        url: "/versions/:id/wbs/check",
        tags,
        params: versionIdParams,
        body: flagsBody,
        response: wbsFlagsUpdatedSchema,
        access: read,
      },
      ({ scope, body }) => wbs.setFlags(scope, "checked", body.ids, body.value),
    );
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/wbs/:itemId",
        tags,
        params: wbsItemParams,
        response: wbsItemSchema,
        access: read,
      },
      ({ scope, params }) => wbs.get(scope, params.itemId),
    );
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/wbs/:itemId/passport",
        tags,
        params: wbsItemParams,
        response: wbsPassportSchema,
        access: read,
      },
      ({ scope, params }) => wbs.passport(scope, params.itemId),
    );
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/wbs/:itemId/material-path",
        tags,
        params: wbsItemParams,
        response: wbsPathSchema,
        access: read,
      },
      ({ scope, params }) => wbs.materialPath(scope, params.itemId),
    );

    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/wbs/create",
        tags,
        params: versionIdParams,
        body: createWbsBody,
        response: wbsItemChangeSchema,
        access: edit,
      },
      ({ scope, body }) => wbs.create(scope, body),
    );
    route(
      app,
      {
        method: "PATCH",
        url: "/versions/:id/wbs/:itemId/update",
        tags,
        params: wbsItemParams,
        body: updateWbsBody,
        response: wbsItemChangeSchema,
        access: edit,
      },
      ({ scope, params, body }) => wbs.update(scope, params.itemId, body),
    );
    route(
      app,
      {
        method: "PATCH",
        url: "/versions/:id/wbs/:itemId/type",
        tags,
        params: wbsItemParams,
        body: updateWbsTypeBody,
        response: wbsItemChangeSchema,
        access: edit,
      },
      ({ scope, params, body }) => wbs.updateType(scope, params.itemId, body.revision, body.type),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/wbs/:itemId/move",
        tags,
        params: wbsItemParams,
        body: moveWbsBody,
        response: wbsMovedSchema,
        access: edit,
      },
      ({ scope, params, body }) => tree.move(scope, params.itemId, body),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/wbs/:itemId/dissolve",
        tags,
        params: wbsItemParams,
        body: revisionBody,
        response: wbsDissolvedSchema,
        access: edit,
      },
      ({ scope, params, body }) => tree.dissolve(scope, params.itemId, body.revision),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/wbs/copy",
        tags,
        params: versionIdParams,
        body: copyWbsBody,
        response: wbsCopiedSchema,
        access: edit,
      },
      ({ scope, body }) => tree.copy(scope, body),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/wbs/paste-matrix",
        tags,
        params: versionIdParams,
        body: pasteMatrixBody,
        response: wbsPastedSchema,
        access: edit,
      },
      ({ scope, body }) => paste.paste(scope, body),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/update-progress",
        tags,
        summary: "Move the data date and record progress as planned up to it (P6 Update Progress); undoable",
        params: versionIdParams,
        body: updateProgressBody,
        response: progressUpdatedSchema,
        access: edit,
      },
      ({ scope, body }) => updateProgress(deps, scope, body.dataDate, body.progress),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/versions/:id/wbs",
        tags,
        params: versionIdParams,
        body: deleteWbsBody,
        response: wbsDeletedSchema,
        access: edit,
      },
      ({ scope, body }) => wbs.delete(scope, body.items),
    );
  };
}
