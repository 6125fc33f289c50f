import { type Ability, EVENTS_PROTOCOL_VERSION, SPACE_HEADER } from "@planum/contracts";
import type { FastifyRequest } from "fastify";
import { AccessRules, type Grant } from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import { AppError } from "../../platform/errors.js";
import type { Realtime } from "../../platform/realtime.js";

export type { EpsNodeRow, Grant, ScheduleRow } from "../../platform/access.js";
export { abilitiesAt, grantedAt, lineage, requireAt } from "../../platform/access.js";

/** Transitional: routes move to declared access (platform/route.ts). */
export function spaceGate(
  ctx: Pick<AppContext, "db" | "sessions">,
  request: FastifyRequest,
  ability: Ability = "space:read",
): Promise<Grant> {
  const header = request.headers[SPACE_HEADER];
  const spaceId = Array.isArray(header) ? header[0] : header;
  if (!spaceId) throw new AppError("Forbidden");
  return new AccessRules(ctx).grant(request, spaceId, ability);
}

export { loadNode, loadSchedule } from "../../platform/access.js";

export type EpsAction = "created" | "updated" | "moved" | "deleted" | "values" | "attributes" | "schedules" | "roles";

/** Tells the space's room that part of the tree changed, so other users' trees refetch that branch. */
export function epsUpdated(
  realtime: Realtime,
  grant: Grant,
  action: EpsAction,
  nodeIds: string[],
  parentIds: (string | null)[] = [],
) {
  realtime.toSpace({
    v: EVENTS_PROTOCOL_VERSION,
    type: "eps_updated",
    spaceId: grant.space.id,
    byUserId: grant.userId,
    action,
    nodeIds,
    parentIds: [...new Set(parentIds)],
  });
}
