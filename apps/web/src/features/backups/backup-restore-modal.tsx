import { Alert, Button, Group, Modal, Radio, Skeleton, Stack, Table, Text, TextInput } from "@mantine/core";
import type { Backup, BackupPreview } from "@planum/contracts";
import { useMutation, useQuery } from "@tanstack/react-query";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { backupKeys, backupsApi } from "./backups-api";

/** Where a backup is previewed and restored: the space's backup calls, or a project's own (`/projects/{id}/backups`). */
export interface BackupSource {
  previewKey: (backupId: string) => readonly unknown[];
  preview: (backupId: string) => Promise<BackupPreview>;
  restore: (backupId: string, body: { mode: "replace" } | { mode: "copy"; name: string }) => Promise<{ jobId: string }>;
}

const spaceSource = (spaceId: string): BackupSource => ({
  previewKey: (backupId) => backupKeys.preview(spaceId, backupId),
  preview: (backupId) => backupsApi.preview(spaceId, backupId),
  restore: (backupId, body) => backupsApi.restore(spaceId, backupId, body),
});

/**
 * Restoring a backup: what it holds beside what its target holds today (rows per table), then in place or — for a
 * project or a schedule — as a copy under a new name. A space is only restored in place; a deleted target only as a
 * copy.
 */
export function BackupRestoreModal({
  spaceId,
  source = spaceSource(spaceId),
  backup,
  onClose,
  onStarted,
}: {
  spaceId: string;
  source?: BackupSource;
  backup: Backup;
  onClose: () => void;
  onStarted: (jobId: string) => void;
}) {
  const { t } = useTranslation("admin");
  const preview = useQuery({
    queryKey: source.previewKey(backup.id),
    queryFn: () => source.preview(backup.id),
    staleTime: 0,
  });
  const canCopy = backup.scope !== "space";
  const [mode, setMode] = useState<"replace" | "copy" | null>(null);
  const chosen = mode ?? (preview.data && !preview.data.targetExists ? "copy" : "replace");
  const [name, setName] = useState(`${backup.targetName} (${dayjs(backup.createdAt).format("DD.MM.YYYY")})`);
  const restore = useMutation({
    mutationFn: () =>
      source.restore(backup.id, chosen === "copy" ? { mode: "copy", name: name.trim() } : { mode: "replace" }),
    onSuccess: ({ jobId }) => onStarted(jobId),
  });
  const changed = preview.data?.tables.filter((row) => row.saved !== row.current) ?? [];

  return (
    <Modal opened onClose={onClose} title={t("backups.restoreTitle", { name: backup.targetName })} size="lg" centered>
      <Stack gap="sm">
        <Text size="sm">
          {t("backups.restoreSaved", { date: dayjs(backup.createdAt).format("DD.MM.YYYY HH:mm"), rows: backup.rows })}
        </Text>
        {!preview.data ? (
          <Skeleton h={120} />
        ) : (
          <>
            {!preview.data.targetExists ? (
              <Alert color="yellow" variant="light">
                {t("backups.targetGone")}
              </Alert>
            ) : null}
            <Text size="sm" fw={500}>
              {changed.length === 0 ? t("backups.previewSame") : t("backups.previewChanged", { count: changed.length })}
            </Text>
            {changed.length > 0 ? (
              <Table.ScrollContainer minWidth={320} mah={240}>
                <Table verticalSpacing={4} fz="sm" aria-label={t("backups.previewLabel")}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("backups.table")}</Table.Th>
                      <Table.Th ta="right">{t("backups.rowsSaved")}</Table.Th>
                      <Table.Th ta="right">{t("backups.rowsNow")}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {changed.map((row) => (
                      <Table.Tr key={row.table}>
                        <Table.Td style={{ overflowWrap: "anywhere" }}>{row.table}</Table.Td>
                        <Table.Td ta="right">{row.saved}</Table.Td>
                        <Table.Td ta="right">{row.current}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            ) : null}
            <Radio.Group
              value={chosen}
              onChange={(value) => setMode(value as "replace" | "copy")}
              label={t("backups.how")}
            >
              <Stack gap={6} mt={6}>
                <Radio
                  value="replace"
                  disabled={!preview.data.targetExists}
                  label={t(`backups.modeReplace.${backup.scope}`)}
                  description={t("backups.modeReplaceHint")}
                />
                {canCopy ? (
                  <Radio
                    value="copy"
                    label={t(`backups.modeCopy.${backup.scope}`)}
                    description={t("backups.modeCopyHint")}
                  />
                ) : null}
              </Stack>
            </Radio.Group>
            {chosen === "copy" ? (
              <TextInput
                label={t("backups.copyName")}
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
                maxLength={255}
                required
              />
            ) : null}
          </>
        )}
        <Group justify="flex-end" gap="xs" wrap="wrap">
          <Button variant="default" onClick={onClose}>
            {t("backups.cancel")}
          </Button>
          <Button
            color={chosen === "replace" ? "red" : undefined}
            loading={restore.isPending}
            disabled={!preview.data || (chosen === "copy" && name.trim() === "")}
            onClick={() => restore.mutate()}
          >
            {t("backups.restoreStart")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
