import {
  type Ability,
  ALL_ABILITIES,
  addressAllowed,
  BASE_MEMBER_ABILITIES,
  DEFAULT_MEMBER_ABILITIES,
  RESOURCE_ABILITIES,
  SPACE_HEADER,
} from "@planum/contracts";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import {
  epsNodes,
  memberRoles,
  resourceGrants,
  roles,
  schedules,
  spaceMembers,
  spaces,
  versions,
} from "../db/schema/index.js";
import type { ActivityRecorder } from "./activity.js";
import { batchedReader } from "./batched-reader.js";
import { type ChangeClock, ClockedCache } from "./change-clock.js";
import { type Db, type DbOrTx, UNNAMED } from "./db.js";
import { AppError } from "./errors.js";
import { licenceRefusal } from "./licence-gate.js";
import type { Realtime } from "./realtime.js";
import type { AuthContext, SessionStore } from "./sessions.js";

/**
 * Who may call what. A route declares the access it needs (`access: rules.version("write")`); the route wrapper
 * (`platform/route.ts`) runs the rule before the handler and hands its result — the caller's scope — to the handler.
 * Every space-scoped rule checks, in this order: signed in, active member of a live space, allowed address, the
 * space's own idle time-out, the ability (space-wide or granted on the resource's lineage), then the resource itself
 * inside that space. Another space's ids answer 403 (the space) or 404 (a resource), whether they exist or not.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type SpaceRow = typeof spaces.$inferSelect;
export type EpsNodeRow = typeof epsNodes.$inferSelect;
export type ScheduleRow = typeof schedules.$inferSelect;
export type VersionRow = typeof versions.$inferSelect;
export type MemberRole = "owner" | "member";

/** The caller inside a space: their membership, role and space-wide abilities. */
export interface Grant {
  space: SpaceRow;
  role: MemberRole;
  abilities: string[];
  /** The configurable role assigned to the member, if any (owners ignore it). */
  roleId: string | null;
  userId: string;
}

/** A schedule of the caller's space. `lineage` = ancestors' ids, the project's and the schedule's own. */
export interface ScheduleScope {
  grant: Grant;
  schedule: ScheduleRow;
  lineage: string[];
}

/** A version of the caller's space, with what access checks and events need. */
export interface VersionScope {
  grant: Grant;
  version: VersionRow;
  scheduleId: string;
  /** Ids of the project's ancestors, the project and the schedule: resource grants on any of them apply. */
  lineage: string[];
}

/** A structure node of the caller's space. */
export interface NodeScope {
  grant: Grant;
  node: EpsNodeRow;
  lineage: string[];
}

/** A declared need of a route: a name for the API documentation and the check that yields the caller's scope. */
export interface AccessRule<Scope> {
  readonly describe: string;
  /** Guest routes skip the sign-in check of the auth hook. */
  readonly guest?: boolean;
  check(request: FastifyRequest, params: Record<string, unknown>): Promise<Scope>;
}

/**
 * Abilities of the two built-in membership roles. The owner holds every ability; a member holds these only while no
 * configurable role (packages/contracts structure-abilities.ts) is assigned to them.
 */
export const ROLE_ABILITIES: Record<MemberRole, string[]> = {
  owner: [...ALL_ABILITIES],
  member: [...DEFAULT_MEMBER_ABILITIES],
};

/** A member's abilities: everything for owners, else their assigned role's (plus seeing the space), else the default. */
export function abilitiesOf(role: MemberRole, assigned: string[] | null): string[] {
  if (role === "owner") return ROLE_ABILITIES.owner;
  if (!assigned) return ROLE_ABILITIES.member;
  return [...new Set([...BASE_MEMBER_ABILITIES, ...assigned])];
}

/** The space row and the caller's membership, or null: a deleted space or a non-member sees nothing. */
export async function findMembership(db: DbOrTx, spaceId: string, userId: string) {
  return (await findMemberships(db, spaceId, [userId])).get(userId) ?? null;
}

