import { Badge, Group, Paper, Select, Skeleton, Text, Title } from "@mantine/core";
import type { AnalyticsGraph, AnalyticsPeriod } from "@planum/contracts";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../shared/api-client";
import { analyticsKeys } from "./analytics-api";

/** ECharts is loaded with the first chart a dashboard draws, not with the application. */
const ResourceLoadChart = lazy(() => import("./resource-load-chart").then((m) => ({ default: m.ResourceLoadChart })));

/**
 * The resource load widget: the resources the dashboard's schedules use, the over-allocated and most loaded first;
 * the chosen one's demand per period against its availability (the resource usage page's figures).
 */
export function ResourceLoadWidget({
  spaceId,
  base,
  period,
}: {
  spaceId: string;
  base: string;
  period: AnalyticsPeriod;
}) {
  const { t } = useTranslation("analytics");
  const graph = useQuery({
    queryKey: analyticsKeys.graph(spaceId, base, period),
    queryFn: () => api.get<AnalyticsGraph>(`${base}/graph?period=${period}`),
    placeholderData: (previous) => previous,
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const resources = graph.data?.resources ?? [];
  const resource = resources.find((r) => r.id === chosen) ?? resources[0] ?? null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="widget-resource-load">
      <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
        <Title order={3} fz="md">
          {t("load.title")}
        </Title>
        {resource && resource.overDays > 0 ? (
          <Badge variant="light" color="red" data-testid="resource-over">
            {t("load.over", { count: resource.overDays })}
          </Badge>
        ) : null}
      </Group>
      {!graph.data ? (
        <Skeleton h={260} />
      ) : !resource ? (
        <Text size="sm" c="dimmed">
          {t("load.none")}
        </Text>
      ) : (
        <>
          <Select
            size="xs"
            label={t("load.resource")}
            data={resources.map((r) => ({ value: r.id, label: r.code ? `${r.code} ${r.name}` : r.name }))}
            value={resource.id}
            onChange={setChosen}
            allowDeselect={false}
            w={{ base: "100%", sm: 340 }}
            mb="xs"
            data-testid="resource-load-resource"
          />
          <Suspense fallback={<Skeleton h={260} />}>
            <ResourceLoadChart graph={graph.data} resource={resource} />
          </Suspense>
        </>
      )}
    </Paper>
  );
}
