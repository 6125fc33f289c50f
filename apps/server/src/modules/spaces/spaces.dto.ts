import {
  IDLE_MINUTES_DEFAULT,
  type Space,
  type SpaceAccess,
  type SpaceMember,
  type SpaceSettings,
} from "@planum/contracts";
import type { Grant, MemberRole, SpaceRow } from "../../platform/access.js";
import { effectivePaidType } from "../../platform/licence-gate.js";
import type { MemberUserRow } from "./spaces.repo.js";

/** The answers of the spaces module, built from rows in one place. */
export function toSpaceDto(space: SpaceRow, role: MemberRole): Space {
  return {
    id: space.id,
    name: space.name,
    type: space.type,
    paidType: effectivePaidType(space),
    demo: space.demo,
    role,
    createdAt: space.createdAt.toISOString(),
  };
}

export function toMemberDto({ member, user }: MemberUserRow): SpaceMember {
  return {
    userId: user.id,
    login: user.login,
    email: user.email,
    lastName: user.lastName,
    firstName: user.firstName,
    role: member.role,
    status: member.status,
    joinedAt: member.joinedAt.toISOString(),
  };
}

/** The space's own settings, with the installation's idle time-out where the space has none. */
export function toSettingsDto(space: SpaceRow, defaultIdleMinutes: number): SpaceSettings {
  return {
    ipAllowList: space.settings.ipAllowList ?? [],
    idleMinutes: space.settings.idleMinutes ?? defaultIdleMinutes ?? IDLE_MINUTES_DEFAULT,
    wdpEntryDays: space.settings.wdpEntryDays ?? null,
  };
}

export function toAccessDto(grant: Grant): SpaceAccess {
  return { spaceId: grant.space.id, role: grant.role, abilities: grant.abilities };
}
