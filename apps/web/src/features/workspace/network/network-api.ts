import type { NetworkRelations, NetworkTasks, NetworkWorks } from "@planum/contracts";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { api } from "../../../shared/api-client";
import { buildNetworkModel } from "./network-model";

/** Cache keys: under the version, so the workspace's refresh after any change reloads them. */
export const networkKeys = {
  all: (versionId: string) => ["version", versionId, "network-diagram"] as const,
  part: (versionId: string, part: "tasks" | "works" | "relations") => ["version", versionId, "network-diagram", part],
};

export const networkApi = {
  tasks: (versionId: string) => api.get<NetworkTasks>(`/versions/${versionId}/network-diagram/tasks`),
  works: (versionId: string) => api.get<NetworkWorks>(`/versions/${versionId}/network-diagram/works`),
  relations: (versionId: string) => api.get<NetworkRelations>(`/versions/${versionId}/network-diagram/relations`),
};

/** The three network-diagram calls of a version, decoded and laid out once all three are in. */
export function useNetworkDiagram(versionId: string | null, enabled: boolean) {
  const id = versionId ?? "";
  const on = enabled && versionId !== null;
  const tasks = useQuery({ queryKey: networkKeys.part(id, "tasks"), queryFn: () => networkApi.tasks(id), enabled: on });
  const works = useQuery({ queryKey: networkKeys.part(id, "works"), queryFn: () => networkApi.works(id), enabled: on });
  const relations = useQuery({
    queryKey: networkKeys.part(id, "relations"),
    queryFn: () => networkApi.relations(id),
    enabled: on,
  });
  const model = useMemo(
    () =>
      tasks.data && works.data && relations.data ? buildNetworkModel(tasks.data, works.data, relations.data) : null,
    [tasks.data, works.data, relations.data],
  );
  return { model, isError: tasks.isError || works.isError || relations.isError };
}
