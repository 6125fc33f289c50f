import {
  attributeWithValueSchema,
  confirmQuery,
  createScheduleBody,
  deleteNodesSchema,
  epsNodeSchema,
  idParams,
  projectDetailsSchema,
  projectSettingsBody,
  scheduleSchema,
  uuidField,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../../platform/context.js";
import { route } from "../../../platform/route.js";
import type { AttributesService } from "../attributes/attributes.service.js";
import type { EpsService } from "../eps/eps.service.js";
import type { SchedulesService } from "../schedules/schedules.service.js";
import type { ProjectsService } from "./projects.service.js";

const copyParams = z.object({ id: uuidField, target: uuidField });

/** Projects: structure nodes of kind `project` (the `project` scope), holding schedules. */
export function projectsModule(
  ctx: AppContext,
  services: { eps: EpsService; projects: ProjectsService; schedules: SchedulesService; attributes: AttributesService },
) {
  const { eps, projects, schedules, attributes } = services;
  const { access } = ctx;
  const project = ["project" as const];
  return async function projectsRoutes(app: FastifyInstance) {
    const tags = ["Projects"];

    route(
      app,
      {
        method: "GET",
        url: "/projects/:id",
        tags,
        params: idParams,
        response: epsNodeSchema,
        access: access.nodeIn("eps:read", { kinds: project }),
      },
      ({ scope }) => eps.describe(scope.node),
    );

    route(
      app,
      {
        method: "DELETE",
        url: "/projects/:id",
        tags,
        params: idParams,
        query: confirmQuery,
        response: deleteNodesSchema,
        access: access.space(),
      },
      ({ scope, params, query }) => eps.deleteNodes(scope, [params.id], query.confirmCount, project),
    );

    route(
      app,
      {
        method: "GET",
        url: "/projects/:id/details",
        tags,
        summary: "The project card: its node, the path of ancestors by name, and counts of what it holds",
        params: idParams,
        response: projectDetailsSchema,
        access: access.nodeIn("eps:read", { kinds: project }),
      },
      ({ scope }) => projects.details(scope),
    );

    route(
      app,
      {
        method: "PATCH",
        url: "/projects/:id/settings",
        tags,
        params: idParams,
        body: projectSettingsBody,
        response: epsNodeSchema,
        access: access.node("eps:write", { kinds: project }),
      },
      ({ scope, body }) => eps.patchProjectSettings(scope, body.settings),
    );

    route(
      app,
      {
        method: "GET",
        url: "/projects/:id/attributes",
        tags,
        summary: "Attributes of the project node with its values (the project's node-info panel)",
        params: idParams,
        response: z.array(attributeWithValueSchema),
        access: access.nodeIn("eps:read", { kinds: project }),
      },
      ({ scope }) => attributes.withValues(scope.grant, scope.node),
    );

    route(
      app,
      {
        method: "POST",
        url: "/projects/:id/schedules/create",
        tags,
        params: idParams,
        body: createScheduleBody,
        response: scheduleSchema,
        access: access.node("schedule:write", { kinds: project }),
      },
      ({ scope, body }) => schedules.create(scope, body),
    );
    route(
      app,
      {
        method: "GET",
        url: "/projects/:id/schedules",
        tags,
        params: idParams,
        response: z.array(scheduleSchema),
        access: access.node("schedule:read", { kinds: project }),
      },
      ({ scope }) => schedules.listOfProject(scope),
    );

    route(
      app,
      {
        method: "POST",
        url: "/projects/:id/copy/:target",
        tags,
        summary: "Copies the project (with schedules, groups, own attributes and values) into the target facility",
        params: copyParams,
        response: epsNodeSchema,
        access: access.nodeIn("eps:read", { kinds: project }),
      },
      ({ scope, params }) => projects.copy(scope, params.target),
    );
  };
}
