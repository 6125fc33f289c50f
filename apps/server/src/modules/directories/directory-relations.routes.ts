import {
  assignRelationRowsBody,
  createDirectoryRelationBody,
  deleteRelationRowsBody,
  dependentDirectoriesBody,
  directoryRelationSchema,
  directoryRelationWithRowsSchema,
  exportResultSchema,
  relationIdParams,
  relationImportResultSchema,
  relationIndicatorSchema,
  relationPairParams,
  relationRecalculationSchema,
  relationRowsOfBody,
  updateRelationOptionsBody,
  updateRelationRowsBody,
  versionIdParams,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../platform/context.js";
import { requestLanguage } from "../../platform/http-errors.js";
import { route } from "../../platform/route.js";
import { readUpload } from "../../platform/uploads.js";
import { WorkspaceEvents } from "../../platform/workspace-events.js";
import type { DirectoriesService } from "./directories.service.js";
import { DirectoryRelationFiles } from "./directory-relation-files.js";
import { DirectoryRelations } from "./directory-relations.js";

/**
 * Complex relations between directories (spec §7 "Directory complex relations"), under
 * `/directory-complex-relations`. The space comes from the caller's header; which directories the caller may read,
 * define or fill the service decides; the version calls go through the version's own access.
 */
export function directoryRelationRoutes(app: FastifyInstance, ctx: AppContext, directories: DirectoriesService) {
  const relations = new DirectoryRelations({ db: ctx.db, directories, events: new WorkspaceEvents(ctx.realtime) });
  const files = new DirectoryRelationFiles({ db: ctx.db, storage: ctx.storage, relations });
  const tags = ["Directory complex relations"];
  const base = "/directory-complex-relations";
  const inSpace = ctx.access.space("eps:read");
  route(
    app,
    {
      method: "GET",
      url: `${base}/all`,
      tags,
      summary: "Every relation between two directories the caller may read",
      response: z.array(directoryRelationSchema),
      access: inSpace,
    },
    ({ scope }) => relations.all(scope),
  );
  route(
    app,
    {
      method: "GET",
      url: `${base}/:id/all-relations`,
      tags,
      summary: "A relation with every coefficient",
      params: relationIdParams,
      response: directoryRelationWithRowsSchema,
      access: inSpace,
    },
    ({ scope, params }) => relations.withRows(scope, params.id),
  );
  route(
    app,
    {
      method: "POST",
      url: `${base}/create-relation-between-directories`,
      tags,
      body: createDirectoryRelationBody,
      response: directoryRelationSchema,
      access: inSpace,
    },
    ({ scope, body }) => relations.create(scope, body),
  );
  route(
    app,
    {
      method: "PUT",
      url: `${base}/update-relation-options`,
      tags,
      body: updateRelationOptionsBody,
      response: directoryRelationSchema,
      access: inSpace,
    },
    ({ scope, body }) => relations.rename(scope, body.id, body.name),
  );
  route(
    app,
    {
      method: "DELETE",
      url: `${base}/delete-relation/:id`,
      tags,
      params: relationIdParams,
      response: z.object({ id: z.string() }),
      access: inSpace,
    },
    ({ scope, params }) => relations.delete(scope, params.id),
  );
  route(
    app,
    {
      method: "POST",
      url: `${base}/get-directory-relation-rows-directory`,
      tags,
      summary: "The coefficients of a relation, of one source row when named",
      body: relationRowsOfBody,
      response: directoryRelationWithRowsSchema,
      access: inSpace,
    },
    ({ scope, body }) => relations.withRows(scope, body.relationId, body.sourceRowId),
  );
  route(
    app,
    {
      method: "POST",
      url: `${base}/get-dependent-directories`,
      tags,
      summary: "The relations whose source is the directory",
      body: dependentDirectoriesBody,
      response: z.array(directoryRelationSchema),
      access: inSpace,
    },
    ({ scope, body }) => relations.dependents(scope, body.directoryId),
  );
  route(
    app,
    {
      method: "POST",
      url: `${base}/assign-directory-relation-rows/:id`,
      tags,
      summary: "Adds pairs of rows with their coefficient (an existing pair takes the new one); all or nothing",
      params: relationIdParams,
      body: assignRelationRowsBody,
      response: directoryRelationWithRowsSchema,
      access: inSpace,
    },
    ({ scope, params, body }) => relations.assignRows(scope, params.id, body),
  );
  route(
    app,
    {
      method: "PUT",
      url: `${base}/update-directory-relation-rows/:id`,
      tags,
      params: relationIdParams,
      body: updateRelationRowsBody,
      response: directoryRelationWithRowsSchema,
      access: inSpace,
    },
    ({ scope, params, body }) => relations.updateRows(scope, params.id, body),
  );
  route(
    app,
    {
      method: "DELETE",
      url: `${base}/delete-directory-relation-rows/:id`,
      tags,
      params: relationIdParams,
      body: deleteRelationRowsBody,
      response: z.object({ deleted: z.number() }),
      access: inSpace,
    },
    ({ scope, params, body }) => relations.deleteRows(scope, params.id, body.ids),
  );
  route(
    app,
    {
      method: "POST",
      url: `${base}/export-relations/:a/:b`,
      tags,
      summary: "The relation from directory a to directory b as XLSX (a temporary file to download)",
      params: relationPairParams,
      response: exportResultSchema,
      access: inSpace,
    },
    ({ scope, params, request }) => files.export(scope, params.a, params.b, requestLanguage(request)),
  );
  route(
    app,
    {
      method: "POST",
      url: `${base}/import-relations/:a/:b`,
      tags,
      summary: "Replaces the relation's coefficients by an XLSX or CSV file (multipart `file`); all or nothing",
      params: relationPairParams,
      response: relationImportResultSchema,
      access: inSpace,
    },
    async ({ scope, params, request }) =>
      files.import(scope, params.a, params.b, await readUpload(request, ctx.config.maxUploadBytes)),
  );
  route(
    app,
    {
      method: "GET",
      url: `${base}/recalculate-dependent-resources-version/:id`,
      tags,
      summary: "Gives the version's linked works their dependent resources: planned volume × coefficient",
      params: versionIdParams,
      response: relationRecalculationSchema,
      access: ctx.access.version("write"),
    },
    ({ scope }) => relations.recalculate(scope),
  );
  route(
    app,
    {
      method: "GET",
      url: `${base}/directory-complex-version-indicator/:id`,
      tags,
      summary: "The version's total need of each dependent row, per relation",
      params: versionIdParams,
      response: z.array(relationIndicatorSchema),
      access: ctx.access.version("read"),
    },
    ({ scope }) => relations.indicators(scope),
  );
}
