import type { CostCurves, CurvedSetting, CurvedSettingBody } from "@planum/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../shared/api-client";
import { analyticsKeys } from "./analytics-api";

const curvedKey = (spaceId: string) => ["space", spaceId, "analytics-curved"] as const;

/** The caller's cost chart of the space (which curves, period, cumulative). */
export function useCurvedSetting(spaceId: string) {
  return useQuery({
    queryKey: curvedKey(spaceId),
    queryFn: () => api.get<CurvedSetting>("/analytics/setting/curved"),
  });
}

export function useSaveCurvedSetting(spaceId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CurvedSettingBody) => api.post<CurvedSetting>("/analytics/setting/curved", body),
    onSuccess: (saved) => client.setQueryData(curvedKey(spaceId), saved),
  });
}

/** The curves of the setting at a level (`…/custom-cost`); under `analytics` so a recount refreshes them. */
export function useCostCurves(spaceId: string, base: string | null, setting: CurvedSettingBody | undefined) {
  return useQuery({
    queryKey: [...analyticsKeys.all(spaceId), "cost-curves", base ?? "", JSON.stringify(setting ?? null)],
    queryFn: () => api.post<CostCurves>(`${base}/custom-cost`, setting),
    enabled: base !== null && setting !== undefined && setting.curves.length > 0,
    placeholderData: (previous) => previous,
  });
}
