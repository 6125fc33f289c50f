import {
  DEFAULT_RESOURCE_LAYOUT,
  type ResourceLayoutSettings,
  type ResourceLayoutSettingsBody,
  USAGE_GROUPINGS,
  USAGE_SCALES,
  type UsageGrouping,
  type UsageScale,
} from "@planum/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shared/api-client";
import { notifyError } from "../../../ui/notify";

const settingsKey = (spaceId: string) => ["resource-settings", spaceId] as const;

const pick = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  list.includes(value as T) ? (value as T) : fallback;

/**
 * How the usage view looks (spec §3 resource layout settings): the page's query parameters (`scale`, `by`,
 * `target`, `filter_indicator`) when the link names them, else the user's saved settings (`GET /resource/settings`).
 * A choice made on the screen goes into both, so a link keeps it and the next visit opens the same way.
 */
export function useUsageLayout(
  spaceId: string,
  params: URLSearchParams,
  setParam: (name: string, value: string | null) => void,
) {
  const queryClient = useQueryClient();
  const saved = useQuery({
    queryKey: settingsKey(spaceId),
    queryFn: () => api.get<ResourceLayoutSettings>("/resource/settings"),
  });
  const base = saved.data ?? DEFAULT_RESOURCE_LAYOUT;
  const layout: ResourceLayoutSettingsBody = {
    scale: pick<UsageScale>(USAGE_SCALES, params.get("scale"), base.scale),
    by: pick<UsageGrouping>(USAGE_GROUPINGS, params.get("by"), base.by),
    versions: params.has("target") ? (params.get("target") ?? "").split(",").filter(Boolean) : base.versions,
    filterIndicator: params.has("filter_indicator") ? params.get("filter_indicator") !== "false" : base.filterIndicator,
  };
  const save = useMutation({
    mutationFn: (body: ResourceLayoutSettingsBody) => api.put<ResourceLayoutSettings>("/resource/settings", body),
    onSuccess: (answer) => queryClient.setQueryData(settingsKey(spaceId), answer),
    onError: notifyError,
  });
  const forget = useMutation({
    mutationFn: () => api.delete<ResourceLayoutSettings>("/resource/settings"),
    onSuccess: (answer) => queryClient.setQueryData(settingsKey(spaceId), answer),
    onError: notifyError,
  });

  return {
    layout,
    /** Settings read (or failed: the defaults then), so the first usage asked is the one the user will see. */
    ready: !saved.isPending,
    saved: saved.data?.saved ?? false,
    change(patch: Partial<ResourceLayoutSettingsBody>) {
      const next = { ...layout, ...patch };
      if (patch.scale) setParam("scale", patch.scale);
      if (patch.by) setParam("by", patch.by);
      if (patch.versions) setParam("target", patch.versions.length > 0 ? patch.versions.join(",") : null);
      save.mutate(next);
    },
    reset() {
      for (const name of ["scale", "by", "target", "filter_indicator"]) setParam(name, null);
      forget.mutate();
    },
  };
}
