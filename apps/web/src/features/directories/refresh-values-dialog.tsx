import { Alert, Button, Group, Modal, ScrollArea, Select, Stack, Table, Text } from "@mantine/core";
import type { AttributeValue, DonorRefresh, VersionDirectoryLinks } from "@planum/contracts";
import { IconRefresh } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notifySuccess } from "../../ui/notify";
import { linksApi } from "./links-api";

type SeenDirectory = VersionDirectoryLinks["directories"][number];
const ALL = "all";

interface Props {
  versionId: string;
  /** The directories with donors. */
  directories: SeenDirectory[];
  send(request: () => Promise<unknown>, action: string | null): Promise<unknown>;
  onClose(): void;
}

/**
 * `update-linked-value`: the donors' values of the directory rows copied again into the linked works, after a
 * preview of each value that changes (work, attribute, before → after). Writing is one undoable change.
 */
export function RefreshValuesDialog({ versionId, directories, send, onClose }: Props) {
  const { t, i18n } = useTranslation("directories");
  const shown = (value: AttributeValue) => valueText(value, i18n.language);
  const [directoryId, setDirectoryId] = useState<string>(ALL);
  const chosen = directoryId === ALL ? undefined : directoryId;
  const preview = useQuery({
    queryKey: ["directories", "refresh-preview", versionId, directoryId],
    queryFn: () => linksApi.refresh(versionId, { directoryId: chosen, preview: true }),
    gcTime: 0,
  });
  const [sending, setSending] = useState(false);
  const apply = async () => {
    setSending(true);
    const result = (await send(
      () => linksApi.refresh(versionId, { directoryId: chosen, preview: false }),
      "directory_values",
    )) as DonorRefresh | null;
    setSending(false);
    if (result) {
      notifySuccess(t("links.refresh.done", { count: result.values }));
      onClose();
    }
  };
  const changes = preview.data?.changes ?? [];
  return (
    <Modal opened onClose={onClose} title={t("links.refresh.title")} size="xl" centered>
      <Stack>
        <Select
          label={t("links.directory")}
          data={[
            { value: ALL, label: t("links.refresh.all") },
            ...directories.map((d) => ({ value: d.id, label: d.name })),
          ]}
          value={directoryId}
          allowDeselect={false}
          onChange={(id) => id && setDirectoryId(id)}
          comboboxProps={{ withinPortal: true }}
        />
        {preview.isError ? <Alert color="red">{t("links.refresh.failed")}</Alert> : null}
        {preview.data ? (
          <Text size="sm" data-testid="refresh-summary">
            {preview.data.values === 0
              ? t("links.refresh.nothing")
              : t("links.refresh.summary", { count: preview.data.values, works: preview.data.works })}
          </Text>
        ) : null}
        {changes.length > 0 ? (
          <ScrollArea type="auto" mah={320}>
            <Table withTableBorder fz="xs" aria-label={t("links.refresh.preview")} data-testid="refresh-preview">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("links.refresh.work")}</Table.Th>
                  <Table.Th>{t("links.refresh.attribute")}</Table.Th>
                  <Table.Th>{t("links.refresh.before")}</Table.Th>
                  <Table.Th>{t("links.refresh.after")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {changes.map((c) => (
                  <Table.Tr key={`${c.itemId}:${c.attributeId}`}>
                    <Table.Td style={{ overflowWrap: "anywhere" }}>{`${c.code} — ${c.name}`}</Table.Td>
                    <Table.Td>{c.attributeName}</Table.Td>
                    <Table.Td>{shown(c.before)}</Table.Td>
                    <Table.Td fw={600}>{shown(c.after)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("links.cancel")}
          </Button>
          <Button
            leftSection={<IconRefresh size={16} />}
            onClick={() => void apply()}
            loading={sending || preview.isFetching}
            disabled={!preview.data || preview.data.values === 0}
          >
            {t("links.refresh.submit")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A value as the user reads numbers in their language (a decimal comma in ru and fr). */
export function valueText(value: AttributeValue, language: string): string {
  if (value === null || value === "") return "—";
  if (typeof value === "number")
    return new Intl.NumberFormat(language, { maximumFractionDigits: 6, useGrouping: false }).format(value);
  return String(value);
}
