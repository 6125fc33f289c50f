import type { ChangePasswordBody, UpdateUserBody, User } from "@planum/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { api } from "../../shared/api-client";
import { ApiRequestError } from "../../shared/api-error";
import { queryKeys } from "../../shared/query-keys";
import { useObjectUrl } from "../../ui/use-object-url";
import { meQueryKey } from "../session";

export const profileApi = {
  update: (body: UpdateUserBody) => api.put<User>("/users", body),
  changePassword: (body: ChangePasswordBody) => api.put<null>("/users/change-password", body),
  uploadAvatar: (file: File) => {
    const formData = new FormData();
    formData.append("file", file);
    return api.post<User>("/users/avatar", undefined, { formData });
  },
  deleteAvatar: () => api.delete<User>("/users/avatar"),
};

/** Puts the user returned by a profile call into the cache, so the header updates at once. */
export function useStoreUser() {
  const queryClient = useQueryClient();
  return useCallback(
    (user: User) => {
      queryClient.setQueryData(meQueryKey, user);
      void queryClient.invalidateQueries({ queryKey: queryKeys.avatar(user.id) });
    },
    [queryClient],
  );
}

/**
 * The avatar as an object URL: GET /users/{id}/avatar needs the Authorization header, so it is fetched as a blob.
 * Null when the user has none.
 */
export function useAvatarUrl(userId: string | undefined, hasAvatar: boolean): string | null {
  const query = useQuery({
    queryKey: queryKeys.avatar(userId ?? ""),
    enabled: Boolean(userId) && hasAvatar,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { silentError: true },
    queryFn: async () => {
      try {
        return await api.get<Blob>(`/users/${encodeURIComponent(userId ?? "")}/avatar`, { responseType: "blob" });
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 404) return null;
        throw error;
      }
    },
  });
  return useObjectUrl(hasAvatar ? query.data : null);
}
