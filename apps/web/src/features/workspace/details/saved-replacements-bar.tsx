import { ActionIcon, Button, Group, Select, Stack, Text, Tooltip } from "@mantine/core";
import type { SavedReplacement, SavedReplacementBody } from "@planum/contracts";
import { IconDeviceFloppy, IconTrash } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { askText } from "../../../ui/ask-text";
import { confirm } from "../../../ui/confirm-dialog";
import { notifyError, notifySuccess } from "../../../ui/notify";
import { workspaceApi, workspaceKeys } from "../workspace-api";

interface Props {
  scheduleId: string;
  /** The saved replacement the form was filled from, or null. */
  selected: string | null;
  /** The form's rule as it stands; null while it is incomplete (nothing to save). */
  rule: Omit<SavedReplacementBody, "name"> | null;
  /** A saved replacement picked (its rule goes into the form) or the choice cleared. */
  onSelect(replacement: SavedReplacement | null): void;
}

/**
 * The schedule's saved replacements above the replacement form: pick one to fill the form (and run it as saved, which
 * records the run), save the form under a name (the picked one's name changes it), delete the picked one.
 */
export function SavedReplacementsBar({ scheduleId, selected, rule, onSelect }: Props) {
  const { t } = useTranslation("workspace");
  const queryClient = useQueryClient();
  const saved = useQuery({
    queryKey: workspaceKeys.replacements(scheduleId),
    queryFn: () => workspaceApi.savedReplacements(scheduleId),
  });
  const list = saved.data ?? [];
  const current = list.find((r) => r.id === selected) ?? null;
  const reload = () => queryClient.invalidateQueries({ queryKey: workspaceKeys.replacements(scheduleId) });

  const save = async () => {
    if (!rule) return;
    const name = await askText({
      title: t("replace.saveTitle"),
      label: t("replace.name"),
      current: current?.name ?? "",
      validate: (value) => (value.trim() === "" ? t("replace.nameRequired") : null),
      checkWhileTyping: false,
    });
    if (name === null) return;
    try {
      const stored =
        current && current.name === name
          ? await workspaceApi.updateReplacement(scheduleId, { ...rule, id: current.id, name })
          : await workspaceApi.saveReplacement(scheduleId, { ...rule, name });
      await reload();
      onSelect(stored);
      notifySuccess(t("replace.savedDone", { name }));
    } catch (error) {
      notifyError(error);
    }
  };

  const remove = async () => {
    if (!current) return;
    const { confirmed } = await confirm({ message: t("replace.deleteConfirm", { name: current.name }), danger: true });
    if (!confirmed) return;
    try {
      await workspaceApi.deleteReplacement(scheduleId, current.id);
      onSelect(null);
      await reload();
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Select
          style={{ flex: 1, minWidth: 0 }}
          label={t("replace.saved")}
          placeholder={t("replace.savedNone")}
          data={list.map((r) => ({ value: r.id, label: `${r.name} (${r.attributeName})` }))}
          value={selected}
          clearable
          searchable
          nothingFoundMessage={t("replace.savedEmpty")}
          onChange={(id) => onSelect(list.find((r) => r.id === id) ?? null)}
          comboboxProps={{ withinPortal: true }}
          data-testid="replace-saved"
        />
        <Button
          variant="default"
          leftSection={<IconDeviceFloppy size={16} />}
          onClick={() => void save()}
          disabled={!rule}
          data-testid="replace-save"
        >
          {t("replace.save")}
        </Button>
        {current ? (
          <Tooltip label={t("replace.delete")}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t("replace.delete")}
              onClick={() => void remove()}
              data-testid="replace-delete"
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
      {current ? (
        <Text size="xs" c="dimmed" data-testid="replace-last-run">
          {current.lastRun
            ? t("replace.lastRun", {
                count: current.lastRun.values,
                date: dayjs(current.lastRun.at).format("DD.MM.YYYY HH:mm"),
                who: current.lastRun.byName ?? "—",
                versions: current.lastRun.versions,
              })
            : t("replace.neverRun")}
        </Text>
      ) : null}
    </Stack>
  );
}
