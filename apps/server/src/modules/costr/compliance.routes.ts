import {
  complianceCheckSchema,
  complianceRuleBody,
  complianceRuleSchema,
  estimateLinkBody,
  estimateLinkParams,
  estimateLinkRuleBody,
  estimateLinkRuleResultSchema,
  estimateLinkSchema,
  idParams,
  projectCostrParams,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AccessRule, Grant, NodeScope } from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import { route } from "../../platform/route.js";
import { ComplianceRules } from "./compliance.js";
import { EstimateLinkRules } from "./estimate-link-rules.js";
import { EstimateLinks } from "./estimate-links.js";

/** Compliance rules (`/costr/compliance-rules`), an estimate's check and its links to works. */
export function complianceRoutes(
  ctx: AppContext,
  access: {
    read: AccessRule<Grant>;
    define: AccessRule<Grant>;
    readProject: AccessRule<NodeScope>;
    writeProject: AccessRule<NodeScope>;
  },
) {
  const rules = new ComplianceRules({ db: ctx.db });
  const links = new EstimateLinks({ db: ctx.db });
  const linkRules = new EstimateLinkRules({ db: ctx.db });
  return (app: FastifyInstance) => {
    const tags = ["Costr"];
    route(
      app,
      {
        method: "GET",
        url: "/costr/compliance-rules",
        tags,
        response: z.array(complianceRuleSchema),
        access: access.read,
      },
      ({ scope }) => rules.list(scope),
    );
    route(
      app,
      {
        method: "POST",
        url: "/costr/compliance-rules",
        tags,
        body: complianceRuleBody,
        response: complianceRuleSchema,
        access: access.define,
      },
      ({ scope, body }) => rules.create(scope, body),
    );
    route(
      app,
      {
        method: "PUT",
        url: "/costr/compliance-rules/:id",
        tags,
        params: idParams,
        body: complianceRuleBody,
        response: complianceRuleSchema,
        access: access.define,
      },
      ({ scope, params, body }) => rules.update(scope, params.id, body),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/costr/compliance-rules/:id",
        tags,
        params: idParams,
        response: z.object({ id: z.string() }),
        access: access.define,
      },
      ({ scope, params }) => rules.remove(scope, params.id),
    );
    const base = "/projects/:id/estimates/:itemId";
    route(
      app,
      {
        method: "GET",
        url: `${base}/check`,
        tags,
        summary: "The estimate's last compliance check",
        params: projectCostrParams,
        response: complianceCheckSchema,
        access: access.readProject,
      },
      ({ scope, params }) => rules.last(scope, params.itemId),
    );
    route(
      app,
      {
        method: "POST",
        url: `${base}/check`,
        tags,
        summary: "Runs the compliance rules on the estimate now",
        params: projectCostrParams,
        response: complianceCheckSchema,
        access: access.writeProject,
      },
      ({ scope, params }) => rules.check(scope, params.itemId),
    );
    route(
      app,
      {
        method: "GET",
        url: `${base}/links`,
        tags,
        params: projectCostrParams,
        response: z.array(estimateLinkSchema),
        access: access.readProject,
      },
      ({ scope, params }) => links.list(scope, params.itemId),
    );
    route(
      app,
      {
        method: "POST",
        url: `${base}/links`,
        tags,
        summary: "Links a position to a work of one of the project's versions with a share (by hand)",
        params: projectCostrParams,
        body: estimateLinkBody,
        response: z.array(estimateLinkSchema),
        access: access.writeProject,
      },
      ({ scope, params, body }) => links.link(scope, params.itemId, body),
    );
    route(
      app,
      {
        method: "POST",
        url: `${base}/links/by-rule`,
        tags,
        summary:
          "Links positions to the works of a version whose code, work attribute or directory row equals the position's norm code (number, name); preview unless `apply`",
        params: projectCostrParams,
        body: estimateLinkRuleBody,
        response: estimateLinkRuleResultSchema,
        access: access.writeProject,
      },
      ({ scope, params, body }) => linkRules.run(scope, params.itemId, body),
    );
    route(
      app,
      {
        method: "DELETE",
        url: `${base}/links/:linkId`,
        tags,
        params: estimateLinkParams,
        response: z.array(estimateLinkSchema),
        access: access.writeProject,
      },
      ({ scope, params }) => links.unlink(scope, params.itemId, params.linkId),
    );
  };
}
