import { replaceValuesBody, replaceValuesResultSchema, versionIdParams } from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../platform/context.js";
import { route } from "../../../platform/route.js";
import { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { AttributesService } from "../../structure/attributes/attributes.service.js";
import { ReplacementsService } from "./replacements.service.js";

/** Replacements of a work attribute's values across a version (spec §7 "Versions … replacements"), previewed first. */
export function replacementsModule(ctx: AppContext) {
  const attributes = new AttributesService({ db: ctx.db, realtime: ctx.realtime });
  const service = new ReplacementsService({
    db: ctx.db,
    events: new WorkspaceEvents(ctx.realtime),
    workAttributes: (scope) =>
      attributes.visible(scope.grant, {
        nodeId: null,
        scheduleId: scope.scheduleId,
        target: "work",
        lineage: scope.lineage,
      }),
  });
  const { access } = ctx;
  return async function replacementsRoutes(app: FastifyInstance) {
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/replacements",
        tags: ["Workspace"],
        summary:
          "Find and replace one work attribute's values (exact, pattern with * and ?, or a list of pairs): a preview of what changes, or the change (undoable, event attribute_replaced)",
        params: versionIdParams,
        body: replaceValuesBody,
        response: replaceValuesResultSchema,
        access: access.version("write"),
      },
      ({ scope, body }) => service.replace(scope, body),
    );
  };
}
