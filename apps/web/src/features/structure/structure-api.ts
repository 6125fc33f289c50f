import type {
  AttributeValue,
  AttributeWithValue,
  CallerRole,
  DeleteNodesResult,
  EpsComment,
  EpsKind,
  EpsList,
  EpsNode,
  EpsRow,
  ScheduleDto,
} from "@planum/contracts";
import { useQuery } from "@tanstack/react-query";
import { api, apiRequest } from "../../shared/api-client";
import { ROOT } from "./tree-model";

// The answers' types come from the contracts (packages/contracts structure*.schema.ts).
export type { EpsNode, ScheduleDto };
/** An attribute applying at a node with the node's value. */
export type NodeAttribute = AttributeWithValue;
/** The caller's roles and effective abilities at a node. */
export type NodeRole = CallerRole;
export type CommentDto = EpsComment;

/** Every structure key starts with the space's, so one prefix invalidates a space's structure. */
export const structureKeys = {
  all: (spaceId: string) => ["space", spaceId, "eps"] as const,
  children: (spaceId: string, parentId: string) => ["space", spaceId, "eps", "children", parentId] as const,
  search: (spaceId: string, text: string) => ["space", spaceId, "eps", "search", text] as const,
  wholeTree: (spaceId: string) => ["space", spaceId, "eps", "tree"] as const,
  treeState: (spaceId: string) => ["space", spaceId, "eps", "tree-state"] as const,
  node: (spaceId: string, id: string) => ["space", spaceId, "eps", "node", id] as const,
  role: (spaceId: string, id: string) => ["space", spaceId, "eps", "role", id] as const,
  values: (spaceId: string, id: string) => ["space", spaceId, "eps", "values", id] as const,
  comments: (spaceId: string, id: string) => ["space", spaceId, "eps", "comments", id] as const,
  schedules: (spaceId: string, projectId: string) => ["space", spaceId, "eps", "schedules", projectId] as const,
};

const id = encodeURIComponent;

export const structureApi = {
  children: (parentId: string) => api.get<{ nodes: EpsRow[] }>("/eps", { query: { parentId } }),
  search: (text: string) => api.get<Required<EpsList>>("/eps", { query: { search: text } }),
  wholeTree: () => api.get<{ nodes: EpsRow[] }>("/eps"),
  treeState: () => api.get<{ expanded: string[] }>("/eps/tree-state"),
  saveTreeState: (expanded: string[]) => api.put<{ expanded: string[] }>("/eps/tree-state", { expanded }),
  node: (nodeId: string) => api.get<EpsNode>(`/eps/${id(nodeId)}`),
  role: (nodeId: string) => api.get<NodeRole>(`/eps/${id(nodeId)}/role`),
  create: (kind: EpsKind, parentId: string | null, body: { name: string; key?: string }) => {
    if (kind === "project") return api.post<EpsNode>(`/facilities/${id(parentId ?? "")}/project/create`, body);
    return api.post<EpsNode>(kind === "facility" ? "/facilities/create" : "/eps/create", { ...body, parentId });
  },
  createSchedule: (projectId: string, name: string) =>
    api.post<ScheduleDto>(`/projects/${id(projectId)}/schedules/create`, { name }),
  rename: (nodeId: string, name: string) =>
    apiRequest<EpsNode>(`/eps/${id(nodeId)}/rename`, { method: "PATCH", body: { name } }),
  shift: (nodeId: string, direction: "up" | "down") =>
    apiRequest<{ nodes: EpsRow[] }>(`/eps/${id(nodeId)}/${direction}`, { method: "PATCH" }),
  move: (nodeId: string, body: { parentId: string | null; index?: number }) =>
    apiRequest<{ nodes: EpsRow[] }>(`/eps/${id(nodeId)}/move`, { method: "PATCH", body }),
  /** Without `confirmCount` the server changes nothing and answers 409 ConfirmationRequired { count }. */
  remove: (ids: string[], confirmCount?: number) =>
    apiRequest<DeleteNodesResult>("/eps/delete-by-checkbox", {
      method: "DELETE",
      body: { ids, confirmCount },
    }),
  setKey: (nodeId: string, key: string) => api.put<{ key: string | null }>(`/eps/${id(nodeId)}/set-key`, { key }),
  setPassport: (nodeId: string, passport: Record<string, string>) =>
    api.put<EpsNode["passport"]>(`/eps/${id(nodeId)}/passport`, { passport }),
  values: (nodeId: string) => api.get<NodeAttribute[]>(`/eps/${id(nodeId)}/attributes-with-values`),
  updateValues: (nodeId: string, values: { attributeId: string; value: AttributeValue }[]) =>
    api.put<NodeAttribute[]>(`/eps/${id(nodeId)}/values/update`, { values }),
  schedules: (projectId: string) => api.get<ScheduleDto[]>(`/projects/${id(projectId)}/schedules`),
  comments: (nodeId: string) => api.get<CommentDto[]>(`/eps/${id(nodeId)}/comments`),
  addComment: (nodeId: string, text: string) => api.post<CommentDto>(`/eps/${id(nodeId)}/comments`, { text }),
  deleteComment: (nodeId: string, commentId: string) =>
    api.delete<null>(`/eps/${id(nodeId)}/comments/${id(commentId)}`),
};

export function childrenQuery(spaceId: string, parentId: string) {
  return {
    queryKey: structureKeys.children(spaceId, parentId),
    queryFn: async () => (await structureApi.children(parentId)).nodes,
    staleTime: 60_000,
  };
}

export function useNode(spaceId: string, nodeId: string | null) {
  return useQuery({
    queryKey: structureKeys.node(spaceId, nodeId ?? ""),
    queryFn: () => structureApi.node(nodeId!),
    enabled: nodeId !== null,
  });
}

/** The caller's abilities at the node (space-wide ones widened by grants on its lineage). */
export function useNodeRole(spaceId: string, nodeId: string | null) {
  return useQuery({
    queryKey: structureKeys.role(spaceId, nodeId ?? ""),
    queryFn: () => structureApi.role(nodeId!),
    enabled: nodeId !== null,
  });
}

export function useNodeValues(spaceId: string, nodeId: string | null) {
  return useQuery({
    queryKey: structureKeys.values(spaceId, nodeId ?? ""),
    queryFn: () => structureApi.values(nodeId!),
    enabled: nodeId !== null,
  });
}

export function useWholeTree(spaceId: string, enabled: boolean) {
  return useQuery({
    queryKey: structureKeys.wholeTree(spaceId),
    queryFn: async () => (await structureApi.wholeTree()).nodes,
    enabled,
  });
}

export { ROOT };
