import { Alert, Button, Group, Modal, ScrollArea, Stack, Table, Text } from "@mantine/core";
import type { RelationRecalculation } from "@planum/contracts";
import { IconCalculator } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { relationKeys, relationsApi } from "./relations-api";

interface Props {
  spaceId: string;
  versionId: string;
  readOnly: boolean;
  onClose(): void;
}

/**
 * A version's needs through the directories' complex relations (issue 14): per dependent row, Σ planned volume ×
 * coefficient over the linked works, and the recalculation that turns them into the works' resource assignments.
 */
export function RelationTotalsDialog({ spaceId, versionId, readOnly, onClose }: Props) {
  const { t, i18n } = useTranslation("directories");
  const queryClient = useQueryClient();
  const totals = useQuery({
    queryKey: relationKeys.totals(spaceId, versionId),
    queryFn: () => relationsApi.totals(versionId),
  });
  const recalculate = useMutation<RelationRecalculation>({
    mutationFn: () => relationsApi.recalculate(versionId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: relationKeys.totals(spaceId, versionId) }),
  });
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 });
  const rows = totals.data ?? [];
  const done = recalculate.data;
  return (
    <Modal opened onClose={onClose} title={t("relations.totals.title")} size="lg" centered>
      <Stack>
        <Text size="sm" c="dimmed">
          {t("relations.totals.hint")}
        </Text>
        {totals.data && rows.length === 0 ? <Text size="sm">{t("relations.totals.none")}</Text> : null}
        {rows.length > 0 ? (
          <ScrollArea type="auto" mah={360}>
            <Table withTableBorder fz="sm" layout="fixed" data-testid="relation-totals">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("relations.totals.relation")}</Table.Th>
                  <Table.Th>{t("relations.totals.row")}</Table.Th>
                  <Table.Th w={110} ta="right">
                    {t("relations.totals.quantity")}
                  </Table.Th>
                  <Table.Th w={80} ta="right">
                    {t("relations.totals.works")}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={`${r.relationId}:${r.targetRowId}`}>
                    <Table.Td style={{ overflowWrap: "anywhere" }}>{r.relationName}</Table.Td>
                    <Table.Td style={{ overflowWrap: "anywhere" }}>{`${r.code} — ${r.name}`}</Table.Td>
                    <Table.Td ta="right">{number.format(r.quantity)}</Table.Td>
                    <Table.Td ta="right">{r.works}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        ) : null}
        {done ? (
          <Alert color="green" data-testid="relation-recalculated">
            {t("relations.totals.done", {
              works: done.works,
              created: done.created,
              updated: done.updated,
              removed: done.removed,
            })}
            {done.resourcesCreated.length
              ? ` ${t("relations.totals.resourcesCreated", { codes: done.resourcesCreated.join(", ") })}`
              : ""}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("links.close")}
          </Button>
          <Button
            leftSection={<IconCalculator size={16} />}
            onClick={() => recalculate.mutate()}
            loading={recalculate.isPending}
            disabled={readOnly || rows.length === 0}
          >
            {t("relations.totals.recalculate")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
