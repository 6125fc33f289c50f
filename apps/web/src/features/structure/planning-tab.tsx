import { Alert, Button, Group, Select, Skeleton, Switch, Table, Text } from "@mantine/core";
import {
  type CalculateSettings,
  createDaysFormat,
  type EpsRow,
  toLanguage,
  type WdpProgress,
  type WdpProgressRow,
  type WdpProgressSum,
} from "@planum/contracts";
import { IconCalculator, IconGauge } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api, apiRequest } from "../../shared/api-client";
import { notifyError } from "../../ui/notify";
import { useRealtimeEvents } from "../realtime";
import { useNodeSchedules } from "./node-schedules";

const keys = {
  /** Under the daily planning tab's prefix, so the same events refresh both. */
  all: (spaceId: string) => ["space", spaceId, "wdp"] as const,
  version: (spaceId: string, scheduleId: string) => ["space", spaceId, "wdp", "info", scheduleId] as const,
  settings: (spaceId: string, scheduleId: string) => ["space", spaceId, "wdp", "calc-settings", scheduleId] as const,
  progress: (spaceId: string, versionId: string) => ["space", spaceId, "wdp", "progress", versionId] as const,
};

/** "YYYY-MM-DDTHH:mm" → the spec's DD.MM.YYYY HH:mm. */
const shown = (text: string | null) =>
  text ? `${text.slice(8, 10)}.${text.slice(5, 7)}.${text.slice(0, 4)} ${text.slice(11, 16)}` : "";

/**
 * The node panel's planning tab (spec §2, `planning`): for a schedule of the node, how its works' facts make their
 * progress — the scenario that measures each work (spec §3), plan and fact of that quantity, % complete, actual
 * dates, remaining duration by the scenario and by the measured intensity — with the choice of remaining by
 * intensity per work or for all (spec §7 calculate-remains-duration-by-intensity) and a calculation that applies it.
 */
