import {
  bimAttributesByIdsBody,
  bimAttributesByTextQuery,
  bimElementInfoSchema,
  bimElementParams,
  bimElementSchema,
  bimModelParams,
  bimModelSchema,
  bimPbsEntrySchema,
  bimSearchAnswerSchema,
  bimTreeNodeSchema,
  bimTreeQuery,
  bimUploadSchema,
  idParams,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../platform/context.js";
import { fileAnswer, route } from "../../platform/route.js";
import { readUpload } from "../../platform/uploads.js";
import { BimService } from "./bim.service.js";
import { closeConvertPool } from "./bim-convert-pool.js";
import { bimLinksRoutes } from "./bim-links.routes.js";
import { bimPrimitivesRoutes } from "./bim-primitives.routes.js";
import { bimAccess } from "./bim-seat.js";
import { bimViewerRoutes } from "./bim-viewer.routes.js";

/**
 * 3D/BIM models of a project (spec §7 "Projects … 3D … models under /projects/{id}/3d"): upload (multipart IFC,
 * converted by a job), list, info, delete, the spatial tree by levels, all objects' metadata, search by attribute
 * text, attributes by ids, the reduced PBS list, one element's info, and the converted geometry for the viewer.
 * Reading needs eps:read at the project, uploading and deleting eps:write.
 */
export function bimModule(ctx: AppContext) {
  const service = new BimService(ctx);
  // every BIM call also needs a BIM seat when the space is licensed (bim-seat.ts)
  const access = bimAccess(ctx);
  const project = ["project" as const];
  const read = access.node("eps:read", { kinds: project });
  const write = access.node("eps:write", { kinds: project });
  const tags = ["3D models"];
  const base = "/projects/:id/3d";

  return async function bimRoutes(app: FastifyInstance) {
    app.addHook("onClose", async () => closeConvertPool());
    await app.register(bimLinksRoutes(ctx));
    await app.register(bimViewerRoutes(ctx));
    await app.register(bimPrimitivesRoutes(ctx));

    route(
      app,
      {
        method: "GET",
        url: base,
        tags,
        summary: "The project's models",
        params: idParams,
        response: z.array(bimModelSchema),
        access: read,
      },
      ({ scope }) => service.list(scope),
    );
    route(
      app,
      {
        method: "POST",
        url: `${base}/upload`,
        tags,
        summary:
          "Uploads an IFC file (multipart `file`; IFC2X3, IFC4 or IFC4X3) and converts it as a job (event `bim_model_upload_progress`)",
        params: idParams,
        response: bimUploadSchema,
        access: write,
      },
      ({ scope, request }) => service.upload(scope, () => readUpload(request, ctx.config.maxUploadBytes)),
    );
    route(
      app,
      {
        method: "GET",
        url: `${base}/:modelId/info`,
        tags,
        params: bimModelParams,
        response: bimModelSchema,
        access: read,
      },
      ({ scope, params }) => service.info(scope, params.modelId),
    );
    route(
      app,
      {
        method: "DELETE",
        url: `${base}/:modelId/delete`,
        tags,
        summary: "Deletes the model, its objects, its links to works and its files",
        params: bimModelParams,
        response: z.null(),
        access: write,
      },
      async ({ scope, params }) => {
        await service.remove(scope, params.modelId);
        return null;
      },
    );
    route(
      app,
      {
        method: "GET",
        url: `${base}/:modelId`,
        tags,
        summary: "One level of the model's tree: the roots, or the children of `parentId`",
        params: bimModelParams,
        query: bimTreeQuery,
        response: z.array(bimTreeNodeSchema),
        access: read,
      },
      ({ scope, params, query }) => service.tree(scope, params.modelId, query.parentId ?? null),
    );
    route(
      app,
      {
        method: "GET",
        url: `${base}/:modelId/attributes`,
        tags,
        summary: "Objects whose name, type, GlobalId or a property value contains `text`",
        params: bimModelParams,
        query: bimAttributesByTextQuery,
        response: bimSearchAnswerSchema,
        access: read,
      },
      ({ scope, params, query }) => service.search(scope, params.modelId, query.text, query.limit),
    );
    route(
      app,
      {
        method: "POST",
        url: `${base}/:modelId/attributes`,
        tags,
        summary: "The properties of the objects named by express id",
        params: bimModelParams,
        body: bimAttributesByIdsBody,
        response: z.array(bimElementInfoSchema),
        access: read,
        writes: false,
      },
      ({ scope, params, body }) => service.byIds(scope, params.modelId, body.ids),
    );
    route(
      app,
      {
        method: "GET",
        url: `${base}/:modelId/elements-metadata`,
        tags,
        summary: "Every object of the model without its properties",
        params: bimModelParams,
        response: z.array(bimElementSchema),
        access: read,
      },
      ({ scope, params }) => service.elements(scope, params.modelId),
    );
    route(
      app,
      {
        method: "GET",
        url: `${base}/:modelId/pbs`,
        tags,
        summary: "The reduced PBS list: sites, buildings, storeys, spaces (and facilities), each with its object count",
        params: bimModelParams,
        response: z.array(bimPbsEntrySchema),
        access: read,
      },
      ({ scope, params }) => service.pbs(scope, params.modelId),
    );
    route(
      app,
      {
        method: "GET",
        url: `${base}/:modelId/element-info/:elemId`,
        tags,
        params: bimElementParams,
        response: bimElementInfoSchema,
        access: read,
      },
      ({ scope, params }) => service.element(scope, params.modelId, params.elemId),
    );
    route(
      app,
      {
        method: "GET",
        url: `${base}/:modelId/geometry`,
        tags,
        summary: "The converted geometry (bim-geometry-wire layout), sent gzip-encoded",
        params: bimModelParams,
        response: fileAnswer,
        raw: { contentType: "application/octet-stream" },
        access: read,
      },
      async ({ scope, params, reply }) => {
        const bytes = await service.geometry(scope, params.modelId);
        return reply
          .type("application/octet-stream")
          .header("content-encoding", "gzip")
          .header("cache-control", "private, max-age=3600")
          .send(bytes);
      },
    );
  };
}
