// Transitional: the access checks live in platform/access.ts; routes move to declared access (platform/route.ts).
import type { SpaceAccess } from "@planum/contracts";
import type { FastifyRequest } from "fastify";
import { AccessRules, type Grant } from "../../platform/access.js";
import type { Db } from "../../platform/db.js";
import type { SessionStore } from "../../platform/sessions.js";

export {
  abilitiesOf,
  findMembership,
  ipRefused,
  type MemberRole,
  ROLE_ABILITIES,
  type SpaceRow,
} from "../../platform/access.js";
export type SpaceGrant = Grant;

export function requireSpace(
  deps: { db: Db; sessions: SessionStore },
  request: FastifyRequest,
  spaceId: string,
  ability = "space:read",
): Promise<Grant> {
  return new AccessRules(deps).grant(request, spaceId, ability as never);
}

export function toAccessDto(grant: Grant): SpaceAccess {
  return { spaceId: grant.space.id, role: grant.role, abilities: grant.abilities };
}
