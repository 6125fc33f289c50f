import type { Ability } from "@planum/contracts";
import { useSpaceAccess } from "../spaces";

/** What the caller may do in the space (`GET /space/{id}/access`): actions they lack are hidden, not refused later. */
export function useAbilities(spaceId: string) {
  const access = useSpaceAccess(spaceId);
  const abilities = new Set(access.data?.abilities ?? []);
  return {
    ready: access.isSuccess,
    isOwner: access.data?.role === "owner",
    can: (ability: Ability) => abilities.has(ability),
  };
}
