import {
  Badge,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import {
  ANALYTICS_MEASURES,
  ANALYTICS_PERIODS,
  type AnalyticsCount,
  type AnalyticsEarnedValue,
  type AnalyticsMeasure,
  type AnalyticsPeriod,
  type AnalyticsWorkSet,
  type AnalyticsWorksQuery,
  DASHBOARD_WIDGETS,
  type DashboardWidget,
  toLanguage,
} from "@planum/contracts";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { shownDate } from "../../shared/date-format";
import { analyticsBase, useAnalyticsLive, useAnalyticsSeries, useAnalyticsStats } from "./analytics-api";
import { CostCurvesWidget } from "./cost-curves-widget";
import { DashboardSettingsBar, useDashboardSettings } from "./dashboard-settings";
import { HealthWidget } from "./health-widget";
import { type IndicatorOwner, IndicatorsWidget } from "./indicators-widget";
import { NavigatorWidget } from "./navigator-widget";
import { ResourceLoadWidget } from "./resource-load-widget";
import { WorksBehindModal } from "./works-behind-modal";

/** ECharts (~400 kB) is loaded when a dashboard first draws a curve, not with the application. */
const SCurveChart = lazy(() => import("./s-curve-chart").then((m) => ({ default: m.SCurveChart })));

/** A schedule the dashboard can show (the node panel passes those of the node). */
export interface DashboardSchedule {
  id: string;
  name: string;
}

const DAY_MS = 86_400_000;
const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The days of a period of the curve: up to the next period's first day, or the period's own length for the last. */
function periodDays(periods: string[], index: number, period: AnalyticsPeriod): { from: string; to: string } {
  const from = periods[index] ?? "";
  const start = Date.parse(`${from}T00:00:00Z`);
  const next = periods[index + 1];
  if (next) return { from, to: isoOf(Date.parse(`${next}T00:00:00Z`) - DAY_MS) };
  if (period === "day") return { from, to: from };
  if (period === "week") return { from, to: isoOf(start + 6 * DAY_MS) };
  const first = new Date(start);
  return { from, to: isoOf(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)) };
}

/** Works a widget opens: what to ask the server and the list's title. */
type Opened = { query: AnalyticsWorksQuery; title: string };

/**
 * The node panel's analytics dashboard (spec §2: the panel's default tab): for the node's schedules rolled up, or one
 * of them, the S-curve
 * (plan, fact, forecast, target of money, cost, labour or volume; per day, week or month; cumulative or not), its
 * earned value figures and its works counted — each count opens the works behind it. Follows the server's counts
 * live (`schedule_indicator_calculate`).
 */
/** How the dashboard's curve is drawn. */
interface View {
  measure: AnalyticsMeasure;
  period: AnalyticsPeriod;
  cumulative: boolean;
}

/** The choice that rolls every schedule of the node up. */
const ALL = "all";

