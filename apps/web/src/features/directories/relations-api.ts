import type {
  AssignRelationRowsBody,
  DirectoryRelation,
  DirectoryRelationWithRows,
  ExportResult,
  RelationImportResult,
  RelationIndicator,
  RelationRecalculation,
  UpdateRelationRowsBody,
} from "@planum/contracts";
import { api, apiRequest } from "../../shared/api-client";
import { directoryKeys } from "./directories-api";

const R = "/directory-complex-relations";

/** Under the space's directory keys: a `directory_updated` event (action `relations`) refetches them too. */
export const relationKeys = {
  from: (spaceId: string, directoryId: string) => [...directoryKeys.all(spaceId), "relations", directoryId] as const,
  rows: (spaceId: string, relationId: string) => [...directoryKeys.all(spaceId), "relation-rows", relationId] as const,
  totals: (spaceId: string, versionId: string) =>
    [...directoryKeys.all(spaceId), "relation-totals", versionId] as const,
};

function fileForm(file: File) {
  const form = new FormData();
  form.append("file", file, file.name);
  return form;
}

/** Complex relations between directories (spec §7 "Directory complex relations"). */
export const relationsApi = {
  all: () => api.get<DirectoryRelation[]>(`${R}/all`),
  from: (directoryId: string) => api.post<DirectoryRelation[]>(`${R}/get-dependent-directories`, { directoryId }),
  rows: (id: string) => api.get<DirectoryRelationWithRows>(`${R}/${id}/all-relations`),
  create: (sourceId: string, targetId: string) =>
    api.post<DirectoryRelation>(`${R}/create-relation-between-directories`, { sourceId, targetId }),
  rename: (id: string, name: string) => api.put<DirectoryRelation>(`${R}/update-relation-options`, { id, name }),
  remove: (id: string) => api.delete<{ id: string }>(`${R}/delete-relation/${id}`),
  assign: (id: string, body: AssignRelationRowsBody) =>
    api.post<DirectoryRelationWithRows>(`${R}/assign-directory-relation-rows/${id}`, body),
  update: (id: string, body: UpdateRelationRowsBody) =>
    api.put<DirectoryRelationWithRows>(`${R}/update-directory-relation-rows/${id}`, body),
  removeRows: (id: string, ids: string[]) =>
    apiRequest<{ deleted: number }>(`${R}/delete-directory-relation-rows/${id}`, { method: "DELETE", body: { ids } }),
  export: (r: DirectoryRelation) => api.post<ExportResult>(`${R}/export-relations/${r.sourceId}/${r.targetId}`),
  import: (r: DirectoryRelation, file: File) =>
    api.post<RelationImportResult>(`${R}/import-relations/${r.sourceId}/${r.targetId}`, undefined, {
      formData: fileForm(file),
    }),
  recalculate: (versionId: string) =>
    api.get<RelationRecalculation>(`${R}/recalculate-dependent-resources-version/${versionId}`),
  totals: (versionId: string) => api.get<RelationIndicator[]>(`${R}/directory-complex-version-indicator/${versionId}`),
};
