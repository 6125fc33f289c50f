import { and, asc, eq, sql } from "drizzle-orm";
import { memberRoles, roles, spaceMembers } from "../../../db/schema/index.js";
import type { DbOrTx } from "../../../platform/db.js";

export type RoleRow = typeof roles.$inferSelect;

/** Roles of a space and the role of each member. */
export class RolesRepo {
  constructor(private readonly db: DbOrTx) {}

  /** Roles by name, each with the count of members holding it. */
  async list(spaceId: string) {
    return this.db
      .select({
        role: roles,
        members: sql<number>`(select count(*)::int from ${memberRoles} where ${memberRoles.roleId} = ${roles.id})`,
      })
      .from(roles)
      .where(eq(roles.spaceId, spaceId))
      .orderBy(asc(roles.name));
  }

  async one(spaceId: string, id: string): Promise<RoleRow | undefined> {
    const [role] = await this.db
      .select()
      .from(roles)
      .where(and(eq(roles.spaceId, spaceId), eq(roles.id, id)));
    return role;
  }

  async insert(values: typeof roles.$inferInsert): Promise<RoleRow> {
    const [role] = await this.db.insert(roles).values(values).returning();
    return role;
  }

  async update(id: string, set: Pick<RoleRow, "name" | "abilities">) {
    await this.db.update(roles).set(set).where(eq(roles.id, id));
  }

  async delete(id: string) {
    await this.db.delete(roles).where(eq(roles.id, id));
  }

  async member(spaceId: string, userId: string) {
    const [member] = await this.db
      .select()
      .from(spaceMembers)
      .where(and(eq(spaceMembers.spaceId, spaceId), eq(spaceMembers.userId, userId)));
    return member;
  }

  async setMemberRole(spaceId: string, userId: string, roleId: string) {
    await this.db
      .insert(memberRoles)
      .values({ spaceId, userId, roleId })
      .onConflictDoUpdate({ target: [memberRoles.spaceId, memberRoles.userId], set: { roleId } });
  }

  async clearMemberRole(spaceId: string, userId: string) {
    await this.db.delete(memberRoles).where(and(eq(memberRoles.spaceId, spaceId), eq(memberRoles.userId, userId)));
  }

  async assignments(spaceId: string) {
    return this.db
      .select({ userId: memberRoles.userId, roleId: memberRoles.roleId })
      .from(memberRoles)
      .where(eq(memberRoles.spaceId, spaceId));
  }
}
