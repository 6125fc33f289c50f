import {
  commentBody,
  commentParams,
  confirmQuery,
  createNodeBody,
  deleteByCheckboxBody,
  epsListQuery,
  idParams,
  keyBody,
  keyParams,
  moveNodeBody,
  passportBody,
  renameBody,
  setActiveBody,
  treeStateBody,
  userSettingsBody,
  uuidField,
} from "@planum/contracts";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { epsNodes } from "../../../db/schema/index.js";
import type { AppContext } from "../../../platform/context.js";
import { AppError } from "../../../platform/errors.js";
import { ok, typed } from "../../../platform/http.js";
import { abilitiesAt, lineage, loadNode, spaceGate } from "../structure-gate.js";
import { EpsRepo } from "./eps.repo.js";
import { EpsService } from "./eps.service.js";
import { EpsPersonalService } from "./eps-personal.service.js";
import { registerEpsPhotoRoutes } from "./eps-photos.js";

const settingsParams = z.object({ id: uuidField, settingsId: uuidField });

/** The structure tree (`/eps…`): listing, node operations, passport, keys, comments and per-user settings. */
export function epsModule(ctx: AppContext) {
  const service = new EpsService(ctx);
  const personal = new EpsPersonalService(ctx);
  const repo = new EpsRepo(ctx.db);

  return async function epsRoutes(fastify: FastifyInstance) {
    const app = typed(fastify);
    const tags = ["EPS"];

    /** Whole light tree; `parentId` for one level (root: "root"); `search` for matches and their ancestors. */
    const list = async (request: { query: z.infer<typeof epsListQuery> } & Parameters<typeof spaceGate>[1]) => {
      const grant = await spaceGate(ctx, request, "eps:read");
      const { parentId, search } = request.query;
      if (search) return ok(await repo.search(grant.space.id, search));
      if (parentId) {
        if (parentId !== "root") await loadNode(ctx.db, grant.space.id, parentId);
        return ok({ nodes: await repo.children(grant.space.id, parentId === "root" ? null : parentId) });
      }
      return ok({ nodes: await repo.all(grant.space.id) });
    };
    app.get("/eps", { schema: { tags, querystring: epsListQuery } }, list);
    // Analytics summaries are a later feature; until then both listings are the same light tree.
    app.get("/eps/without-analytic", { schema: { tags, querystring: epsListQuery } }, list);

    app.post("/eps/create", { schema: { tags, body: createNodeBody } }, async (request) => {
      const grant = await spaceGate(ctx, request);
      return ok(await service.create(grant, "node", request.body));
    });

    app.get("/eps/get-by-key/:key", { schema: { tags, params: keyParams } }, async (request) => {
      const grant = await spaceGate(ctx, request, "eps:read");
      return ok(await service.byKey(grant, request.params.key));
    });

    app.delete("/eps/delete-by-checkbox", { schema: { tags, body: deleteByCheckboxBody } }, async (request) => {
      const grant = await spaceGate(ctx, request);
      return ok(await service.deleteNodes(grant, request.body.ids, request.body.confirmCount));
    });

    app.get("/eps/tree-state", { schema: { tags } }, async (request) =>
      ok(await personal.treeState(await spaceGate(ctx, request, "eps:read"))),
    );
    app.put("/eps/tree-state", { schema: { tags, body: treeStateBody } }, async (request) =>
      ok(await personal.saveTreeState(await spaceGate(ctx, request, "eps:read"), request.body.expanded)),
    );

    registerEpsPhotoRoutes(ctx, fastify);

    app.get("/eps/:id", { schema: { tags, params: idParams } }, async (request) => {
      const grant = await spaceGate(ctx, request, "eps:read");
      return ok(await service.node(grant, request.params.id));
    });

    app.delete("/eps/:id", { schema: { tags, params: idParams, querystring: confirmQuery } }, async (request) => {
      const grant = await spaceGate(ctx, request);
      return ok(await service.deleteNodes(grant, [request.params.id], request.query.confirmCount, ["node"]));
    });

    /** The space a node belongs to, for links opened without a space: needs no X-Space-Id, only membership. */
    app.get("/eps/:id/space-id", { schema: { tags, params: idParams } }, async (request) => {
      const [row] = await ctx.db
        .select({ spaceId: epsNodes.spaceId })
        .from(epsNodes)
        .where(eq(epsNodes.id, request.params.id));
      if (!row) throw new AppError("NotFound");
      await ctx.access.grant(request, row.spaceId, "eps:read");
      return ok({ spaceId: row.spaceId });
    });

    for (const direction of ["up", "down"] as const)
      app.patch(`/eps/:id/${direction}`, { schema: { tags, params: idParams } }, async (request) => {
        const grant = await spaceGate(ctx, request);
        return ok({ nodes: await service.shift(grant, request.params.id, direction) });
      });

    app.patch("/eps/:id/move", { schema: { tags, params: idParams, body: moveNodeBody } }, async (request) => {
      const grant = await spaceGate(ctx, request);
      const { parentId, index } = request.body;
      return ok({ nodes: await service.move(grant, request.params.id, parentId, index) });
    });

    app.patch("/eps/:id/rename", { schema: { tags, params: idParams, body: renameBody } }, async (request) => {
      const grant = await spaceGate(ctx, request);
      return ok(await service.rename(grant, request.params.id, request.body.name));
    });

    app.get("/eps/:id/get-key", { schema: { tags, params: idParams } }, async (request) => {
      const grant = await spaceGate(ctx, request, "eps:read");
      return ok({ key: (await loadNode(ctx.db, grant.space.id, request.params.id)).key });
    });
    app.put("/eps/:id/set-key", { schema: { tags, params: idParams, body: keyBody } }, async (request) => {
      const grant = await spaceGate(ctx, request);
      return ok(await service.setKey(grant, request.params.id, request.body.key));
    });
    /** Whether the key could be set on this node: format problems answer 400, a taken key `{ valid: false }`. */
    app.post("/eps/:id/validate-key", { schema: { tags, params: idParams, body: keyBody } }, async (request) => {
      const grant = await spaceGate(ctx, request, "eps:read");
      const node = await loadNode(ctx.db, grant.space.id, request.params.id);
      const free = await service.keyFree(grant.space.id, request.body.key, node.id);
      return ok({ valid: free, ...(free ? {} : { code: "KeyTaken" }) });
    });

    app.get("/eps/:id/passport", { schema: { tags, params: idParams } }, async (request) => {
      const grant = await spaceGate(ctx, request, "eps:read");
      return ok((await loadNode(ctx.db, grant.space.id, request.params.id)).passport);
    });
    app.put("/eps/:id/passport", { schema: { tags, params: idParams, body: passportBody } }, async (request) => {
      const grant = await spaceGate(ctx, request);
      return ok(await service.setPassport(grant, request.params.id, request.body.passport));
    });

    app.get("/eps/:id/comments", { schema: { tags, params: idParams } }, async (request) => {
      const grant = await spaceGate(ctx, request, "eps:read");
      return ok(await personal.comments(grant, request.params.id));
    });
    app.post("/eps/:id/comments", { schema: { tags, params: idParams, body: commentBody } }, async (request) => {
      const grant = await spaceGate(ctx, request, "eps:read");
      return ok(await personal.addComment(grant, request.params.id, request.body.text));
    });
    app.delete("/eps/:id/comments/:commentId", { schema: { tags, params: commentParams } }, async (request) => {
      const grant = await spaceGate(ctx, request, "eps:read");
      await personal.deleteComment(grant, request.params.id, request.params.commentId);
      return ok(null);
    });

    /** The caller's membership role, configurable role and effective abilities at this node. */
    app.get("/eps/:id/role", { schema: { tags, params: idParams } }, async (request) => {
      const grant = await spaceGate(ctx, request, "eps:read");
      const node = await loadNode(ctx.db, grant.space.id, request.params.id);
      const abilities = await abilitiesAt(ctx.db, grant, lineage(node));
      return ok({ role: grant.role, roleId: grant.roleId, abilities });
    });

    app.get("/eps/:id/user/settings", { schema: { tags, params: idParams } }, async (request) => {
      const grant = await spaceGate(ctx, request, "eps:read");
      return ok(await personal.settings(grant, request.params.id));
    });
    app.post(
      "/eps/:id/user/settings",
      { schema: { tags, params: idParams, body: userSettingsBody } },
      async (request) => {
        const grant = await spaceGate(ctx, request, "eps:read");
        return ok(await personal.saveSettings(grant, request.params.id, request.body));
      },
    );
    app.patch(
      "/eps/:id/user/settings/set-active",
      { schema: { tags, params: idParams, body: setActiveBody } },
      async (request) => {
        const grant = await spaceGate(ctx, request, "eps:read");
        return ok(await personal.setActive(grant, request.params.id, request.body.settingsId));
      },
    );
    app.delete("/eps/:id/user/settings/:settingsId", { schema: { tags, params: settingsParams } }, async (request) => {
      const grant = await spaceGate(ctx, request, "eps:read");
      await personal.deleteSettings(grant, request.params.id, request.params.settingsId);
      return ok(null);
    });
  };
}
