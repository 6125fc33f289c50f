import type { ServerEvent } from "@planum/contracts";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "../../shared/query-keys";
import { useRealtimeEvents } from "../realtime";
import { ROOT, structureKeys } from "./structure-api";

/** Attribute definitions and access (features/attributes) and roles (features/admin) live under these prefixes. */
const attributesPrefix = (spaceId: string) => ["space", spaceId, "attributes"] as const;
const rolesPrefix = (spaceId: string) => ["space", spaceId, "roles"] as const;

type EpsUpdated = Extract<ServerEvent, { type: "eps_updated" }>;

/** What another user's change means for the cached structure: the branches and nodes to fetch again. */
export function applyEpsUpdated(client: QueryClient, event: EpsUpdated): void {
  const space = event.spaceId;
  const invalidate = (queryKey: readonly unknown[]) => void client.invalidateQueries({ queryKey });
  for (const parent of event.parentIds) invalidate(structureKeys.children(space, parent ?? ROOT));
  switch (event.action) {
    case "created":
    case "moved":
    case "updated":
      invalidate(structureKeys.wholeTree(space));
      invalidate(["space", space, "eps", "search"]);
      for (const id of event.nodeIds) invalidate(structureKeys.node(space, id));
      if (event.action === "updated") for (const id of event.nodeIds) invalidate(structureKeys.values(space, id));
      break;
    case "deleted":
      invalidate(structureKeys.wholeTree(space));
      invalidate(["space", space, "eps", "search"]);
      // whole subtrees went: every cached branch may hold a removed row
      invalidate(["space", space, "eps", "children"]);
      for (const id of event.nodeIds) client.removeQueries({ queryKey: structureKeys.node(space, id) });
      break;
    case "values":
      for (const id of event.nodeIds) invalidate(structureKeys.values(space, id));
      break;
    case "schedules":
      for (const id of event.nodeIds) invalidate(structureKeys.schedules(space, id));
      break;
    case "attributes":
    case "roles":
      // an attribute defined on a node applies to its whole subtree: every node's list may change
      invalidate(["space", space, "eps", "values"]);
      invalidate(attributesPrefix(space));
      break;
  }
}

/** Keeps the open structure, attribute and admin screens in step with what others do in the space. */
export function useStructureLive(spaceId: string): void {
  const client = useQueryClient();
  useRealtimeEvents((event) => {
    if (event.spaceId !== spaceId) return;
    if (event.type === "eps_updated") applyEpsUpdated(client, event);
    else if (event.type === "eps_comment_created")
      void client.invalidateQueries({ queryKey: structureKeys.comments(spaceId, event.nodeId) });
    else if (event.type === "space_members_changed") {
      // a role's abilities or a member's role changed: what the caller may see and do can differ now
      void client.invalidateQueries({ queryKey: queryKeys.spaceAccess(spaceId) });
      void client.invalidateQueries({ queryKey: rolesPrefix(spaceId) });
      void client.invalidateQueries({ queryKey: ["space", spaceId, "eps", "role"] });
      void client.invalidateQueries({ queryKey: ["space", spaceId, "eps", "values"] });
      void client.invalidateQueries({ queryKey: attributesPrefix(spaceId) });
    }
  });
}
