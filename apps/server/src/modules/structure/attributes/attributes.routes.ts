import {
  ATTRIBUTE_TARGETS,
  attributeParams,
  attributeSchema,
  attributeViewSettingsBody,
  attributeViewSettingsSchema,
  attributeWithValueSchema,
  createAttributeBody,
  deleteAttributeAccessBody,
  idParams,
  nodeValueSchema,
  roleParams,
  setAttributeAccessBody,
  updateAttributeBody,
  updateValuesBody,
  valueMatchSchema,
  valuesSearchQuery,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../../platform/context.js";
import { route } from "../../../platform/route.js";
import { type AttributesService, nodePlace } from "./attributes.service.js";

const createOnNodeBody = createAttributeBody.and(z.object({ spaceWide: z.boolean().optional() }));

/** Attributes of the structure tree (`/eps/{id}/attributes…`, values, access). */
export function attributesModule(ctx: AppContext, service: AttributesService) {
  const { access } = ctx;
  return async function attributesRoutes(app: FastifyInstance) {
    const tags = ["Attributes"];
    /** Every call names a node the caller sees; what they may do with its attributes the service decides. */
    const atNode = access.nodeIn("eps:read");

    route(
      app,
      {
        method: "POST",
        url: "/eps/:id/attributes/create",
        tags,
        params: idParams,
        body: createOnNodeBody,
        response: attributeSchema,
        access: atNode,
      },
      ({ scope, body }) => service.create(scope.grant, nodePlace(scope.node), body),
    );
    route(
      app,
      {
        method: "PUT",
        url: "/eps/:id/attributes/:attrId/update",
        tags,
        params: attributeParams,
        body: updateAttributeBody,
        response: attributeSchema,
        access: atNode,
      },
      ({ scope, params, body }) => service.update(scope.grant, nodePlace(scope.node), params.attrId, body),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/eps/:id/attributes/:attrId/delete",
        tags,
        params: attributeParams,
        response: z.null(),
        access: atNode,
      },
      async ({ scope, params }) => {
        await service.delete(scope.grant, nodePlace(scope.node), params.attrId);
        return null;
      },
    );
    route(
      app,
      {
        method: "GET",
        url: "/eps/:id/attributes/get",
        tags,
        summary: "Attributes defined on this node itself",
        params: idParams,
        response: z.array(attributeSchema),
        access: atNode,
      },
      ({ scope }) => service.definedAt(scope.grant, nodePlace(scope.node)),
    );
    route(
      app,
      {
        method: "GET",
        url: "/eps/:id/attributes/get-visible",
        tags,
        summary:
          "Attributes applying here (space-wide, inherited, own) that the caller may read, minus the hidden ones; with target=work the works' attributes seen here (a directory's donors fill them)",
        params: idParams,
        query: z.object({ target: z.enum(ATTRIBUTE_TARGETS, { error: "InvalidValue" }).default("node") }),
        response: z.array(attributeSchema),
        access: atNode,
      },
      ({ scope: { grant, node }, query }) =>
        query.target === "work"
          ? service.visible(grant, { ...nodePlace(node), target: "work" })
          : service.visible(grant, nodePlace(node), { hidden: node.attributeView.hidden }),
    );

    route(
      app,
      {
        method: "GET",
        url: "/eps/:id/attribute-values",
        tags,
        params: idParams,
        response: z.array(nodeValueSchema),
        access: atNode,
      },
      ({ scope }) => service.valuesOf(scope.grant, scope.node),
    );
    route(
      app,
      {
        method: "GET",
        url: "/eps/:id/attribute-values/search",
        tags,
        params: idParams,
        query: valuesSearchQuery,
        response: z.array(valueMatchSchema),
        access: atNode,
      },
      ({ scope, query }) => service.searchValues(scope.grant, scope.node, query.attributeId, query.text),
    );
    route(
      app,
      {
        method: "GET",
        url: "/eps/:id/attributes-with-values",
        tags,
        params: idParams,
        response: z.array(attributeWithValueSchema),
        access: atNode,
      },
      ({ scope }) => service.withValues(scope.grant, scope.node),
    );
    route(
      app,
      {
        method: "PUT",
        url: "/eps/:id/values/update",
        tags,
        params: idParams,
        body: updateValuesBody,
        response: z.array(attributeWithValueSchema),
        access: atNode,
      },
      ({ scope, body }) => service.updateValues(scope.grant, scope.node, body.values),
    );

    route(
      app,
      {
        method: "GET",
        url: "/eps/:id/attribute/settings",
        tags,
        params: idParams,
        response: attributeViewSettingsSchema,
        access: atNode,
      },
      ({ scope }) => scope.node.attributeView,
    );
    route(
      app,
      {
        method: "PUT",
        url: "/eps/:id/attribute/settings",
        tags,
        params: idParams,
        body: attributeViewSettingsBody,
        response: attributeViewSettingsSchema,
        access: atNode,
      },
      ({ scope, body }) => service.setViewSettings(scope.grant, scope.node, body),
    );

    route(
      app,
      {
        method: "GET",
        url: "/eps/:id/attribute-access/:roleId",
        tags,
        summary:
          "A role's access to the attributes applying at this node (every role's access is edited through a node)",
        params: roleParams,
        response: z.array(attributeSchema),
        access: atNode,
      },
      ({ scope, params }) => service.accessOfRole(scope.grant, nodePlace(scope.node), params.roleId),
    );
    route(
      app,
      {
        method: "PUT",
        url: "/eps/:id/attribute-access",
        tags,
        params: idParams,
        body: setAttributeAccessBody,
        response: z.array(attributeSchema),
        access: atNode,
      },
      ({ scope, body }) => service.setAccess(scope.grant, nodePlace(scope.node), body.roleId, body.items),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/eps/:id/attribute-access",
        tags,
        params: idParams,
        body: deleteAttributeAccessBody,
        response: z.null(),
        access: atNode,
      },
      async ({ scope, body }) => {
        await service.clearAccess(scope.grant, nodePlace(scope.node), body.roleId, body.attributeId);
        return null;
      },
    );
  };
}
