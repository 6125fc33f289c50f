import type { AbilityInfo, AssignedRole, createRoleBody, RoleAssignment, RoleDto } from "@planum/contracts";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../shared/api-client";

/** Role keys sit under the space's "roles" prefix, invalidated when members or roles change (space_members_changed). */
export const roleKeys = {
  list: (spaceId: string) => ["space", spaceId, "roles", "list"] as const,
  catalogue: (spaceId: string) => ["space", spaceId, "roles", "catalogue"] as const,
  assignments: (spaceId: string) => ["space", spaceId, "roles", "assignments"] as const,
};

/** The body of a role's creation (its update takes any part of it): the contract's schema. */
export type RoleBody = z.input<typeof createRoleBody>;

const id = encodeURIComponent;

export const adminApi = {
  roles: () => api.get<RoleDto[]>("/roles"),
  catalogue: () => api.get<AbilityInfo[]>("/roles/abilities"),
  createRole: (body: RoleBody) => api.post<RoleDto>("/roles", body),
  updateRole: (roleId: string, body: Partial<RoleBody>) => api.put<RoleDto>(`/roles/${id(roleId)}`, body),
  deleteRole: (roleId: string) => api.delete<null>(`/roles/${id(roleId)}`),
  assignments: (spaceId: string) => api.get<RoleAssignment[]>(`/space/${id(spaceId)}/users/roles`),
  assign: (spaceId: string, userId: string, roleId: string | null) =>
    api.put<AssignedRole>(`/space/${id(spaceId)}/users/${id(userId)}/role`, { roleId }),
};

export function useRoles(spaceId: string, enabled = true) {
  return useQuery({ queryKey: roleKeys.list(spaceId), queryFn: adminApi.roles, enabled });
}

export function useRoleAssignments(spaceId: string, enabled = true) {
  return useQuery({
    queryKey: roleKeys.assignments(spaceId),
    queryFn: () => adminApi.assignments(spaceId),
    enabled,
  });
}
