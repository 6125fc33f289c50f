import type {
  WdpDecision,
  WdpFactReport,
  WdpFactReportList,
  WdpMeasure,
  WdpMobile,
  WdpPending,
} from "@planum/contracts";
import { api } from "../../shared/api-client";

export const approvalKeys = {
  mobile: (versionId: string, date: string) => ["version", versionId, "wdp-mobile", date] as const,
  pending: (versionId: string) => ["version", versionId, "wdp-pending"] as const,
  approvals: (scheduleId: string, versionId: string) => ["schedule", scheduleId, "wdp-approvals", versionId] as const,
};

/** Approval of work done (docs/domain.md "Approval of work done"; bodies and answers: wdp-approval.schema.ts). */
export const approvalApi = {
  mobile: (versionId: string, date?: string) =>
    api.get<WdpMobile>(`/versions/${versionId}/mobile${date ? `?date=${date}` : ""}`),
  report: (
    versionId: string,
    body: { date?: string; cells: { itemId: number; measure: WdpMeasure; value: number }[]; comment?: string },
  ) => api.post<WdpFactReport>(`/versions/${versionId}/mobile`, body),
  pending: (versionId: string) => api.get<WdpPending>(`/versions/${versionId}/wdp/pending`),
  approvals: (scheduleId: string, versionId: string) =>
    api.get<WdpFactReportList>(`/schedules/${scheduleId}/wdp/approvals?versionId=${versionId}`),
  decide: (scheduleId: string, body: { reportId: string; decision: WdpDecision; comment?: string }) =>
    api.post<WdpFactReport>(`/schedules/${scheduleId}/wdp/approvals`, body),
};
