import type { Cyclogram, CyclogramColorBody } from "@planum/contracts";
import { api } from "../../shared/api-client";

export const cyclogramKeys = {
  chart: (versionId: string, attrId: string) => ["version", versionId, "cyclogram", attrId] as const,
};

export const cyclogramApi = {
  chart: (versionId: string, attrId: string) => api.get<Cyclogram>(`/versions/${versionId}/cyclogram/${attrId}`),
  color: (versionId: string, body: CyclogramColorBody) =>
    api.post<{ workType: string; color: string }>(`/versions/${versionId}/cyclogram/color`, body),
};
