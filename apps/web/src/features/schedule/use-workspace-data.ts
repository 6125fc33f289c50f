import type { Version } from "@planum/contracts";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { toGanttData } from "./gantt-payload";
import { scheduleApi, scheduleKeys } from "./schedule-api";
import { orderVersions, pickVersion } from "./version-order";

/** Everything the workspace page reads: the schedule, its versions, the open version's Gantt payload. */
export function useWorkspaceData(scheduleId: string) {
  const [params, setParams] = useSearchParams();
  const schedule = useQuery({
    queryKey: scheduleKeys.schedule(scheduleId),
    queryFn: () => scheduleApi.schedule(scheduleId),
  });
  const versions = useQuery({
    queryKey: scheduleKeys.versions(scheduleId),
    queryFn: () => scheduleApi.versions(scheduleId),
    enabled: schedule.isSuccess,
  });
  const attributes = useQuery({
    queryKey: scheduleKeys.attributes(scheduleId),
    queryFn: () => scheduleApi.attributes(scheduleId),
    enabled: schedule.isSuccess,
    // attribute columns are a bonus: the Gantt works without them
    meta: { silentError: true },
    retry: false,
  });
  const list = useMemo(() => orderVersions(versions.data ?? []), [versions.data]);
  const version: Version | null = pickVersion(list, params.get("version"));
  const gantt = useQuery({
    queryKey: scheduleKeys.gantt(version?.id ?? ""),
    queryFn: () => scheduleApi.gantt(version!.id),
    enabled: version !== null && (attributes.isSuccess || attributes.isError),
  });
  const data = useMemo(
    () => (gantt.data ? toGanttData(gantt.data, attributes.data ?? []) : null),
    [gantt.data, attributes.data],
  );

  const selectVersion = (id: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set("version", id);
        return next;
      },
      { replace: true },
    );

  return { schedule, versions, list, version, gantt, data, selectVersion, params };
}