/** The active memberships of these users in a live space, by user id (one query for a crowd of one space). */
export async function findMemberships(db: DbOrTx, spaceId: string, userIds: readonly string[]) {
  if (!UUID.test(spaceId)) return new Map();
  const rows = await db
    .select({
      userId: spaceMembers.userId,
      space: spaces,
      role: spaceMembers.role,
      roleId: roles.id,
      roleAbilities: roles.abilities,
      // Only a licensed space counts: the members ahead of this one decide whether it is within the paid users.
      seatsAhead: sql<number>`case when ${spaces.licence} is null then 0 else (
        select count(*)::int from space_members ahead
        where ahead.space_id = ${spaces.id} and ahead.status = 'active'
          and ((ahead.role = 'owner' and ${spaceMembers.role} <> 'owner')
            or (ahead.role = ${spaceMembers.role}
              and (ahead.joined_at, ahead.user_id) < (${spaceMembers.joinedAt}, ${spaceMembers.userId})))) end`,
    })
    .from(spaces)
    .innerJoin(spaceMembers, eq(spaceMembers.spaceId, spaces.id))
    .leftJoin(memberRoles, and(eq(memberRoles.spaceId, spaces.id), eq(memberRoles.userId, spaceMembers.userId)))
    .leftJoin(roles, eq(roles.id, memberRoles.roleId))
    .where(
      and(
        eq(spaces.id, spaceId),
        inArray(spaceMembers.userId, [...new Set(userIds)]),
        isNull(spaces.deletedAt),
        eq(spaceMembers.status, "active"),
      ),
    );
  return new Map(rows.map(({ userId, ...membership }) => [userId, membership]));
}

type Membership = NonNullable<Awaited<ReturnType<typeof findMembership>>>;
const membershipKey = (userId: string, spaceId: string) => `${userId} ${spaceId}`;

/**
 * Another member's grant in a space (null when not an active member of a live space), for work done on their behalf
 * outside a request: whom a generated notice may tell about a schedule. No address or idle check: no call is made.
 */
export async function memberGrant(db: DbOrTx, spaceId: string, userId: string): Promise<Grant | null> {
  const found = await findMembership(db, spaceId, userId);
  if (!found) return null;
  const abilities = abilitiesOf(found.role, found.roleId ? (found.roleAbilities ?? []) : null);
  return { space: found.space, role: found.role, abilities, roleId: found.roleId ?? null, userId };
}
/**
 * The active members of a live space who hold `ability` space-wide or through their role's grant on one of
 * `resourceIds` (a place's lineage): whom a notice about that place is for. Two queries, whatever the space's size.
 */
export async function membersHolding(db: DbOrTx, spaceId: string, ability: Ability, resourceIds: string[]) {
  const members = await db
    .select({ userId: spaceMembers.userId, role: spaceMembers.role, roleId: roles.id, roleAbilities: roles.abilities })
    .from(spaceMembers)
    .innerJoin(spaces, and(eq(spaces.id, spaceMembers.spaceId), isNull(spaces.deletedAt)))
    .leftJoin(
      memberRoles,
      and(eq(memberRoles.spaceId, spaceMembers.spaceId), eq(memberRoles.userId, spaceMembers.userId)),
    )
    .leftJoin(roles, eq(roles.id, memberRoles.roleId))
    .where(and(eq(spaceMembers.spaceId, spaceId), eq(spaceMembers.status, "active")));
  const grantedRoles =
    resourceIds.length > 0 && (RESOURCE_ABILITIES as string[]).includes(ability)
      ? await db
          .select({ roleId: resourceGrants.roleId })
          .from(resourceGrants)
          .where(
            and(
              eq(resourceGrants.spaceId, spaceId),
              eq(resourceGrants.ability, ability),
              inArray(resourceGrants.resourceId, resourceIds),
            ),
          )
      : [];
  const granted = new Set(grantedRoles.map((row) => row.roleId));
  return members
    .filter(
      (m) =>
        abilitiesOf(m.role, m.roleId ? (m.roleAbilities ?? []) : null).includes(ability) ||
        (m.role !== "owner" && m.roleId !== null && granted.has(m.roleId)),
    )
    .map((m) => m.userId);
}

