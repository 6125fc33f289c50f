import {
  decodeUsage,
  type UsageColumns,
  type UsageGrouping,
  type UsageScale,
  type UsageWire,
  type UsageWork,
} from "@planum/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shared/api-client";
import { useRealtimeEvents } from "../../realtime";

/** What the usage view asks: the page's query parameters (spec §2 `resources/{id?}`) and its own choices. */
export interface UsageAsk {
  scale: UsageScale;
  by: UsageGrouping;
  resourceId?: string;
  filter?: string;
  /** The page's `target`: version ids whose assignments count; none = each schedule's actual version. */
  versions?: string[];
}

function usageSearch(ask: UsageAsk) {
  const q = new URLSearchParams({ scale: ask.scale, by: ask.by });
  if (ask.resourceId) q.set("resourceId", ask.resourceId);
  if (ask.filter) q.set("filter", ask.filter);
  if (ask.versions && ask.versions.length > 0) q.set("versions", ask.versions.join(","));
  return q.toString();
}

export const usageKeys = {
  all: (spaceId: string) => ["resource-usage", spaceId] as const,
  usage: (spaceId: string, ask: UsageAsk) => ["resource-usage", spaceId, usageSearch(ask)] as const,
  works: (spaceId: string, rowId: string, by: UsageGrouping, from: string, to: string, versions: string) =>
    ["resource-usage", spaceId, "works", rowId, by, from, to, versions] as const,
};

export function useUsage(spaceId: string, ask: UsageAsk, enabled = true) {
  return useQuery({
    queryKey: usageKeys.usage(spaceId, ask),
    enabled,
    queryFn: async (): Promise<UsageColumns> =>
      decodeUsage(await api.get<UsageWire>(`/resource/usage?${usageSearch(ask)}`)),
    // A new scale or filter keeps the old picture until the new one arrives (no flash of a spinner).
    placeholderData: keepPreviousData,
  });
}

/** One version's resource Gantt (`GET /versions/{id}/resource-gantt`): the resources its assignments use. */
export function useVersionResourceGantt(spaceId: string, versionId: string, ask: Pick<UsageAsk, "scale" | "by">) {
  const search = new URLSearchParams({ scale: ask.scale, by: ask.by }).toString();
  return useQuery({
    // under the space's usage key, so the events that refresh usage refresh it too
    queryKey: [...usageKeys.all(spaceId), "version", versionId, search],
    queryFn: async (): Promise<UsageColumns> =>
      decodeUsage(await api.get<UsageWire>(`/versions/${versionId}/resource-gantt?${search}`)),
    placeholderData: keepPreviousData,
  });
}

/** The works behind a bar: a row (resource, group or specialty) over the bar's days "YYYY-MM-DD" (both included). */
export function useBarWorks(
  spaceId: string,
  bar: { rowId: string; by: UsageGrouping; from: string; to: string } | null,
  versions: readonly string[] | undefined,
) {
  const list = (versions ?? []).join(",");
  return useQuery({
    queryKey: usageKeys.works(spaceId, bar?.rowId ?? "", bar?.by ?? "resource", bar?.from ?? "", bar?.to ?? "", list),
    enabled: bar !== null,
    queryFn: () => {
      const q = new URLSearchParams({ by: bar?.by ?? "resource", from: bar?.from ?? "", to: bar?.to ?? "" });
      if (list) q.set("versions", list);
      return api.get<UsageWork[]>(`/resource/${bar?.rowId}/wbs-by-assignment?${q}`);
    },
  });
}

/** Usage follows assignments, the directory, calendars, works' dates and calculations, whoever changed them. */
export function useUsageLive(spaceId: string) {
  const queryClient = useQueryClient();
  useRealtimeEvents((event) => {
    if (event.spaceId !== spaceId) return;
    if (
      event.type === "assignment_created" ||
      event.type === "assignments_updated" ||
      event.type === "resources_updated" ||
      event.type === "calendars_updated" ||
      event.type === "timetable_calculate" ||
      event.type === "wbs_updated" ||
      event.type === "versions_changed" ||
      event.type === "delete_versions"
    )
      void queryClient.invalidateQueries({ queryKey: usageKeys.all(spaceId) });
  });
}
