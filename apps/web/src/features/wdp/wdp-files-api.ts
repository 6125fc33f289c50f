import type {
  ExportResult,
  WdpChange,
  WdpExportBody,
  WdpMeasure,
  WdpReport,
  WdpReportEditBody,
  WdpUpload,
} from "@planum/contracts";
import { api, apiRequest } from "../../shared/api-client";

export const wdpReportKey = (versionId: string, from: string, to: string, measure: WdpMeasure) =>
  ["version", versionId, "wdp", "report", from, to, measure] as const;

/** The work-done plan's files and report (spec §7; contracts: wdp-files.schema.ts). */
export const wdpFilesApi = {
  exportPlan: (versionId: string, body: WdpExportBody) =>
    api.post<ExportResult>(`/versions/${versionId}/wdp/export`, body),
  /** The grid on the caller's print format (saved settings): the PDF. */
  print: (versionId: string, body: WdpExportBody) =>
    apiRequest<Blob>(`/versions/${versionId}/wdp/print`, { method: "POST", body, responseType: "blob" }),
  upload: (scheduleId: string, versionId: string, file: File) => {
    const form = new FormData();
    form.append("file", file, file.name);
    return api.post<WdpUpload>(`/schedules/${scheduleId}/wdp/upload`, undefined, {
      formData: form,
      query: { versionId },
    });
  },
  report: (versionId: string, query: { from: string; to: string; measure: WdpMeasure }) =>
    api.get<WdpReport>(`/versions/${versionId}/wdp/report`, { query }),
  exportReport: (versionId: string, body: { from: string; to: string; measure: WdpMeasure }) =>
    api.post<ExportResult>(`/versions/${versionId}/wdp/report/export`, body),
  reportEdit: (scheduleId: string, body: WdpReportEditBody) =>
    apiRequest<WdpChange>(`/schedules/${scheduleId}/wdp/report-edit`, { method: "PATCH", body }),
};