export function PlanningTab({ spaceId, node }: { spaceId: string; node: EpsRow }) {
  const { t, i18n } = useTranslation("structure");
  const { schedules, loading } = useNodeSchedules(spaceId, node);
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const scheduleId = chosen ?? schedules[0]?.id ?? null;
  const client = useQueryClient();
  useRealtimeEvents((event) => {
    if (event.spaceId === spaceId && (event.type === "wdp_updated" || event.type === "timetable_calculate"))
      void client.invalidateQueries({ queryKey: keys.all(spaceId) });
  });
  const info = useQuery({
    queryKey: keys.version(spaceId, scheduleId ?? ""),
    queryFn: () => api.get<{ versionId: string }>(`/schedules/${scheduleId}/actual/info`),
    enabled: scheduleId !== null,
  });
  const settings = useQuery({
    queryKey: keys.settings(spaceId, scheduleId ?? ""),
    queryFn: () => api.get<CalculateSettings>(`/schedules/${scheduleId}/calculate-settings`),
    enabled: scheduleId !== null,
  });
  const versionId = info.data?.versionId;
  const progress = useQuery({
    queryKey: keys.progress(spaceId, versionId ?? ""),
    queryFn: () => api.get<WdpProgress>(`/versions/${versionId}/wdp/progress`),
    enabled: Boolean(versionId),
  });
  const locale = toLanguage(i18n.language) ?? "en";
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const days = createDaysFormat(locale);

  if (loading) return <Skeleton h={120} />;
  if (schedules.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t("schedules.none")}
      </Text>
    );

  const scenarioName = (n: number) =>
    t("planning.scenarioOption", { n, name: t(`workspace:calcSettings.scenarios.${n}`) });
  /** Runs a change, then the version's calculation that applies progress; the tables follow its events. */
  const run = async (change?: () => Promise<unknown>) => {
    if (!versionId) return;
    setBusy(true);
    try {
      if (change) await change();
      await apiRequest(`/versions/${versionId}/timetable/calculate/synchronous`, { method: "PATCH" });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
      await client.invalidateQueries({ queryKey: keys.all(spaceId) });
    }
  };
  const byIntensity = (itemIds: number[], on: boolean) =>
    run(() =>
      apiRequest(`/versions/${versionId}/calculate-remains-duration-by-intensity`, {
        method: "PATCH",
        body: { itemIds, byIntensity: on },
      }),
    );
  const rows = progress.data?.rows ?? [];
  const sums = progress.data?.sums ?? [];
  /** Done of planned, in the summary's unit for volume; "—" where the works' units differ. */
  const sumCell = (s: WdpProgressSum, m: "volume" | "labour" | "cost") => {
    const planned = s.planned[m];
    const done = s.actual[m];
    if (planned === null || done === null) return "—";
    const text = t("planning.doneOfPlanned", { done: number.format(done), planned: number.format(planned) });
    return m === "volume" && s.unit ? `${text} ${s.unit}` : text;
  };
  const quantity = (r: WdpProgressRow, which: "planned" | "actual") =>
    r.measure ? `${number.format(r[which][r.measure])}${r.measure === "volume" && r.unit ? ` ${r.unit}` : ""}` : "";

  return (
    <>
      <Group align="flex-end" mb="sm" wrap="wrap">
        <Select
          label={t("schedules.name")}
          data={schedules.map((s) => ({ value: s.id, label: s.name }))}
          value={scheduleId}
          onChange={setChosen}
          allowDeselect={false}
          w={{ base: "100%", xs: 280 }}
        />
        <Button leftSection={<IconCalculator size={16} />} onClick={() => run()} loading={busy} disabled={!versionId}>
          {t("planning.calculate")}
        </Button>
        <Button
          variant="light"
          leftSection={<IconGauge size={16} />}
          onClick={() =>
            byIntensity(
              rows.filter((r) => r.status === "in_progress").map((r) => r.itemId),
              true,
            )
          }
          disabled={busy || !rows.some((r) => r.status === "in_progress" && !r.byIntensity && r.intensity !== null)}
        >
          {t("planning.applyAll")}
        </Button>
      </Group>
      {settings.data ? (
        <Text size="sm" mb={4}>
          {t("planning.scenario", { name: scenarioName(settings.data.scenario) })}
          {" · "}
          {t("planning.quantities", {
            volume: settings.data.volumeScenario,
            labour: settings.data.labourScenario,
            cost: settings.data.costScenario,
          })}
        </Text>
      ) : null}
      {progress.data ? (
        <Text size="sm" c="dimmed" mb="sm">
          {t("planning.asOf", { date: shown(progress.data.asOf), days: progress.data.intensityDays })}
        </Text>
      ) : null}
      {progress.data && !progress.data.applied ? (
        <Alert color="yellow" mb="sm" title={t("planning.noDataDateTitle")}>
          {t("planning.noDataDate")}
        </Alert>
      ) : null}
      {progress.isPending && versionId ? (
        <Skeleton h={120} />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("planning.empty")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={880}>
          <Table striped highlightOnHover aria-label={t("tabs.planning")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("wdp.code")}</Table.Th>
                <Table.Th>{t("wdp.name")}</Table.Th>
                <Table.Th>{t("planning.by")}</Table.Th>
                <Table.Th ta="right">{t("wdp.planTotal")}</Table.Th>
                <Table.Th ta="right">{t("wdp.factTotal")}</Table.Th>
                <Table.Th ta="right">{t("planning.percent")}</Table.Th>
                <Table.Th>{t("planning.actualDates")}</Table.Th>
                <Table.Th ta="right">{t("planning.remaining")}</Table.Th>
                <Table.Th ta="right">{t("planning.remainingByIntensity")}</Table.Th>
                <Table.Th>{t("planning.useIntensity")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.itemId} data-item={r.itemId}>
                  <Table.Td>{r.code}</Table.Td>
                  <Table.Td>{r.name}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{r.measure ? t(`wdp.measures.${r.measure}`) : ""}</Text>
                    <Text size="xs" c="dimmed">
                      {scenarioName(r.scenario)} · {t(`wdp:distribute.modes.${r.mode}`)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{quantity(r, "planned")}</Table.Td>
                  <Table.Td ta="right">{quantity(r, "actual")}</Table.Td>
                  <Table.Td ta="right" data-percent>
                    {number.format(r.percentComplete)}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    <Text size="sm">{shown(r.actualStart)}</Text>
                    {r.actualFinish ? <Text size="sm">{shown(r.actualFinish)}</Text> : null}
                  </Table.Td>
                  <Table.Td ta="right" fw={r.byIntensity ? undefined : 600} style={{ whiteSpace: "nowrap" }}>
                    {t("planning.daysValue", { value: days(r.remaining, r.minutesPerDay) })}
                  </Table.Td>
                  <Table.Td ta="right" fw={r.byIntensity ? 600 : undefined} style={{ whiteSpace: "nowrap" }}>
                    {r.remainingByIntensity === null
                      ? "—"
                      : t("planning.daysValue", { value: days(r.remainingByIntensity, r.minutesPerDay) })}
                    {r.intensity === null ? null : (
                      <Text size="xs" c="dimmed" fw={400}>
                        {t("planning.perDay", { value: number.format(r.intensity) })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={t("planning.useIntensityFor", { code: r.code })}
                      checked={r.byIntensity}
                      disabled={busy || r.status !== "in_progress" || (r.intensity === null && !r.byIntensity)}
                      onChange={(e) => byIntensity([r.itemId], e.currentTarget.checked)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {sums.length > 0 ? (
        <>
          <Text fw={600} size="sm" mt="md" mb={4}>
            {t("planning.sumsTitle")}
          </Text>
          <Table.ScrollContainer minWidth={640}>
            <Table striped aria-label={t("planning.sumsTitle")}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("wdp.code")}</Table.Th>
                  <Table.Th>{t("wdp.name")}</Table.Th>
                  <Table.Th ta="right">{t("wdp.measures.volume")}</Table.Th>
                  <Table.Th ta="right">{t("wdp.measures.labour")}</Table.Th>
                  <Table.Th ta="right">{t("wdp.measures.cost")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sums.map((s) => (
                  <Table.Tr key={s.itemId} data-sum={s.itemId}>
                    <Table.Td>{s.code}</Table.Td>
                    <Table.Td>{s.name}</Table.Td>
                    {(["volume", "labour", "cost"] as const).map((m) => (
                      <Table.Td key={m} ta="right" data-measure={m} style={{ whiteSpace: "nowrap" }}>
                        {sumCell(s, m)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      ) : null}
    </>
  );
}
