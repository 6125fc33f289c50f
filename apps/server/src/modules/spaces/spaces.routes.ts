import {
  BASE_LANGUAGE,
  createSpaceBody,
  inviteBody,
  kickoutBody,
  renameSpaceBody,
  spaceAccessSchema,
  spaceConfigSchema,
  spaceIdParams,
  spaceJobSchema,
  spaceMemberSchema,
  spaceSchema,
  spaceSettingsSchema,
  toLanguage,
  updateSpaceSettingsBody,
} from "@planum/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../platform/context.js";
import { route } from "../../platform/route.js";
import { SpacesService, type UserDirectory } from "./spaces.service.js";

/** The language of the user asking: the interface's (`X-Language`), else their profile's, else the base language. */
function creatorLanguage(request: FastifyRequest) {
  const header = request.headers["x-language"];
  return (
    toLanguage(Array.isArray(header) ? header[0] : header) ?? toLanguage(request.auth?.user.language) ?? BASE_LANGUAGE
  );
}

/** Spaces: the caller's list, creating, renaming, deleting, the demo, members and settings (`/space/{id}/…`). */
export function spacesModule(ctx: AppContext, users: UserDirectory) {
  const service = new SpacesService({
    db: ctx.db,
    datesWritten: ctx.datesWritten,
    jobs: ctx.jobs,
    realtime: ctx.realtime,
    storage: ctx.storage,
    users,
    defaultIdleMinutes: ctx.config.idleMinutes,
  });
  const { access } = ctx;
  const inPath = { param: "id" };

  return async function spacesRoutes(app: FastifyInstance) {
    const tags = ["Space"];

    route(
      app,
      { method: "GET", url: "/users/spaces", tags, response: z.array(spaceSchema), access: access.user },
      ({ scope }) => service.listFor(scope.user.id),
    );
    route(
      app,
      { method: "POST", url: "/space/create", tags, body: createSpaceBody, response: spaceSchema, access: access.user },
      ({ scope, body }) => service.create(scope.user.id, body),
    );
    route(
      app,
      {
        method: "PUT",
        url: "/space/:id",
        tags,
        params: spaceIdParams,
        body: renameSpaceBody,
        response: spaceSchema,
        access: access.space("space:write", inPath),
      },
      ({ scope, body }) => service.rename(scope, body.name),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/space/:id",
        tags,
        params: spaceIdParams,
        response: spaceJobSchema,
        access: access.space("space:delete", inPath),
      },
      ({ scope }) => service.startDeletion(scope),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/space/:id/delete-free",
        tags,
        summary:
          "Deletes the space if it is a free one (no licence ever loaded); a licensed space answers SpaceNotFree",
        params: spaceIdParams,
        response: spaceJobSchema,
        access: access.space("space:delete", inPath),
      },
      ({ scope }) => service.startFreeDeletion(scope),
    );
    route(
      app,
      {
        method: "POST",
        url: "/space/:id/demo",
        tags,
        params: spaceIdParams,
        response: spaceJobSchema,
        access: access.space("space:write", inPath),
      },
      ({ scope, request }) => service.startDemo(scope, creatorLanguage(request)),
    );
    route(
      app,
      {
        method: "GET",
        url: "/space/:id/users",
        tags,
        params: spaceIdParams,
        response: z.array(spaceMemberSchema),
        access: access.space("members:read", inPath),
      },
      ({ scope }) => service.members(scope.space.id),
    );
    route(
      app,
      {
        method: "POST",
        url: "/space/:id/users/invite",
        tags,
        params: spaceIdParams,
        body: inviteBody,
        response: spaceMemberSchema,
        access: access.space("members:write", inPath),
      },
      ({ scope, body }) => service.invite(scope, body.login),
    );
    route(
      app,
      {
        method: "POST",
        url: "/space/:id/users/kickout",
        tags,
        params: spaceIdParams,
        body: kickoutBody,
        response: z.null(),
        access: access.space("members:write", inPath),
      },
      async ({ scope, body }) => {
        await service.kickout(scope, body.userId);
        return null;
      },
    );
    route(
      app,
      {
        method: "GET",
        url: "/users/space-config",
        tags,
        summary: "The space of X-Space-Id as the caller opens it: role, abilities, idle minutes, entry window, licence",
        response: spaceConfigSchema,
        access: access.space("space:read"),
      },
      ({ scope }) => service.config(scope),
    );
    route(
      app,
      {
        method: "GET",
        url: "/space/:id/settings",
        tags,
        params: spaceIdParams,
        response: spaceSettingsSchema,
        access: access.space("space:read", inPath),
      },
      ({ scope }) => service.settings(scope),
    );
    route(
      app,
      {
        method: "PUT",
        url: "/space/:id/settings",
        tags,
        params: spaceIdParams,
        body: updateSpaceSettingsBody,
        response: spaceSettingsSchema,
        access: access.space("space:admin", inPath),
      },
      ({ scope, body }) => service.updateSettings(scope, body),
    );
    route(
      app,
      {
        method: "GET",
        url: "/space/:id/access",
        tags,
        params: spaceIdParams,
        response: spaceAccessSchema,
        access: access.space("space:read", inPath),
      },
      ({ scope }) => service.access(scope),
    );
  };
}
