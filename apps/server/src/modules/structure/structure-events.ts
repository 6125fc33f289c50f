import { EVENTS_PROTOCOL_VERSION } from "@planum/contracts";
import type { Grant } from "../../platform/access.js";
import type { Realtime } from "../../platform/realtime.js";

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
