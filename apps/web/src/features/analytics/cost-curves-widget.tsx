import { Group, MultiSelect, Paper, SegmentedControl, Skeleton, Stack, Switch, Text, Title } from "@mantine/core";
import {
  ANALYTICS_PERIODS,
  type AnalyticsPeriod,
  COST_CURVES,
  type CostCurve,
  type CurvedSettingBody,
} from "@planum/contracts";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { shownDate } from "../../shared/date-format";
import { useCostCurves, useCurvedSetting, useSaveCurvedSetting } from "./cost-curves-api";

const CostCurvesChart = lazy(() => import("./cost-curves-chart").then((m) => ({ default: m.CostCurvesChart })));

/**
 * The earned value chart of the dashboard's level (`…/custom-cost`): the curves, period and cumulative kept as the
 * user's own (`/analytics/setting/curved`), saved as they change; BAC and EAC beside the title.
 */
export function CostCurvesWidget({ spaceId, base }: { spaceId: string; base: string }) {
  const { t, i18n } = useTranslation("analytics");
  const setting = useCurvedSetting(spaceId);
  const save = useSaveCurvedSetting(spaceId);
  const chosen: CurvedSettingBody | undefined = setting.data
    ? { curves: setting.data.curves, period: setting.data.period, cumulative: setting.data.cumulative }
    : undefined;
  const curves = useCostCurves(spaceId, base, chosen);
  const change = (part: Partial<CurvedSettingBody>) => chosen && save.mutate({ ...chosen, ...part });
  const money = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });

  return (
    <Paper withBorder radius="md" p="sm" data-testid="widget-cost-curves">
      <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
        <Title order={3} fz="md">
          {t("costCurves.title")}
        </Title>
        {curves.data ? (
          <Text size="sm" c="dimmed" data-testid="cost-curves-totals">
            {t("costCurves.totals", {
              bac: money.format(curves.data.bac),
              eac: money.format(curves.data.eac),
              date: shownDate(curves.data.statusDate),
            })}
          </Text>
        ) : null}
      </Group>
      {!chosen ? (
        <Skeleton h={300} />
      ) : (
        <Stack gap="xs">
          <Group gap="sm" align="end" wrap="wrap">
            <MultiSelect
              label={t("costCurves.curves")}
              data={COST_CURVES.map((key) => ({ value: key, label: t(`costCurves.keys.${key}`) }))}
              value={chosen.curves}
              onChange={(value) => value.length > 0 && change({ curves: value as CostCurve[] })}
              w={{ base: "100%", sm: 420 }}
            />
            <SegmentedControl
              aria-label={t("period")}
              data={ANALYTICS_PERIODS.map((p) => ({ value: p, label: t(`periods.${p}`) }))}
              value={chosen.period}
              onChange={(value) => change({ period: value as AnalyticsPeriod })}
            />
            <Switch
              label={t("cumulative")}
              checked={chosen.cumulative}
              onChange={(e) => change({ cumulative: e.currentTarget.checked })}
              mb={6}
            />
          </Group>
          {!curves.data ? (
            <Skeleton h={300} />
          ) : curves.data.curves.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("costCurves.noData")}
            </Text>
          ) : (
            <Suspense fallback={<Skeleton h={300} />}>
              <CostCurvesChart data={curves.data} />
            </Suspense>
          )}
          <Text size="xs" c="dimmed">
            {t("costCurves.hint")}
          </Text>
        </Stack>
      )}
    </Paper>
  );
}
