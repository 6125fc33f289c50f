import type { Cyclogram, CyclogramColorBody } from "@planum/contracts";
import { api, apiRequest } from "../../shared/api-client";

export const cyclogramKeys = {
  chart: (versionId: string, attrId: string) => ["version", versionId, "cyclogram", attrId] as const,
};

export const cyclogramApi = {
  chart: (versionId: string, attrId: string) => api.get<Cyclogram>(`/versions/${versionId}/cyclogram/${attrId}`),
  color: (versionId: string, body: CyclogramColorBody) =>
    api.post<{ workType: string; color: string }>(`/versions/${versionId}/cyclogram/color`, body),
  /** The chart drawn at the sheet's size (PNG) framed by the caller's print format: the PDF. */
  print: (versionId: string, attrId: string, png: Blob) => {
    const form = new FormData();
    form.append("file", png, "cyclogram.png");
    return apiRequest<Blob>(`/versions/${versionId}/cyclogram/${attrId}/print`, {
      method: "POST",
      formData: form,
      responseType: "blob",
    });
  },
};
