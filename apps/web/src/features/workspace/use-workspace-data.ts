import type { Version } from "@planum/contracts";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import { useLinkedValues, useVersionDirectories } from "../directories";
import { toGanttData } from "./gantt-payload";
import { withTargetBaseline } from "./layout-view";
import { withLinkedColumns } from "./linked-columns";
import { riskApi, riskKeys } from "./risk/risk-api";
import { withRiskColumns } from "./risk/risk-columns";
import { orderVersions, pickVersion } from "./version-order";
import { workspaceApi, workspaceKeys } from "./workspace-api";

/**
 * Everything the workspace page reads: the schedule, its versions, the open version's Gantt payload. With the
 * `target` query parameter naming another version of the schedule, the baseline bars are that version's dates.
 */
export function useWorkspaceData(scheduleId: string) {
  const [params, setParams] = useSearchParams();
  const schedule = useQuery({
    queryKey: workspaceKeys.schedule(scheduleId),
    queryFn: () => workspaceApi.schedule(scheduleId),
  });
  const versions = useQuery({
    queryKey: workspaceKeys.versions(scheduleId),
    queryFn: () => workspaceApi.versions(scheduleId),
    enabled: schedule.isSuccess,
  });
  const attributes = useQuery({
    queryKey: workspaceKeys.attributes(scheduleId),
    queryFn: () => workspaceApi.attributes(scheduleId),
    enabled: schedule.isSuccess,
    // attribute columns are a bonus: the Gantt works without them
    meta: { silentError: true },
    retry: false,
  });
  const list = useMemo(() => orderVersions(versions.data ?? []), [versions.data]);
  const version: Version | null = pickVersion(list, params.get("version"));
  const gantt = useQuery({
    queryKey: workspaceKeys.gantt(version?.id ?? ""),
    queryFn: () => workspaceApi.gantt(version!.id),
    enabled: version !== null && (attributes.isSuccess || attributes.isError),
  });
  const { spaceId = "" } = useParams();
  const directories = useVersionDirectories(spaceId, version?.id ?? null);
  const linkedValues = useLinkedValues(spaceId, version?.id ?? null);
  const targetId = params.get("target");
  const target: Version | null = list.find((v) => v.id === targetId && v.id !== version?.id) ?? null;
  const targetGantt = useQuery({
    queryKey: workspaceKeys.gantt(target?.id ?? ""),
    queryFn: () => workspaceApi.gantt(target!.id),
    enabled: target !== null,
  });
  // The three-point durations of the risk analysis, offered as grid columns; the Risk tab shares this query.
  const risk = useQuery({
    queryKey: riskKeys.inputs(version?.id ?? ""),
    queryFn: () => riskApi.inputs(version!.id),
    enabled: version !== null,
    meta: { silentError: true },
    retry: false,
  });
  const { t } = useTranslation("workspace");
  const data = useMemo(() => {
    if (!gantt.data) return null;
    const linked = withLinkedColumns(
      toGanttData(gantt.data, attributes.data ?? []),
      directories.data?.directories,
      linkedValues.data,
    );
    const own = withRiskColumns(linked, risk.data, {
      min: t("risk.columns.min"),
      likely: t("risk.columns.likely"),
      max: t("risk.columns.max"),
    });
    return target && targetGantt.data ? withTargetBaseline(own, targetGantt.data) : own;
  }, [gantt.data, attributes.data, directories.data, linkedValues.data, risk.data, t, target, targetGantt.data]);

  const selectVersion = (id: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set("version", id);
        return next;
      },
      { replace: true },
    );

  const setParam = (name: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  return {
    schedule,
    versions,
    list,
    version,
    gantt,
    data,
    riskInputs: risk.data,
    selectVersion,
    params,
    setParam,
    target,
    targetId,
  };
}
