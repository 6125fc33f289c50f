import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { orderVersions, pickVersion } from "../workspace/version-order";
import { workspaceApi, workspaceKeys } from "../workspace/workspace-api";
import { wdpApi, wdpKeys } from "./wdp-api";

/**
 * The schedule and version of a project that a work-done plan page shows, chosen by the URL (`?schedule=`,
 * `?version=`; the first schedule and the actual version by default), with a setter of one query parameter that
 * replaces the history entry. The grid and the phone page choose the same way.
 */
export function useScheduleChoice(projectId: string) {
  const [params, setParams] = useSearchParams();
  const setParam = useCallback(
    (name: string, value: string | null) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value === null || value === "") next.delete(name);
          else next.set(name, value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const schedules = useQuery({ queryKey: wdpKeys.schedules(projectId), queryFn: () => wdpApi.schedules(projectId) });
  const schedule = schedules.data?.find((s) => s.id === params.get("schedule")) ?? schedules.data?.[0] ?? null;
  const scheduleId = schedule?.id ?? "";
  const versions = useQuery({
    queryKey: workspaceKeys.versions(scheduleId),
    queryFn: () => workspaceApi.versions(scheduleId),
    enabled: scheduleId !== "",
  });
  const versionList = useMemo(() => orderVersions(versions.data ?? []), [versions.data]);
  const version = pickVersion(versionList, params.get("version"));
  return {
    params,
    setParam,
    schedules,
    schedule,
    scheduleId,
    versions,
    versionList,
    version,
    versionId: version?.id ?? "",
  };
}
