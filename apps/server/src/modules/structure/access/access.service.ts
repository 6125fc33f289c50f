import { ALL_ABILITIES, RESOURCE_ABILITIES } from "@planum/contracts";
import type { Grant } from "../../../platform/access.js";
import type { Db } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import type { Realtime } from "../../../platform/realtime.js";
import { epsUpdated } from "../structure-events.js";
import { AccessRepo } from "./access.repo.js";

type Scope = "facility" | "project" | "schedule";

/**
 * Grants of abilities to a role below one resource (a facility, a project or a schedule): a role that may not change
 * the structure space-wide may still be allowed to change one facility's subtree.
 */
export class AccessService {
  constructor(private readonly deps: { db: Db; realtime: Realtime }) {}

  /** The scope of a resource of the caller's space; plain EPS nodes and other spaces' ids are 404. */
  async resource(grant: Grant, resourceId: string): Promise<{ scope: Scope; id: string; name: string }> {
    const repo = new AccessRepo(this.deps.db);
    const node = await repo.node(grant.space.id, resourceId);
    if (node && node.kind !== "node") return { scope: node.kind, id: node.id, name: node.name };
    const schedule = await repo.schedule(grant.space.id, resourceId);
    if (schedule) return { scope: "schedule", ...schedule };
    throw new AppError("NotFound", { field: "resourceId" });
  }

  private async role(grant: Grant, roleId: string) {
    const role = await new AccessRepo(this.deps.db).role(grant.space.id, roleId);
    if (!role) throw new AppError("NotFound", { field: "roleId" });
    return role;
  }

  /** Every role's grants on the resource. */
  async ofResource(grant: Grant, resourceId: string) {
    const resource = await this.resource(grant, resourceId);
    const rows = await new AccessRepo(this.deps.db).grantsOn(grant.space.id, resource.id);
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
    await new AccessRepo(this.deps.db).insert(
      [...new Set(body.abilities)].map((ability) => ({
        spaceId: grant.space.id,
        roleId: role.id,
        scope: resource.scope,
        resourceId: resource.id,
        ability,
      })),
    );
    epsUpdated(this.deps.realtime, grant, "roles", [resource.id]);
    return this.ofResource(grant, resource.id);
  }

  async revoke(grant: Grant, body: { roleId: string; resourceId: string; abilities: string[] }) {
    const role = await this.role(grant, body.roleId);
    const resource = await this.resource(grant, body.resourceId);
    await new AccessRepo(this.deps.db).revoke(grant.space.id, role.id, resource.id, body.abilities);
    epsUpdated(this.deps.realtime, grant, "roles", [resource.id]);
    return this.ofResource(grant, resource.id);
  }

  /** Abilities the role does not hold yet: space-wide, or on the resource when one is given. */
  async free(grant: Grant, roleId: string, resourceId?: string) {
    const role = await this.role(grant, roleId);
    if (!resourceId) return ALL_ABILITIES.filter((a) => !role.abilities.includes(a));
    const resource = await this.resource(grant, resourceId);
    const granted = await new AccessRepo(this.deps.db).granted(role.id, resource.id);
    const held = new Set([...role.abilities, ...granted.map((g) => g.ability)]);
    return RESOURCE_ABILITIES.filter((a) => !held.has(a));
  }
}
