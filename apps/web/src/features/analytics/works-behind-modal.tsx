import { Anchor, Modal, ScrollArea, Skeleton, Table, Text } from "@mantine/core";
import type { AnalyticsWorksQuery } from "@planum/contracts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useWorksBehind } from "./analytics-api";

/** Most works the server lists behind a figure (analytics.service.ts WORKS_LIMIT). */
const LISTED = 500;

/**
 * The works behind a figure of the dashboard (a count, an index behind schedule, a period of the S-curve), worst delay
 * first, with the way into their schedule.
 */
export function WorksBehindModal({
  spaceId,
  base,
  scheduleId,
  query,
  title,
  onClose,
}: {
  spaceId: string;
  base: string;
  /** The schedule the works are in, when the dashboard shows one (a roll-up lists works of several). */
  scheduleId: string | null;
  query: AnalyticsWorksQuery | null;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation("analytics");
  const works = useWorksBehind(spaceId, base, query);
  const rows = works.data ?? [];
  return (
    <Modal opened={query !== null} onClose={onClose} title={t("works.title", { set: title })} size="lg">
      {works.isPending ? (
        <Skeleton h={120} />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t("works.none")}</Text>
      ) : (
        <ScrollArea.Autosize mah="60vh">
          <Table striped data-testid="works-behind">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("works.code")}</Table.Th>
                <Table.Th>{t("works.name")}</Table.Th>
                <Table.Th ta="right">{t("works.delay")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((w) => (
                <Table.Tr key={w.id}>
                  <Table.Td>{w.code}</Table.Td>
                  <Table.Td style={{ overflowWrap: "anywhere" }}>{w.name}</Table.Td>
                  <Table.Td ta="right">{w.delayDays && w.delayDays > 0 ? w.delayDays : ""}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
      {rows.length >= LISTED ? (
        <Text size="sm" c="dimmed" mt="xs">
          {t("works.limited", { count: LISTED })}
        </Text>
      ) : null}
      {scheduleId ? (
        <Anchor component={Link} to={`/${spaceId}/schedule/${scheduleId}`} mt="md" display="inline-block">
          {t("works.open")}
        </Anchor>
      ) : null}
    </Modal>
  );
}
