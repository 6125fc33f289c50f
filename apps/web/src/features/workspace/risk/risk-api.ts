import type {
  RiskCorrelationBody,
  RiskDurationsBody,
  RiskEventBody,
  RiskInputs,
  RiskRun,
  RiskRunBody,
  RiskSettingsBody,
} from "@planum/contracts";
import { api, apiRequest } from "../../../shared/api-client";

/** Risk analysis of a version (server `modules/workspace/risk`). */
export const riskApi = {
  inputs: (versionId: string) => api.get<RiskInputs>(`/versions/${versionId}/risk`),
  setDurations: (versionId: string, body: RiskDurationsBody) =>
    api.put<RiskInputs>(`/versions/${versionId}/risk/durations`, body),
  settings: (versionId: string, body: RiskSettingsBody) =>
    apiRequest<RiskInputs>(`/versions/${versionId}/risk/settings`, { method: "PATCH", body }),
  addEvent: (versionId: string, body: RiskEventBody) =>
    api.post<RiskInputs>(`/versions/${versionId}/risk/events`, body),
  deleteEvent: (versionId: string, id: string) => api.delete<RiskInputs>(`/versions/${versionId}/risk/events/${id}`),
  addGroup: (versionId: string, body: RiskCorrelationBody) =>
    api.post<RiskInputs>(`/versions/${versionId}/risk/correlations`, body),
  deleteGroup: (versionId: string, id: string) =>
    api.delete<RiskInputs>(`/versions/${versionId}/risk/correlations/${id}`),
  start: (versionId: string, body: RiskRunBody) =>
    api.post<{ runId: string; jobId: string }>(`/versions/${versionId}/risk/runs`, body),
  runs: (versionId: string) => api.get<RiskRun[]>(`/versions/${versionId}/risk/runs`),
  run: (versionId: string, runId: string) => api.get<RiskRun>(`/versions/${versionId}/risk/runs/${runId}`),
  stop: (versionId: string, runId: string) => api.post<RiskRun>(`/versions/${versionId}/risk/runs/${runId}/stop`),
  deleteRun: (versionId: string, runId: string) =>
    api.delete<{ deleted: boolean }>(`/versions/${versionId}/risk/runs/${runId}`),
};

export const riskKeys = {
  inputs: (versionId: string) => ["version", versionId, "risk", "inputs"] as const,
  runs: (versionId: string) => ["version", versionId, "risk", "runs"] as const,
  run: (versionId: string, runId: string) => ["version", versionId, "risk", "run", runId] as const,
};
