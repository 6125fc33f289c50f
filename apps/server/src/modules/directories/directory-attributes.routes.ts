import {
  directoryDonorBody,
  directoryDonorParams,
  directoryLinkedAttributeBody,
  directoryLinkedParams,
  directoryLinkSettingsSchema,
  directoryParams,
  renameDirectoryBody,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AccessRule, NodeScope } from "../../platform/access.js";
import { route } from "../../platform/route.js";
import type { DirectoryAttributes } from "./directory-attributes.js";

/**
 * A directory's linked attributes and donors (spec §7 "linked-attribute create/update/delete, donor
 * create/update/delete"), under `/eps/{id}/directory/{dirId}`; each answers the directory's settings as they are now.
 */
export function directoryAttributeRoutes(
  app: FastifyInstance,
  atNode: AccessRule<NodeScope>,
  service: DirectoryAttributes,
) {
  const tags = ["Directories"];
  const base = "/eps/:id/directory/:dirId";
  const response = directoryLinkSettingsSchema;
  route(
    app,
    { method: "GET", url: `${base}/link-settings`, tags, params: directoryParams, response, access: atNode },
    ({ scope, params }) => service.settings(scope.grant, scope.node, params.dirId),
  );
  route(
    app,
    {
      method: "POST",
      url: `${base}/linked-attribute/create`,
      tags,
      summary: "Shows a column's value on the works linked to the directory's rows",
      params: directoryParams,
      body: directoryLinkedAttributeBody,
      response,
      access: atNode,
    },
    ({ scope, params, body }) => service.addLinked(scope.grant, scope.node, params.dirId, body),
  );
  route(
    app,
    {
      method: "PUT",
      url: `${base}/linked-attribute/:linkedId/update`,
      tags,
      params: directoryLinkedParams,
      body: renameDirectoryBody,
      response,
      access: atNode,
    },
    ({ scope, params, body }) =>
      service.updateLinked(scope.grant, scope.node, params.dirId, params.linkedId, body.name),
  );
  route(
    app,
    {
      method: "DELETE",
      url: `${base}/linked-attribute/:linkedId/delete`,
      tags,
      params: directoryLinkedParams,
      response,
      access: atNode,
    },
    ({ scope, params }) => service.deleteLinked(scope.grant, scope.node, params.dirId, params.linkedId),
  );
  route(
    app,
    {
      method: "POST",
      url: `${base}/donor/create`,
      tags,
      summary: "Copies a column's value into a work attribute of the same type on linked works",
      params: directoryParams,
      body: directoryDonorBody,
      response,
      access: atNode,
    },
    ({ scope, params, body }) => service.addDonor(scope.grant, scope.node, params.dirId, body),
  );
  route(
    app,
    {
      method: "PUT",
      url: `${base}/donor/:donorId/update`,
      tags,
      params: directoryDonorParams,
      body: directoryDonorBody,
      response,
      access: atNode,
    },
    ({ scope, params, body }) => service.updateDonor(scope.grant, scope.node, params.dirId, params.donorId, body),
  );
  route(
    app,
    {
      method: "DELETE",
      url: `${base}/donor/:donorId/delete`,
      tags,
      params: directoryDonorParams,
      response,
      access: atNode,
    },
    ({ scope, params }) => service.deleteDonor(scope.grant, scope.node, params.dirId, params.donorId),
  );
}
