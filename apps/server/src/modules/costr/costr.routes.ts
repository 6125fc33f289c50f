import {
  coefficientBody,
  coefficientSchema,
  costrSettingsSchema,
  idParams,
  measureBody,
  measureConvertQuery,
  measureConvertSchema,
  measureSchema,
  pdcBody,
  pdcSchema,
  projectCostrParams,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../platform/context.js";
import { route } from "../../platform/route.js";
import { complianceRoutes } from "./compliance.routes.js";
import { CostrCatalogues } from "./costr-catalogues.service.js";
import { estimateCostsRoutes } from "./estimate-costs.routes.js";
import { withEstimateSeat } from "./estimate-seat.js";
import { estimateRoutes } from "./estimates.routes.js";

const deletedSchema = z.object({ id: z.string() });

/**
 * Costr (spec §7 "Costr: compliance rules, estimates, cost coefficients, measures, pdc, settings"). The organisation's
 * catalogues are read by every member and defined by whoever defines attributes (attribute:admin); a project's PDC
 * and estimates are read with eps:read on the project and changed with eps:write there. See CONTEXT.md.
 */
export function costrModule(ctx: AppContext) {
  const catalogues = new CostrCatalogues({ db: ctx.db });
  const { access } = ctx;
  // Every costr call also needs an estimate seat when the space is licensed (estimate-seat.ts).
  const read = withEstimateSeat(ctx.db, access.space("eps:read"));
  const define = withEstimateSeat(ctx.db, access.space("attribute:admin"));
  const project = ["project" as const];
  const readProject = withEstimateSeat(ctx.db, access.nodeIn("eps:read", { kinds: project }));
  const writeProject = withEstimateSeat(ctx.db, access.node("eps:write", { kinds: project }));
  const estimates = estimateRoutes(ctx, catalogues, { read: readProject, write: writeProject });
  const compliance = complianceRoutes(ctx, { read, define, readProject, writeProject });
  const versionCosts = estimateCostsRoutes(ctx, withEstimateSeat(ctx.db, access.version("write")));
  return async function costrRoutes(app: FastifyInstance) {
    const tags = ["Costr"];
    estimates(app);
    compliance(app);
    versionCosts(app);

    // ---- measures ----
    route(
      app,
      { method: "GET", url: "/costr/measures", tags, response: z.array(measureSchema), access: read },
      ({ scope }) => catalogues.measures(scope),
    );
    route(
      app,
      {
        method: "GET",
        url: "/costr/measures/convert",
        tags,
        summary: "A quantity in one measure expressed in another of the same base",
        query: measureConvertQuery,
        response: measureConvertSchema,
        access: read,
      },
      ({ scope, query }) => catalogues.convert(scope, query.from, query.to, query.quantity),
    );
    route(
      app,
      { method: "POST", url: "/costr/measures", tags, body: measureBody, response: measureSchema, access: define },
      ({ scope, body }) => catalogues.createMeasure(scope, body),
    );
    route(
      app,
      {
        method: "PUT",
        url: "/costr/measures/:id",
        tags,
        params: idParams,
        body: measureBody,
        response: measureSchema,
        access: define,
      },
      ({ scope, params, body }) => catalogues.updateMeasure(scope, params.id, body),
    );
    route(
      app,
      { method: "DELETE", url: "/costr/measures/:id", tags, params: idParams, response: deletedSchema, access: define },
      ({ scope, params }) => catalogues.deleteMeasure(scope, params.id),
    );

    // ---- cost coefficients ----
    route(
      app,
      { method: "GET", url: "/costr/coefficients", tags, response: z.array(coefficientSchema), access: read },
      ({ scope }) => catalogues.coefficients(scope),
    );
    route(
      app,
      {
        method: "POST",
        url: "/costr/coefficients",
        tags,
        body: coefficientBody,
        response: coefficientSchema,
        access: define,
      },
      ({ scope, body }) => catalogues.createCoefficient(scope, body),
    );
    route(
      app,
      {
        method: "PUT",
        url: "/costr/coefficients/:id",
        tags,
        summary: "Changes a coefficient; the estimates it is applied in are priced again",
        params: idParams,
        body: coefficientBody,
        response: coefficientSchema,
        access: define,
      },
      ({ scope, params, body }) => catalogues.updateCoefficient(scope, params.id, body),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/costr/coefficients/:id",
        tags,
        params: idParams,
        response: deletedSchema,
        access: define,
      },
      ({ scope, params }) => catalogues.deleteCoefficient(scope, params.id),
    );

    // ---- settings ----
    route(
      app,
      { method: "GET", url: "/costr/settings", tags, response: costrSettingsSchema, access: read },
      ({ scope }) => catalogues.settings(scope.space.id),
    );
    route(
      app,
      {
        method: "PUT",
        url: "/costr/settings",
        tags,
        body: costrSettingsSchema,
        response: costrSettingsSchema,
        access: define,
      },
      ({ scope, body }) => catalogues.saveSettings(scope, body),
    );

    // ---- PDC of a project ----
    route(
      app,
      {
        method: "GET",
        url: "/projects/:id/costr/pdc",
        tags,
        params: idParams,
        response: z.array(pdcSchema),
        access: readProject,
      },
      ({ scope }) => catalogues.pdc(scope),
    );
    route(
      app,
      {
        method: "POST",
        url: "/projects/:id/costr/pdc",
        tags,
        params: idParams,
        body: pdcBody,
        response: z.array(pdcSchema),
        access: writeProject,
      },
      ({ scope, body }) => catalogues.createPdc(scope, body),
    );
    route(
      app,
      {
        method: "PUT",
        url: "/projects/:id/costr/pdc/:itemId",
        tags,
        params: projectCostrParams,
        body: pdcBody,
        response: z.array(pdcSchema),
        access: writeProject,
      },
      ({ scope, params, body }) => catalogues.updatePdc(scope, params.itemId, body),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/projects/:id/costr/pdc/:itemId",
        tags,
        params: projectCostrParams,
        response: z.array(pdcSchema),
        access: writeProject,
      },
      ({ scope, params }) => catalogues.deletePdc(scope, params.itemId),
    );
  };
}
