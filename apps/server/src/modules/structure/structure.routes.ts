import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { NodeFiguresService } from "../analytics/node-figures.service.js";
import { accessModule } from "./access/access.routes.js";
import { attributesModule } from "./attributes/attributes.routes.js";
import { AttributesService } from "./attributes/attributes.service.js";
import { epsModule } from "./eps/eps.routes.js";
import { EpsService } from "./eps/eps.service.js";
import { epsDocumentsModule } from "./eps/eps-documents.routes.js";
import { facilitiesModule } from "./facilities/facilities.routes.js";
import { filteringModule } from "./filtering/filtering.routes.js";
import { projectsModule } from "./projects/projects.routes.js";
import { ProjectsService } from "./projects/projects.service.js";
import { rolesModule } from "./roles/roles.routes.js";
import { scheduleGroupsModule } from "./schedule-groups/schedule-groups.routes.js";
import { schedulesModule } from "./schedules/schedules.routes.js";
import { SchedulesService } from "./schedules/schedules.service.js";

/**
 * The enterprise project structure: the EPS tree, facilities, projects, schedules and their groups, attributes,
 * roles, resource grants and filter presets. The space comes from `X-Space-Id`; every route declares its access.
 */
export function structureModule(ctx: AppContext) {
  const eps = new EpsService(ctx);
  // A node's computed attributes show the figures of the schedules below it (analytics, issue 15).
  const attributes = new AttributesService({ ...ctx, nodeFigures: new NodeFiguresService(ctx) });
  const schedules = new SchedulesService(ctx);
  const projects = new ProjectsService(ctx);
  return async function structureRoutes(app: FastifyInstance) {
    await app.register(epsModule(ctx, eps));
    await app.register(epsDocumentsModule(ctx));
    await app.register(attributesModule(ctx, attributes));
    await app.register(facilitiesModule(ctx, eps, projects));
    await app.register(projectsModule(ctx, { eps, projects, schedules, attributes }));
    await app.register(schedulesModule(ctx, schedules, attributes));
    await app.register(scheduleGroupsModule(ctx));
    await app.register(rolesModule(ctx));
    await app.register(accessModule(ctx));
    await app.register(filteringModule(ctx));
  };
}
