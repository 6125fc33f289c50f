import { epsDocumentQuery, epsDocumentSchema, idParams, uuidField } from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { contentDisposition } from "../../../platform/content-disposition.js";
import type { AppContext } from "../../../platform/context.js";
import { fileAnswer, route } from "../../../platform/route.js";
import { readUpload } from "../../../platform/uploads.js";
import { EpsDocumentsService } from "./eps-documents.service.js";

const documentParams = z.object({ id: uuidField, documentId: uuidField });

/** A node's documents (`/eps/{id}/documents`): files produced by reports and prints, kept with the node. */
export function epsDocumentsModule(ctx: AppContext) {
  const documents = new EpsDocumentsService(ctx);
  const { access } = ctx;
  return async function epsDocumentsRoutes(app: FastifyInstance) {
    const tags = ["EPS"];
    route(
      app,
      {
        method: "GET",
        url: "/eps/:id/documents",
        tags,
        summary: "The files kept with the node (reports' and prints' outputs), oldest first",
        params: idParams,
        response: z.array(epsDocumentSchema),
        access: access.nodeIn("eps:read"),
      },
      ({ scope }) => documents.ofNode(scope),
    );
    route(
      app,
      {
        method: "POST",
        url: "/eps/:id/documents",
        tags,
        summary: "Keeps a produced file with the node (multipart `file`: PDF, XLSX or ZIP); needs eps:write there",
        params: idParams,
        query: epsDocumentQuery,
        response: epsDocumentSchema,
        access: access.nodeIn("eps:read"),
      },
      ({ scope, query, request }) =>
        documents.add(scope, query.origin, () => readUpload(request, ctx.config.maxUploadBytes)),
    );
    route(
      app,
      {
        method: "GET",
        url: "/eps/:id/documents/:documentId",
        tags,
        summary: "A document of the node, as an attachment",
        params: documentParams,
        response: fileAnswer,
        raw: { contentType: "application/octet-stream" },
        access: access.nodeIn("eps:read"),
      },
      async ({ scope, params, reply }) => {
        const file = await documents.read(scope, params.documentId);
        return reply
          .header("content-type", file.mediaType)
          .header("content-length", file.bytes.length)
          .header("content-disposition", contentDisposition(file.name))
          .header("x-content-type-options", "nosniff")
          .send(file.bytes);
      },
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/eps/:id/documents/:documentId",
        tags,
        summary: "Deletes a document of the node with its file; needs eps:write there",
        params: documentParams,
        response: z.null(),
        access: access.nodeIn("eps:read"),
      },
      async ({ scope, params }) => {
        await documents.remove(scope, params.documentId);
        return null;
      },
    );
  };
}
