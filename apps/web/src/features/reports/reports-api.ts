import type {
  BuiltInReport,
  EpsRow,
  Report,
  ReportBatchBody,
  ReportFormat,
  ReportMasterInput,
  ReportWbsDisplay,
  ScheduleDto,
  Version,
  WdpMeasure,
} from "@planum/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiRequest } from "../../shared/api-client";
import { useRealtimeEvents } from "../realtime";

export const reportKeys = {
  atNode: (epsId: string) => ["eps", epsId, "reports"] as const,
};

/** The reports a node offers (attached to it or above it); any change in the space arrives as `reports_updated`. */
export function useNodeReports(spaceId: string, epsId: string | null) {
  const queryClient = useQueryClient();
  useRealtimeEvents((event) => {
    if (event.type === "reports_updated" && event.spaceId === spaceId)
      void queryClient.invalidateQueries({ queryKey: ["eps"], predicate: (q) => q.queryKey[2] === "reports" });
  });
  return useQuery({
    queryKey: reportKeys.atNode(epsId ?? ""),
    queryFn: () => api.get<Report[]>(`/reports/eps/${epsId}`),
    enabled: epsId !== null,
  });
}

export interface ReportUpload {
  epsId: string;
  name: string;
  reportingYear: number | null;
  wbsDisplay: ReportWbsDisplay;
  file: File;
}

/** Spec §7 Reports and Versions report/{x}. Runs answer the file itself. */
export const reportsApi = {
  add: (input: ReportUpload) => {
    const form = new FormData();
    form.append("file", input.file, input.file.name);
    return api.post<Report>("/reports/add", undefined, {
      formData: form,
      query: {
        epsId: input.epsId,
        name: input.name,
        wbsDisplay: input.wbsDisplay,
        ...(input.reportingYear ? { reportingYear: input.reportingYear } : {}),
      },
    });
  },
  rename: (id: string, name: string) => api.post<Report>(`/reports/${id}/rename`, { name }),
  remove: (id: string) => api.delete<{ id: string }>(`/reports/${id}/delete`),
  run: (id: string, format: ReportFormat, versionId: string) =>
    apiRequest<Blob>(`/reports/${id}/run/${format}`, { method: "POST", body: { versionId }, responseType: "blob" }),
  builtIn: (
    versionId: string,
    kind: BuiltInReport,
    body: { format: ReportFormat; from?: string; to?: string; measure?: WdpMeasure },
  ) => apiRequest<Blob>(`/versions/${versionId}/report/${kind}`, { method: "POST", body, responseType: "blob" }),
  master: (versionId: string, format: ReportFormat, body: ReportMasterInput) =>
    apiRequest<Blob>(`/versions/${versionId}/report/master/${format}`, { method: "POST", body, responseType: "blob" }),
  space: (spaceId: string, format: ReportFormat) =>
    apiRequest<Blob>(`/space/${spaceId}/report`, { query: { format }, responseType: "blob" }),
  /** Every node of the space's structure (the light tree), for attaching a form. */
  nodes: async () => (await api.get<{ nodes: EpsRow[] }>("/eps")).nodes,
  attach: (id: string, epsId: string) => api.post<Report>(`/reports/${id}/eps/${epsId}/add`),
  detach: (id: string, epsId: string) => api.delete<Report>(`/reports/${id}/eps/${epsId}/delete`),
  /** Spec §7 Batch processing report: one report over many versions, as a job. */
  startBatch: (body: ReportBatchBody) => api.post<{ jobId: string }>("/batch-processing/report", body),
  stopBatch: (jobId: string) => api.post<{ jobId: string; stopping: boolean }>("/batch-processing/stop", { jobId }),
  /** The versions a batch can run over: every version of the project's schedules. */
  projectVersions: async (projectId: string) => {
    const schedules = await api.get<ScheduleDto[]>(`/projects/${encodeURIComponent(projectId)}/schedules`);
    const lists = await Promise.all(
      schedules.map(async (schedule) =>
        (await api.get<Version[]>(`/schedules/${encodeURIComponent(schedule.id)}/versions`)).map((version) => ({
          schedule,
          version,
        })),
      ),
    );
    return lists.flat();
  },
};
