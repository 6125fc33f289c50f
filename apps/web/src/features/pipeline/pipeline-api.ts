import type { Pipe, PipeRelationBody, PipeSettings, PipeStageBody } from "@planum/contracts";
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
