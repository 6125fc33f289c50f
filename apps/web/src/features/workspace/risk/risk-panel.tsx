import {
  Alert,
  Button,
  Grid,
  Group,
  Loader,
  MultiSelect,
  NumberInput,
  Progress,
  Select,
  Table,
  Text,
} from "@mantine/core";
import type { GanttData, RiskRun } from "@planum/contracts";
import { IconPlayerPlay } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { shownDate } from "../../../shared/date-format";
import { notifyError } from "../../../ui/notify";
import { useRealtimeEvents } from "../../realtime";
import { riskApi, riskKeys } from "./risk-api";
import { RiskDistributionChart, RiskTornadoChart } from "./risk-charts";
import { RiskInputsPanel } from "./risk-inputs";

interface RiskPanelProps {
  versionId: string;
  data: GanttData;
  active: number | null;
  selected: number[];
  readOnly: boolean;
  /** Selects these works in the Gantt (the critical ones of a run). */
  onSelectWorks: (ids: number[]) => void;
}

/** Gantt type codes of the rows that have a duration to draw: task (1) and work (2). */
const DRAWABLE = new Set([1, 2]);
/** Gantt type codes of milestones (start 3, finish 4): the dates a run can follow besides the project's finish. */
const MILESTONES = new Set([3, 4]);
const PERCENTILES = ["deterministic", "p10", "p50", "p80", "p90", "mean"] as const;

/**
 * The risk tab (issue 21): inputs (the active work's three-point estimate, a rule for the others, risk events and
 * correlation groups of the checked works), a run as a job with its progress, and a run's result — finish
 * percentiles, histogram with the cumulative curve (another run dashed to compare), the tornado and the works most
 * often critical.
 */
