import type {
  AnalyticsMeasure,
  AnalyticsPeriod,
  AnalyticsSeries,
  AnalyticsStats,
  AnalyticsWorks,
  AnalyticsWorksQuery,
} from "@planum/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../shared/api-client";
import { useRealtimeEvents } from "../realtime";

export const analyticsKeys = {
  all: (spaceId: string) => ["space", spaceId, "analytics"] as const,
  series: (spaceId: string, base: string, measure: string, period: string, cumulative: boolean) =>
    ["space", spaceId, "analytics", "series", base, measure, period, cumulative] as const,
  stats: (spaceId: string, base: string) => ["space", spaceId, "analytics", "stats", base] as const,
  works: (spaceId: string, base: string, query: string) =>
    ["space", spaceId, "analytics", "works", base, query] as const,
  graph: (spaceId: string, base: string, period: string) =>
    ["space", spaceId, "analytics", "graph", base, period] as const,
  indicators: (spaceId: string, base: string) => ["space", spaceId, "analytics", "indicators", base] as const,
  health: (spaceId: string, nodeId: string) => ["space", spaceId, "analytics", "health", nodeId] as const,
  scoreboard: (spaceId: string, sort: string, order: string) =>
    ["space", spaceId, "analytics", "scoreboard", sort, order] as const,
  /** Apart from `all`: a recount does not change which dashboards a user keeps. */
  settings: (spaceId: string, nodeId: string) => ["space", spaceId, "analytics-settings", nodeId] as const,
};

/**
 * Where a dashboard reads: one schedule (its current version), or the roll-up of a structure node's schedules
 * (a project, a facility, an EPS node).
 */
export function analyticsBase(target: { scheduleId: string } | { node: { id: string; kind: string } }): string {
  if ("scheduleId" in target) return `/analytics/schedule/${target.scheduleId}`;
  if (target.node.kind === "project" || target.node.kind === "facility")
    return `/analytics/${target.node.kind}/${target.node.id}`;
  return `/eps/${target.node.id}/analytics`;
}

export function useAnalyticsSeries(
  spaceId: string,
  base: string | null,
  measure: AnalyticsMeasure,
  period: AnalyticsPeriod,
  cumulative: boolean,
) {
  return useQuery({
    queryKey: analyticsKeys.series(spaceId, base ?? "", measure, period, cumulative),
    queryFn: () =>
      api.get<AnalyticsSeries>(`${base}/series?measure=${measure}&period=${period}&cumulative=${cumulative}`),
    enabled: base !== null,
    placeholderData: (previous) => previous,
  });
}

export function useAnalyticsStats(spaceId: string, base: string | null) {
  return useQuery({
    queryKey: analyticsKeys.stats(spaceId, base ?? ""),
    queryFn: () => api.get<AnalyticsStats>(`${base}/stats`),
    enabled: base !== null,
  });
}

/** The works behind a figure: a count, an index behind schedule, or the days of a period of the curve. */
export function useWorksBehind(spaceId: string, base: string, query: AnalyticsWorksQuery | null) {
  const search = query
    ? new URLSearchParams(
        Object.entries(query)
          .filter(([, value]) => value !== undefined && value !== "")
          .map(([key, value]) => [key, String(value)]),
      ).toString()
    : "";
  return useQuery({
    queryKey: analyticsKeys.works(spaceId, base, search),
    queryFn: () => api.get<AnalyticsWorks>(`${base}/works?${search}`),
    enabled: query !== null,
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
    // a version's health is kept once its critical path test has run (or its thresholds changed)
    if (event.spaceId === spaceId && (event.type === "health_updated" || event.type === "health_thresholds_updated"))
      void client.invalidateQueries({ queryKey: ["space", spaceId, "analytics", "health"] });
  });
}
