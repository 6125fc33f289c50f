import { ABILITIES, EVENTS_PROTOCOL_VERSION } from "@planum/contracts";
import { and, asc, eq, sql } from "drizzle-orm";
import { memberRoles, roles, spaceMembers } from "../../../db/schema/index.js";
import type { Grant as SpaceGrant } from "../../../platform/access.js";
import type { Db } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import type { Realtime } from "../../../platform/realtime.js";
import { isUniqueViolation } from "../../../platform/sql.js";

type RoleRow = typeof roles.$inferSelect;

/** Configurable roles of a space and their assignment to members. */
export class RolesService {
  constructor(private readonly deps: { db: Db; realtime: Realtime }) {}

  async list(spaceId: string) {
    const rows = await this.deps.db
      .select({
        role: roles,
        members: sql<number>`(select count(*)::int from ${memberRoles} where ${memberRoles.roleId} = ${roles.id})`,
      })
      .from(roles)
      .where(eq(roles.spaceId, spaceId))
      .orderBy(asc(roles.name));
    return rows.map(({ role, members }) => toRoleDto(role, members));
  }

  catalogue() {
    return Object.entries(ABILITIES).map(([ability, description]) => ({ ability, description }));
  }

  private async one(spaceId: string, id: string) {
    const [role] = await this.deps.db
      .select()
      .from(roles)
      .where(and(eq(roles.spaceId, spaceId), eq(roles.id, id)));
    if (!role) throw new AppError("NotFound");
    return role;
  }

  async create(grant: SpaceGrant, body: { name: string; abilities: string[] }) {
    try {
      const [role] = await this.deps.db
        .insert(roles)
        .values({ spaceId: grant.space.id, name: body.name, abilities: [...new Set(body.abilities)] })
        .returning();
      this.changed(grant);
      return toRoleDto(role, 0);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("NameTaken", { field: "name" });
      throw error;
    }
  }

  async update(grant: SpaceGrant, id: string, body: { name?: string; abilities?: string[] }) {
    const role = await this.one(grant.space.id, id);
    try {
      await this.deps.db
        .update(roles)
        .set({
          name: body.name ?? role.name,
          abilities: body.abilities ? [...new Set(body.abilities)] : role.abilities,
        })
        .where(eq(roles.id, role.id));
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("NameTaken", { field: "name" });
      throw error;
    }
    this.changed(grant);
    return (await this.list(grant.space.id)).find((r) => r.id === role.id)!;
  }

  /** Members holding the role fall back to the read-only default; its access rows and grants go with it. */
  async delete(grant: SpaceGrant, id: string) {
    const role = await this.one(grant.space.id, id);
    await this.deps.db.delete(roles).where(eq(roles.id, role.id));
    this.changed(grant);
  }

  async assign(grant: SpaceGrant, userId: string, roleId: string | null) {
    const [member] = await this.deps.db
      .select()
      .from(spaceMembers)
      .where(and(eq(spaceMembers.spaceId, grant.space.id), eq(spaceMembers.userId, userId)));
    if (!member) throw new AppError("UserNotFound", { field: "userId" });
    if (roleId) {
      await this.one(grant.space.id, roleId);
      await this.deps.db
        .insert(memberRoles)
        .values({ spaceId: grant.space.id, userId, roleId })
        .onConflictDoUpdate({ target: [memberRoles.spaceId, memberRoles.userId], set: { roleId } });
    } else
      await this.deps.db
        .delete(memberRoles)
        .where(and(eq(memberRoles.spaceId, grant.space.id), eq(memberRoles.userId, userId)));
    this.changed(grant);
    return { userId, role: member.role, roleId };
  }

  async assignments(spaceId: string) {
    return this.deps.db
      .select({ userId: memberRoles.userId, roleId: memberRoles.roleId })
      .from(memberRoles)
      .where(eq(memberRoles.spaceId, spaceId));
  }

  private changed(grant: SpaceGrant) {
    this.deps.realtime.toSpace({
      v: EVENTS_PROTOCOL_VERSION,
      type: "space_members_changed",
      spaceId: grant.space.id,
      byUserId: grant.userId ?? null,
    });
  }
}

function toRoleDto(role: RoleRow, members: number) {
  return {
    id: role.id,
    name: role.name,
    abilities: role.abilities,
    members,
    createdAt: role.createdAt.toISOString(),
  };
}
