import {
  bimDeviationEntrySchema,
  bimElementsOfWorksBody,
  bimIndicatorColorsParams,
  bimIndicatorColourEntrySchema,
  bimLinkedElementSchema,
  bimLinkParams,
  bimLinkSchema,
  bimPlayerEntrySchema,
  bimPlayerQuery,
  bimRelationsCreatedSchema,
  bimWbsParams,
  createBimRelationsBody,
  deleteBimRelationsBody,
  idParams,
  saveBimLinkBody,
  updateBimLinkBody,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../platform/context.js";
import { route } from "../../platform/route.js";
import { BimLinksService } from "./bim-links.service.js";
import { bimAccess } from "./bim-seat.js";

/**
 * 3D links (spec §7): a project's links under `/projects/{id}/3d/link` (eps:read to list, eps:write to change), and
 * a link's element↔work relations under `/versions/{id}/3d/link/{linkId}` (schedule read or write at the version).
 */
export function bimLinksRoutes(ctx: AppContext) {
  const service = new BimLinksService(ctx);
  // every BIM call also needs a BIM seat when the space is licensed (bim-seat.ts)
  const access = bimAccess(ctx);
  const project = ["project" as const];
  const read = access.node("eps:read", { kinds: project });
  const write = access.node("eps:write", { kinds: project });
  const tags = ["3D links"];
  const links = "/projects/:id/3d/link";
  const ofVersion = "/versions/:id/3d/link/:linkId";

  return async function routes(app: FastifyInstance) {
    route(
      app,
      { method: "GET", url: links, tags, params: idParams, response: z.array(bimLinkSchema), access: read },
      ({ scope }) => service.list(scope),
    );
    route(
      app,
      {
        method: "POST",
        url: `${links}/save`,
        tags,
        summary: "Ties converted models of the project to one of its schedule versions",
        params: idParams,
        body: saveBimLinkBody,
        response: bimLinkSchema,
        access: write,
      },
      ({ scope, body }) => service.save(scope, body),
    );
    route(
      app,
      {
        method: "PUT",
        url: `${links}/:linkId/update`,
        tags,
        summary: "Renames the link or changes its models (ties to models left out are dropped)",
        params: bimLinkParams,
        body: updateBimLinkBody,
        response: bimLinkSchema,
        access: write,
      },
      ({ scope, params, body }) => service.update(scope, params.linkId, body),
    );
    route(
      app,
      {
        method: "DELETE",
        url: `${links}/delete/:linkId`,
        tags,
        params: bimLinkParams,
        response: z.null(),
        access: write,
      },
      async ({ scope, params }) => {
        await service.remove(scope, params.linkId);
        return null;
      },
    );

    route(
      app,
      {
        method: "POST",
        url: `${ofVersion}/create-relations`,
        tags,
        summary: "Ties elements to works: named by hand, or by the rule “property equals the work's code”",
        params: bimLinkParams,
        body: createBimRelationsBody,
        response: bimRelationsCreatedSchema,
        access: access.version("write"),
      },
      ({ scope, params, body }) => service.createRelations(scope, params.linkId, body),
    );
    route(
      app,
      {
        method: "DELETE",
        url: `${ofVersion}/relation`,
        tags,
        params: bimLinkParams,
        body: deleteBimRelationsBody,
        response: z.object({ deleted: z.number() }),
        access: access.version("write"),
      },
      ({ scope, params, body }) => service.deleteRelations(scope, params.linkId, body),
    );
    route(
      app,
      {
        method: "GET",
        url: `${ofVersion}/wbs-node-relations`,
        tags,
        summary: "Every element↔work tie of the link",
        params: bimLinkParams,
        response: z.array(bimLinkedElementSchema),
        access: access.version("read"),
      },
      ({ scope, params }) => service.relations(scope, params.linkId),
    );
    route(
      app,
      {
        method: "POST",
        url: `${ofVersion}/wbs-ids-by-element-ids`,
        tags,
        summary: "The works tied to the elements",
        params: bimLinkParams,
        body: bimElementsOfWorksBody,
        response: z.array(bimLinkedElementSchema),
        access: access.version("read"),
        writes: false,
      },
      ({ scope, params, body }) => service.worksOfElements(scope, params.linkId, body.modelId, body.expressIds),
    );
    route(
      app,
      {
        method: "GET",
        url: `${ofVersion}/dates-for-deviation`,
        tags,
        summary: "Each tied element's span by its works beside the target version's, and its finish's deviation",
        params: bimLinkParams,
        response: z.array(bimDeviationEntrySchema),
        access: access.version("read"),
      },
      ({ scope, params }) => service.datesForDeviation(scope, params.linkId),
    );
    route(
      app,
      {
        method: "GET",
        url: `${ofVersion}/indicator-colors/:x`,
        tags,
        summary: "Each tied element coloured by its finish's deviation from the target's, x days of tolerance",
        params: bimIndicatorColorsParams,
        response: z.array(bimIndicatorColourEntrySchema),
        access: access.version("read"),
      },
      ({ scope, params }) => service.indicatorColours(scope, params.linkId, params.x),
    );
    route(
      app,
      {
        method: "GET",
        url: "/schedules/:id/3d/link",
        tags,
        summary: "The 3D links of the schedule's versions",
        params: idParams,
        response: z.array(bimLinkSchema),
        access: access.schedule("read"),
      },
      ({ scope }) => service.linksOfSchedule(scope),
    );
    route(
      app,
      {
        method: "GET",
        url: "/schedules/:id/3d/all-attributes",
        tags,
        summary: "Every property name of the elements of the models linked to the schedule, for link rules",
        params: idParams,
        response: z.array(z.string()),
        access: access.schedule("read"),
      },
      ({ scope }) => service.attributesOfSchedule(scope),
    );
    route(
      app,
      {
        method: "GET",
        url: `${ofVersion}/player`,
        tags,
        summary: "The 4D player at a date: each tied element not started, in progress, done or late",
        params: bimLinkParams,
        query: bimPlayerQuery,
        response: z.array(bimPlayerEntrySchema),
        access: access.version("read"),
      },
      ({ scope, params, query }) => service.player(scope, params.linkId, query.date, query.basis),
    );
    route(
      app,
      {
        method: "GET",
        url: `${ofVersion}/:wbsId`,
        tags,
        summary: "The elements tied to a work",
        params: bimWbsParams,
        response: z.array(bimLinkedElementSchema),
        access: access.version("read"),
      },
      ({ scope, params }) => service.elementsOfWork(scope, params.linkId, params.wbsId),
    );
  };
}
