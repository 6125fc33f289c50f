import type {
  AnalyticsMeasure,
  AnalyticsPeriod,
  AnalyticsSeries,
  AnalyticsStats,
  AnalyticsWorkSet,
  AnalyticsWorks,
} from "@planum/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../shared/api-client";
import { useRealtimeEvents } from "../realtime";

export const analyticsKeys = {
  all: (spaceId: string) => ["space", spaceId, "analytics"] as const,
  series: (spaceId: string, scheduleId: string, measure: string, period: string, cumulative: boolean) =>
    ["space", spaceId, "analytics", "series", scheduleId, measure, period, cumulative] as const,
  stats: (spaceId: string, scheduleId: string) => ["space", spaceId, "analytics", "stats", scheduleId] as const,
  works: (spaceId: string, scheduleId: string, set: string) =>
    ["space", spaceId, "analytics", "works", scheduleId, set] as const,
};

export function useScheduleSeries(
  spaceId: string,
  scheduleId: string | null,
  measure: AnalyticsMeasure,
  period: AnalyticsPeriod,
  cumulative: boolean,
) {
  return useQuery({
    queryKey: analyticsKeys.series(spaceId, scheduleId ?? "", measure, period, cumulative),
    queryFn: () =>
      api.get<AnalyticsSeries>(
        `/analytics/schedule/${scheduleId}/series?measure=${measure}&period=${period}&cumulative=${cumulative}`,
      ),
    enabled: scheduleId !== null,
    placeholderData: (previous) => previous,
  });
}

export function useScheduleStats(spaceId: string, scheduleId: string | null) {
  return useQuery({
    queryKey: analyticsKeys.stats(spaceId, scheduleId ?? ""),
    queryFn: () => api.get<AnalyticsStats>(`/analytics/schedule/${scheduleId}/stats`),
    enabled: scheduleId !== null,
  });
}

export function useWorksBehind(spaceId: string, scheduleId: string, set: AnalyticsWorkSet | null) {
  return useQuery({
    queryKey: analyticsKeys.works(spaceId, scheduleId, set ?? ""),
    queryFn: () => api.get<AnalyticsWorks>(`/analytics/schedule/${scheduleId}/works?set=${set}`),
    enabled: set !== null,
  });
}

/**
 * Analytics follow the server's count: `schedule_indicator_calculate` says a version's figures were counted again
 * (after plans, facts or dates changed), so every analytics read of the space is read again.
 */
export function useAnalyticsLive(spaceId: string) {
  const client = useQueryClient();
  useRealtimeEvents((event) => {
    if (event.spaceId === spaceId && event.type === "schedule_indicator_calculate")
      void client.invalidateQueries({ queryKey: analyticsKeys.all(spaceId) });
  });
}
