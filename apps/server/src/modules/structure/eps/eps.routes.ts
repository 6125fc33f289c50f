import {
  callerRoleSchema,
  commentBody,
  commentParams,
  confirmQuery,
  createNodeBody,
  deleteByCheckboxBody,
  deleteNodesSchema,
  epsCommentSchema,
  epsListQuery,
  epsListSchema,
  epsNodeSchema,
  epsPhotoSchema,
  epsSiblingsSchema,
  idParams,
  keyBody,
  keyCheckSchema,
  keyParams,
  moveNodeBody,
  nodeKeySchema,
  nodeSpaceSchema,
  passportAnswerSchema,
  passportBody,
  renameBody,
  setActiveBody,
  spaceIdParams,
  spacePhotoSchema,
  treeStateBody,
  treeStateSchema,
  userSettingsBody,
  userSettingsSchema,
  uuidField,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { type AccessRule, abilitiesAt, type Grant } from "../../../platform/access.js";
import type { AppContext } from "../../../platform/context.js";
import { AppError } from "../../../platform/errors.js";
import { fileAnswer, route } from "../../../platform/route.js";
import { passportOf } from "./eps.repo.js";
import { EpsService } from "./eps.service.js";
import { EpsPersonalService } from "./eps-personal.service.js";
import { EpsPhotosService, readPhotoUpload } from "./eps-photos.service.js";

const settingsParams = z.object({ id: uuidField, settingsId: uuidField });
const photoParams = z.object({ id: uuidField, photoId: uuidField });

/** The structure tree (`/eps…`): listing, node operations, passport, keys, comments, photos and per-user settings. */
export function epsModule(ctx: AppContext, service: EpsService = new EpsService(ctx)) {
  const personal = new EpsPersonalService(ctx);
  const photos = new EpsPhotosService(ctx);
  const { access } = ctx;

  /** A member holding eps:read in the space of node `{id}`: links opened without a space need no X-Space-Id. */
  const memberOfNodeSpace: AccessRule<Grant> = {
    describe: "space member with eps:read in the space of node {id} (no X-Space-Id needed)",
    check: async (request, params) => {
      const spaceId = await service.spaceOf(String(params.id ?? ""));
      if (!spaceId) throw new AppError("NotFound");
      return access.grant(request, spaceId, "eps:read");
    },
  };

  return async function epsRoutes(app: FastifyInstance) {
    const tags = ["EPS"];

    // Analytics summaries are a later feature; until then both listings are the same light tree.
    for (const url of ["/eps", "/eps/without-analytic"])
      route(
        app,
        {
          method: "GET",
          url,
          tags,
          summary: "The whole light tree; `parentId` for one level (root: `root`); `search` for matches",
          query: epsListQuery,
          response: epsListSchema,
          access: access.space("eps:read"),
        },
        ({ scope, query }) => service.list(scope, query),
      );
    route(
      app,
      {
        method: "GET",
        url: "/space/:id/eps",
        tags,
        summary: "The light tree of the space named in the path (as `/eps` does for the X-Space-Id one)",
        params: spaceIdParams,
        query: epsListQuery,
        response: epsListSchema,
        access: access.space("eps:read", { param: "id" }),
      },
      ({ scope, query }) => service.list(scope, query),
    );

    route(
      app,
      {
        method: "POST",
        url: "/eps/create",
        tags,
        body: createNodeBody,
        response: epsNodeSchema,
        access: access.space(),
      },
      ({ scope, body }) => service.create(scope, "node", body),
    );

    route(
      app,
      {
        method: "GET",
        url: "/eps/get-by-key/:key",
        tags,
        params: keyParams,
        response: epsNodeSchema,
        access: access.space("eps:read"),
      },
      ({ scope, params }) => service.byKey(scope, params.key),
    );

    route(
      app,
      {
        method: "DELETE",
        url: "/eps/delete-by-checkbox",
        tags,
        body: deleteByCheckboxBody,
        response: deleteNodesSchema,
        access: access.space(),
      },
      ({ scope, body }) => service.deleteNodes(scope, body.ids, body.confirmCount),
    );

    route(
      app,
      { method: "GET", url: "/eps/tree-state", tags, response: treeStateSchema, access: access.space("eps:read") },
      ({ scope }) => personal.treeState(scope),
    );
    route(
      app,
      {
        method: "PUT",
        url: "/eps/tree-state",
        tags,
        body: treeStateBody,
        response: treeStateSchema,
        access: access.space("eps:read"),
      },
      ({ scope, body }) => personal.saveTreeState(scope, body.expanded),
    );

    route(
      app,
      {
        method: "GET",
        url: "/eps/photos",
        tags,
        summary: "The photos of the whole space",
        response: z.array(spacePhotoSchema),
        access: access.space("eps:read"),
      },
      ({ scope }) => photos.ofSpace(scope),
    );

    route(
      app,
      {
        method: "GET",
        url: "/eps/:id",
        tags,
        params: idParams,
        response: epsNodeSchema,
        access: access.nodeIn("eps:read"),
      },
      ({ scope }) => service.describe(scope.node),
    );

    route(
      app,
      {
        method: "DELETE",
        url: "/eps/:id",
        tags,
        params: idParams,
        query: confirmQuery,
        response: deleteNodesSchema,
        access: access.space(),
      },
      ({ scope, params, query }) => service.deleteNodes(scope, [params.id], query.confirmCount, ["node"]),
    );

    route(
      app,
      {
        method: "GET",
        url: "/eps/:id/space-id",
        tags,
        summary: "The space a node belongs to, for links opened without a space",
        params: idParams,
        response: nodeSpaceSchema,
        access: memberOfNodeSpace,
      },
      ({ scope }) => ({ spaceId: scope.space.id }),
    );

    for (const direction of ["up", "down"] as const)
      route(
        app,
        {
          method: "PATCH",
          url: `/eps/:id/${direction}`,
          tags,
          params: idParams,
          response: epsSiblingsSchema,
          access: access.node("eps:write"),
        },
        async ({ scope }) => ({ nodes: await service.shift(scope, direction) }),
      );

    route(
      app,
      {
        method: "PATCH",
        url: "/eps/:id/move",
        tags,
        params: idParams,
        body: moveNodeBody,
        response: epsSiblingsSchema,
        access: access.node("eps:write"),
      },
      async ({ scope, body }) => ({ nodes: await service.move(scope, body.parentId, body.index) }),
    );

    route(
      app,
      {
        method: "PATCH",
        url: "/eps/:id/rename",
        tags,
        params: idParams,
        body: renameBody,
        response: epsNodeSchema,
        access: access.node("eps:write"),
      },
      ({ scope, body }) => service.rename(scope, body.name),
    );

    route(
      app,
      {
        method: "GET",
        url: "/eps/:id/get-key",
        tags,
        params: idParams,
        response: nodeKeySchema,
        access: access.nodeIn("eps:read"),
      },
      ({ scope }) => ({ key: scope.node.key }),
    );
    route(
      app,
      {
        method: "PUT",
        url: "/eps/:id/set-key",
        tags,
        params: idParams,
        body: keyBody,
        response: nodeKeySchema,
        access: access.node("eps:write"),
      },
      ({ scope, body }) => service.setKey(scope, body.key),
    );
    route(
      app,
      {
        method: "POST",
        url: "/eps/:id/validate-key",
        tags,
        summary: "Whether the key could be set on this node: format problems answer 400, a taken key `valid: false`",
        params: idParams,
        body: keyBody,
        response: keyCheckSchema,
        access: access.nodeIn("eps:read"),
      },
      ({ scope, body }) => service.checkKey(scope, body.key),
    );

    route(
      app,
      {
        method: "GET",
        url: "/eps/:id/passport",
        tags,
        params: idParams,
        response: passportAnswerSchema,
        access: access.nodeIn("eps:read"),
      },
      ({ scope }) => passportOf(scope.node),
    );
    route(
      app,
      {
        method: "PUT",
        url: "/eps/:id/passport",
        tags,
        params: idParams,
        body: passportBody,
        response: passportAnswerSchema,
        access: access.node("eps:write"),
      },
      ({ scope, body }) => service.setPassport(scope, body.passport),
    );

    route(
      app,
      {
        method: "GET",
        url: "/eps/:id/comments",
        tags,
        params: idParams,
        response: z.array(epsCommentSchema),
        access: access.nodeIn("eps:read"),
      },
      ({ scope }) => personal.comments(scope),
    );
    route(
      app,
      {
        method: "POST",
        url: "/eps/:id/comments",
        tags,
        params: idParams,
        body: commentBody,
        response: epsCommentSchema,
        access: access.nodeIn("eps:read"),
      },
      ({ scope, body }) => personal.addComment(scope, body.text),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/eps/:id/comments/:commentId",
        tags,
        params: commentParams,
        response: z.null(),
        access: access.nodeIn("eps:read"),
      },
      async ({ scope, params }) => {
        await personal.deleteComment(scope, params.commentId);
        return null;
      },
    );

    route(
      app,
      {
        method: "GET",
        url: "/eps/:id/role",
        tags,
        summary: "The caller's membership role, configurable role and effective abilities at this node",
        params: idParams,
        response: callerRoleSchema,
        access: access.nodeIn("eps:read"),
      },
      async ({ scope: { grant, lineage } }) => ({
        role: grant.role,
        roleId: grant.roleId,
        abilities: await abilitiesAt(ctx.db, grant, lineage),
      }),
    );

    route(
      app,
      {
        method: "GET",
        url: "/eps/:id/user/settings",
        tags,
        params: idParams,
        response: z.array(userSettingsSchema),
        access: access.nodeIn("eps:read"),
      },
      ({ scope }) => personal.settings(scope.grant, scope.node.id),
    );
    route(
      app,
      {
        method: "POST",
        url: "/eps/:id/user/settings",
        tags,
        params: idParams,
        body: userSettingsBody,
        response: z.array(userSettingsSchema),
        access: access.nodeIn("eps:read"),
      },
      ({ scope, body }) => personal.saveSettings(scope.grant, scope.node.id, body),
    );
    route(
      app,
      {
        method: "PATCH",
        url: "/eps/:id/user/settings/set-active",
        tags,
        params: idParams,
        body: setActiveBody,
        response: z.array(userSettingsSchema),
        access: access.nodeIn("eps:read"),
      },
      ({ scope, body }) => personal.setActive(scope.grant, scope.node.id, body.settingsId),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/eps/:id/user/settings/:settingsId",
        tags,
        params: settingsParams,
        response: z.null(),
        access: access.nodeIn("eps:read"),
      },
      async ({ scope, params }) => {
        await personal.deleteSettings(scope.grant, scope.node.id, params.settingsId);
        return null;
      },
    );

    route(
      app,
      {
        method: "GET",
        url: "/eps/:id/photos",
        tags,
        params: idParams,
        response: z.array(epsPhotoSchema),
        access: access.nodeIn("eps:read"),
      },
      ({ scope }) => photos.ofNode(scope),
    );
    route(
      app,
      {
        method: "POST",
        url: "/eps/:id/photos",
        tags,
        summary: "Adds a photo (multipart `file`: PNG, JPEG, GIF or WebP, 10 MB at most); needs eps:write there",
        params: idParams,
        response: epsPhotoSchema,
        access: access.nodeIn("eps:read"),
      },
      ({ scope, request }) => photos.add(scope, () => readPhotoUpload(request)),
    );
    route(
      app,
      {
        method: "GET",
        url: "/eps/:id/photos/:photoId",
        tags,
        params: photoParams,
        response: fileAnswer,
        raw: { contentType: "image/*" },
        access: access.nodeIn("eps:read"),
      },
      async ({ scope, params, reply }) => {
        const photo = await photos.read(scope, params.photoId);
        return reply
          .type(photo.mediaType)
          .header("cache-control", "private, max-age=60")
          .header("x-content-type-options", "nosniff")
          .send(photo.bytes);
      },
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/eps/:id/photos/:photoId",
        tags,
        params: photoParams,
        response: z.null(),
        access: access.nodeIn("eps:read"),
      },
      async ({ scope, params }) => {
        await photos.remove(scope, params.photoId);
        return null;
      },
    );
  };
}
