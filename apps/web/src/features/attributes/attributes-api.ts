import type { AttributeAccess, AttributeDto, CreateAttributeBody, UpdateAttributeBody } from "@planum/contracts";
import { useQuery } from "@tanstack/react-query";
import { api, apiRequest } from "../../shared/api-client";

/** Attribute keys sit under the space's "attributes" prefix, which structure live updates invalidate. */
export const attributeKeys = {
  all: (spaceId: string) => ["space", spaceId, "attributes"] as const,
  at: (spaceId: string, nodeId: string) => ["space", spaceId, "attributes", nodeId, "list"] as const,
  access: (spaceId: string, nodeId: string, roleId: string) =>
    ["space", spaceId, "attributes", nodeId, "access", roleId] as const,
};

const id = encodeURIComponent;

/** The server manages attributes through a node: space-wide ones through any node, others through their own. */
export const attributesApi = {
  visible: (nodeId: string) => api.get<AttributeDto[]>(`/eps/${id(nodeId)}/attributes/get-visible`),
  /** The works' attributes seen at a node (inherited and space-wide included). */
  workVisible: (nodeId: string) =>
    api.get<AttributeDto[]>(`/eps/${id(nodeId)}/attributes/get-visible`, { query: { target: "work" } }),
  definedHere: (nodeId: string) => api.get<AttributeDto[]>(`/eps/${id(nodeId)}/attributes/get`),
  create: (nodeId: string, body: CreateAttributeBody & { spaceWide: boolean }) =>
    api.post<AttributeDto>(`/eps/${id(nodeId)}/attributes/create`, body),
  update: (nodeId: string, attributeId: string, body: UpdateAttributeBody) =>
    api.put<AttributeDto>(`/eps/${id(nodeId)}/attributes/${id(attributeId)}/update`, body),
  remove: (nodeId: string, attributeId: string) =>
    api.delete<null>(`/eps/${id(nodeId)}/attributes/${id(attributeId)}/delete`),
  forRole: (nodeId: string, roleId: string) =>
    api.get<AttributeDto[]>(`/eps/${id(nodeId)}/attribute-access/${id(roleId)}`),
  setAccess: (nodeId: string, roleId: string, items: { attributeId: string; access: AttributeAccess }[]) =>
    api.put<AttributeDto[]>(`/eps/${id(nodeId)}/attribute-access`, { roleId, items }),
  clearAccess: (nodeId: string, roleId: string, attributeId: string) =>
    apiRequest<null>(`/eps/${id(nodeId)}/attribute-access`, { method: "DELETE", body: { roleId, attributeId } }),
};

/** Attributes applying at the node (space-wide, inherited, its own, node and work ones), each once. */
export function useAttributesAt(spaceId: string, nodeId: string | null) {
  return useQuery({
    queryKey: attributeKeys.at(spaceId, nodeId ?? ""),
    enabled: nodeId !== null,
    queryFn: async () => {
      const [visible, here] = await Promise.all([attributesApi.visible(nodeId!), attributesApi.definedHere(nodeId!)]);
      const byId = new Map<string, AttributeDto>();
      for (const attribute of [...visible, ...here]) byId.set(attribute.id, attribute);
      return [...byId.values()];
    },
  });
}
