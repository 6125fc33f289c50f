import { networkRelationsSchema, networkTasksSchema, networkWorksSchema, versionIdParams } from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../platform/context.js";
import { route } from "../../../platform/route.js";
import { NetworkDiagramService } from "./network-diagram.service.js";

/** The network diagram of a version under /versions/{id}/network-diagram: summaries, works, relations (read). */
export function networkDiagramModule(ctx: AppContext) {
  const service = new NetworkDiagramService({ db: ctx.db });
  const { access } = ctx;
  return async function networkDiagramRoutes(app: FastifyInstance) {
    const tags = ["Network diagram"];
    const read = access.version("read");
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/network-diagram/tasks",
        tags,
        summary: "WBS summaries the boxes are grouped under (columns)",
        params: versionIdParams,
        response: networkTasksSchema,
        access: read,
      },
      ({ scope }) => service.tasks(scope),
    );
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/network-diagram/works",
        tags,
        summary: "The boxes: works with dates and floats, in WBS order (columns)",
        params: versionIdParams,
        response: networkWorksSchema,
        access: read,
      },
      ({ scope }) => service.works(scope),
    );
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/network-diagram/relations",
        tags,
        summary: "Relations between works of the version (columns)",
        params: versionIdParams,
        response: networkRelationsSchema,
        access: read,
      },
      ({ scope }) => service.relations(scope),
    );
  };
}
