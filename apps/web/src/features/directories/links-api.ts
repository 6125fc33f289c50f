import type {
  AttributeDto,
  CopyWbsFromDirectory,
  CopyWbsFromDirectoryBody,
  Directory,
  DirectoryLinkSettings,
  DonorRefresh,
  LinkWorksBody,
  LinkWorksResult,
  ScheduleDonor,
  ScheduleDonorBody,
  SyncWithList,
  VersionDirectoryLinks,
  VersionLinkedValues,
  VersionLinksQuery,
} from "@planum/contracts";
import { useQuery } from "@tanstack/react-query";
import { api, apiRequest } from "../../shared/api-client";
import { directoryKeys, useDirectoriesLive } from "./directories-api";

/** Under the space's key, so a `directory_updated` event (a row edited, works linked) refetches the links too. */
export const linkKeys = {
  settings: (spaceId: string, directoryId: string) => [...directoryKeys.all(spaceId), "links", directoryId] as const,
  version: (spaceId: string, versionId: string) => [...directoryKeys.all(spaceId), "version", versionId] as const,
  page: (spaceId: string, versionId: string, query: VersionLinksQuery) =>
    [...linkKeys.version(spaceId, versionId), "page", query] as const,
  values: (spaceId: string, versionId: string) => [...linkKeys.version(spaceId, versionId), "values"] as const,
  scheduleDonors: (spaceId: string, scheduleId: string) =>
    [...directoryKeys.all(spaceId), "schedule-donors", scheduleId] as const,
};

const at = (d: Pick<Directory, "id" | "nodeId">) => `/eps/${d.nodeId}/directory/${d.id}`;
const patch = <T>(path: string, body: unknown) => apiRequest<T>(path, { method: "PATCH", body });

export const linksApi = {
  settings: (d: Directory) => api.get<DirectoryLinkSettings>(`${at(d)}/link-settings`),
  addLinked: (d: Directory, columnId: string) =>
    api.post<DirectoryLinkSettings>(`${at(d)}/linked-attribute/create`, { columnId }),
  removeLinked: (d: Directory, linkedId: string) =>
    api.delete<DirectoryLinkSettings>(`${at(d)}/linked-attribute/${linkedId}/delete`),
  addDonor: (d: Directory, columnId: string, attributeId: string) =>
    api.post<DirectoryLinkSettings>(`${at(d)}/donor/create`, { columnId, attributeId }),
  removeDonor: (d: Directory, donorId: string) => api.delete<DirectoryLinkSettings>(`${at(d)}/donor/${donorId}/delete`),
  /** The directories the version's schedule sees and one page of its links (`limit: 0`: the directories alone). */
  ofVersion: (versionId: string, query: VersionLinksQuery) =>
    api.get<VersionDirectoryLinks>(`/versions/${versionId}/directory`, { query }),
  linkedValues: (versionId: string) => api.get<VersionLinkedValues>(`/versions/${versionId}/directory/linked-values`),
  link: (versionId: string, body: LinkWorksBody) =>
    api.post<LinkWorksResult>(`/versions/${versionId}/directory/create`, body),
  uploadAssignment: (
    versionId: string,
    directoryId: string,
    file: File,
    query: { workColumn: string; rowColumn: string; skipRows: number; applyDonors: boolean },
  ) => {
    const form = new FormData();
    form.append("file", file, file.name);
    return api.post<LinkWorksResult>(`/versions/${versionId}/directory/${directoryId}/upload`, undefined, {
      formData: form,
      query: { ...query, applyDonors: String(query.applyDonors) },
    });
  },
  refresh: (versionId: string, body: { directoryId?: string; itemIds?: number[]; preview: boolean }) =>
    patch<DonorRefresh>(`/versions/${versionId}/directory/update-linked-value`, body),
  scheduleDonors: (scheduleId: string) => api.get<ScheduleDonor[]>(`/schedules/${scheduleId}/directory-donors`),
  addScheduleDonor: (scheduleId: string, body: ScheduleDonorBody) =>
    api.post<ScheduleDonor[]>(`/schedules/${scheduleId}/directory-donors`, body),
  removeScheduleDonor: (scheduleId: string, donorId: string) =>
    api.delete<ScheduleDonor[]>(`/schedules/${scheduleId}/directory-donors/${donorId}`),
  /** Work attributes defined at the schedule itself: what its own donors may fill. */
  scheduleAttributes: (scheduleId: string) => api.get<AttributeDto[]>(`/schedules/${scheduleId}/attributes`),
  copyWbs: (versionId: string, body: CopyWbsFromDirectoryBody) =>
    api.post<CopyWbsFromDirectory>(`/versions/${versionId}/directory/copy-wbs`, body),
  syncWithList: (versionId: string, body: { directoryId: string; preview: boolean }) =>
    api.post<SyncWithList>(`/versions/${versionId}/directory/sync-with-list`, body),
};

export function useLinkSettings(spaceId: string, directory: Directory) {
  return useQuery({
    queryKey: linkKeys.settings(spaceId, directory.id),
    queryFn: () => linksApi.settings(directory),
  });
}

/**
 * The directories a version's schedule sees, with their linked attributes and donors — and the links of one work
 * when `itemId` is given. Kept live by the space's directory events.
 */
export function useVersionDirectories(spaceId: string, versionId: string | null, itemId?: number) {
  useDirectoriesLive(spaceId);
  const query: VersionLinksQuery = itemId === undefined ? { limit: 0 } : { itemId, limit: 1000 };
  return useQuery({
    queryKey: linkKeys.page(spaceId, versionId ?? "", query),
    queryFn: () => linksApi.ofVersion(versionId!, query),
    enabled: versionId !== null && versionId !== "",
    // linked columns are a bonus on the workspace: it works without them
    meta: { silentError: true },
    retry: false,
  });
}

/** The linked attributes' values of every linked work, as columns (the workspace grid's read-only columns). */
export function useLinkedValues(spaceId: string, versionId: string | null) {
  useDirectoriesLive(spaceId);
  return useQuery({
    queryKey: linkKeys.values(spaceId, versionId ?? ""),
    queryFn: () => linksApi.linkedValues(versionId!),
    enabled: versionId !== null && versionId !== "",
    meta: { silentError: true },
    retry: false,
  });
}
