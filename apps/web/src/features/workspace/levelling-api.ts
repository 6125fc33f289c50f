import type { LevellingOptionsBody, LevellingPreview } from "@planum/contracts";
import { api } from "../../shared/api-client";

/** Resource levelling of a version (server `modules/workspace/levelling`). */
export const levellingApi = {
  start: (versionId: string, options: LevellingOptionsBody) =>
    api.post<{ jobId: string }>(`/versions/${versionId}/levelling`, options),
  preview: (versionId: string, jobId: string) => api.get<LevellingPreview>(`/versions/${versionId}/levelling/${jobId}`),
  stop: (versionId: string, jobId: string) =>
    api.post<LevellingPreview>(`/versions/${versionId}/levelling/${jobId}/stop`),
  apply: (versionId: string, jobId: string) =>
    api.post<{ applied: number; versionRevision: number }>(`/versions/${versionId}/levelling/${jobId}/apply`),
  discard: (versionId: string, jobId: string) =>
    api.post<LevellingPreview>(`/versions/${versionId}/levelling/${jobId}/discard`),
};
