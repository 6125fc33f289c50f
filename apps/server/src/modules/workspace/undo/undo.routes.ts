import { restoreBody, restoreResultSchema, undoActionListSchema, versionIdParams } from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../platform/context.js";
import { route } from "../../../platform/route.js";
import { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { UndoService } from "./undo.service.js";

/** The undo history of a version and restoring it. */
export function undoModule(ctx: AppContext) {
  const service = new UndoService({ db: ctx.db, events: new WorkspaceEvents(ctx.realtime) });
  const { access } = ctx;
  return async function undoRoutes(app: FastifyInstance) {
    const tags = ["Undo"];
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/undo-actions",
        tags,
        params: versionIdParams,
        response: undoActionListSchema,
        access: access.version("read"),
      },
      ({ scope }) => service.list(scope),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/restore",
        tags,
        params: versionIdParams,
        body: restoreBody.optional(),
        response: restoreResultSchema,
        // schedule:write, or wdp:approve for an approver's own decisions: the service decides (mayRestore).
        access: access.version("read"),
      },
      ({ scope, body }) => service.restore(scope, body?.actionId),
    );
  };
}
