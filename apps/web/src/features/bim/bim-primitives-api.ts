import type { BimPrimitive, CreateBimPrimitiveBody, UpdateBimPrimitiveBody } from "@planum/contracts";
import { api } from "../../shared/api-client";

const ofNode = (epsId: string) => `/primitivesModels/eps/${encodeURIComponent(epsId)}`;

export const bimPrimitiveKeys = {
  ofNode: (spaceId: string, epsId: string) => ["space", spaceId, "bim-primitives", epsId] as const,
  /** The node's shapes and its ancestors' (the workspace dock: a project inside its facility's site layout). */
  ofLineage: (spaceId: string, epsId: string) => ["space", spaceId, "bim-primitives", epsId, "lineage"] as const,
};

/** The calls of `/primitivesModels` (spec §7 "Primitive models"): a node's shapes on its site plan. */
export const bimPrimitivesApi = {
  list: (epsId: string) => api.get<BimPrimitive[]>(ofNode(epsId)),
  withAncestors: (epsId: string) => api.get<BimPrimitive[]>(`${ofNode(epsId)}?withAncestors=true`),
  create: (body: CreateBimPrimitiveBody) => api.post<BimPrimitive>("/primitivesModels", body),
  update: (body: UpdateBimPrimitiveBody) => api.patch<BimPrimitive>("/primitivesModels", body),
  remove: (epsId: string, id: string) => api.delete<null>(`${ofNode(epsId)}/${encodeURIComponent(id)}`),
};

/** Scene keys of primitives: negative, so they never meet a model element's express id. */
export const primitiveKey = (index: number) => -(index + 1);
