import { Alert, Button, Group, Modal, ScrollArea, Select, Stack, Table, Tabs, Text } from "@mantine/core";
import type { CopyWbsFromDirectory, SyncWithList } from "@planum/contracts";
import { IconHierarchy, IconRefresh } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notifySuccess } from "../../ui/notify";
import { linksApi, useVersionDirectories } from "./links-api";

interface Props {
  spaceId: string;
  versionId: string;
  /** The selected WBS sum the built items go under (null: the version's top). */
  parent: { id: number; label: string } | null;
  send(request: () => Promise<unknown>, action: string | null): Promise<unknown>;
  onClose(): void;
}

/**
 * The workspace's "Add → From a directory…": `copy-wbs` builds WBS items from a directory's rows (sums and works,
 * linked to the rows), `sync-with-list` keeps them in step after the directory changed — previewed first. Each is
 * one undoable change.
 */
export function WbsFromDirectoryDialog({ spaceId, versionId, parent, send, onClose }: Props) {
  const { t } = useTranslation("directories");
  const links = useVersionDirectories(spaceId, versionId);
  const directories = links.data?.directories ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const directoryId = chosen ?? directories[0]?.id ?? null;
  const [tab, setTab] = useState<string | null>("copy");
  const [sending, setSending] = useState(false);
  const preview = useQuery({
    queryKey: ["directories", "sync-preview", versionId, directoryId],
    queryFn: () => linksApi.syncWithList(versionId, { directoryId: directoryId!, preview: true }),
    enabled: tab === "sync" && directoryId !== null,
    gcTime: 0,
  });
  const run = async (request: () => Promise<unknown>, action: string) => {
    setSending(true);
    const result = await send(request, action);
    setSending(false);
    return result;
  };
  const copy = async () => {
    if (!directoryId) return;
    const done = (await run(
      () => linksApi.copyWbs(versionId, { directoryId, parentId: parent?.id ?? null }),
      "directory_copy_wbs",
    )) as CopyWbsFromDirectory | null;
    if (done) {
      notifySuccess(t("fromDirectory.copied", { sums: done.sums, works: done.works }));
      onClose();
    }
  };
  const sync = async () => {
    if (!directoryId) return;
    const done = (await run(
      () => linksApi.syncWithList(versionId, { directoryId, preview: false }),
      "directory_sync",
    )) as SyncWithList | null;
    if (done) {
      notifySuccess(t("fromDirectory.synced"));
      onClose();
    }
  };
  const found = preview.data;
  const nothing = found !== undefined && found.renamed + found.added + found.removed + found.values === 0;
  return (
    <Modal opened onClose={onClose} title={t("fromDirectory.title")} size="xl" centered>
      <Stack>
        {links.isSuccess && directories.length === 0 ? (
          <Alert color="gray">{t("links.noneSeen")}</Alert>
        ) : (
          <Select
            label={t("links.directory")}
            data={directories.map((d) => ({ value: d.id, label: d.name }))}
            value={directoryId}
            allowDeselect={false}
            onChange={setChosen}
            comboboxProps={{ withinPortal: true }}
            data-testid="wbs-directory"
          />
        )}
        <Tabs value={tab} onChange={setTab}>
          <Tabs.List>
            <Tabs.Tab value="copy" leftSection={<IconHierarchy size={14} />}>
              {t("fromDirectory.copyTab")}
            </Tabs.Tab>
            <Tabs.Tab value="sync" leftSection={<IconRefresh size={14} />}>
              {t("fromDirectory.syncTab")}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="copy" pt="sm">
            <Stack gap="sm">
              <Text size="sm">{t("fromDirectory.copyHint")}</Text>
              <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                {parent ? t("fromDirectory.placeUnder", { name: parent.label }) : t("fromDirectory.placeTop")}
              </Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose}>
                  {t("links.cancel")}
                </Button>
                <Button onClick={() => void copy()} loading={sending} disabled={!directoryId}>
                  {t("fromDirectory.copySubmit")}
                </Button>
              </Group>
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="sync" pt="sm">
            <Stack gap="sm">
              <Text size="sm">{t("fromDirectory.syncHint")}</Text>
              {preview.isError ? <Alert color="red">{t("links.refresh.failed")}</Alert> : null}
              {found ? (
                <Text size="sm" fw={600} data-testid="sync-summary">
                  {nothing ? t("fromDirectory.inStep") : t("fromDirectory.syncSummary", found)}
                </Text>
              ) : null}
              {found && found.renames.length + found.additions.length + found.removals.length > 0 ? (
                <ScrollArea type="auto" mah={300}>
                  <Table withTableBorder fz="xs" data-testid="sync-preview">
                    <Table.Tbody>
                      {found.renames.map((r) => (
                        <Table.Tr key={`r${r.itemId}`}>
                          <Table.Td w={130}>{t("fromDirectory.renamed")}</Table.Td>
                          <Table.Td style={{ overflowWrap: "anywhere" }}>{`${r.code} — ${r.name}`}</Table.Td>
                          <Table.Td fw={600} style={{ overflowWrap: "anywhere" }}>
                            {`${r.newCode} — ${r.newName}`}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                      {found.removals.map((r) => (
                        <Table.Tr key={`d${r.itemId}`}>
                          <Table.Td w={130} c="red">
                            {t("fromDirectory.removed")}
                          </Table.Td>
                          <Table.Td td="line-through" style={{ overflowWrap: "anywhere" }}>
                            {`${r.code} — ${r.name}`}
                          </Table.Td>
                          <Table.Td />
                        </Table.Tr>
                      ))}
                      {found.additions.map((a) => (
                        <Table.Tr key={`a${a.code}`}>
                          <Table.Td w={130}>{t("fromDirectory.added")}</Table.Td>
                          <Table.Td fw={600} style={{ overflowWrap: "anywhere" }}>{`${a.code} — ${a.name}`}</Table.Td>
                          <Table.Td>{t("fromDirectory.under", { code: a.parentCode })}</Table.Td>
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
                  onClick={() => void sync()}
                  loading={sending || preview.isFetching}
                  disabled={!found || nothing}
                  data-testid="sync-apply"
                >
                  {t("fromDirectory.syncSubmit")}
                </Button>
              </Group>
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Modal>
  );
}
