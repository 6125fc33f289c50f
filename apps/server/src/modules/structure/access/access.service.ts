import { ALL_ABILITIES, RESOURCE_ABILITIES } from "@planum/contracts";
import { and, asc, eq, inArray } from "drizzle-orm";
import { epsNodes, resourceGrants, roles, schedules } from "../../../db/schema/index.js";
import type { Grant } from "../../../platform/access.js";
import type { Db } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import type { Realtime } from "../../../platform/realtime.js";
import { epsUpdated } from "../structure-events.js";

type Scope = "facility" | "project" | "schedule";

/**
 * Grants of abilities to a role below one resource (a facility, a project or a schedule): a role that may not change
 * the structure space-wide may still be allowed to change one facility's subtree.
 */
export class AccessService {
  constructor(private readonly deps: { db: Db; realtime: Realtime }) {}

  /** The scope of a resource of the caller's space; plain EPS nodes and other spaces' ids are 404. */
  async resource(grant: Grant, resourceId: string): Promise<{ scope: Scope; id: string; name: string }> {
    const [node] = await this.deps.db
      .select({ id: epsNodes.id, kind: epsNodes.kind, name: epsNodes.name })
      .from(epsNodes)
      .where(and(eq(epsNodes.spaceId, grant.space.id), eq(epsNodes.id, resourceId)));
    if (node && node.kind !== "node") return { scope: node.kind, id: node.id, name: node.name };
    const [schedule] = await this.deps.db
      .select({ id: schedules.id, name: schedules.name })
      .from(schedules)
      .where(and(eq(schedules.spaceId, grant.space.id), eq(schedules.id, resourceId)));
    if (schedule) return { scope: "schedule", ...schedule };
    throw new AppError("NotFound", { field: "resourceId" });
  }

  private async role(grant: Grant, roleId: string) {
    const [role] = await this.deps.db
      .select()
      .from(roles)
      .where(and(eq(roles.spaceId, grant.space.id), eq(roles.id, roleId)));
    if (!role) throw new AppError("NotFound", { field: "roleId" });
    return role;
  }

  /** Every role's grants on the resource. */
  async ofResource(grant: Grant, resourceId: string) {
    const resource = await this.resource(grant, resourceId);
    const rows = await this.deps.db
      .select({ roleId: resourceGrants.roleId, roleName: roles.name, ability: resourceGrants.ability })
      .from(resourceGrants)
      .innerJoin(roles, eq(roles.id, resourceGrants.roleId))
      .where(and(eq(resourceGrants.spaceId, grant.space.id), eq(resourceGrants.resourceId, resource.id)))
      .orderBy(asc(roles.name), asc(resourceGrants.ability));
    const byRole = new Map<string, { roleId: string; roleName: string; abilities: string[] }>();
    for (const row of rows) {
      const entry = byRole.get(row.roleId) ?? { roleId: row.roleId, roleName: row.roleName, abilities: [] };
      entry.abilities.push(row.ability);
      byRole.set(row.roleId, entry);
    }
    return { resourceId: resource.id, scope: resource.scope, name: resource.name, grants: [...byRole.values()] };
  }

  async grant(grant: Grant, body: { roleId: string; resourceId: string; abilities: string[] }) {
    const role = await this.role(grant, body.roleId);
    const resource = await this.resource(grant, body.resourceId);
    await this.deps.db
      .insert(resourceGrants)
      .values(
        [...new Set(body.abilities)].map((ability) => ({
          spaceId: grant.space.id,
          roleId: role.id,
          scope: resource.scope,
          resourceId: resource.id,
          ability,
        })),
      )
      .onConflictDoNothing();
    epsUpdated(this.deps.realtime, grant, "roles", [resource.id]);
    return this.ofResource(grant, resource.id);
  }

  async revoke(grant: Grant, body: { roleId: string; resourceId: string; abilities: string[] }) {
    const role = await this.role(grant, body.roleId);
    const resource = await this.resource(grant, body.resourceId);
    await this.deps.db
      .delete(resourceGrants)
      .where(
        and(
          eq(resourceGrants.spaceId, grant.space.id),
          eq(resourceGrants.roleId, role.id),
          eq(resourceGrants.resourceId, resource.id),
          inArray(resourceGrants.ability, body.abilities),
        ),
      );
    epsUpdated(this.deps.realtime, grant, "roles", [resource.id]);
    return this.ofResource(grant, resource.id);
  }

  /** Abilities the role does not hold yet: space-wide, or on the resource when one is given. */
  async free(grant: Grant, roleId: string, resourceId?: string) {
    const role = await this.role(grant, roleId);
    if (!resourceId) return ALL_ABILITIES.filter((a) => !role.abilities.includes(a));
    const resource = await this.resource(grant, resourceId);
    const granted = await this.deps.db
      .select({ ability: resourceGrants.ability })
      .from(resourceGrants)
      .where(and(eq(resourceGrants.roleId, role.id), eq(resourceGrants.resourceId, resource.id)));
    const held = new Set([...role.abilities, ...granted.map((g) => g.ability)]);
    return RESOURCE_ABILITIES.filter((a) => !held.has(a));
  }
}
