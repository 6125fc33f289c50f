import {
  applyCoefficientBody,
  estimateCoefficientParams,
  estimateSummarySchema,
  estimateTreeSchema,
  estimateUploadQuery,
  estimateUploadStartedSchema,
  idParams,
  projectCostrParams,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AccessRule, NodeScope } from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import { route } from "../../platform/route.js";
import { readUpload } from "../../platform/uploads.js";
import type { CostrCatalogues } from "./costr-catalogues.service.js";
import { EstimateUpload } from "./estimate-upload.js";
import { EstimatesService } from "./estimates.service.js";

/** A project's estimates: `/projects/{id}/estimates…` (eps:read to read, eps:write to change). */
export function estimateRoutes(
  ctx: AppContext,
  catalogues: CostrCatalogues,
  access: { read: AccessRule<NodeScope>; write: AccessRule<NodeScope> },
) {
  const service = new EstimatesService({ db: ctx.db, catalogues });
  const uploads = new EstimateUpload({ db: ctx.db, jobs: ctx.jobs, realtime: ctx.realtime, catalogues });
  return (app: FastifyInstance) => {
    const tags = ["Costr"];
    const base = "/projects/:id/estimates";
    route(
      app,
      {
        method: "GET",
        url: base,
        tags,
        params: idParams,
        response: z.array(estimateSummarySchema),
        access: access.read,
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
          "Uploads an estimate file (XLSX with a column mapping, GRAND-Smeta XML): read and checked at once, written by a job (estimate_upload, estimate_processing)",
        params: idParams,
        query: estimateUploadQuery,
        response: estimateUploadStartedSchema,
        access: access.write,
      },
      async ({ scope, query, request }) =>
        uploads.start(scope, await readUpload(request, ctx.config.maxUploadBytes), query),
    );
    route(
      app,
      {
        method: "GET",
        url: `${base}/:itemId`,
        tags,
        summary: "An estimate's tree of sections and positions with their money, and its coefficients",
        params: projectCostrParams,
        response: estimateTreeSchema,
        access: access.read,
      },
      ({ scope, params }) => service.tree(scope, params.itemId),
    );
    route(
      app,
      {
        method: "DELETE",
        url: `${base}/:itemId`,
        tags,
        params: projectCostrParams,
        response: z.object({ id: z.string() }),
        access: access.write,
      },
      ({ scope, params }) => service.remove(scope, params.itemId),
    );
    route(
      app,
      {
        method: "POST",
        url: `${base}/:itemId/coefficients`,
        tags,
        summary: "Applies a coefficient to the estimate, a section or a position (after those applied there)",
        params: projectCostrParams,
        body: applyCoefficientBody,
        response: estimateTreeSchema,
        access: access.write,
      },
      ({ scope, params, body }) => service.applyCoefficient(scope, params.itemId, body),
    );
    route(
      app,
      {
        method: "DELETE",
        url: `${base}/:itemId/coefficients/:useId`,
        tags,
        params: estimateCoefficientParams,
        response: estimateTreeSchema,
        access: access.write,
      },
      ({ scope, params }) => service.removeCoefficient(scope, params.itemId, params.useId),
    );
  };
}