/** A version of a space with its project's path (the lineage its grants are looked up on). */
type VersionRowWithPath = { version: VersionRow; path: string };

export function ipRefused(space: SpaceRow, address: string): boolean {
  const list = space.settings.ipAllowList ?? [];
  return list.length > 0 && !addressAllowed(address, list);
}

/** Ids of a node and its ancestors, read from its materialised path. */
export function lineage(node: Pick<EpsNodeRow, "path">): string[] {
  return node.path.split("/").filter(Boolean);
}

/** The signed-in user of a call behind the auth hook. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError("Unauthorized");
  return request.auth;
}

/** Abilities the role holds below these resources through grants (only the widenable ones). */
export async function grantedAt(db: DbOrTx, grant: Grant, resourceIds: string[]): Promise<Set<string>> {
  if (grant.role === "owner" || !grant.roleId || resourceIds.length === 0) return new Set();
  const rows = await db
    .select({ ability: resourceGrants.ability })
    .from(resourceGrants)
    .where(
      and(
        eq(resourceGrants.spaceId, grant.space.id),
        eq(resourceGrants.roleId, grant.roleId),
        inArray(resourceGrants.resourceId, resourceIds),
      ),
    );
  return new Set(rows.map((row) => row.ability));
}

/** The role's grants on any of `resourceIds` as "resourceId ability" (one query for many places at once). */
export async function grantsAt(db: DbOrTx, grant: Grant, resourceIds: string[]): Promise<Set<string>> {
  if (grant.role === "owner" || !grant.roleId || resourceIds.length === 0) return new Set();
  const rows = await db
    .select({ resourceId: resourceGrants.resourceId, ability: resourceGrants.ability })
    .from(resourceGrants)
    .where(
      and(
        eq(resourceGrants.spaceId, grant.space.id),
        eq(resourceGrants.roleId, grant.roleId),
        inArray(resourceGrants.resourceId, resourceIds),
      ),
    );
  return new Set(rows.map((row) => `${row.resourceId} ${row.ability}`));
}

/** The caller's abilities at a place of the hierarchy: the space-wide ones plus the grants on its lineage. */
export async function abilitiesAt(db: DbOrTx, grant: Grant, resourceIds: string[]): Promise<string[]> {
  const extra = await grantedAt(db, grant, resourceIds);
  return [...new Set([...grant.abilities, ...extra])];
}

/** Refuses with 403 unless the caller holds `ability` space-wide or through a grant on one of `resourceIds`. */
export async function requireAt(db: DbOrTx, grant: Grant, ability: Ability, resourceIds: string[]) {
  if (grant.abilities.includes(ability)) return;
  if ((RESOURCE_ABILITIES as string[]).includes(ability) && (await grantedAt(db, grant, resourceIds)).has(ability))
    return;
  throw new AppError("Forbidden");
}

/** A node of the caller's space, optionally of given kinds; anything else (another space too) is 404. */
export async function loadNode(db: DbOrTx, spaceId: string, id: string, kinds?: EpsNodeRow["kind"][]) {
  if (!UUID.test(id)) throw new AppError("NotFound");
  const [node] = await db
    .select()
    .from(epsNodes)
    .where(and(eq(epsNodes.spaceId, spaceId), eq(epsNodes.id, id)));
  if (!node || (kinds && !kinds.includes(node.kind))) throw new AppError("NotFound");
  return node;
}

/** A schedule of the caller's space with the lineage of its project (for grants), or 404. */
export async function loadSchedule(db: DbOrTx, spaceId: string, id: string) {
  if (!UUID.test(id)) throw new AppError("NotFound");
  const [row] = await db
    .select({ schedule: schedules, projectPath: epsNodes.path })
    .from(schedules)
    .innerJoin(epsNodes, eq(epsNodes.id, schedules.projectId))
    .where(and(eq(schedules.spaceId, spaceId), eq(schedules.id, id)));
  if (!row) throw new AppError("NotFound");
  return { schedule: row.schedule, lineage: [...lineage({ path: row.projectPath }), row.schedule.id] };
}

