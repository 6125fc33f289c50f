import type { EpsDocument, EpsDocumentOrigin } from "@planum/contracts";
import { api } from "../../shared/api-client";
import { structureKeys } from "./structure-api";

const documentsPath = (nodeId: string, documentId?: string) =>
  `/eps/${encodeURIComponent(nodeId)}/documents${documentId ? `/${encodeURIComponent(documentId)}` : ""}`;

/** Under the node's key, so the live `eps_updated` refetch of a node also refreshes its documents. */
export const documentsKey = (spaceId: string, nodeId: string) =>
  [...structureKeys.node(spaceId, nodeId), "documents"] as const;

/** A node's documents (`/eps/{id}/documents`): files a report or a print produced, kept with the node. */
export const documentsApi = {
  list: (nodeId: string) => api.get<EpsDocument[]>(documentsPath(nodeId)),
  keep: (nodeId: string, file: Blob, name: string, origin: EpsDocumentOrigin) => {
    const formData = new FormData();
    formData.append("file", file, name);
    return api.post<EpsDocument>(documentsPath(nodeId), undefined, { formData, query: { origin } });
  },
  download: (nodeId: string, documentId: string) =>
    api.get<Blob>(documentsPath(nodeId, documentId), { responseType: "blob" }),
  remove: (nodeId: string, documentId: string) => api.delete<null>(documentsPath(nodeId, documentId)),
};
