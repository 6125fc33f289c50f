import type { Gwbs, GwbsItemBody, Pipe, PipeRelationBody, PipeSettings, PipeStageBody } from "@planum/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../shared/api-client";

export const pipelineKeys = { pipe: (projectId: string) => ["pipeline", projectId] as const };

const base = (projectId: string) => `/projects/${encodeURIComponent(projectId)}`;

/** Spec §7 Projects "pipe CRUD and relations"; every call answers the whole pipeline. */
export const pipelineApi = {
  read: (projectId: string) => api.get<Pipe>(`${base(projectId)}/pipe`),
  addStage: (projectId: string, body: PipeStageBody) => api.post<Pipe>(`${base(projectId)}/pipe`, body),
  saveStage: (projectId: string, stageId: string, body: PipeStageBody) =>
    api.put<Pipe>(`${base(projectId)}/pipe/${encodeURIComponent(stageId)}`, body),
  deleteStage: (projectId: string, stageId: string) =>
    api.delete<Pipe>(`${base(projectId)}/pipe/${encodeURIComponent(stageId)}`),
  relate: (projectId: string, body: PipeRelationBody) => api.post<Pipe>(`${base(projectId)}/pipe-relations`, body),
  unrelate: (projectId: string, relationId: string) =>
    api.delete<Pipe>(`${base(projectId)}/pipe-relations/${encodeURIComponent(relationId)}`),
  saveSettings: (projectId: string, body: PipeSettings) => api.put<Pipe>(`${base(projectId)}/pipe-settings`, body),
};

export function usePipe(projectId: string) {
  return useQuery({ queryKey: pipelineKeys.pipe(projectId), queryFn: () => pipelineApi.read(projectId) });
}

export const gwbsKeys = { gwbs: (projectId: string) => ["gwbs", projectId] as const };

/** Spec §7 Projects "gwbs CRUD and calculate-after"; every call answers the whole general WBS. */
export const gwbsApi = {
  read: (projectId: string) => api.get<Gwbs>(`${base(projectId)}/gwbs`),
  add: (projectId: string, body: GwbsItemBody) => api.post<Gwbs>(`${base(projectId)}/gwbs`, body),
  save: (projectId: string, itemId: string, body: GwbsItemBody) =>
    api.put<Gwbs>(`${base(projectId)}/gwbs/${encodeURIComponent(itemId)}`, body),
  remove: (projectId: string, itemId: string) =>
    api.delete<Gwbs>(`${base(projectId)}/gwbs/${encodeURIComponent(itemId)}`),
  setCalculateAfter: (projectId: string, enabled: boolean) =>
    api.put<Gwbs>(`${base(projectId)}/gwbs/calculate-after`, { enabled }),
  calculate: (projectId: string) => api.post<Gwbs>(`${base(projectId)}/gwbs/calculate-after`),
};

export function useGwbs(projectId: string) {
  return useQuery({ queryKey: gwbsKeys.gwbs(projectId), queryFn: () => gwbsApi.read(projectId) });
}
