import type { BimElement, BimElementInfo, BimModel, BimPbsEntry, BimSearchAnswer, BimUpload } from "@planum/contracts";
import { api } from "../../shared/api-client";

const base = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/3d`;
const modelPath = (projectId: string, modelId: string) => `${base(projectId)}/${encodeURIComponent(modelId)}`;

export const bimKeys = {
  models: (spaceId: string, projectId: string) => ["space", spaceId, "bim", projectId, "models"] as const,
  model: (spaceId: string, projectId: string, modelId: string) =>
    ["space", spaceId, "bim", projectId, "model", modelId] as const,
};

/** The calls of `/projects/{id}/3d` (spec §7). */
export const bimApi = {
  models: (projectId: string) => api.get<BimModel[]>(base(projectId)),
  upload: (projectId: string, file: File) => {
    const formData = new FormData();
    formData.append("file", file);
    return api.post<BimUpload>(`${base(projectId)}/upload`, undefined, { formData });
  },
  remove: (projectId: string, modelId: string) => api.delete<null>(`${modelPath(projectId, modelId)}/delete`),
  elements: (projectId: string, modelId: string) =>
    api.get<BimElement[]>(`${modelPath(projectId, modelId)}/elements-metadata`),
  pbs: (projectId: string, modelId: string) => api.get<BimPbsEntry[]>(`${modelPath(projectId, modelId)}/pbs`),
  search: (projectId: string, modelId: string, text: string) =>
    api.get<BimSearchAnswer>(`${modelPath(projectId, modelId)}/attributes?text=${encodeURIComponent(text)}`),
  element: (projectId: string, modelId: string, expressId: number) =>
    api.get<BimElementInfo>(`${modelPath(projectId, modelId)}/element-info/${expressId}`),
  /** The converted geometry; the browser undoes the gzip transfer encoding itself. */
  geometry: async (projectId: string, modelId: string) =>
    new Uint8Array(
      await (await api.get<Blob>(`${modelPath(projectId, modelId)}/geometry`, { responseType: "blob" })).arrayBuffer(),
    ),
};