export function RiskPanel({ versionId, data, active, selected, readOnly, onSelectWorks }: RiskPanelProps) {
  const { t, i18n } = useTranslation("workspace");
  const queryClient = useQueryClient();
  const inputs = useQuery({ queryKey: riskKeys.inputs(versionId), queryFn: () => riskApi.inputs(versionId) });
  const runs = useQuery({ queryKey: riskKeys.runs(versionId), queryFn: () => riskApi.runs(versionId) });
  const [shown, setShown] = useState<string | null>(null);
  const [compared, setCompared] = useState<string | null>(null);
  const [iterations, setIterations] = useState<number | null>(null);
  const [seed, setSeed] = useState<number | null>(null);
  const [progress, setProgress] = useState<{ runId: string; percent: number } | null>(null);

  const latest = runs.data?.find((r) => r.status === "completed")?.id ?? null;
  const runId = shown ?? latest;
  const run = useQuery({
    queryKey: riskKeys.run(versionId, runId ?? ""),
    queryFn: () => riskApi.run(versionId, runId!),
    enabled: runId !== null,
  });
  const other = useQuery({
    queryKey: riskKeys.run(versionId, compared ?? ""),
    queryFn: () => riskApi.run(versionId, compared!),
    enabled: compared !== null,
  });
  const running = runs.data?.find((r) => r.status === "queued" || r.status === "running") ?? null;

  useRealtimeEvents((event) => {
    if (event.type !== "risk_run" || event.versionId !== versionId) return;
    setProgress(
      event.status === "running" || event.status === "queued" ? { runId: event.runId, percent: event.progress } : null,
    );
    if (event.status !== "running") void queryClient.invalidateQueries({ queryKey: riskKeys.runs(versionId) });
    if (event.status === "completed") setShown(event.runId);
  });

  const activeWork = useMemo(() => {
    if (active === null) return null;
    const at = data.ids.indexOf(active);
    if (at < 0 || !DRAWABLE.has(data.type[at])) return null;
    return { id: active, code: data.code[at], name: data.name[at], duration: data.duration[at] };
  }, [active, data]);
  const works = useMemo(() => new Set(data.ids.filter((_, k) => DRAWABLE.has(data.type[k]))), [data]);
  const checked = useMemo(() => selected.filter((id) => works.has(id)), [selected, works]);
  const milestones = useMemo(
    () =>
      data.ids
        .map((id, k) => ({ id, k }))
        .filter(({ k }) => MILESTONES.has(data.type[k]))
        .map(({ id, k }) => ({ value: String(id), label: [data.code[k], data.name[k]].filter(Boolean).join(" ") })),
    [data],
  );

  if (inputs.isError || runs.isError)
    return (
      <Text size="sm" c="red" p="sm">
        {t("risk.loadFailed")}
      </Text>
    );
  if (!inputs.data || !runs.data) return <Loader size="sm" m="sm" />;

  const settings = inputs.data.settings;
  // The milestones whose dates a run follows (P10…P90 of each), chosen here and kept with the version's settings.
  const track = (ids: string[]) =>
    riskApi
      .settings(versionId, { milestoneIds: ids.map(Number) })
      .then((next) => queryClient.setQueryData(riskKeys.inputs(versionId), next), notifyError);
  const start = () =>
    riskApi
      .start(versionId, { iterations: iterations ?? settings.iterations, seed: seed ?? settings.seed })
      // The run shows as queued in the list; its progress then comes with `risk_run` (it may even be over already).
      .then(() => queryClient.invalidateQueries({ queryKey: riskKeys.runs(versionId) }), notifyError);
  const when = (r: RiskRun) =>
    new Date(r.createdAt).toLocaleString(i18n.language, { dateStyle: "short", timeStyle: "short" });
  const runChoices = runs.data
    .filter((r) => r.status === "completed")
    .map((r) => ({ value: r.id, label: `${when(r)} · P80 ${r.p80 ? shownDate(r.p80) : "—"}` }));
  const result = run.data?.result ?? null;
  const compare = compared && compared !== runId ? (other.data?.result ?? null) : null;
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const percent = new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 0 });
  const failed = runs.data[0]?.status === "failed" ? runs.data[0] : null;

  return (
    <Grid gap="xs" p={4}>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <RiskInputsPanel
          versionId={versionId}
          inputs={inputs.data}
          active={activeWork}
          selected={checked}
          readOnly={readOnly}
          onChanged={(next) => queryClient.setQueryData(riskKeys.inputs(versionId), next)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Group gap={6} align="end" wrap="wrap" p="xs">
          <NumberInput
            size="xs"
            w={120}
            label={t("risk.iterations")}
            min={10}
            max={inputs.data.maxIterations}
            step={100}
            value={iterations ?? settings.iterations}
            onChange={(v) => setIterations(Number(v) || null)}
            data-testid="risk-iterations"
          />
          <NumberInput
            size="xs"
            w={100}
            label={t("risk.seed")}
            min={0}
            value={seed ?? settings.seed}
            onChange={(v) => setSeed(v === "" ? null : Number(v))}
          />
          <Button
            size="xs"
            leftSection={<IconPlayerPlay size={14} />}
            disabled={readOnly || running !== null}
            onClick={() => void start()}
            data-testid="risk-run"
          >
            {t("risk.run")}
          </Button>
          {running && (
            <Button
              size="xs"
              variant="default"
              onClick={() => void riskApi.stop(versionId, running.id).catch(notifyError)}
            >
              {t("risk.stop")}
            </Button>
          )}
        </Group>
        <MultiSelect
          size="xs"
          mx="xs"
          label={t("risk.milestones")}
          placeholder={settings.milestoneIds.length === 0 ? t("risk.milestonesNone") : undefined}
          data={milestones}
          value={settings.milestoneIds.map(String)}
          onChange={(ids) => void track(ids)}
          disabled={readOnly}
          searchable
          clearable
          maxValues={50}
          nothingFoundMessage={t("risk.milestonesNotFound")}
          data-testid="risk-milestones"
        />
        {running && (
          <Progress
            mx="xs"
            value={progress?.runId === running.id ? progress.percent : running.progress}
            animated
            aria-label={t("risk.running")}
            data-testid="risk-progress"
          />
        )}
        {failed && !running && (
          <Alert color="red" mx="xs" p={6}>
            {failed.error === "stopped" ? t("risk.stopped") : t("risk.failed", { error: failed.error ?? "" })}
          </Alert>
        )}
        {runChoices.length === 0 ? (
          <Text size="sm" c="dimmed" p="xs">
            {t("risk.noRuns")}
          </Text>
        ) : (
          <Group gap={6} px="xs" wrap="wrap">
            <Select
              size="xs"
              w={260}
              label={t("risk.runShown")}
              data={runChoices}
              value={runId}
              allowDeselect={false}
              onChange={setShown}
            />
            <Select
              size="xs"
              w={230}
              label={t("risk.compareWith")}
              data={runChoices.filter((c) => c.value !== runId)}
              value={compared}
              clearable
              onChange={setCompared}
            />
          </Group>
        )}
        {result && (
          <>
            <Table fz="xs" verticalSpacing={2} mx="xs" mt={4} data-testid="risk-percentiles">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th />
                  {PERCENTILES.map((p) => (
                    <Table.Th key={p}>{t(`risk.percentiles.${p}`)}</Table.Th>
                  ))}
                  <Table.Th>{t("risk.onTime")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[
                  { key: "shown", label: t("risk.finish"), r: result },
                  ...(compare ? [{ key: "compare", label: t("risk.compared"), r: compare }] : []),
                  ...result.milestones.map((m) => ({ key: `m${m.itemId}`, label: m.code || m.name, r: null, m })),
                ].map((row) => {
                  const d = "m" in row && row.m ? row.m : row.r!.finish;
                  return (
                    <Table.Tr key={row.key} data-testid={`risk-row-${row.key}`}>
                      <Table.Td fw={600}>{row.label}</Table.Td>
                      {PERCENTILES.map((p) => (
                        <Table.Td key={p} data-testid={`risk-${row.key}-${p}`} style={{ whiteSpace: "nowrap" }}>
                          {shownDate(d[p])}
                        </Table.Td>
                      ))}
                      <Table.Td>{percent.format(d.onTime)}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
            <Text size="xs" c="dimmed" px="xs">
              {t("risk.runFacts", {
                iterations: number.format(result.iterations),
                works: number.format(result.uncertainWorks),
                sd: number.format(result.finish.sdDays),
                seed: result.seed,
              })}
            </Text>
            <Grid gap="xs">
              <Grid.Col span={{ base: 12, md: 7 }}>
                <RiskDistributionChart
                  result={result}
                  compare={compare}
                  labels={{ count: t("risk.count"), cumulative: t("risk.cumulative"), compared: t("risk.compared") }}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }}>
                <Text size="xs" fw={600} px="xs">
                  {t("risk.tornado")}
                </Text>
                <RiskTornadoChart result={result} height={220} />
              </Grid.Col>
            </Grid>
            <Group gap="xs" px="xs" wrap="wrap">
              <Text size="xs" fw={600}>
                {t("risk.criticality")}
              </Text>
              {result.criticality.slice(0, 8).map((c) => (
                <Button key={c.itemId} size="compact-xs" variant="light" onClick={() => onSelectWorks([c.itemId])}>
                  {c.code || c.name} · {percent.format(c.index)}
                </Button>
              ))}
              {result.criticality.length > 0 && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => onSelectWorks(result.criticality.filter((c) => c.index >= 0.5).map((c) => c.itemId))}
                >
                  {t("risk.selectCritical")}
                </Button>
              )}
            </Group>
            {result.events.length > 0 && (
              <Text size="xs" px="xs" c="dimmed">
                {result.events.map((e) => `${e.name}: ${percent.format(e.share)}`).join(" · ")}
              </Text>
            )}
          </>
        )}
      </Grid.Col>
    </Grid>
  );
}
