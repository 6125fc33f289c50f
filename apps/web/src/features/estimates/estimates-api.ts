import type {
  ApplyCoefficientBody,
  Coefficient,
  ComplianceCheck,
  EstimateLink,
  EstimateLinkBody,
  EstimateLinkRuleBody,
  EstimateLinkRuleResult,
  EstimateSummary,
  EstimateTree,
} from "@planum/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../shared/api-client";

export const estimateKeys = {
  list: (projectId: string) => ["estimates", projectId] as const,
  tree: (projectId: string, estimateId: string) => ["estimates", projectId, estimateId] as const,
  coefficients: ["costr", "coefficients"] as const,
  check: (projectId: string, estimateId: string) => ["estimates", projectId, estimateId, "check"] as const,
  links: (projectId: string, estimateId: string) => ["estimates", projectId, estimateId, "links"] as const,
};

const base = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/estimates`;

/** Spec §7 Costr: a project's estimates, their upload, tree and coefficients. */
export const estimatesApi = {
  list: (projectId: string) => api.get<EstimateSummary[]>(base(projectId)),
  tree: (projectId: string, estimateId: string) =>
    api.get<EstimateTree>(`${base(projectId)}/${encodeURIComponent(estimateId)}`),
  upload: (projectId: string, file: File, skipRows: number, pdcId: string | null) => {
    const form = new FormData();
    form.append("file", file, file.name);
    return api.post<{ jobId: string }>(`${base(projectId)}/upload`, undefined, {
      formData: form,
      query: pdcId ? { skipRows, pdcId } : { skipRows },
    });
  },
  remove: (projectId: string, estimateId: string) =>
    api.delete<{ id: string }>(`${base(projectId)}/${encodeURIComponent(estimateId)}`),
  apply: (projectId: string, estimateId: string, body: ApplyCoefficientBody) =>
    api.post<EstimateTree>(`${base(projectId)}/${encodeURIComponent(estimateId)}/coefficients`, body),
  unapply: (projectId: string, estimateId: string, useId: string) =>
    api.delete<EstimateTree>(
      `${base(projectId)}/${encodeURIComponent(estimateId)}/coefficients/${encodeURIComponent(useId)}`,
    ),
  coefficients: () => api.get<Coefficient[]>("/costr/coefficients"),
  lastCheck: (projectId: string, estimateId: string) =>
    api.get<ComplianceCheck>(`${base(projectId)}/${encodeURIComponent(estimateId)}/check`),
  check: (projectId: string, estimateId: string) =>
    api.post<ComplianceCheck>(`${base(projectId)}/${encodeURIComponent(estimateId)}/check`),
  links: (projectId: string, estimateId: string) =>
    api.get<EstimateLink[]>(`${base(projectId)}/${encodeURIComponent(estimateId)}/links`),
  link: (projectId: string, estimateId: string, body: EstimateLinkBody) =>
    api.post<EstimateLink[]>(`${base(projectId)}/${encodeURIComponent(estimateId)}/links`, body),
  linkByRule: (projectId: string, estimateId: string, body: EstimateLinkRuleBody) =>
    api.post<EstimateLinkRuleResult>(`${base(projectId)}/${encodeURIComponent(estimateId)}/links/by-rule`, body),
  unlink: (projectId: string, estimateId: string, linkId: string) =>
    api.delete<EstimateLink[]>(
      `${base(projectId)}/${encodeURIComponent(estimateId)}/links/${encodeURIComponent(linkId)}`,
    ),
};

export function useEstimates(projectId: string) {
  return useQuery({ queryKey: estimateKeys.list(projectId), queryFn: () => estimatesApi.list(projectId) });
}

export function useEstimateTree(projectId: string, estimateId: string | null) {
  return useQuery({
    queryKey: estimateKeys.tree(projectId, estimateId ?? ""),
    queryFn: () => estimatesApi.tree(projectId, estimateId ?? ""),
    enabled: Boolean(estimateId),
  });
}

export function useCoefficients() {
  return useQuery({ queryKey: estimateKeys.coefficients, queryFn: estimatesApi.coefficients });
}
