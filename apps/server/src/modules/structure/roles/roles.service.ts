import { ABILITIES, EVENTS_PROTOCOL_VERSION } from "@planum/contracts";
import type { Grant as SpaceGrant } from "../../../platform/access.js";
import type { Db } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import type { Realtime } from "../../../platform/realtime.js";
import { isUniqueViolation } from "../../../platform/sql.js";
import { type RoleRow, RolesRepo } from "./roles.repo.js";

/** Configurable roles of a space and their assignment to members. */
export class RolesService {
  constructor(private readonly deps: { db: Db; realtime: Realtime }) {}

  async list(spaceId: string) {
    const rows = await new RolesRepo(this.deps.db).list(spaceId);
    return rows.map(({ role, members }) => toRoleDto(role, members));
  }

  catalogue() {
    return Object.entries(ABILITIES).map(([ability, description]) => ({ ability, description }));
  }

  private async one(spaceId: string, id: string) {
    const role = await new RolesRepo(this.deps.db).one(spaceId, id);
    if (!role) throw new AppError("NotFound");
    return role;
  }

  async create(grant: SpaceGrant, body: { name: string; abilities: string[] }) {
    try {
      const role = await new RolesRepo(this.deps.db).insert({
        spaceId: grant.space.id,
        name: body.name,
        abilities: [...new Set(body.abilities)],
      });
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
      await new RolesRepo(this.deps.db).update(role.id, {
        name: body.name ?? role.name,
        abilities: body.abilities ? [...new Set(body.abilities)] : role.abilities,
      });
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
    await new RolesRepo(this.deps.db).delete(role.id);
    this.changed(grant);
  }

  async assign(grant: SpaceGrant, userId: string, roleId: string | null) {
    const repo = new RolesRepo(this.deps.db);
    const member = await repo.member(grant.space.id, userId);
    if (!member) throw new AppError("UserNotFound", { field: "userId" });
    if (roleId) {
      await this.one(grant.space.id, roleId);
      await repo.setMemberRole(grant.space.id, userId, roleId);
    } else await repo.clearMemberRole(grant.space.id, userId);
    this.changed(grant);
    return { userId, role: member.role, roleId };
  }

  async assignments(spaceId: string) {
    return new RolesRepo(this.deps.db).assignments(spaceId);
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
