import { Button, Group, Modal, Select, Stack, Text } from "@mantine/core";
import { isComputedType, type ScheduleDonor, type VersionDirectoryLinks } from "@planum/contracts";
import { IconPlus } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { directoryKeys, useDirectories } from "./directories-api";
import { linkKeys, linksApi } from "./links-api";
import { RemovableRows } from "./removable-rows";

interface Props {
  spaceId: string;
  scheduleId: string;
  /** The directories the schedule sees (from the version's links). */
  directories: VersionDirectoryLinks["directories"];
  readOnly: boolean;
  onClose(): void;
}

/**
 * The schedule's own donors: a column of a directory the schedule sees copied into one of the schedule's work
 * attributes — for planners who fill their own attributes without defining the directory. Only attributes of the
 * column's type are offered; the server refuses any other, naming it. The donors' refresh takes them with the
 * directories' own.
 */
export function ScheduleDonorsDialog({ spaceId, scheduleId, directories, readOnly, onClose }: Props) {
  const { t } = useTranslation("directories");
  const queryClient = useQueryClient();
  const donors = useQuery({
    queryKey: linkKeys.scheduleDonors(spaceId, scheduleId),
    queryFn: () => linksApi.scheduleDonors(scheduleId),
  });
  const attributes = useQuery({
    queryKey: [...linkKeys.scheduleDonors(spaceId, scheduleId), "attributes"],
    queryFn: () => linksApi.scheduleAttributes(scheduleId),
  });
  // the columns of the seen directories (the version's answer names the directories, the list has their columns)
  const readable = useDirectories(spaceId);
  const change = useMutation({
    mutationFn: (run: () => Promise<ScheduleDonor[]>) => run(),
    onSuccess: (answer) => {
      queryClient.setQueryData(linkKeys.scheduleDonors(spaceId, scheduleId), answer);
      // the version's answer lists the donors too
      void queryClient.invalidateQueries({ queryKey: directoryKeys.all(spaceId) });
    },
  });
  const [directoryId, setDirectoryId] = useState<string | null>(directories.length === 1 ? directories[0].id : null);
  const [columnId, setColumnId] = useState<string | null>(null);
  const [attributeId, setAttributeId] = useState<string | null>(null);
  const columns = readable.data?.find((d) => d.id === directoryId)?.columns ?? [];
  const columnType = columns.find((c) => c.id === columnId)?.type;
  const taken = new Set((donors.data ?? []).map((d) => d.attributeId));
  const fitting = (attributes.data ?? []).filter(
    (a) => a.target === "work" && !isComputedType(a.type) && a.type === columnType && !taken.has(a.id),
  );
  const wide = { flex: "1 1 150px" };
  return (
    <Modal opened onClose={onClose} title={t("links.scheduleDonors.title")} size="lg" centered>
      <Stack gap="md">
        <Text size="xs" c="dimmed">
          {t("links.scheduleDonors.hint")}
        </Text>
        <RemovableRows
          testId="schedule-donors"
          empty={t("links.settings.none")}
          rows={(donors.data ?? []).map((d) => ({
            id: d.id,
            label: t("links.scheduleDonors.line", {
              directory: d.directoryName,
              column: d.columnName,
              attribute: d.attributeName,
            }),
            name: d.attributeName,
          }))}
          removeLabel={(label) => t("links.settings.remove", { name: label })}
          onRemove={readOnly ? undefined : (id) => change.mutate(() => linksApi.removeScheduleDonor(scheduleId, id))}
        />
        {readOnly ? null : (
          <Group gap="xs" align="flex-end" wrap="wrap">
            <Select
              size="xs"
              label={t("links.directory")}
              data={directories.map((d) => ({ value: d.id, label: d.name }))}
              value={directoryId}
              onChange={(id) => {
                setDirectoryId(id);
                setColumnId(null);
                setAttributeId(null);
              }}
              style={wide}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              size="xs"
              label={t("links.settings.column")}
              data={columns.map((c) => ({ value: c.id, label: c.name }))}
              value={columnId}
              onChange={(id) => {
                setColumnId(id);
                setAttributeId(null);
              }}
              disabled={!directoryId}
              style={wide}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              size="xs"
              label={t("links.scheduleDonors.attribute")}
              data={fitting.map((a) => ({ value: a.id, label: a.name }))}
              value={attributeId}
              onChange={setAttributeId}
              disabled={!columnId}
              nothingFoundMessage={t("links.settings.noFitting")}
              style={wide}
              comboboxProps={{ withinPortal: true }}
            />
            <Button
              size="xs"
              leftSection={<IconPlus size={14} />}
              disabled={!directoryId || !columnId || !attributeId}
              loading={change.isPending}
              onClick={() => {
                const body = { directoryId: directoryId!, columnId: columnId!, attributeId: attributeId! };
                setColumnId(null);
                setAttributeId(null);
                change.mutate(() => linksApi.addScheduleDonor(scheduleId, body));
              }}
            >
              {t("links.settings.addDonor")}
            </Button>
          </Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("links.close")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