/** A version of the caller's space, or 404: ids of other spaces are indistinguishable from missing ones. */
export async function loadVersion(db: DbOrTx, grant: Grant, versionId: string): Promise<VersionScope> {
  if (!UUID.test(versionId)) throw new AppError("NotFound");
  const [row] = await db
    .select({ version: versions, path: epsNodes.path })
    .from(versions)
    .innerJoin(schedules, eq(schedules.id, versions.scheduleId))
    .innerJoin(epsNodes, eq(epsNodes.id, schedules.projectId))
    .where(and(eq(versions.spaceId, grant.space.id), eq(versions.id, versionId)));
  if (!row) throw new AppError("NotFound");
  const version = row.version;
  return { grant, version, scheduleId: version.scheduleId, lineage: [...lineage(row), version.scheduleId] };
}

export function assertUnlocked(version: VersionRow) {
  if (version.locked) throw new AppError("VersionLocked", { label: version.label });
}

/**
 * Relations, assignments and directory links of a version uploaded from a file are written by a job after it shows
 * (`versions.details_status`): until they are in, nobody adds or changes their kind, which the job would collide
 * with, and nothing that needs the whole network runs on it (calculation, levelling, risk, health, network diagram,
 * export, copy) — it would see part of the relations. A job that failed before every relation was in leaves the
 * version so until a retry writes the rest (`relations_failed`); one that failed after leaves it open to all.
 */
export function assertDetailsIn(version: VersionRow) {
  if (version.detailsStatus === "importing_details")
    throw new AppError("VersionImportingDetails", { label: version.label });
  if (version.detailsStatus === "relations_failed")
    throw new AppError("VersionRelationsFailed", { label: version.label });
}

type Where = { param: string } | "header";

/**
 * The rules routes declare. Built once per app from the database and the session store; a rule is a value, so a
 * module may keep its own composed rules beside its routes.
 */
/** Memberships and version rows kept in memory per process (see ChangeClock). */
const KEPT_READINGS = 20_000;

export class AccessRules {
  /** Prepared once: the statement is planned once per connection instead of built and parsed per call. */
  private readonly versionQuery;
  /**
   * What the checks read, kept until the next write anywhere: a member reading the same space or version again
   * (every Gantt read, every tree read) is checked in memory. The checks themselves (address, idle time-out,
   * ability) run on every call, on the kept rows. A version is kept once for all the members reading it, so a crowd
   * opening one schedule reads it once and then only each one's membership (kept from their earlier calls).
   */
  private readonly memberships: ClockedCache<Membership>;
  private readonly versionRows: ClockedCache<VersionRowWithPath>;
  /** Memberships not kept are read for the whole crowd of a turn at once, one query per space. */
  private readonly readMembership;

  constructor(
    private readonly deps: {
      db: Db;
      sessions: SessionStore;
      clock: ChangeClock;
      realtime: Realtime;
      /** Told of every admitted call (activity analytics); counted in memory, written in batches. */
      activity?: ActivityRecorder;
    },
  ) {
    this.versionQuery = deps.db
      .select({ version: versions, path: epsNodes.path })
      .from(versions)
      .innerJoin(schedules, eq(schedules.id, versions.scheduleId))
      .innerJoin(epsNodes, eq(epsNodes.id, schedules.projectId))
      .where(and(eq(versions.spaceId, sql.placeholder("spaceId")), eq(versions.id, sql.placeholder("versionId"))))
      .prepare(UNNAMED);
    this.memberships = new ClockedCache(deps.clock, KEPT_READINGS);
    this.versionRows = new ClockedCache(deps.clock, KEPT_READINGS);
    this.readMembership = batchedReader(async (keys) => {
      const usersBySpace = new Map<string, string[]>();
      for (const key of keys) {
        const at = key.indexOf(" ");
        const [userId, spaceId] = [key.slice(0, at), key.slice(at + 1)];
        usersBySpace.set(spaceId, [...(usersBySpace.get(spaceId) ?? []), userId]);
      }
      const found = new Map<string, Membership>();
      for (const [spaceId, userIds] of usersBySpace)
        for (const [userId, membership] of await findMemberships(deps.db, spaceId, userIds))
          found.set(membershipKey(userId, spaceId), membership);
      return found;
    });
  }