export function AnalyticsDashboard({
  spaceId,
  node,
  schedules,
  loading,
}: {
  spaceId: string;
  node: { id: string; kind: string };
  schedules: DashboardSchedule[];
  loading: boolean;
}) {
  const { t } = useTranslation("analytics");
  useAnalyticsLive(spaceId);
  const [chosen, setChosen] = useState<string | null>(null);
  // One schedule: its own figures; several: the node's roll-up first, each schedule on demand.
  const choice = chosen ?? (schedules.length > 1 ? ALL : (schedules[0]?.id ?? null));
  const scheduleId = choice === ALL ? null : choice;
  const base = choice === null ? null : analyticsBase(choice === ALL ? { node } : { scheduleId: choice });
  const settings = useDashboardSettings(spaceId, node.id);
  const active = settings.data?.find((s) => s.active) ?? null;
  // The active setting (or preset) says how the curve is drawn; the user's changes hold until another is chosen.
  const [changed, setChanged] = useState<(View & { of: string | null }) | null>(null);
  const view: View =
    changed && changed.of === (active?.id ?? null)
      ? changed
      : { measure: active?.measure ?? "cost", period: active?.period ?? "day", cumulative: active?.cumulative ?? true };
  const change = (part: Partial<View>) => setChanged({ ...view, ...part, of: active?.id ?? null });
  const { measure, period, cumulative } = view;
  const setMeasure = (value: AnalyticsMeasure) => change({ measure: value });
  const setPeriod = (value: AnalyticsPeriod) => change({ period: value });
  const setCumulative = (value: boolean) => change({ cumulative: value });
  // New indicators are the project's on a project's panel, else the schedule's shown (a node has none of its own).
  const owner: IndicatorOwner | null =
    node.kind === "project" ? { projectId: node.id } : scheduleId ? { scheduleId } : null;
  const widgets = new Set<DashboardWidget>(active?.widgets ?? DASHBOARD_WIDGETS);
  const series = useAnalyticsSeries(spaceId, base, measure, period, cumulative);
  const stats = useAnalyticsStats(spaceId, base);
  // The works behind a period of the curve or behind an index (the counts keep their own list).
  const [opened, setOpened] = useState<Opened | null>(null);
  const pickPeriod = (index: number) => {
    if (!series.data) return;
    const days = periodDays(series.data.periods, index, series.data.period);
    const title = days.from === days.to ? shownDate(days.from) : `${shownDate(days.from)} – ${shownDate(days.to)}`;
    setOpened({ query: { set: "in_period", ...days }, title });
  };

  if (loading) return <Skeleton h={240} />;
  if (!base)
    return (
      <Text size="sm" c="dimmed">
        {t("noSchedules")}
      </Text>
    );

  return (
    <Stack gap="md" data-testid="analytics-dashboard">
      <Group gap="sm" align="end" wrap="wrap">
        <DashboardSettingsBar
          spaceId={spaceId}
          nodeId={node.id}
          settings={settings.data ?? []}
          current={{ widgets: [...widgets], measure, period, cumulative }}
        />
        {schedules.length > 1 ? (
          <Select
            label={t("schedule")}
            data={[{ value: ALL, label: t("allSchedules") }, ...schedules.map((s) => ({ value: s.id, label: s.name }))]}
            value={choice}
            onChange={setChosen}
            allowDeselect={false}
            w={{ base: "100%", xs: 240 }}
          />
        ) : null}
        <Select
          label={t("measure")}
          data={ANALYTICS_MEASURES.map((m) => ({ value: m, label: t(`measures.${m}`) }))}
          value={measure}
          onChange={(value) => value && setMeasure(value as AnalyticsMeasure)}
          allowDeselect={false}
          w={{ base: "100%", xs: 200 }}
          data-testid="analytics-measure"
        />
        <SegmentedControl
          aria-label={t("period")}
          data={ANALYTICS_PERIODS.map((p) => ({ value: p, label: t(`periods.${p}`) }))}
          value={period}
          onChange={(value) => setPeriod(value as AnalyticsPeriod)}
        />
        <Switch
          label={t("cumulative")}
          checked={cumulative}
          onChange={(e) => setCumulative(e.currentTarget.checked)}
          mb={6}
        />
      </Group>
      {node.kind === "project" ? null : <NavigatorWidget spaceId={spaceId} nodeId={node.id} />}
      {widgets.has("s_curve") ? (
        <Paper withBorder radius="md" p="sm" data-testid="widget-s-curve">
          <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
            <Title order={3} fz="md">
              {t("curveTitle", { measure: t(`measures.${measure}`) })}
            </Title>
            {series.data ? (
              <Group gap="xs">
                {!series.data.fresh ? (
                  <Badge variant="light" color="yellow">
                    {t("stale")}
                  </Badge>
                ) : null}
                <Text size="sm" c="dimmed">
                  {t("statusDate", { date: shownDate(series.data.statusDate) })}
                </Text>
              </Group>
            ) : null}
          </Group>
          {!series.data ? (
            <Skeleton h={320} />
          ) : series.data.curves.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("noData")}
            </Text>
          ) : (
            <>
              <Suspense fallback={<Skeleton h={320} />}>
                <SCurveChart series={series.data} onPick={pickPeriod} />
              </Suspense>
              <Text size="xs" c="dimmed">
                {t("curvePick")}
              </Text>
            </>
          )}
        </Paper>
      ) : null}
      {widgets.has("cost_curves") ? <CostCurvesWidget spaceId={spaceId} base={base} /> : null}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {!widgets.has("earned_value") ? null : stats.data ? (
          <EarnedValueFigures
            ev={stats.data.earnedValue}
            onBehind={() => setOpened({ query: { set: "behind" }, title: t("figures.behind") })}
          />
        ) : (
          <Skeleton h={160} />
        )}
        {!widgets.has("counts") ? null : stats.data ? (
          <WorkCounts spaceId={spaceId} base={base} scheduleId={scheduleId} count={stats.data.count} />
        ) : (
          <Skeleton h={160} />
        )}
      </SimpleGrid>
      {widgets.has("indicators") ? (
        <IndicatorsWidget spaceId={spaceId} base={base} owner={owner} scheduleId={scheduleId} />
      ) : null}
      {widgets.has("resource_load") ? <ResourceLoadWidget spaceId={spaceId} base={base} period={period} /> : null}
      {widgets.has("health") ? (
        <HealthWidget spaceId={spaceId} nodeId={node.id} schedules={schedules} scheduleId={scheduleId} />
      ) : null}
      <WorksBehindModal
        spaceId={spaceId}
        base={base}
        scheduleId={scheduleId}
        query={opened?.query ?? null}
        title={opened?.title ?? ""}
        onClose={() => setOpened(null)}
      />
    </Stack>
  );
}

