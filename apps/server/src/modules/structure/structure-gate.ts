import { type Ability, EVENTS_PROTOCOL_VERSION, RESOURCE_ABILITIES, SPACE_HEADER } from "@planum/contracts";
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { epsNodes, resourceGrants, schedules } from "../../db/schema/index.js";
import type { AppContext } from "../../platform/context.js";
import type { DbOrTx } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import type { Realtime } from "../../platform/realtime.js";
import { requireSpace, type SpaceGrant } from "../spaces/space-access.js";

export type EpsNodeRow = typeof epsNodes.$inferSelect;
export type ScheduleRow = typeof schedules.$inferSelect;
export interface Grant extends SpaceGrant {
  userId: string;
  roleId: string | null;
}

/**
 * The space of a structure call comes from the `X-Space-Id` header (these routes are not nested under /space/{id}).
 * The caller must be a member holding `ability` space-wide; node-level checks come after with `requireAt`.
 */
export async function spaceGate(
  ctx: Pick<AppContext, "db" | "sessions">,
  request: FastifyRequest,
  ability: Ability = "space:read",
): Promise<Grant> {
  const header = request.headers[SPACE_HEADER];
  const spaceId = Array.isArray(header) ? header[0] : header;
  if (!spaceId) throw new AppError("Forbidden");
  const grant = await requireSpace(ctx, request, spaceId, ability);
  return { ...grant, userId: grant.userId!, roleId: grant.roleId ?? null };
}

/** Ids of a node and its ancestors, read from its materialised path. */
export function lineage(node: Pick<EpsNodeRow, "path">): string[] {
  return node.path.split("/").filter(Boolean);
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
  const [node] = await db
    .select()
    .from(epsNodes)
    .where(and(eq(epsNodes.spaceId, spaceId), eq(epsNodes.id, id)));
  if (!node || (kinds && !kinds.includes(node.kind))) throw new AppError("NotFound");
  return node;
}

/** A schedule of the caller's space with the lineage of its project (for grants), or 404. */
export async function loadSchedule(db: DbOrTx, spaceId: string, id: string) {
  const [row] = await db
    .select({ schedule: schedules, projectPath: epsNodes.path })
    .from(schedules)
    .innerJoin(epsNodes, eq(epsNodes.id, schedules.projectId))
    .where(and(eq(schedules.spaceId, spaceId), eq(schedules.id, id)));
  if (!row) throw new AppError("NotFound");
  return { schedule: row.schedule, lineage: [...lineage({ path: row.projectPath }), row.schedule.id] };
}

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

/** Escapes LIKE wildcards so a search for "50%" finds the text, not everything. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** PostgreSQL's unique-violation, from either driver. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}
