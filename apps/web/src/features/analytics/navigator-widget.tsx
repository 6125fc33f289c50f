import { Badge, Checkbox, Group, Paper, Skeleton, Table, Text, Title } from "@mantine/core";
import type { AnalyticsNavigator } from "@planum/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../shared/api-client";
import { analyticsKeys } from "./analytics-api";

/**
 * The node's children with their figures (`/eps/{id}/analytics/navigate`); a tick keeps the node's roll-up to the
 * ticked children (the caller's own, `set-checked`), so the whole dashboard shows those alone.
 */
export function NavigatorWidget({ spaceId, nodeId }: { spaceId: string; nodeId: string }) {
  const { t, i18n } = useTranslation("analytics");
  const client = useQueryClient();
  const navigator = useQuery({
    queryKey: [...analyticsKeys.all(spaceId), "navigate", nodeId],
    queryFn: () => api.get<AnalyticsNavigator>(`/eps/${encodeURIComponent(nodeId)}/analytics/navigate`),
  });
  const tick = useMutation({
    mutationFn: ({ id, checked }: { id: string; checked: boolean }) =>
      api.post<{ id: string; checked: boolean }>(`/eps/${encodeURIComponent(id)}/analytics/set-checked`, { checked }),
    // Every figure of the node may change: the roll-up takes other schedules now.
    onSuccess: () => client.invalidateQueries({ queryKey: analyticsKeys.all(spaceId) }),
  });
  if (!navigator.data) return <Skeleton h={120} />;
  if (navigator.data.children.length === 0) return null;
  const ratio = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const percent = new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 1 });
  const shown = (value: number | null, format: Intl.NumberFormat) => (value === null ? "—" : format.format(value));

  return (
    <Paper withBorder radius="md" p="sm" data-testid="widget-navigator">
      <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
        <Title order={3} fz="md">
          {t("navigator.title")}
        </Title>
        {navigator.data.filtered ? (
          <Badge variant="light" color="blue" styles={{ label: { overflow: "visible" } }}>
            {t("navigator.filtered")}
          </Badge>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed" mb="xs">
        {t("navigator.hint")}
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing={4} aria-label={t("navigator.title")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40} />
              <Table.Th>{t("navigator.name")}</Table.Th>
              <Table.Th>{t("navigator.schedules")}</Table.Th>
              <Table.Th>{t("figures.percentComplete")}</Table.Th>
              <Table.Th>{t("figures.spi")}</Table.Th>
              <Table.Th>{t("figures.cpi")}</Table.Th>
              <Table.Th>{t("navigator.delayed")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {navigator.data.children.map((child) => (
              <Table.Tr key={child.id}>
                <Table.Td>
                  <Checkbox
                    aria-label={t("navigator.tick", { name: child.name })}
                    checked={child.checked}
                    disabled={tick.isPending}
                    onChange={(e) => tick.mutate({ id: child.id, checked: e.currentTarget.checked })}
                  />
                </Table.Td>
                <Table.Td>{child.name}</Table.Td>
                <Table.Td>{child.schedules}</Table.Td>
                <Table.Td>{shown(child.percentComplete, percent)}</Table.Td>
                <Table.Td>{shown(child.spi, ratio)}</Table.Td>
                <Table.Td>{shown(child.cpi, ratio)}</Table.Td>
                <Table.Td>{child.delayed}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
