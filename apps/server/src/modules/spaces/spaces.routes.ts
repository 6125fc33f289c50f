import { createSpaceBody, inviteBody, kickoutBody, renameSpaceBody, updateSpaceSettingsBody } from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requireAuth } from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import { ok, typed } from "../../platform/http.js";
import { requireSpace, toAccessDto } from "./space-access.js";
import { SpacesService } from "./spaces.service.js";

/** A space id in the path; anything but a UUID is simply a space the caller cannot see. */
const spaceParams = z.object({ id: z.string() });

export function spacesModule(ctx: AppContext) {
  const service = new SpacesService({
    db: ctx.db,
    jobs: ctx.jobs,
    realtime: ctx.realtime,
    storage: ctx.storage,
    defaultIdleMinutes: ctx.config.idleMinutes,
  });
  const gate = (request: Parameters<typeof requireSpace>[1], id: string, ability?: string) =>
    requireSpace(ctx, request, id, ability);

  return async function spacesRoutes(fastify: FastifyInstance) {
    const app = typed(fastify);
    const tags = ["Space"];

    app.get("/users/spaces", { schema: { tags } }, async (request) =>
      ok(await service.listFor(requireAuth(request).user.id)),
    );

    app.post("/space/create", { schema: { tags, body: createSpaceBody } }, async (request) =>
      ok(await service.create(requireAuth(request).user.id, request.body)),
    );

    app.put("/space/:id", { schema: { tags, params: spaceParams, body: renameSpaceBody } }, async (request) => {
      const grant = await gate(request, request.params.id, "space:write");
      return ok(await service.rename(grant, request.body.name, requireAuth(request).user.id));
    });

    app.delete("/space/:id", { schema: { tags, params: spaceParams } }, async (request) => {
      const grant = await gate(request, request.params.id, "space:delete");
      return ok(await service.startDeletion(grant, requireAuth(request).user.id));
    });

    app.post("/space/:id/demo", { schema: { tags, params: spaceParams } }, async (request) => {
      const grant = await gate(request, request.params.id, "space:write");
      return ok(await service.startDemo(grant, requireAuth(request).user.id));
    });

    app.get("/space/:id/users", { schema: { tags, params: spaceParams } }, async (request) => {
      const grant = await gate(request, request.params.id, "members:read");
      return ok(await service.members(grant.space.id));
    });

    app.post(
      "/space/:id/users/invite",
      { schema: { tags, params: spaceParams, body: inviteBody } },
      async (request) => {
        const grant = await gate(request, request.params.id, "members:write");
        return ok(await service.invite(grant, request.body.login, requireAuth(request).user.id));
      },
    );

    app.post(
      "/space/:id/users/kickout",
      { schema: { tags, params: spaceParams, body: kickoutBody } },
      async (request) => {
        const grant = await gate(request, request.params.id, "members:write");
        await service.kickout(grant, request.body.userId, requireAuth(request).user.id);
        return ok(null);
      },
    );

    app.get("/space/:id/settings", { schema: { tags, params: spaceParams } }, async (request) => {
      const grant = await gate(request, request.params.id);
      return ok(service.settings(grant.space));
    });

    app.put(
      "/space/:id/settings",
      { schema: { tags, params: spaceParams, body: updateSpaceSettingsBody } },
      async (request) => {
        const grant = await gate(request, request.params.id, "space:admin");
        return ok(await service.updateSettings(grant, request.body, requireAuth(request).user.id));
      },
    );

    app.get("/space/:id/access", { schema: { tags, params: spaceParams } }, async (request) =>
      ok(toAccessDto(await gate(request, request.params.id))),
    );
  };
}