  /** Anyone, signed in or not (login, registration, system state…). */
  readonly guest: AccessRule<null> = { describe: "guest", guest: true, check: async () => null };

  /** Any signed-in user (their own profile, their list of spaces…). */
  readonly user: AccessRule<AuthContext> = {
    describe: "signed-in user",
    check: async (request) => requireAuth(request),
  };

  /** The installation's system administrator (the first registered account). */
  readonly systemAdmin: AccessRule<AuthContext> = {
    describe: "system administrator",
    check: async (request) => {
      const auth = requireAuth(request);
      if (!auth.user.isSystemAdmin) throw new AppError("Forbidden");
      return auth;
    },
  };

  /**
   * A member of a space holding `ability` space-wide. The space comes from a path parameter (`/space/{id}`) or, for
   * the routes that are not nested under a space, from the `X-Space-Id` header.
   */
  space(ability: Ability = "space:read", from: Where = "header"): AccessRule<Grant> {
    const where = from === "header" ? `header ${SPACE_HEADER}` : `{${from.param}}`;
    return {
      describe: `space member with ${ability} (space from ${where})`,
      check: (request, params) => {
        const raw = from === "header" ? request.headers[SPACE_HEADER] : params[from.param];
        const spaceId = Array.isArray(raw) ? raw[0] : raw;
        return this.grant(request, typeof spaceId === "string" ? spaceId : "", ability);
      },
    };
  }

  /** A schedule `{param}` of the caller's space; "write" needs schedule:write there (space-wide or granted). */
  schedule(mode: "read" | "write", param = "id", from: "params" | "query" = "params"): AccessRule<ScheduleScope> {
    return {
      describe: `schedule:${mode} at schedule ${from === "query" ? `?${param}` : `{${param}}`}`,
      check: async (request, params) => {
        const grant = await this.grant(request, headerSpace(request), "schedule:read");
        const source = from === "query" ? (request.query as Record<string, unknown>) : params;
        const scope = { grant, ...(await loadSchedule(this.deps.db, grant.space.id, String(source?.[param] ?? ""))) };
        if (mode === "write") await requireAt(this.deps.db, grant, "schedule:write", scope.lineage);
        return scope;
      },
    };
  }

  /** A version `{param}` of the caller's space; "write" also needs schedule:write and an unlocked version. */
  version(mode: "read" | "write", param = "id"): AccessRule<VersionScope> {
    return {
      describe:
        mode === "write" ? `schedule:write at unlocked version {${param}}` : `schedule:read at version {${param}}`,
      check: async (request, params) => {
        const scope = await this.versionScope(request, String(params[param] ?? ""));
        const { grant } = scope;
        if (mode === "write") {
          await requireAt(this.deps.db, grant, "schedule:write", scope.lineage);
          assertUnlocked(scope.version);
        }
        return scope;
      },
    };
  }

  /** A structure node `{param}` of the caller's space (of given kinds), where the caller holds `ability`. */
  node(ability: Ability, options: { param?: string; kinds?: EpsNodeRow["kind"][] } = {}): AccessRule<NodeScope> {
    const param = options.param ?? "id";
    const kinds = options.kinds ? ` (${options.kinds.join(" or ")})` : "";
    return {
      describe: `${ability} at node {${param}}${kinds}`,
      check: async (request, params) => {
        const grant = await this.grant(request, headerSpace(request), "space:read");
        const node = await loadNode(this.deps.db, grant.space.id, String(params[param] ?? ""), options.kinds);
        const nodeLineage = lineage(node);
        await requireAt(this.deps.db, grant, ability, nodeLineage);
        return { grant, node, lineage: nodeLineage };
      },
    };
  }

