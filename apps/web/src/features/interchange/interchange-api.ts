import type {
  ExportFormat,
  ExportResult,
  ImportFormat,
  ImportReport,
  ImportSetting,
  ImportSettingBody,
  InterchangeJob,
  UploadJob,
  UploadPreview,
  Version,
  VersionComparison,
} from "@planum/contracts";
import { API_PREFIX, api } from "../../shared/api-client";
import { ApiRequestError, normalizeErrors } from "../../shared/api-error";
import { currentLanguage } from "../../shared/i18n";
import { getCurrentSpaceId } from "../../shared/navigation";
import { getToken } from "../../shared/session-store";
import { downloadBlob } from "../../ui/download-blob";

/** Formats the file picker recognises by extension before the server looks at the bytes. */
export function formatFromName(name: string): ImportFormat | null {
  const ext = name.toLowerCase().split(".").pop() ?? "";
  if (ext === "xer" || ext === "mpx" || ext === "csv" || ext === "xlsx" || ext === "json" || ext === "zip") return ext;
  return null;
}

export interface UploadOptions {
  skipRows?: number;
  /** field → header text, as JSON for the query (CSV / XLSX only). */
  mapping?: Record<string, string>;
  label?: string;
  /** Id of the file's project to take (multi-project P6 files). */
  project?: string;
}

function fileForm(file: File) {
  const form = new FormData();
  form.append("file", file, file.name);
  return form;
}

function uploadQuery(options: UploadOptions) {
  const mapping = options.mapping && Object.keys(options.mapping).length > 0 ? JSON.stringify(options.mapping) : null;
  return {
    skipRows: options.skipRows || undefined,
    mapping,
    label: options.label || undefined,
    project: options.project || undefined,
  };
}

export const interchangeApi = {
  rules: () => api.get<ImportSetting[]>("/schedule-import-settings"),
  saveRule: (body: ImportSettingBody) => api.post<ImportSetting>("/schedule-import-settings", body),
  preview: (scheduleId: string, file: File, options: UploadOptions) =>
    api.post<UploadPreview>(`/schedules/${scheduleId}/versions/upload/preview`, undefined, {
      formData: fileForm(file),
      query: uploadQuery(options),
    }),
  upload: (scheduleId: string, file: File, options: UploadOptions) =>
    api.post<UploadJob>(`/schedules/${scheduleId}/versions/upload`, undefined, {
      formData: fileForm(file),
      query: uploadQuery(options),
    }),
  job: (id: string) => api.get<InterchangeJob>(`/interchange/jobs/${id}`),
  importReport: (versionId: string) => api.get<ImportReport | null>(`/versions/${versionId}/import-report`),
  versions: (scheduleId: string) => api.get<Version[]>(`/schedules/${scheduleId}/versions`),
  compare: (scheduleId: string, versionA: string, versionB: string) =>
    api.post<VersionComparison>(`/schedules/${scheduleId}/versions/compare`, { versionA, versionB }),
  exportComparison: (scheduleId: string, versionA: string, versionB: string) =>
    api.post<ExportResult>(`/schedules/${scheduleId}/versions/export-comparison`, { versionA, versionB }),
  exportVersion: (versionId: string, format: ExportFormat) =>
    api.post<ExportResult>(`/versions/${versionId}/export/${format}`),
};

/**
 * Downloads a stored file with the Bearer header (a plain link cannot carry it) and hands it to the browser as a
 * file. Read as a blob whatever its type: an exported JSON schedule is a file here, not an API envelope.
 */
export async function downloadStoredFile(fileId: string, name: string): Promise<void> {
  const headers: Record<string, string> = { "X-Language": currentLanguage() };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const spaceId = getCurrentSpaceId();
  if (spaceId) headers["X-Space-Id"] = spaceId;
  const response = await fetch(`${API_PREFIX}/storage/download/${fileId}`, { headers, credentials: "same-origin" });
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    throw new ApiRequestError(response.status, normalizeErrors(response.status, body, response.statusText));
  }
  downloadBlob(await response.blob(), name);
}
