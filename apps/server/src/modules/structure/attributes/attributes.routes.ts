import {
  attributeParams,
  attributeViewSettingsBody,
  createAttributeBody,
  deleteAttributeAccessBody,
  idParams,
  roleParams,
  setAttributeAccessBody,
  updateAttributeBody,
  updateValuesBody,
  valuesSearchQuery,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../../platform/context.js";
import { AppError } from "../../../platform/errors.js";
import { ok, typed } from "../../../platform/http.js";
import { loadNode, spaceGate } from "../structure-gate.js";
import { AttributesService, nodePlace } from "./attributes.service.js";

const createOnNodeBody = createAttributeBody.and(z.object({ spaceWide: z.boolean().optional() }));

/** Attributes of the structure tree (`/eps/{id}/attributes…`, values, access). */
export function attributesModule(ctx: AppContext, service = new AttributesService(ctx)) {
  return async function attributesRoutes(fastify: FastifyInstance) {
    const app = typed(fastify);
    const tags = ["Attributes"];
    const node = async (request: Parameters<typeof spaceGate>[1], id: string, ability: "eps:read" | "space:read") => {
      const grant = await spaceGate(ctx, request, ability);
      return { grant, node: await loadNode(ctx.db, grant.space.id, id) };
    };

    app.post(
      "/eps/:id/attributes/create",
      { schema: { tags, params: idParams, body: createOnNodeBody } },
      async (request) => {
        const { grant, node: row } = await node(request, request.params.id, "eps:read");
        return ok(await service.create(grant, nodePlace(row), request.body));
      },
    );
    app.put(
      "/eps/:id/attributes/:attrId/update",
      { schema: { tags, params: attributeParams, body: updateAttributeBody } },
      async (request) => {
        const { grant, node: row } = await node(request, request.params.id, "eps:read");
        return ok(await service.update(grant, nodePlace(row), request.params.attrId, request.body));
      },
    );
    app.delete("/eps/:id/attributes/:attrId/delete", { schema: { tags, params: attributeParams } }, async (request) => {
      const { grant, node: row } = await node(request, request.params.id, "eps:read");
      await service.delete(grant, nodePlace(row), request.params.attrId);
      return ok(null);
    });
    /** Attributes defined on this node itself. */
    app.get("/eps/:id/attributes/get", { schema: { tags, params: idParams } }, async (request) => {
      const { grant, node: row } = await node(request, request.params.id, "eps:read");
      return ok(await service.definedAt(grant, nodePlace(row)));
    });
    /** Attributes applying here (space-wide, inherited, own) that the caller may read, minus the hidden ones. */
    app.get("/eps/:id/attributes/get-visible", { schema: { tags, params: idParams } }, async (request) => {
      const { grant, node: row } = await node(request, request.params.id, "eps:read");
      return ok(await service.visible(grant, nodePlace(row), { hidden: row.attributeView.hidden }));
    });

    app.get("/eps/:id/attribute-values", { schema: { tags, params: idParams } }, async (request) => {
      const { grant, node: row } = await node(request, request.params.id, "eps:read");
      const values = await service.nodeValues(grant, row);
      return ok(values.map((v) => ({ attributeId: v.id, value: v.value })));
    });
    app.get(
      "/eps/:id/attribute-values/search",
      { schema: { tags, params: idParams, querystring: valuesSearchQuery } },
      async (request) => {
        const { grant, node: row } = await node(request, request.params.id, "eps:read");
        return ok(await service.searchValues(grant, row, request.query.attributeId, request.query.text));
      },
    );
    app.get("/eps/:id/attributes-with-values", { schema: { tags, params: idParams } }, async (request) => {
      const { grant, node: row } = await node(request, request.params.id, "eps:read");
      return ok(await service.withValues(grant, row));
    });
    app.put(
      "/eps/:id/values/update",
      { schema: { tags, params: idParams, body: updateValuesBody } },
      async (request) => {
        const { grant, node: row } = await node(request, request.params.id, "eps:read");
        return ok(await service.updateValues(grant, row, request.body.values));
      },
    );

    app.get("/eps/:id/attribute/settings", { schema: { tags, params: idParams } }, async (request) => {
      const { grant } = await node(request, request.params.id, "eps:read");
      return ok(await service.viewSettings(grant, request.params.id));
    });
    app.put(
      "/eps/:id/attribute/settings",
      { schema: { tags, params: idParams, body: attributeViewSettingsBody } },
      async (request) => {
        const { grant } = await node(request, request.params.id, "eps:read");
        return ok(await service.setViewSettings(grant, request.params.id, request.body));
      },
    );

    /** Every role's access is edited through a node: the attributes applying there. */
    app.get("/eps/:id/attribute-access/:roleId", { schema: { tags, params: roleParams } }, async (request) => {
      const { grant, node: row } = await node(request, request.params.id, "eps:read");
      if (!grant.abilities.includes("roles:read")) throw new AppError("Forbidden");
      return ok(await service.forRole(grant, nodePlace(row), request.params.roleId));
    });
    app.put(
      "/eps/:id/attribute-access",
      { schema: { tags, params: idParams, body: setAttributeAccessBody } },
      async (request) => {
        const { grant, node: row } = await node(request, request.params.id, "eps:read");
        return ok(await service.setAccess(grant, nodePlace(row), request.body.roleId, request.body.items));
      },
    );
    app.delete(
      "/eps/:id/attribute-access",
      { schema: { tags, params: idParams, body: deleteAttributeAccessBody } },
      async (request) => {
        const { grant, node: row } = await node(request, request.params.id, "eps:read");
        await service.clearAccess(grant, nodePlace(row), request.body.roleId, request.body.attributeId);
        return ok(null);
      },
    );
  };
}
