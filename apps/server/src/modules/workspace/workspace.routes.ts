import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { directoryLinksModule } from "./directory-links/links.routes.js";
import { healthModule } from "./health/health.routes.js";
import { layoutsModule } from "./layouts/layouts.routes.js";
import { levellingModule } from "./levelling/levelling.routes.js";
import { networkDiagramModule } from "./network-diagram/network-diagram.routes.js";
import { relationsModule } from "./relations/relations.routes.js";
import { replacementsModule } from "./replacements/replacements.routes.js";
import { riskModule } from "./risk/risk.routes.js";
import { timesheetsModule } from "./timesheets/timesheets.routes.js";
import { undoModule } from "./undo/undo.routes.js";
import { versionsModule } from "./versions/versions.routes.js";
import { GanttCache } from "./wbs/gantt-cache.js";
import { wbsModule } from "./wbs/wbs.routes.js";
import { wdpModule } from "./wdp/wdp.routes.js";
import { wdpFilesModule } from "./wdp/wdp-files.routes.js";
import { wdpProgressModule } from "./wdp/wdp-progress.routes.js";

/** The schedule workspace: versions, their WBS and Gantt, relations, undo, layouts, the network diagram, work-done plans and timesheets. */
export function workspaceModule(ctx: AppContext) {
  // One per process: the health panel reads the version's rows from the Gantt's kept build.
  const gantt = new GanttCache(ctx.db, ctx.config.ganttCacheBytes, ctx.changes);
  const parts = [
    versionsModule(ctx),
    wbsModule(ctx, gantt),
    relationsModule(ctx),
    undoModule(ctx),
    layoutsModule(ctx),
    networkDiagramModule(ctx),
    wdpModule(ctx),
    wdpFilesModule(ctx),
    wdpProgressModule(ctx),
    levellingModule(ctx),
    timesheetsModule(ctx),
    directoryLinksModule(ctx),
    replacementsModule(ctx),
    healthModule(ctx, gantt),
    riskModule(ctx),
  ];
  return async function workspaceRoutes(app: FastifyInstance) {
    // The Gantt builds still waiting to be kept are written before the database closes.
    app.addHook("onClose", () => gantt.flush());
    for (const part of parts) await app.register(part);
  };
}
