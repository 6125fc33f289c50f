import type { User } from "@planum/contracts";
import { toLanguage } from "@planum/contracts";
import type { UserRow } from "../../platform/sessions.js";

export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    login: row.login,
    email: row.email,
    lastName: row.lastName,
    firstName: row.firstName,
    language: toLanguage(row.language),
    darkMode: row.darkMode,
    hasAvatar: row.avatarFileId !== null,
    secretQuestion: row.secretQuestion,
    privacyPolicyAcceptedAt: row.privacyPolicyAcceptedAt?.toISOString() ?? null,
    isSystemAdmin: row.isSystemAdmin,
    createdAt: row.createdAt.toISOString(),
  };
}
