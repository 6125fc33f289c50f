import type {
  Assignment,
  CreateResourceBody,
  Resource,
  SaveAssignmentBody,
  Specialty,
  UpdateAssignmentBody,
  UpdateResourceBody,
} from "@planum/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiRequest } from "../../shared/api-client";
import { useRealtimeEvents } from "../realtime";

/** The directory is space-wide, assignments per version and work: the keys carry what they depend on. */
export const resourceKeys = {
  list: (spaceId: string) => ["resources", spaceId] as const,
  specialties: (spaceId: string) => ["specialties", spaceId] as const,
  ofWork: (versionId: string, itemId: number) => ["assignments", versionId, itemId] as const,
  ofResource: (resourceId: string) => ["assignments", "resource", resourceId] as const,
};

export const resourcesApi = {
  list: (spaceId: string) => api.get<Resource[]>(`/space/${spaceId}/resources`),
  create: (spaceId: string, body: CreateResourceBody) => api.post<Resource>(`/space/${spaceId}/resources`, body),
  update: (spaceId: string, id: string, body: UpdateResourceBody) =>
    api.put<Resource>(`/space/${spaceId}/resources/${id}`, body),
  remove: (spaceId: string, id: string) =>
    api.delete<{ id: string; assignmentsRemoved: number }>(`/space/${spaceId}/resources/${id}`),
  specialties: (spaceId: string) => api.get<Specialty[]>(`/space/${spaceId}/specialty`),
  createSpecialty: (spaceId: string, name: string) => api.post<Specialty>(`/space/${spaceId}/specialty`, { name }),
  ofWork: (versionId: string, itemId: number) =>
    api.get<Assignment[]>(`/versions/${versionId}/assignment/wbs/${itemId}`),
  ofResource: (resourceId: string) => api.get<Assignment[]>(`/resource/${resourceId}/assignments`),
  assign: (versionId: string, body: SaveAssignmentBody) =>
    api.post<Assignment>(`/versions/${versionId}/assignment/wbs/save`, body),
  updateAssignment: (scheduleId: string, id: string, body: UpdateAssignmentBody) =>
    apiRequest<Assignment>(`/schedules/${scheduleId}/assignment/${id}/update`, { method: "PATCH", body }),
  removeAssignment: (scheduleId: string, id: string) =>
    apiRequest<{ id: string }>(`/schedules/${scheduleId}/assignment/${id}/delete`, { method: "DELETE" }),
};

export function useResources(spaceId: string) {
  return useQuery({ queryKey: resourceKeys.list(spaceId), queryFn: () => resourcesApi.list(spaceId) });
}

export function useSpecialties(spaceId: string) {
  return useQuery({ queryKey: resourceKeys.specialties(spaceId), queryFn: () => resourcesApi.specialties(spaceId) });
}

/** Refetches the directory and assignments when someone (here or elsewhere) changes them. */
export function useResourcesLive(spaceId: string) {
  const queryClient = useQueryClient();
  useRealtimeEvents((event) => {
    if (event.spaceId !== spaceId) return;
    if (event.type === "resources_updated") {
      void queryClient.invalidateQueries({ queryKey: resourceKeys.list(spaceId) });
      void queryClient.invalidateQueries({ queryKey: resourceKeys.specialties(spaceId) });
    }
    if (
      event.type === "resources_updated" ||
      event.type === "assignment_created" ||
      event.type === "assignments_updated"
    )
      void queryClient.invalidateQueries({ queryKey: ["assignments"] });
  });
}
