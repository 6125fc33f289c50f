import { addressAllowed, type SpaceAccess } from "@planum/contracts";
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { spaceMembers, spaces } from "../../db/schema/index.js";
import { requireAuth } from "../../platform/auth-hook.js";
import type { Db } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import type { SessionStore } from "../auth/session-store.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type SpaceRow = typeof spaces.$inferSelect;
export type MemberRole = "owner" | "member";

/** Abilities of the two built-in roles; configurable roles per space come with the structure feature. */
export const ROLE_ABILITIES: Record<MemberRole, string[]> = {
  owner: ["space:read", "space:write", "space:admin", "space:delete", "members:read", "members:write"],
  member: ["space:read", "members:read"],
};

export interface SpaceGrant {
  space: SpaceRow;
  role: MemberRole;
  abilities: string[];
}

/** The space row and the caller's membership, or null: a deleted space or a non-member sees nothing. */
export async function findMembership(db: Db, spaceId: string, userId: string) {
  if (!UUID.test(spaceId)) return null;
  const [row] = await db
    .select({ space: spaces, role: spaceMembers.role })
    .from(spaces)
    .innerJoin(spaceMembers, and(eq(spaceMembers.spaceId, spaces.id), eq(spaceMembers.userId, userId)))
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
  const abilities = ROLE_ABILITIES[found.role];
  if (!abilities.includes(ability)) throw new AppError("Forbidden");
  return { space: found.space, role: found.role, abilities };
}

export function toAccessDto(grant: SpaceGrant): SpaceAccess {
  return { spaceId: grant.space.id, role: grant.role, abilities: grant.abilities };
}
