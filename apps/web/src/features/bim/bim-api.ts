import type {
  BimAppearanceProfile,
  BimAppearanceProfileBody,
  BimElement,
  BimElementInfo,
  BimModel,
  BimPbsEntry,
  BimSearchAnswer,
  BimUpload,
  BimViewerState,
} from "@planum/contracts";
import { api } from "../../shared/api-client";

const base = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/3d`;
const modelPath = (projectId: string, modelId: string) => `${base(projectId)}/${encodeURIComponent(modelId)}`;

export const bimKeys = {
  models: (spaceId: string, projectId: string) => ["space", spaceId, "bim", projectId, "models"] as const,
  model: (spaceId: string, projectId: string, modelId: string) =>
    ["space", spaceId, "bim", projectId, "model", modelId] as const,
  profiles: (spaceId: string) => ["space", spaceId, "bim", "profiles"] as const,
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
  /** The converted geometry's bytes as they arrive; the browser undoes the gzip transfer encoding itself. */
  geometry: (projectId: string, modelId: string, signal?: AbortSignal) =>
    api.get<ReadableStream<Uint8Array>>(`${modelPath(projectId, modelId)}/geometry`, {
      responseType: "stream",
      signal,
    }),
};

const profiles = (spaceId: string) => `/spaces/${encodeURIComponent(spaceId)}/bim`;

/** The viewer's saved state (`/bim/state`) and the space's appearance profiles (`/spaces/{id}/bim`). */
export const bimViewerApi = {
  state: (modelId: string) => api.get<BimViewerState | null>(`/bim/state?modelId=${encodeURIComponent(modelId)}`),
  saveState: (state: BimViewerState) => api.put<BimViewerState>("/bim/state", state),
  profiles: (spaceId: string) => api.get<BimAppearanceProfile[]>(profiles(spaceId)),
  createProfile: (spaceId: string, body: BimAppearanceProfileBody) =>
    api.post<BimAppearanceProfile>(`${profiles(spaceId)}/create`, body),
  updateProfile: (spaceId: string, id: string, body: BimAppearanceProfileBody) =>
    api.put<BimAppearanceProfile>(`${profiles(spaceId)}/${encodeURIComponent(id)}/update`, body),
  deleteProfile: (spaceId: string, id: string) =>
    api.delete<null>(`${profiles(spaceId)}/${encodeURIComponent(id)}/delete`),
};
