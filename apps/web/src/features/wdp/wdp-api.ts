import type {
  ScheduleDto,
  WdpCell,
  WdpChange,
  WdpDistributeBody,
  WdpKind,
  WdpLimit,
  WdpMeasure,
  WdpResourcePlanBody,
  WdpSeries,
  WdpStatus,
  WdpWorkState,
} from "@planum/contracts";
import { api, apiRequest } from "../../shared/api-client";

export const wdpKeys = {
  schedules: (projectId: string) => ["project", projectId, "schedules"] as const,
  series: (versionId: string) => ["version", versionId, "wdp"] as const,
  limit: (scheduleId: string) => ["schedule", scheduleId, "limit-for-dp"] as const,
};

type VersionRef = { versionId: string };

/** The work-done plan calls of spec §7 (bodies and answers: packages/contracts/src/wdp.schema.ts). */
export const wdpApi = {
  schedules: (projectId: string) => api.get<ScheduleDto[]>(`/projects/${encodeURIComponent(projectId)}/schedules`),
  series: (versionId: string) =>
    api.get<{ versionId: string; series: WdpSeries[]; works: WdpWorkState[] }>(`/versions/${versionId}/wdp`),
  limit: (scheduleId: string) => api.get<WdpLimit>(`/schedules/${scheduleId}/limit-for-dp`),
  updateMany: (scheduleId: string, body: VersionRef & { cells: WdpCell[] }) =>
    apiRequest<WdpChange>(`/schedules/${scheduleId}/wdp/update-many`, { method: "PATCH", body }),
  distribute: (scheduleId: string, body: WdpDistributeBody) =>
    api.post<WdpChange>(`/schedules/${scheduleId}/wdp/distribute`, body),
  /** The resources, labour and cost plans from the works' assignments (all works with assignments when none named). */
  distributeResources: (versionId: string, body: WdpResourcePlanBody) =>
    api.post<WdpChange>(`/versions/${versionId}/update-and-distribute-resource`, body),
  setStatus: (scheduleId: string, body: VersionRef & { itemIds: number[]; status: WdpStatus }) =>
    api.post<WdpChange>(`/schedules/${scheduleId}/wdp/bulk-toggle-status`, body),
  clearValues: (
    scheduleId: string,
    body: VersionRef & { itemIds: number[]; measures?: WdpMeasure[]; kinds?: WdpKind[]; from?: string; to?: string },
  ) => api.post<WdpChange>(`/schedules/${scheduleId}/wdp/bulk-clear-values`, body),
  clearPlans: (scheduleId: string, body: VersionRef & { itemIds: number[] }) =>
    api.post<WdpChange>(`/schedules/${scheduleId}/wdp/bulk-clear-wdp`, body),
};
