import { Badge, Group, Paper, Progress, Skeleton, Table, Text, Title } from "@mantine/core";
import type { HealthRollup } from "@planum/contracts";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../shared/api-client";
import { analyticsKeys } from "./analytics-api";
import type { DashboardSchedule } from "./analytics-tab";

/** Green from 80, yellow from 50, red below: the score's colour wherever it is shown. */
export const scoreColor = (score: number) => (score >= 80 ? "green" : score >= 50 ? "yellow" : "red");

/**
 * Schedule health rolled up (issue 21): the DCMA score of the node's schedules (their current versions, weighted by
 * activities, as their last calculations kept them) and each schedule's own; with one schedule chosen, only its row.
 */
export function HealthWidget({
  spaceId,
  nodeId,
  schedules,
  scheduleId,
}: {
  spaceId: string;
  nodeId: string;
  schedules: DashboardSchedule[];
  /** The schedule the dashboard shows, null for the node's roll-up. */
  scheduleId: string | null;
}) {
  const { t, i18n } = useTranslation("analytics");
  const rollup = useQuery({
    queryKey: analyticsKeys.health(spaceId, nodeId),
    queryFn: () => api.get<HealthRollup>(`/eps/${nodeId}/analytics/health`),
  });
  const number = new Intl.NumberFormat(i18n.language);
  const nameOf = new Map(schedules.map((s) => [s.id, s.name]));
  const rows = (rollup.data?.versions ?? []).filter((v) => scheduleId === null || v.scheduleId === scheduleId);
  const score = scheduleId === null ? (rollup.data?.score ?? null) : (rows[0]?.score ?? null);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="widget-health">
      <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
        <Title order={3} fz="md">
          {t("health.title")}
        </Title>
        {score !== null ? (
          <Badge size="lg" variant="light" color={scoreColor(score)} data-testid="health-rollup-score">
            {t("health.score", { score: number.format(score) })}
          </Badge>
        ) : null}
      </Group>
      {!rollup.data ? (
        <Skeleton h={120} />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("health.none")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420} type="native">
          <Table withRowBorders={false} verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("schedule")}</Table.Th>
                <Table.Th w="35%">{t("health.scoreColumn")}</Table.Th>
                <Table.Th>{t("health.checks")}</Table.Th>
                <Table.Th ta="right">{t("health.activities")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((v) => (
                <Table.Tr key={v.versionId} data-testid={`health-rollup-${v.scheduleId}`}>
                  <Table.Td>{nameOf.get(v.scheduleId) ?? "—"}</Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Progress value={v.score} color={scoreColor(v.score)} w="100%" size="sm" />
                      <Text size="sm" fw={600} miw={36} ta="right">
                        {number.format(v.score)}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {t("health.counts", { passed: v.passed, failed: v.failed, notApplicable: v.notApplicable })}
                  </Table.Td>
                  <Table.Td ta="right">{number.format(v.activities)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {scheduleId === null && rollup.data && rollup.data.unscored > 0 ? (
        <Text size="xs" c="dimmed" mt={4}>
          {t("health.unscored", { count: rollup.data.unscored })}
        </Text>
      ) : null}
    </Paper>
  );
}