  /** The caller's grant in the space of the header, then the version inside that space (404 when it is not there). */
  private async versionScope(request: FastifyRequest, versionId: string): Promise<VersionScope> {
    const grant = await this.grant(request, headerSpace(request), "schedule:read");
    const spaceId = grant.space.id;
    const row = UUID.test(versionId)
      ? await this.versionRows.through(`${spaceId} ${versionId}`, async () => {
          const [found] = await this.versionQuery.execute({ spaceId, versionId });
          return found ?? null;
        })
      : null;
    if (!row) throw new AppError("NotFound");
    return {
      grant,
      version: row.version,
      scheduleId: row.version.scheduleId,
      lineage: [...lineage({ path: row.path }), row.version.scheduleId],
    };
  }

  /**
   * The gate of every space-scoped call: an active member of a live space, calling from an allowed address, not idle
   * past the space's own time-out, holding `ability` space-wide.
   */
  async grant(request: FastifyRequest, spaceId: string, ability: Ability = "space:read"): Promise<Grant> {
    const auth = requireAuth(request);
    const key = membershipKey(auth.user.id, spaceId);
    const found = await this.memberships.through(key, () => this.readMembership(key));
    return this.admit(request, auth, found, ability);
  }

  private async admit(
    request: FastifyRequest,
    auth: AuthContext,
    found: Pick<Membership, "space" | "role" | "roleId" | "roleAbilities" | "seatsAhead"> | null,
    ability: Ability,
  ): Promise<Grant> {
    if (!found) throw new AppError("Forbidden");
    if (ipRefused(found.space, request.ip)) throw new AppError("IPNotAllowed");
    const refusal = licenceRefusal(found.space, found.seatsAhead);
    if (refusal) throw new AppError(refusal);
    const idleMinutes = found.space.settings.idleMinutes;
    if (idleMinutes && auth.lastSeenAt.getTime() + idleMinutes * 60_000 <= Date.now()) {
      await this.deps.sessions.revoke(auth.sessionId);
      // The browser's sockets end with the session (on every process), so its tabs show the idleness page.
      await this.deps.realtime.endSession({ sessionId: auth.sessionId }, "idle");
      throw new AppError("SessionExpired");
    }
    const abilities = abilitiesOf(found.role, found.roleId ? (found.roleAbilities ?? []) : null);
    if (!abilities.includes(ability)) throw new AppError("Forbidden");
    this.deps.activity?.record(found.space.id, auth.user.id);
    return { space: found.space, role: found.role, abilities, roleId: found.roleId ?? null, userId: auth.user.id };
  }

  /**
   * A structure node `{param}` of the caller's space (of given kinds) for a caller holding `ability` space-wide, checked
   * before the node is looked up: reading the tree is space-wide, grants never widen it.
   */
  nodeIn(ability: Ability, options: { param?: string; kinds?: EpsNodeRow["kind"][] } = {}): AccessRule<NodeScope> {
    const param = options.param ?? "id";
    const kinds = options.kinds ? ` (${options.kinds.join(" or ")})` : "";
    return {
      describe: `space member with ${ability} (space from header ${SPACE_HEADER}), node {${param}}${kinds}`,
      check: async (request, params) => {
        const grant = await this.grant(request, headerSpace(request), ability);
        const node = await loadNode(this.deps.db, grant.space.id, String(params[param] ?? ""), options.kinds);
        return { grant, node, lineage: lineage(node) };
      },
    };
  }

  /**
   * A schedule `{param}` of the caller's space where the caller holds `ability` space-wide or through a grant on the
   * schedule's lineage (a grant on a project may widen schedule:read there, unlike `schedule(mode)`).
   */
  scheduleAt(ability: "schedule:read" | "schedule:write", param = "id"): AccessRule<ScheduleScope> {
    return {
      describe: `${ability} at schedule {${param}} (space-wide or granted on its lineage)`,
      check: async (request, params) => {
        const grant = await this.grant(request, headerSpace(request), "space:read");
        const scope = { grant, ...(await loadSchedule(this.deps.db, grant.space.id, String(params[param] ?? ""))) };
        await requireAt(this.deps.db, grant, ability, scope.lineage);
        return scope;
      },
    };
  }
}

function headerSpace(request: FastifyRequest): string {
  const raw = request.headers[SPACE_HEADER];
  return (Array.isArray(raw) ? raw[0] : raw) ?? "";
}
