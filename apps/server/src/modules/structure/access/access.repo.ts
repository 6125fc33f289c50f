import { and, asc, eq, inArray } from "drizzle-orm";
import { epsNodes, resourceGrants, roles, schedules } from "../../../db/schema/index.js";
import type { DbOrTx } from "../../../platform/db.js";

/** Resources, roles and the grants of a role below one resource. */
export class AccessRepo {
  constructor(private readonly db: DbOrTx) {}

  async node(spaceId: string, id: string) {
    const [node] = await this.db
      .select({ id: epsNodes.id, kind: epsNodes.kind, name: epsNodes.name })
      .from(epsNodes)
      .where(and(eq(epsNodes.spaceId, spaceId), eq(epsNodes.id, id)));
    return node;
  }

  async schedule(spaceId: string, id: string) {
    const [schedule] = await this.db
      .select({ id: schedules.id, name: schedules.name })
      .from(schedules)
      .where(and(eq(schedules.spaceId, spaceId), eq(schedules.id, id)));
    return schedule;
  }

  async role(spaceId: string, roleId: string) {
    const [role] = await this.db
      .select()
      .from(roles)
      .where(and(eq(roles.spaceId, spaceId), eq(roles.id, roleId)));
    return role;
  }

  /** Every role's grants on the resource, by role name then ability. */
  async grantsOn(spaceId: string, resourceId: string) {
    return this.db
      .select({ roleId: resourceGrants.roleId, roleName: roles.name, ability: resourceGrants.ability })
      .from(resourceGrants)
      .innerJoin(roles, eq(roles.id, resourceGrants.roleId))
      .where(and(eq(resourceGrants.spaceId, spaceId), eq(resourceGrants.resourceId, resourceId)))
      .orderBy(asc(roles.name), asc(resourceGrants.ability));
  }

  async insert(values: (typeof resourceGrants.$inferInsert)[]) {
    await this.db.insert(resourceGrants).values(values).onConflictDoNothing();
  }

  async revoke(spaceId: string, roleId: string, resourceId: string, abilities: string[]) {
    await this.db
      .delete(resourceGrants)
      .where(
        and(
          eq(resourceGrants.spaceId, spaceId),
          eq(resourceGrants.roleId, roleId),
          eq(resourceGrants.resourceId, resourceId),
          inArray(resourceGrants.ability, abilities),
        ),
      );
  }

  /** The abilities granted to a role (of the caller's space, checked before) on one resource. */
  async granted(roleId: string, resourceId: string) {
    return this.db
      .select({ ability: resourceGrants.ability })
      .from(resourceGrants)
      .where(and(eq(resourceGrants.roleId, roleId), eq(resourceGrants.resourceId, resourceId)));
  }
}
