import type {
  Notice,
  NoticeList,
  NoticeSetting,
  NoticeSettingBody,
  NoticesStatus,
  NoticeTarget,
  ServerEvent,
} from "@planum/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../shared/api-client";
import { useRealtimeEvents } from "../realtime";

export const noticesKeys = {
  all: (spaceId: string) => ["notices", spaceId] as const,
  status: (spaceId: string) => ["notices", spaceId, "status"] as const,
  list: (spaceId: string, filter: "all" | "unread") => ["notices", spaceId, "list", filter] as const,
  settings: (spaceId: string) => ["notices", spaceId, "settings"] as const,
};

/** The personal area's calls (spec §7 Notices); the space goes in X-Space-Id like every space call. */
export const noticesApi = {
  status: () => api.get<NoticesStatus>("/notices/notices-status"),
  list: (filter: "all" | "unread") => api.get<NoticeList>("/notices/personal-area", { query: { filter, limit: 100 } }),
  open: (id: string) =>
    api.get<NoticeTarget>(`/notices/personal-area/${encodeURIComponent(id)}/actual-version-and-set-checked`),
  remove: (id: string) => api.delete<{ deleted: number }>(`/notices/${encodeURIComponent(id)}/personal-area`),
  removeAll: () => api.delete<{ deleted: number }>("/notices/all/personal-area"),
  settings: () => api.get<NoticeSetting[]>("/notices"),
  addSetting: (body: NoticeSettingBody) => api.post<NoticeSetting>("/notices", body),
  saveSetting: (id: string, body: NoticeSettingBody) =>
    api.put<NoticeSetting>(`/notices/${encodeURIComponent(id)}`, body),
  removeSetting: (id: string) => api.delete<{ deleted: number }>(`/notices/${encodeURIComponent(id)}`),
};

export function useNoticesStatus(spaceId: string) {
  return useQuery({ queryKey: noticesKeys.status(spaceId), queryFn: noticesApi.status });
}

export function useNoticeList(spaceId: string, filter: "all" | "unread", enabled = true) {
  return useQuery({ queryKey: noticesKeys.list(spaceId, filter), queryFn: () => noticesApi.list(filter), enabled });
}

/**
 * Keeps the bell and the lists of this space fresh: `notices_changed` reaches only the recipient's sockets, and its
 * unread count is put straight into the bell (no call needed), the lists are read again.
 */
export function useNoticesLive(spaceId: string) {
  const queryClient = useQueryClient();
  useRealtimeEvents((event: ServerEvent) => {
    if (event.type !== "notices_changed" || event.spaceId !== spaceId) return;
    queryClient.setQueryData<NoticesStatus>(noticesKeys.status(spaceId), (old) => ({
      unread: event.unread,
      total: old?.total ?? event.unread,
    }));
    void queryClient.invalidateQueries({ queryKey: noticesKeys.all(spaceId) });
  });
}

export type { Notice };
