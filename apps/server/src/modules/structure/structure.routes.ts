import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { accessModule } from "./access/access.routes.js";
import { attributesModule } from "./attributes/attributes.routes.js";
import { AttributesService } from "./attributes/attributes.service.js";
import { epsModule } from "./eps/eps.routes.js";
import { EpsService } from "./eps/eps.service.js";
import { facilitiesModule } from "./facilities/facilities.routes.js";
import { filteringModule } from "./filtering/filtering.routes.js";
import { projectsModule } from "./projects/projects.routes.js";
import { rolesModule } from "./roles/roles.routes.js";
import { scheduleGroupsModule } from "./schedule-groups/schedule-groups.routes.js";
import { schedulesModule } from "./schedules/schedules.routes.js";

/** The structure feature: EPS, facilities, projects, schedules, groups, attributes, roles, access, filtering. */
export function structureModule(ctx: AppContext) {
  const eps = new EpsService(ctx);
  const attributes = new AttributesService(ctx);
  return async function structureRoutes(app: FastifyInstance) {
    await app.register(epsModule(ctx));
    await app.register(attributesModule(ctx, attributes));
    await app.register(facilitiesModule(ctx, eps));
    await app.register(projectsModule(ctx, eps, attributes));
    await app.register(schedulesModule(ctx, attributes));
    await app.register(scheduleGroupsModule(ctx));
    await app.register(rolesModule(ctx));
    await app.register(accessModule(ctx));
    await app.register(filteringModule(ctx));
  };
}
