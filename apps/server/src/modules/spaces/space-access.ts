import {
  ALL_ABILITIES,
  addressAllowed,
  BASE_MEMBER_ABILITIES,
  DEFAULT_MEMBER_ABILITIES,
  type SpaceAccess,
} from "@planum/contracts";
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { memberRoles, roles, spaceMembers, spaces } from "../../db/schema/index.js";
import { requireAuth } from "../../platform/auth-hook.js";
import type { Db } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import type { SessionStore } from "../auth/session-store.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type SpaceRow = typeof spaces.$inferSelect;
export type MemberRole = "owner" | "member";

/**
 * Abilities of the two built-in membership roles. The owner holds every ability; a member holds these only while no
 * configurable role (packages/contracts structure-abilities.ts) is assigned to them.
 */
export const ROLE_ABILITIES: Record<MemberRole, string[]> = {
  owner: [...ALL_ABILITIES],
  member: [...DEFAULT_MEMBER_ABILITIES],
};

export interface SpaceGrant {
  space: SpaceRow;
  role: MemberRole;
  abilities: string[];
  /** The configurable role assigned to the member, if any (owners ignore it). */
  roleId?: string | null;
  userId?: string;
}

/** A member's abilities: everything for owners, else their assigned role's (plus seeing the space), else the default. */
export function abilitiesOf(role: MemberRole, assigned: string[] | null): string[] {
  if (role === "owner") return ROLE_ABILITIES.owner;
  if (!assigned) return ROLE_ABILITIES.member;
  return [...new Set([...BASE_MEMBER_ABILITIES, ...assigned])];
}

/** The space row and the caller's membership, or null: a deleted space or a non-member sees nothing. */
export async function findMembership(db: Db, spaceId: string, userId: string) {
  if (!UUID.test(spaceId)) return null;
  const [row] = await db
    .select({ space: spaces, role: spaceMembers.role, roleId: roles.id, roleAbilities: roles.abilities })
    .from(spaces)
    .innerJoin(spaceMembers, and(eq(spaceMembers.spaceId, spaces.id), eq(spaceMembers.userId, userId)))
    .leftJoin(memberRoles, and(eq(memberRoles.spaceId, spaces.id), eq(memberRoles.userId, userId)))
    .leftJoin(roles, eq(roles.id, memberRoles.roleId))
    .where(and(eq(spaces.id, spaceId), isNull(spaces.deletedAt), eq(spaceMembers.status, "active")));
  return row ?? null;
}

export function ipRefused(space: SpaceRow, address: string): boolean {
  const list = space.settings.ipAllowList ?? [];
  return list.length > 0 && !addressAllowed(address, list);
}

/**
 * The gate of every space-scoped call: the caller must be an active member of a live space, call from an allowed
 * address, not have been idle past the space's own time-out, and hold the ability asked for. Other spaces answer
 * 403 whether they exist or not, so ids cannot be probed.
 */
export async function requireSpace(
  deps: { db: Db; sessions: SessionStore },
  request: FastifyRequest,
  spaceId: string,
  ability = "space:read",
): Promise<SpaceGrant> {
  const auth = requireAuth(request);
  const found = await findMembership(deps.db, spaceId, auth.user.id);
  if (!found) throw new AppError("Forbidden");
  if (ipRefused(found.space, request.ip)) throw new AppError("IPNotAllowed");
  const idleMinutes = found.space.settings.idleMinutes;
  if (idleMinutes && auth.lastSeenAt.getTime() + idleMinutes * 60_000 <= Date.now()) {
    await deps.sessions.revoke(auth.sessionId);
    throw new AppError("SessionExpired");
  }
  const abilities = abilitiesOf(found.role, found.roleId ? (found.roleAbilities ?? []) : null);
  if (!abilities.includes(ability)) throw new AppError("Forbidden");
  return { space: found.space, role: found.role, abilities, roleId: found.roleId, userId: auth.user.id };
}

export function toAccessDto(grant: SpaceGrant): SpaceAccess {
  return { spaceId: grant.space.id, role: grant.role, abilities: grant.abilities };
}
