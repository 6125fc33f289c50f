import type {
  CreateDirectoryBody,
  Directory,
  DirectoryColumnBody,
  DirectoryFilter,
  DirectoryGraph,
  DirectoryMapping,
  DirectoryRowsPage,
  DirectoryUploadPreview,
  DirectoryUploadResult,
  ExportResult,
  InvalidDirectoryValue,
  UpdateAllRowsBody,
  UpdateAllRowsResult,
  UpdateDirectoryColumnBody,
} from "@planum/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../shared/api-client";
import { useRealtimeEvents } from "../realtime";

/** Rows travel in pages of this many; the table asks for the pages it scrolls to. */
export const ROWS_PAGE = 200;

/** Every key starts with the space, so one event refetches all of a space's directory queries. */
export const directoryKeys = {
  all: (spaceId: string) => ["directories", spaceId] as const,
  list: (spaceId: string) => ["directories", spaceId, "list"] as const,
  atNode: (spaceId: string, nodeId: string) => ["directories", spaceId, "node", nodeId] as const,
  rows: (spaceId: string, directoryId: string) => ["directories", spaceId, "rows", directoryId] as const,
  invalid: (spaceId: string, directoryId: string) => ["directories", spaceId, "invalid", directoryId] as const,
};

function fileForm(file: File) {
  const form = new FormData();
  form.append("file", file, file.name);
  return form;
}

/** Calls go through the directory's own node, where it is always seen. */
const at = (d: Pick<Directory, "id" | "nodeId">) => `/eps/${d.nodeId}/directory/${d.id}`;

export const directoriesApi = {
  list: () => api.get<Directory[]>("/directory"),
  atNode: (nodeId: string) => api.get<Directory[]>(`/eps/${nodeId}/directory/get`),
  graph: (nodeId: string) => api.get<DirectoryGraph>(`/eps/${nodeId}/directory/graph`),
  create: (nodeId: string, body: CreateDirectoryBody) => api.post<Directory>(`/eps/${nodeId}/directory/create`, body),
  rename: (d: Directory, name: string) => api.put<Directory>(`${at(d)}/name`, { name }),
  remove: (d: Directory, confirmCount: number) =>
    api.delete<{ id: string; rows: number }>(`${at(d)}/delete`, { query: { confirmCount } }),
  moveTo: (d: Directory, targetId: string) => api.post<Directory>(`${at(d)}/move-to/${targetId}`),
  copyTo: (d: Directory, targetId: string, name: string) => api.post<Directory>(`${at(d)}/copy-to`, { targetId, name }),
  addColumn: (d: Directory, body: DirectoryColumnBody) => api.post<Directory>(`${at(d)}/attribute/create`, body),
  updateColumn: (d: Directory, columnId: string, body: UpdateDirectoryColumnBody) =>
    api.put<Directory>(`${at(d)}/attribute/${columnId}/update`, body),
  deleteColumn: (d: Directory, columnId: string) => api.delete<Directory>(`${at(d)}/attribute/${columnId}/delete`),
  rows: (
    d: Pick<Directory, "id" | "nodeId">,
    query: { offset: number; limit: number; search?: string; filter?: DirectoryFilter },
  ) =>
    api.get<DirectoryRowsPage>(`${at(d)}/rows`, {
      query: {
        offset: query.offset,
        limit: query.limit,
        search: query.search || undefined,
        filter: query.filter?.conditions.length ? JSON.stringify(query.filter) : undefined,
      },
    }),
  updateAll: (d: Directory, body: UpdateAllRowsBody) => api.put<UpdateAllRowsResult>(`${at(d)}/update/all`, body),
  invalid: (d: Directory) => api.get<InvalidDirectoryValue[]>(`${at(d)}/values/invalid`),
  uploadPreview: (d: Pick<Directory, "id" | "nodeId">, file: File) =>
    api.post<DirectoryUploadPreview>(`${at(d)}/upload/preview`, undefined, { formData: fileForm(file) }),
  upload: (d: Directory, file: File, mapping: DirectoryMapping) =>
    api.post<DirectoryUploadResult>(`${at(d)}/upload`, undefined, {
      formData: fileForm(file),
      query: { mapping: JSON.stringify(mapping) },
    }),
  export: (d: Directory) => api.post<ExportResult>(`${at(d)}/export`),
};

export function useDirectories(spaceId: string) {
  return useQuery({ queryKey: directoryKeys.list(spaceId), queryFn: directoriesApi.list });
}

export function useNodeDirectories(spaceId: string, nodeId: string) {
  return useQuery({ queryKey: directoryKeys.atNode(spaceId, nodeId), queryFn: () => directoriesApi.atNode(nodeId) });
}

/** Refetches the space's directories (lists, rows, checks) when anyone changes one. */
export function useDirectoriesLive(spaceId: string) {
  const queryClient = useQueryClient();
  useRealtimeEvents((event) => {
    if (event.spaceId === spaceId && event.type === "directory_updated")
      void queryClient.invalidateQueries({ queryKey: directoryKeys.all(spaceId) });
  });
}
