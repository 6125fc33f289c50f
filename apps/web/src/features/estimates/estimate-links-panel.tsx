import { Button, Group, NumberInput, Paper, Select, Stack, Table, Text } from "@mantine/core";
import type { EstimateLink, EstimateTree, Language, WbsItem } from "@planum/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../shared/api-client";
import { notifyError } from "../../ui/notify";
import { decimalSeparator } from "../structure";
import { estimateKeys, estimatesApi } from "./estimates-api";
import { LinkRuleForm } from "./link-rule-form";

/**
 * Links of an estimate's positions to works of the chosen version (issue 19), by hand or by a rule: a position may be
 * spread over several works with shares adding up to at most 1. Lists the links with their shares and lets one go.
 */
export function EstimateLinksPanel(props: {
  projectId: string;
  estimateId: string;
  scheduleId: string | null;
  versionId: string | null;
  tree: EstimateTree;
  share(x: number): string;
}) {
  const { t, i18n } = useTranslation("estimates");
  const queryClient = useQueryClient();
  const key = estimateKeys.links(props.projectId, props.estimateId);
  const links = useQuery({ queryKey: key, queryFn: () => estimatesApi.links(props.projectId, props.estimateId) });
  const works = useQuery({
    queryKey: ["versions", props.versionId, "wbs", "works"],
    queryFn: () => api.get<WbsItem[]>(`/versions/${encodeURIComponent(props.versionId ?? "")}/wbs`),
    enabled: Boolean(props.versionId),
    select: (items) => items.filter((w) => w.type === "work"),
  });
  const [positionId, setPositionId] = useState<string | null>(null);
  const [itemId, setItemId] = useState<string | null>(null);
  const [share, setShare] = useState<number>(1);
  const stored = (next: EstimateLink[]) => queryClient.setQueryData(key, next);
  const link = useMutation({
    mutationFn: () =>
      estimatesApi.link(props.projectId, props.estimateId, {
        positionId: positionId ?? "",
        versionId: props.versionId ?? "",
        itemId: Number(itemId),
        share,
      }),
    onSuccess: stored,
    onError: notifyError,
  });
  const unlink = useMutation({
    mutationFn: (linkId: string) => estimatesApi.unlink(props.projectId, props.estimateId, linkId),
    onSuccess: stored,
    onError: notifyError,
  });
  const positions = props.tree.sections.flatMap((s) => s.positions);
  const positionLabel = (id: string) => {
    const p = positions.find((x) => x.id === id);
    return p ? `№ ${p.num} ${p.normCode}`.trim() : "";
  };
  return (
    <Paper withBorder p="sm" data-testid="estimate-links">
      <Stack gap="xs">
        <Text fw={600}>{t("links.title")}</Text>
        {(links.data ?? []).length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("links.none")}
          </Text>
        ) : (
          <Table miw={420} data-testid="estimate-link-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("links.position")}</Table.Th>
                <Table.Th>{t("links.work")}</Table.Th>
                <Table.Th ta="right">{t("links.share")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(links.data ?? []).map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{positionLabel(l.positionId)}</Table.Td>
                  <Table.Td style={{ overflowWrap: "anywhere" }}>
                    {l.work.code} {l.work.name}
                  </Table.Td>
                  <Table.Td ta="right">{props.share(l.share)}</Table.Td>
                  <Table.Td ta="right">
                    <Button size="compact-xs" variant="subtle" onClick={() => unlink.mutate(l.id)}>
                      {t("remove")}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Select
            label={t("links.position")}
            w={260}
            value={positionId}
            onChange={setPositionId}
            data={positions.map((p) => ({ value: p.id, label: `№ ${p.num} ${p.normCode} ${p.name}`.trim() }))}
          />
          <Select
            label={t("links.work")}
            w={260}
            disabled={!props.versionId}
            value={itemId}
            onChange={setItemId}
            data={(works.data ?? []).map((w) => ({ value: String(w.id), label: `${w.code} ${w.name}`.trim() }))}
          />
          <NumberInput
            label={t("links.share")}
            w={120}
            min={0.001}
            max={1}
            step={0.1}
            decimalScale={3}
            decimalSeparator={decimalSeparator(i18n.language as Language)}
            value={share}
            onChange={(v) => setShare(typeof v === "number" ? v : 1)}
          />
          <Button
            disabled={!positionId || !itemId || !props.versionId}
            loading={link.isPending}
            onClick={() => link.mutate()}
          >
            {t("links.link")}
          </Button>
        </Group>
        <LinkRuleForm
          projectId={props.projectId}
          estimateId={props.estimateId}
          scheduleId={props.scheduleId}
          versionId={props.versionId}
          share={props.share}
        />
      </Stack>
    </Paper>
  );
}
