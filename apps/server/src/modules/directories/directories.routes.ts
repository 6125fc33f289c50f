import {
  copyDirectoryBody,
  createDirectoryBody,
  deleteDirectoryQuery,
  directoryColumnBody,
  directoryColumnParams,
  directoryDeletedSchema,
  directoryGraphSchema,
  directoryMoveParams,
  directoryParams,
  directoryRowsPageSchema,
  directoryRowsQuery,
  directorySchema,
  directoryUploadPreviewSchema,
  directoryUploadQuery,
  directoryUploadResultSchema,
  exportResultSchema,
  idParams,
  invalidDirectoryValueSchema,
  renameDirectoryBody,
  setDirectoryAccessBody,
  updateAllRowsBody,
  updateAllRowsResultSchema,
  updateDirectoryBody,
  updateDirectoryColumnBody,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../platform/context.js";
import { requestLanguage } from "../../platform/http-errors.js";
import { route } from "../../platform/route.js";
import { readUpload } from "../../platform/uploads.js";
import { DirectoriesService } from "./directories.service.js";
import { DirectoryAttributes } from "./directory-attributes.js";
import { directoryAttributeRoutes } from "./directory-attributes.routes.js";
import { DirectoryFiles } from "./directory-files.js";
import { directoryGraph } from "./directory-graph.js";
import { directoryRelationRoutes } from "./directory-relations.routes.js";

/**
 * Directories (spec §7 "Directories"): `GET /directory` lists the space's directories; everything else goes through
 * the node the caller works at, `/eps/{id}/directory/…`, where the directories of the node and its ancestors are
 * seen. What the caller may do with one the service decides (attribute:admin to define, the attribute abilities or
 * the role's own row to read and write rows).
 */
export function directoriesModule(ctx: AppContext) {
  const service = new DirectoriesService({ db: ctx.db, realtime: ctx.realtime });
  const linkSettings = new DirectoryAttributes({ db: ctx.db, directories: service });
  const files = new DirectoryFiles({ db: ctx.db, storage: ctx.storage, directories: service });
  const upload = (request: Parameters<typeof readUpload>[0]) => readUpload(request, ctx.config.maxUploadBytes);
  const { access } = ctx;
  const atNode = access.nodeIn("eps:read");
  return async function directoriesRoutes(app: FastifyInstance) {
    const tags = ["Directories"];
    const base = "/eps/:id/directory";
    directoryAttributeRoutes(app, atNode, linkSettings);
    directoryRelationRoutes(app, ctx, service);

    route(
      app,
      {
        method: "GET",
        url: "/directory",
        tags,
        summary: "Every directory of the space the caller may read, by node",
        response: z.array(directorySchema),
        access: access.space("eps:read"),
      },
      ({ scope }) => service.all(scope),
    );
    route(
      app,
      {
        method: "GET",
        url: `${base}/get`,
        tags,
        summary: "Directories seen at this node (kept on it or on an ancestor)",
        params: idParams,
        response: z.array(directorySchema),
        access: atNode,
      },
      ({ scope }) => service.atNode(scope.grant, scope.node),
    );
    route(
      app,
      {
        method: "GET",
        url: `${base}/graph`,
        tags,
        summary: "How the directories seen at the node link: linked attributes, donors, complex relations",
        params: idParams,
        response: directoryGraphSchema,
        access: atNode,
      },
      ({ scope }) => directoryGraph(ctx.db, service, scope.grant, scope.node),
    );
    route(
      app,
      {
        method: "POST",
        url: `${base}/create`,
        tags,
        params: idParams,
        body: createDirectoryBody,
        response: directorySchema,
        access: atNode,
      },
      ({ scope, body }) => service.create(scope.grant, scope.node, body),
    );
    route(
      app,
      {
        method: "GET",
        url: `${base}/:dirId`,
        tags,
        params: directoryParams,
        response: directorySchema,
        access: atNode,
      },
      ({ scope, params }) => service.get(scope.grant, scope.node, params.dirId),
    );
    route(
      app,
      {
        method: "PUT",
        url: `${base}/:dirId/update`,
        tags,
        params: directoryParams,
        body: updateDirectoryBody,
        response: directorySchema,
        access: atNode,
      },
      ({ scope, params, body }) => service.update(scope.grant, scope.node, params.dirId, body),
    );
    route(
      app,
      {
        method: "PUT",
        url: `${base}/:dirId/name`,
        tags,
        params: directoryParams,
        body: renameDirectoryBody,
        response: directorySchema,
        access: atNode,
      },
      ({ scope, params, body }) => service.update(scope.grant, scope.node, params.dirId, body),
    );
    route(
      app,
      {
        method: "DELETE",
        url: `${base}/:dirId/delete`,
        tags,
        summary: "Deletes the directory and its rows; without the current row count as confirmCount answers 409",
        params: directoryParams,
        query: deleteDirectoryQuery,
        response: directoryDeletedSchema,
        access: atNode,
      },
      ({ scope, params, query }) => service.delete(scope.grant, scope.node, params.dirId, query.confirmCount),
    );
    route(
      app,
      {
        method: "POST",
        url: `${base}/:dirId/move-to/:target`,
        tags,
        params: directoryMoveParams,
        response: directorySchema,
        access: atNode,
      },
      ({ scope, params }) => service.moveTo(scope.grant, scope.node, params.dirId, params.target),
    );
    route(
      app,
      {
        method: "POST",
        url: `${base}/:dirId/copy-to`,
        tags,
        params: directoryParams,
        body: copyDirectoryBody,
        response: directorySchema,
        access: atNode,
      },
      ({ scope, params, body }) => service.copyTo(scope.grant, scope.node, params.dirId, body),
    );
    route(
      app,
      {
        method: "POST",
        url: `${base}/:dirId/attribute/create`,
        tags,
        summary: "Adds a typed column",
        params: directoryParams,
        body: directoryColumnBody,
        response: directorySchema,
        access: atNode,
      },
      ({ scope, params, body }) => service.addColumn(scope.grant, scope.node, params.dirId, body),
    );
    route(
      app,
      {
        method: "PUT",
        url: `${base}/:dirId/attribute/:colId/update`,
        tags,
        params: directoryColumnParams,
        body: updateDirectoryColumnBody,
        response: directorySchema,
        access: atNode,
      },
      ({ scope, params, body }) => service.updateColumn(scope.grant, scope.node, params.dirId, params.colId, body),
    );
    route(
      app,
      {
        method: "DELETE",
        url: `${base}/:dirId/attribute/:colId/delete`,
        tags,
        params: directoryColumnParams,
        response: directorySchema,
        access: atNode,
      },
      ({ scope, params }) => service.deleteColumn(scope.grant, scope.node, params.dirId, params.colId),
    );
    route(
      app,
      {
        method: "GET",
        url: `${base}/:dirId/rows`,
        tags,
        summary: "A page of rows in tree order; search in codes, names and values; filter with the spec's operators",
        params: directoryParams,
        query: directoryRowsQuery,
        response: directoryRowsPageSchema,
        access: atNode,
      },
      ({ scope, params, query }) => service.rows(scope.grant, scope.node, params.dirId, query),
    );
    route(
      app,
      {
        method: "PUT",
        url: `${base}/:dirId/update/all`,
        tags,
        summary: "Creates, changes and deletes rows in one transaction (all or nothing)",
        params: directoryParams,
        body: updateAllRowsBody,
        response: updateAllRowsResultSchema,
        access: atNode,
      },
      ({ scope, params, body }) => service.updateAll(scope.grant, scope.node, params.dirId, body),
    );
    route(
      app,
      {
        method: "GET",
        url: `${base}/:dirId/values/invalid`,
        tags,
        summary: "Stored values that no longer fit their column, with their row and column",
        params: directoryParams,
        response: z.array(invalidDirectoryValueSchema),
        access: atNode,
      },
      ({ scope, params }) => service.invalidValues(scope.grant, scope.node, params.dirId),
    );
    route(
      app,
      {
        method: "PUT",
        url: `${base}/:dirId/access`,
        tags,
        summary: "A role's own access to the directory's rows (null: back to the role's abilities)",
        params: directoryParams,
        body: setDirectoryAccessBody,
        response: directorySchema,
        access: atNode,
      },
      ({ scope, params, body }) => service.setAccess(scope.grant, scope.node, params.dirId, body.roleId, body.access),
    );
    route(
      app,
      {
        method: "POST",
        url: `${base}/:dirId/upload/preview`,
        tags,
        summary: "The first rows of an XLSX or CSV file (multipart `file`) and the column mapping the upload would use",
        params: directoryParams,
        query: directoryUploadQuery,
        response: directoryUploadPreviewSchema,
        access: atNode,
      },
      async ({ scope, params, query, request }) =>
        files.preview(scope.grant, scope.node, params.dirId, await upload(request), query.skipRows, query.mapping),
    );
    route(
      app,
      {
        method: "POST",
        url: `${base}/:dirId/upload`,
        tags,
        summary: "Rows from an XLSX or CSV file (multipart `file`), matched by code; all or nothing",
        params: directoryParams,
        query: directoryUploadQuery,
        response: directoryUploadResultSchema,
        access: atNode,
      },
      async ({ scope, params, query, request }) =>
        files.upload(scope.grant, scope.node, params.dirId, await upload(request), query.skipRows, query.mapping),
    );
    route(
      app,
      {
        method: "POST",
        url: `${base}/:dirId/export`,
        tags,
        summary: "The directory as XLSX (kept as a temporary file to download)",
        params: directoryParams,
        response: exportResultSchema,
        access: atNode,
      },
      ({ scope, params, request }) => files.export(scope.grant, scope.node, params.dirId, requestLanguage(request)),
    );
  };
}
