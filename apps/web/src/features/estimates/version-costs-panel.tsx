import { Button, Group, Paper, Select, Stack, Text } from "@mantine/core";
import type { EstimateCostsResult, ScheduleDto, Version } from "@planum/contracts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api, apiRequest } from "../../shared/api-client";
import { notifyError, notifySuccess, notifyWarning } from "../../ui/notify";

const versionUrl = (id: string) => `/versions/${encodeURIComponent(id)}`;

/** The schedule and version of the project the estimates are linked and carried to: the first schedule's current. */
export function useChosenVersion(projectId: string) {
  const schedules = useQuery({
    queryKey: ["projects", projectId, "schedules"],
    queryFn: () => api.get<ScheduleDto[]>(`/projects/${encodeURIComponent(projectId)}/schedules`),
  });
  const [scheduleId, setScheduleId] = useState<string | null>(null);
  const schedule = scheduleId ?? schedules.data?.[0]?.id ?? null;
  const versions = useQuery({
    queryKey: ["schedules", schedule, "versions"],
    queryFn: () => api.get<Version[]>(`/schedules/${encodeURIComponent(schedule ?? "")}/versions`),
    enabled: Boolean(schedule),
  });
  const [versionId, setVersionId] = useState<string | null>(null);
  const sorted = [...(versions.data ?? [])].sort((a, b) => Number(b.kind === "actual") - Number(a.kind === "actual"));
  const version = versionId && sorted.some((v) => v.id === versionId) ? versionId : (sorted[0]?.id ?? null);
  return {
    schedules: schedules.data ?? [],
    schedule,
    setSchedule: (id: string | null) => {
      setScheduleId(id);
      setVersionId(null);
    },
    versions: sorted,
    version,
    setVersion: setVersionId,
  };
}

export type ChosenVersion = ReturnType<typeof useChosenVersion>;

/**
 * Carrying the project's estimates into a schedule (spec §7 Versions): the schedule and version chosen, then update
 * costs (works' planned figures and their work-done plans), only the estimated data, or clear the version's
 * estimates. Each answers with a toast (spec §8 "cost update success or error").
 */
export function VersionCostsPanel({ chosen, format }: { chosen: ChosenVersion; format(x: number): string }) {
  const { t } = useTranslation("estimates");
  const { version } = chosen;
  const carried = (result: EstimateCostsResult) => {
    notifySuccess(
      t("costs.carried", { count: result.works, cost: format(result.cost) }) +
        (result.withoutPlan ? ` ${t("costs.withoutPlan", { count: result.withoutPlan })}` : ""),
      { long: true },
    );
    // spec §8 "missing volume codes": the first two named, then "and N more"
    const missing = result.missingVolumeCodes;
    if (missing.length > 0)
      notifyWarning(
        t("costs.missingVolumeCodes", { codes: missing.slice(0, 2).join(", ") }) +
          (missing.length > 2 ? ` ${t("costs.andMore", { count: missing.length - 2 })}` : ""),
      );
  };
  const update = useMutation({
    mutationFn: (plans: boolean) =>
      plans
        ? api.post<EstimateCostsResult>(`${versionUrl(version ?? "")}/update-costs`, {})
        : apiRequest<EstimateCostsResult>(`${versionUrl(version ?? "")}/update/estimated-data`, {
            method: "PATCH",
            body: {},
          }),
    onSuccess: carried,
    onError: notifyError,
  });
  const clear = useMutation({
    mutationFn: () => api.post<{ links: number }>(`${versionUrl(version ?? "")}/wbs/clear-estimates`, {}),
    onSuccess: (result) => notifySuccess(t("costs.cleared", { count: result.links }), { long: true }),
    onError: notifyError,
  });
  if (chosen.schedules.length === 0) return null;
  const busy = update.isPending || clear.isPending;
  return (
    <Paper withBorder p="sm" data-testid="version-costs">
      <Stack gap="xs">
        <Text fw={600}>{t("costs.title")}</Text>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Select
            label={t("costs.schedule")}
            w={240}
            allowDeselect={false}
            value={chosen.schedule}
            onChange={chosen.setSchedule}
            data={chosen.schedules.map((s) => ({ value: s.id, label: s.name }))}
          />
          <Select
            label={t("costs.version")}
            w={240}
            allowDeselect={false}
            value={version}
            onChange={chosen.setVersion}
            data={chosen.versions.map((v) => ({
              value: v.id,
              label: v.kind === "actual" ? `${v.label} (${t("costs.current")})` : v.label,
            }))}
          />
        </Group>
        <Group gap="xs" wrap="wrap">
          <Button
            disabled={!version || busy}
            loading={update.isPending && update.variables}
            onClick={() => update.mutate(true)}
          >
            {t("costs.update")}
          </Button>
          <Button
            variant="light"
            disabled={!version || busy}
            loading={update.isPending && !update.variables}
            onClick={() => update.mutate(false)}
          >
            {t("costs.estimatedData")}
          </Button>
          <Button
            variant="subtle"
            color="red"
            disabled={!version || busy}
            loading={clear.isPending}
            onClick={() => clear.mutate()}
          >
            {t("costs.clear")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
