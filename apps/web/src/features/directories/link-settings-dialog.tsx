import { Button, Group, Modal, Select, Stack, Text, Title } from "@mantine/core";
import { type Directory, type DirectoryLinkSettings, isComputedType } from "@planum/contracts";
import { IconPlus } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { attributesApi } from "../attributes";
import { directoryKeys } from "./directories-api";
import { linkKeys, linksApi, useLinkSettings } from "./links-api";
import { RemovableRows } from "./removable-rows";

interface Props {
  spaceId: string;
  directory: Directory;
  onClose(): void;
}

/**
 * "Links to works" of a directory: its **linked attributes** (columns whose values the linked works show, as
 * read-only workspace columns) and its **donors** (columns copied into a work attribute of the same type). Only
 * attributes of the column's type are offered; the server refuses any other, naming it.
 */
export function LinkSettingsDialog({ spaceId, directory, onClose }: Props) {
  const { t } = useTranslation("directories");
  const queryClient = useQueryClient();
  const settings = useLinkSettings(spaceId, directory);
  const attributes = useQuery({
    queryKey: ["directories", spaceId, "work-attributes", directory.nodeId],
    queryFn: () => attributesApi.workVisible(directory.nodeId),
  });
  const change = useMutation({
    mutationFn: (run: () => Promise<DirectoryLinkSettings>) => run(),
    onSuccess: (answer) => {
      queryClient.setQueryData(linkKeys.settings(spaceId, directory.id), answer);
      void queryClient.invalidateQueries({ queryKey: directoryKeys.all(spaceId) });
    },
  });
  const [linkedColumn, setLinkedColumn] = useState<string | null>(null);
  const [donorColumn, setDonorColumn] = useState<string | null>(null);
  const [donorAttribute, setDonorAttribute] = useState<string | null>(null);
  const columnName = (id: string) => directory.columns.find((c) => c.id === id)?.name ?? "—";
  const linked = settings.data?.linked ?? [];
  const donors = settings.data?.donors ?? [];
  const columnOptions = directory.columns.map((c) => ({ value: c.id, label: c.name }));
  const donorType = directory.columns.find((c) => c.id === donorColumn)?.type;
  const fitting = (attributes.data ?? []).filter(
    (a) => a.target === "work" && !isComputedType(a.type) && a.type === donorType,
  );
  const canEdit = directory.canAdmin;
  return (
    <Modal opened onClose={onClose} title={t("links.settings.title", { name: directory.name })} size="lg" centered>
      <Stack gap="md">
        <Stack gap="xs">
          <Title order={4} fz="md">
            {t("links.settings.linked")}
          </Title>
          <Text size="xs" c="dimmed">
            {t("links.settings.linkedHint")}
          </Text>
          <RemovableRows
            testId="linked-attributes"
            empty={t("links.settings.none")}
            rows={linked.map((l) => ({ id: l.id, label: l.name }))}
            removeLabel={(label) => t("links.settings.remove", { name: label })}
            onRemove={canEdit ? (id) => change.mutate(() => linksApi.removeLinked(directory, id)) : undefined}
          />
          {canEdit ? (
            <Group gap="xs" align="flex-end" wrap="wrap">
              <Select
                size="xs"
                label={t("links.settings.column")}
                data={columnOptions.filter((o) => !linked.some((l) => l.columnId === o.value))}
                value={linkedColumn}
                onChange={setLinkedColumn}
                style={{ flex: "1 1 180px" }}
                comboboxProps={{ withinPortal: true }}
              />
              <Button
                size="xs"
                leftSection={<IconPlus size={14} />}
                disabled={!linkedColumn}
                onClick={() => {
                  const columnId = linkedColumn!;
                  setLinkedColumn(null);
                  change.mutate(() => linksApi.addLinked(directory, columnId));
                }}
              >
                {t("links.settings.addLinked")}
              </Button>
            </Group>
          ) : null}
        </Stack>
        <Stack gap="xs">
          <Title order={4} fz="md">
            {t("links.settings.donors")}
          </Title>
          <Text size="xs" c="dimmed">
            {t("links.settings.donorsHint")}
          </Text>
          <RemovableRows
            testId="donors"
            empty={t("links.settings.none")}
            rows={donors.map((d) => ({
              id: d.id,
              label: t("links.settings.donorLine", { column: columnName(d.columnId), attribute: d.attributeName }),
              name: d.attributeName,
            }))}
            removeLabel={(label) => t("links.settings.remove", { name: label })}
            onRemove={canEdit ? (id) => change.mutate(() => linksApi.removeDonor(directory, id)) : undefined}
          />
          {canEdit ? (
            <Group gap="xs" align="flex-end" wrap="wrap">
              <Select
                size="xs"
                label={t("links.settings.column")}
                data={columnOptions}
                value={donorColumn}
                onChange={(id) => {
                  setDonorColumn(id);
                  setDonorAttribute(null);
                }}
                style={{ flex: "1 1 160px" }}
                comboboxProps={{ withinPortal: true }}
              />
              <Select
                size="xs"
                label={t("links.settings.attribute")}
                data={fitting.map((a) => ({ value: a.id, label: a.name }))}
                value={donorAttribute}
                onChange={setDonorAttribute}
                disabled={!donorColumn}
                nothingFoundMessage={t("links.settings.noFitting")}
                style={{ flex: "1 1 160px" }}
                comboboxProps={{ withinPortal: true }}
              />
              <Button
                size="xs"
                leftSection={<IconPlus size={14} />}
                disabled={!donorColumn || !donorAttribute}
                onClick={() => {
                  const [columnId, attributeId] = [donorColumn!, donorAttribute!];
                  setDonorColumn(null);
                  setDonorAttribute(null);
                  change.mutate(() => linksApi.addDonor(directory, columnId, attributeId));
                }}
              >
                {t("links.settings.addDonor")}
              </Button>
            </Group>
          ) : null}
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("links.close")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
