import type {
  Coefficient,
  CoefficientBody,
  ComplianceRule,
  ComplianceRuleBody,
  CostrSettings,
  Measure,
  MeasureBody,
} from "@planum/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../shared/api-client";
import { notifyError } from "../../ui/notify";

const id = encodeURIComponent;

/** The space's cost references (spec §7 Costr): measures, cost coefficients, compliance rules and costr settings. */
export const costrKeys = {
  measures: ["costr", "measures"] as const,
  coefficients: ["costr", "coefficients"] as const,
  rules: ["costr", "compliance-rules"] as const,
  settings: ["costr", "settings"] as const,
};

export const costrApi = {
  measures: () => api.get<Measure[]>("/costr/measures"),
  createMeasure: (body: MeasureBody) => api.post<Measure>("/costr/measures", body),
  updateMeasure: (measureId: string, body: MeasureBody) => api.put<Measure>(`/costr/measures/${id(measureId)}`, body),
  deleteMeasure: (measureId: string) => api.delete<{ id: string }>(`/costr/measures/${id(measureId)}`),
  coefficients: () => api.get<Coefficient[]>("/costr/coefficients"),
  createCoefficient: (body: CoefficientBody) => api.post<Coefficient>("/costr/coefficients", body),
  updateCoefficient: (coefficientId: string, body: CoefficientBody) =>
    api.put<Coefficient>(`/costr/coefficients/${id(coefficientId)}`, body),
  deleteCoefficient: (coefficientId: string) => api.delete<{ id: string }>(`/costr/coefficients/${id(coefficientId)}`),
  rules: () => api.get<ComplianceRule[]>("/costr/compliance-rules"),
  createRule: (body: ComplianceRuleBody) => api.post<ComplianceRule>("/costr/compliance-rules", body),
  updateRule: (ruleId: string, body: ComplianceRuleBody) =>
    api.put<ComplianceRule>(`/costr/compliance-rules/${id(ruleId)}`, body),
  deleteRule: (ruleId: string) => api.delete<{ id: string }>(`/costr/compliance-rules/${id(ruleId)}`),
  settings: () => api.get<CostrSettings>("/costr/settings"),
  saveSettings: (body: CostrSettings) => api.put<CostrSettings>("/costr/settings", body),
};

/** A change to one of the references: errors as a localized toast, the list read again on success. */
export function useReferenceChange<A>(
  key: readonly string[],
  change: (arg: A) => Promise<unknown>,
  done?: () => void,
  refused: (error: unknown) => void = notifyError,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      done?.();
    },
    onError: refused,
  });
}
