import {
  assignmentDeletedSchema,
  assignmentListSchema,
  assignmentParams,
  assignmentQuery,
  assignmentSchema,
  createResourceBody,
  resourceDeletedSchema,
  resourceIdParams,
  resourceLayoutSettingsBody,
  resourceLayoutSettingsSchema,
  resourceListSchema,
  resourceSchema,
  resourceUsageQuery,
  saveAssignmentBody,
  setExecutorBody,
  spaceResourceParams,
  specialtyBody,
  specialtyParams,
  specialtySchema,
  updateAssignmentBody,
  updateResourceBody,
  usageWireSchema,
  usageWorkListSchema,
  userIdParams,
  userSpecialtyBody,
  userSpecialtyParams,
  userSpecialtySchema,
  versionIdParams,
  versionResourceGanttQuery,
  versionWbsParams,
  wbsByAssignmentQuery,
  workPeopleAnswerSchema,
  workspaceUuid,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../platform/context.js";
import { route } from "../../platform/route.js";
import { WorkspaceEvents } from "../../platform/workspace-events.js";
import { AssignmentsService } from "./assignments.service.js";
import { ResourceSettingsService } from "./resource-settings.service.js";
import { ResourcesService, toResourceDto } from "./resources.service.js";
import { UsageService } from "./usage.service.js";
import { WorkPeopleService } from "./work-people.service.js";

const spaceParams = z.object({ id: workspaceUuid });
const deleted = z.object({ id: z.string() });

/**
 * The resource directory (`/space/{id}/resources`), specialties and user-specialties (`/space/{id}/specialty`,
 * `/space/{id}/user-specialty`), and assignments (`/versions/{id}/assignment/wbs/…`, `/schedules/{id}/assignment/…`,
 * `/assignment`, `/resource/{id}/assignments`), and resource usage (`/resource/usage`,
 * `/resource/{id}/wbs-by-assignment`, one version's `/versions/{id}/resource-gantt`), and the caller's resource layout settings (`/resource/settings`). Reading needs schedule:read space-wide, changing the directory
 * schedule:write space-wide (resources are shared by every schedule of the space), changing assignments write
 * access to the version's schedule.
 */
export function resourcesModule(ctx: AppContext) {
  const events = new WorkspaceEvents(ctx.realtime);
  const resources = new ResourcesService({ db: ctx.db, events });
  const assignments = new AssignmentsService({ db: ctx.db, events, realtime: ctx.realtime });
  const usage = new UsageService({ db: ctx.db });
  const settings = new ResourceSettingsService({ db: ctx.db });
  const people = new WorkPeopleService(ctx);
  const { access } = ctx;
  const inPath = { param: "id" };
  const reader = access.space("schedule:read", inPath);
  const writer = access.space("schedule:write", inPath);

  return async function resourcesRoutes(app: FastifyInstance) {
    const tags = ["Resources"];
    route(
      app,
      {
        method: "GET",
        url: "/space/:id/resources",
        tags,
        params: spaceParams,
        response: resourceListSchema,
        access: reader,
      },
      ({ scope }) => resources.list(scope),
    );
    route(
      app,
      {
        method: "GET",
        url: "/space/:id/resources/:resourceId",
        tags,
        params: spaceResourceParams,
        response: resourceSchema,
        access: reader,
      },
      async ({ scope, params }) => toResourceDto(await resources.get(scope, params.resourceId)),
    );
    route(
      app,
      {
        method: "POST",
        url: "/space/:id/resources",
        tags,
        params: spaceParams,
        body: createResourceBody,
        response: resourceSchema,
        access: writer,
      },
      ({ scope, body }) => resources.create(scope, body),
    );
    route(
      app,
      {
        method: "PUT",
        url: "/space/:id/resources/:resourceId",
        tags,
        params: spaceResourceParams,
        body: updateResourceBody,
        response: resourceSchema,
        access: writer,
      },
      ({ scope, params, body }) => resources.update(scope, params.resourceId, body),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/space/:id/resources/:resourceId",
        tags,
        params: spaceResourceParams,
        response: resourceDeletedSchema,
        access: writer,
      },
      ({ scope, params }) => resources.delete(scope, params.resourceId),
    );

    const specialtyTags = ["Specialties"];
    route(
      app,
      {
        method: "GET",
        url: "/space/:id/specialty",
        tags: specialtyTags,
        params: spaceParams,
        response: z.array(specialtySchema),
        access: reader,
      },
      ({ scope }) => resources.listSpecialties(scope),
    );
    route(
      app,
      {
        method: "POST",
        url: "/space/:id/specialty",
        tags: specialtyTags,
        params: spaceParams,
        body: specialtyBody,
        response: specialtySchema,
        access: writer,
      },
      ({ scope, body }) => resources.createSpecialty(scope, body.name),
    );
    route(
      app,
      {
        method: "PUT",
        url: "/space/:id/specialty/:specialtyId",
        tags: specialtyTags,
        params: specialtyParams,
        body: specialtyBody,
        response: specialtySchema,
        access: writer,
      },
      ({ scope, params, body }) => resources.renameSpecialty(scope, params.specialtyId, body.name),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/space/:id/specialty/:specialtyId",
        tags: specialtyTags,
        params: specialtyParams,
        response: deleted,
        access: writer,
      },
      ({ scope, params }) => resources.deleteSpecialty(scope, params.specialtyId),
    );
    route(
      app,
      {
        method: "GET",
        url: "/space/:id/user-specialty",
        tags: specialtyTags,
        params: spaceParams,
        response: z.array(userSpecialtySchema),
        access: reader,
      },
      ({ scope }) => resources.listUserSpecialties(scope),
    );
    route(
      app,
      {
        method: "POST",
        url: "/space/:id/user-specialty",
        tags: specialtyTags,
        params: spaceParams,
        body: userSpecialtyBody,
        response: userSpecialtySchema,
        access: access.space("members:write", inPath),
      },
      ({ scope, body }) => resources.addUserSpecialty(scope, body),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/space/:id/user-specialty/:userSpecialtyId",
        tags: specialtyTags,
        params: userSpecialtyParams,
        response: deleted,
        access: access.space("members:write", inPath),
      },
      ({ scope, params }) => resources.removeUserSpecialty(scope, params.userSpecialtyId),
    );

    const assignmentTags = ["Assignments"];
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/assignment/wbs/:wbsId",
        tags: assignmentTags,
        params: versionWbsParams,
        response: assignmentListSchema,
        access: access.version("read"),
      },
      ({ scope, params }) => assignments.ofWork(scope, params.wbsId),
    );
    route(
      app,
      {
        method: "POST",
        url: "/versions/:id/assignment/wbs/save",
        tags: assignmentTags,
        params: versionIdParams,
        body: saveAssignmentBody,
        response: assignmentSchema,
        access: access.version("write"),
      },
      ({ scope, body }) => assignments.create(scope, body),
    );
    route(
      app,
      {
        method: "PATCH",
        url: "/schedules/:id/assignment/:assignmentId/update",
        tags: assignmentTags,
        params: assignmentParams,
        body: updateAssignmentBody,
        response: assignmentSchema,
        access: access.schedule("write"),
      },
      ({ scope, params, body }) => assignments.update(scope, params.assignmentId, body),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/schedules/:id/assignment/:assignmentId/delete",
        tags: assignmentTags,
        params: assignmentParams,
        response: assignmentDeletedSchema,
        access: access.schedule("write"),
      },
      ({ scope, params }) => assignments.delete(scope, params.assignmentId),
    );
    route(
      app,
      {
        method: "GET",
        url: "/assignment",
        tags: assignmentTags,
        query: assignmentQuery,
        response: assignmentListSchema,
        access: access.space("schedule:read"),
      },
      ({ scope, query }) => assignments.list(scope, query),
    );
    route(
      app,
      {
        method: "GET",
        url: "/resource/:id/assignments",
        tags: assignmentTags,
        params: resourceIdParams,
        response: assignmentListSchema,
        access: access.space("schedule:read"),
      },
      ({ scope, params }) => assignments.ofResource(scope, params.id),
    );

    const usageTags = ["Resource usage"];
    route(
      app,
      {
        method: "GET",
        url: "/resource/usage",
        tags: usageTags,
        summary:
          "Demand against availability per resource, group or specialty by day, week or month, and the resource Gantt",
        query: resourceUsageQuery,
        response: usageWireSchema,
        access: access.space("schedule:read"),
      },
      ({ scope, query }) => usage.usage(scope, query),
    );
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/resource-gantt",
        tags: usageTags,
        summary:
          "One version's resource Gantt: its assignments on the rows of the resources it uses, with their demand",
        params: versionIdParams,
        query: versionResourceGanttQuery,
        response: usageWireSchema,
        access: access.version("read"),
      },
      ({ scope, query }) => usage.versionGantt(scope, query),
    );
    route(
      app,
      {
        method: "GET",
        url: "/resource/:id/wbs-by-assignment",
        tags: usageTags,
        summary: "The works whose assignments make a usage bar (a resource with everything under it, or a specialty)",
        params: resourceIdParams,
        query: wbsByAssignmentQuery,
        response: usageWorkListSchema,
        access: access.space("schedule:read"),
      },
      ({ scope, params, query }) => usage.worksOf(scope, params.id, query),
    );
    // The caller's own settings: reading the usage is enough to keep how one looks at it.
    const settingsSpec = {
      url: "/resource/settings",
      tags: usageTags,
      response: resourceLayoutSettingsSchema,
      access: access.space("schedule:read"),
    };
    route(
      app,
      { ...settingsSpec, method: "GET", summary: "The caller's resource layout settings (defaults when none saved)" },
      ({ scope }) => settings.get(scope),
    );
    route(
      app,
      { ...settingsSpec, method: "PUT", body: resourceLayoutSettingsBody, summary: "Saves them" },
      ({ scope, body }) => settings.save(scope, body),
    );
    route(app, { ...settingsSpec, method: "DELETE", summary: "Forgets them (back to the defaults)" }, ({ scope }) =>
      settings.reset(scope),
    );
    route(
      app,
      {
        method: "PATCH",
        url: "/users/:id/set-executor",
        tags: assignmentTags,
        params: userIdParams,
        body: setExecutorBody,
        response: workPeopleAnswerSchema,
        access: access.space("schedule:read"),
      },
      ({ scope, params, body }) => people.set(scope, params.id, body),
    );
    route(
      app,
      {
        method: "GET",
        url: "/versions/:id/assignment/wbs/:wbsId/people",
        tags: assignmentTags,
        params: versionWbsParams,
        response: workPeopleAnswerSchema,
        access: access.version("read"),
      },
      ({ scope, params }) => people.ofWork(scope.grant, scope.version.id, params.wbsId),
    );
  };
}
