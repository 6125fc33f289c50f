import type { CreateSpaceBody, Space, SpaceAccess, SpaceJob, SpaceMember } from "@planum/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../shared/api-client";
import { queryKeys } from "../../shared/query-keys";

export function fetchSpaces(): Promise<Space[]> {
  return api.get<Space[]>("/users/spaces");
}

export function useSpaces() {
  return useQuery({ queryKey: queryKeys.spaces, queryFn: fetchSpaces });
}

export function useSpaceAccess(spaceId: string) {
  return useQuery({
    queryKey: queryKeys.spaceAccess(spaceId),
    queryFn: () => api.get<SpaceAccess>(`/space/${encodeURIComponent(spaceId)}/access`),
    retry: false,
    meta: { silentError: true },
  });
}

export function useSpaceMembers(spaceId: string) {
  return useQuery({
    queryKey: queryKeys.spaceMembers(spaceId),
    queryFn: () => api.get<SpaceMember[]>(`/space/${encodeURIComponent(spaceId)}/users`),
  });
}

export const spacesApi = {
  create: (body: CreateSpaceBody) => api.post<Space>("/space/create", body),
  rename: (spaceId: string, name: string) => api.put<Space>(`/space/${encodeURIComponent(spaceId)}`, { name }),
  remove: (spaceId: string) => api.delete<SpaceJob>(`/space/${encodeURIComponent(spaceId)}`),
  fillDemo: (spaceId: string) => api.post<SpaceJob>(`/space/${encodeURIComponent(spaceId)}/demo`),
  invite: (spaceId: string, login: string) =>
    api.post<SpaceMember>(`/space/${encodeURIComponent(spaceId)}/users/invite`, { login }),
  kickout: (spaceId: string, userId: string) =>
    api.post<null>(`/space/${encodeURIComponent(spaceId)}/users/kickout`, { userId }),
};
