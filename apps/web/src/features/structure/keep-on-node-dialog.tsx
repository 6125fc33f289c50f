import { Button, Group, Modal, SegmentedControl, Select, Stack, Text } from "@mantine/core";
import type { EpsDocumentOrigin } from "@planum/contracts";
import { IconPaperclip } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyError, notifySuccess } from "../../ui/notify";
import { documentsApi, documentsKey } from "./node-documents-api";
import { nodePathOf } from "./node-path";
import { useWholeTree } from "./structure-api";

/** A produced file: its bytes and the name it is kept under. */
export interface ProducedFile {
  blob: Blob;
  name: string;
}

/**
 * Keeps what a report or a print produces with a structure node (its Documents tab): the node chosen by its path,
 * the format where the producer offers two; the file is produced when the user confirms.
 */
export function KeepOnNodeDialog<F extends string>(props: {
  spaceId: string;
  /** The node offered first (the schedule's project). */
  nodeId: string | null;
  origin: EpsDocumentOrigin;
  formats?: readonly { value: F; label: string }[];
  produce(format: F | null): Promise<ProducedFile>;
  onClose(): void;
}) {
  const { t } = useTranslation("structure");
  const queryClient = useQueryClient();
  const tree = useWholeTree(props.spaceId, true);
  const [nodeId, setNodeId] = useState<string | null>(props.nodeId);
  const [format, setFormat] = useState<F | null>(props.formats?.[0]?.value ?? null);
  const [busy, setBusy] = useState(false);
  const nodes = tree.data ?? [];
  const pathOf = nodePathOf(nodes);
  const options = nodes
    .map((n) => ({ value: n.id, label: pathOf(n.id) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const keep = async () => {
    if (!nodeId) return;
    setBusy(true);
    try {
      const file = await props.produce(format);
      await documentsApi.keep(nodeId, file.blob, file.name, props.origin);
      await queryClient.invalidateQueries({ queryKey: documentsKey(props.spaceId, nodeId) });
      notifySuccess(t("documents.kept", { name: file.name, node: pathOf(nodeId) }), { long: true });
      props.onClose();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={props.onClose} title={t("documents.keepTitle")} size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t("documents.keepHint")}
        </Text>
        <Select
          label={t("documents.node")}
          data={options}
          value={nodeId}
          searchable
          allowDeselect={false}
          onChange={setNodeId}
        />
        {props.formats && (
          <SegmentedControl
            aria-label={t("documents.format")}
            data={props.formats.map((f) => ({ value: f.value, label: f.label }))}
            value={format ?? undefined}
            onChange={(value) => setFormat(value as F)}
          />
        )}
        <Group justify="flex-end">
          <Button leftSection={<IconPaperclip size={16} />} disabled={!nodeId} loading={busy} onClick={keep}>
            {t("documents.keep")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