/** Earned value of the dashboard; the schedule indices open the works behind schedule. */
/** Earned value figures; the schedule indices open the works behind schedule when `onBehind` is given. */
export function EarnedValueFigures({ ev, onBehind }: { ev: AnalyticsEarnedValue; onBehind?: () => void }) {
  const { t, i18n } = useTranslation("analytics");
  const language = toLanguage(i18n.language) ?? undefined;
  const index = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const money = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  const percent = new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 1 });
  const dash = "—";
  const colour = (v: number | null) => (v === null ? undefined : v < 0.95 ? "red" : v >= 1 ? "teal" : "yellow");
  const figures: { key: string; value: string; colour?: string; hint?: string; opens?: boolean }[] = [
    { key: "percentComplete", value: ev.percentComplete === null ? dash : percent.format(ev.percentComplete) },
    {
      key: "spi",
      value: ev.spi === null ? dash : index.format(ev.spi),
      colour: colour(ev.spi),
      hint: t("hints.spi"),
      opens: true,
    },
    { key: "cpi", value: ev.cpi === null ? dash : index.format(ev.cpi), colour: colour(ev.cpi), hint: t("hints.cpi") },
    {
      key: "spit",
      value: ev.schedule?.spit == null ? dash : index.format(ev.schedule.spit),
      colour: colour(ev.schedule?.spit ?? null),
      hint: t("hints.spit"),
      opens: true,
    },
    { key: "svt", value: ev.schedule ? index.format(ev.schedule.svt) : dash, opens: true },
    { key: "eac", value: ev.eac.cpi === null ? dash : money.format(ev.eac.cpi), hint: t("hints.eac") },
    { key: "vac", value: ev.vac === null ? dash : money.format(ev.vac) },
    { key: "tcpi", value: ev.tcpiBac === null ? dash : index.format(ev.tcpiBac), hint: t("hints.tcpi") },
  ];
  return (
    <Paper withBorder radius="md" p="sm" data-testid="evm-figures">
      <Title order={3} fz="md">
        {t("figures.title")}
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        {t(ev.baseline === "target" ? "figures.baselineTarget" : "figures.baselinePlan")}
      </Text>
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
        {figures.map((f) => {
          const body = (
            <Stack gap={0} justify="space-between" h="100%" data-testid={`evm-${f.key}`}>
              <Text size="xs" c="dimmed">
                {t(`figures.${f.key}`)}
              </Text>
              <Text fw={600} c={f.colour}>
                {f.value}
              </Text>
            </Stack>
          );
          return (
            <Tooltip
              key={f.key}
              label={f.hint ?? t("figures.behindHint")}
              disabled={!f.hint && !(f.opens && onBehind)}
              multiline
              maw={260}
            >
              {f.opens && onBehind ? <UnstyledButton onClick={onBehind}>{body}</UnstyledButton> : body}
            </Tooltip>
          );
        })}
      </SimpleGrid>
    </Paper>
  );
}

const COUNTED: { key: keyof AnalyticsCount; set: AnalyticsWorkSet | null; colour?: string }[] = [
  { key: "works", set: null },
  { key: "notStarted", set: "not_started" },
  { key: "inProgress", set: "in_progress", colour: "blue" },
  { key: "completed", set: "completed", colour: "teal" },
  { key: "critical", set: "critical", colour: "red" },
  { key: "delayed", set: "delayed", colour: "orange" },
  { key: "lateStart", set: "late_start", colour: "orange" },
  { key: "lateFinish", set: "late_finish", colour: "orange" },
];

function WorkCounts({
  spaceId,
  base,
  scheduleId,
  count,
}: {
  spaceId: string;
  base: string;
  scheduleId: string | null;
  count: AnalyticsCount;
}) {
  const { t, i18n } = useTranslation("analytics");
  const [open, setOpen] = useState<{ set: AnalyticsWorkSet; title: string } | null>(null);
  const number = new Intl.NumberFormat(toLanguage(i18n.language) ?? undefined);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="work-counts">
      <Title order={3} fz="md" mb="xs">
        {t("counts.title")}
      </Title>
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
        {COUNTED.map(({ key, set, colour }) => {
          const label = t(`counts.${key}`);
          const body = (
            <Stack gap={0} key={key} justify="space-between" h="100%">
              <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                {label}
              </Text>
              <Text fw={600} c={count[key] > 0 ? colour : undefined}>
                {number.format(count[key])}
              </Text>
            </Stack>
          );
          return set ? (
            <UnstyledButton key={key} onClick={() => setOpen({ set, title: label })} data-testid={`count-${set}`}>
              {body}
            </UnstyledButton>
          ) : (
            <div key={key}>{body}</div>
          );
        })}
      </SimpleGrid>
      {count.maxDelayDays > 0 ? (
        <Text size="xs" c="dimmed" mt="xs">
          {t("counts.maxDelay", { days: number.format(count.maxDelayDays) })}
        </Text>
      ) : null}
      <WorksBehindModal
        spaceId={spaceId}
        base={base}
        scheduleId={scheduleId}
        query={open ? { set: open.set } : null}
        title={open?.title ?? ""}
        onClose={() => setOpen(null)}
      />
    </Paper>
  );
}
