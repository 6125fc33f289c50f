import { ActionIcon, Button, Group, Modal, Select, Stack, Table, Text, Tooltip } from "@mantine/core";
import type { Report } from "@planum/contracts";
import { IconLink, IconUnlink } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyError } from "../../ui/notify";
import { nodePathOf } from "../structure/node-path";
import { reportsApi } from "./reports-api";

/**
 * Spec §3 "Report … attachable to EPS nodes": the nodes a form is attached to (a node offers the forms attached to
 * it or to a node above it), detached one by one, and any node of the space attached.
 */
export function ReportNodesDialog(props: { spaceId: string; report: Report; onClose(): void }) {
  const { t } = useTranslation("reports");
  const tree = useQuery({ queryKey: ["space", props.spaceId, "eps", "tree"], queryFn: reportsApi.nodes });
  const [report, setReport] = useState(props.report);
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nodes = tree.data ?? [];
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const pathOf = nodePathOf(nodes);
  const change = async (call: () => Promise<Report>) => {
    setBusy(true);
    try {
      setReport(await call());
      setChosen(null);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  const free = nodes
    .filter((n) => !report.epsIds.includes(n.id))
    .map((n) => ({ value: n.id, label: pathOf(n.id) }))
    .sort((a, b) => a.label.localeCompare(b.label));

  return (
    <Modal opened onClose={props.onClose} title={t("nodes.title", { name: report.name })} size="lg">
      <Stack gap="sm">
        {report.epsIds.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("nodes.none")}
          </Text>
        ) : (
          <Table verticalSpacing={4} aria-label={t("nodes.attached")}>
            <Table.Tbody>
              {report.epsIds.map((id) => (
                <Table.Tr key={id}>
                  <Table.Td>
                    <Text size="sm">{byId.has(id) ? pathOf(id) : "…"}</Text>
                  </Table.Td>
                  <Table.Td w={1}>
                    <Tooltip label={t("nodes.detach")}>
                      <ActionIcon
                        variant="default"
                        aria-label={`${t("nodes.detach")}: ${byId.get(id)?.name ?? ""}`}
                        disabled={busy}
                        onClick={() => change(() => reportsApi.detach(report.id, id))}
                      >
                        <IconUnlink size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group align="flex-end" wrap="wrap">
          <Select
            label={t("nodes.node")}
            data={free}
            value={chosen}
            searchable
            onChange={setChosen}
            style={{ flex: "1 1 240px" }}
          />
          <Button
            leftSection={<IconLink size={16} />}
            disabled={!chosen}
            loading={busy}
            onClick={() => chosen && change(() => reportsApi.attach(report.id, chosen))}
          >
            {t("nodes.attach")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
