import {
  delegationBody,
  delegationListSchema,
  delegationSchema,
  deletedCountSchema,
  idParams,
} from "@planum/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { route } from "../../platform/route.js";
import { DelegationService } from "./delegation.service.js";

/**
 * Delegation of duties (spec §6, §7 Delegation): the caller's given and received delegations in the space of the
 * `X-Space-Id` header, giving one and withdrawing it. Any member may delegate their own duties; nobody reads or
 * withdraws another pair's.
 */
export function delegationModule(ctx: AppContext) {
  const service = new DelegationService({ db: ctx.db });
  const member = ctx.access.space();
  return async function delegationRoutes(app: FastifyInstance) {
    const tags = ["Delegation"];
    route(
      app,
      {
        method: "GET",
        url: "/delegation/given",
        tags,
        summary: "Delegations the caller gave in the space",
        response: delegationListSchema,
        access: member,
      },
      ({ scope }) => service.given(scope),
    );
    route(
      app,
      {
        method: "GET",
        url: "/delegation/received",
        tags,
        summary: "Delegations the caller received in the space",
        response: delegationListSchema,
        access: member,
      },
      ({ scope }) => service.received(scope),
    );
    route(
      app,
      {
        method: "POST",
        url: "/delegation",
        tags,
        summary: "Hands the caller's duties to another member for a period",
        body: delegationBody,
        response: delegationSchema,
        access: member,
      },
      ({ scope, body }) => service.create(scope, body),
    );
    route(
      app,
      {
        method: "DELETE",
        url: "/delegation/:id",
        tags,
        summary: "Withdraws a delegation the caller gave",
        params: idParams,
        response: deletedCountSchema,
        access: member,
      },
      ({ scope, params }) => service.remove(scope, params.id),
    );
  };
}
