import { ActionIcon, Badge, Button, Group, Modal, Skeleton, Stack, Table, Text, Tooltip } from "@mantine/core";
import type { Backup } from "@planum/contracts";
import { IconDatabase, IconDatabaseExport, IconRestore, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatBytes } from "../../ui/format-bytes";
import { RowAction } from "../../ui/row-action";
import { BackupRestoreModal, type BackupSource } from "./backup-restore-modal";
import { backupKeys, projectBackupsApi } from "./backups-api";
import { useBackupJobs } from "./use-backup-jobs";
import { useBackupRemoval } from "./use-backup-removal";

/** The structure toolbar's button that opens a project's backups (its space's administrators only see it). */
export function ProjectBackupsButton({ spaceId, project }: { spaceId: string; project: { id: string; name: string } }) {
  const { t } = useTranslation("admin");
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip label={t("projectBackups.open")}>
        <ActionIcon variant="subtle" aria-label={t("projectBackups.open")} onClick={() => setOpen(true)}>
          <IconDatabase size={16} />
        </ActionIcon>
      </Tooltip>
      {open ? <ProjectBackupsModal spaceId={spaceId} project={project} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/**
 * A project's backups where the project is (spec §7 Projects: backups create, get, restore, delete): save it now,
 * the saved ones, restore one — its preview first, in place or as a new project — or delete it. The jobs end with the
 * `backup` event; the tree is read again after a restore.
 */
function ProjectBackupsModal({
  spaceId,
  project,
  onClose,
}: {
  spaceId: string;
  project: { id: string; name: string };
  onClose: () => void;
}) {
  const { t } = useTranslation("admin");
  const queryClient = useQueryClient();
  const key = backupKeys.project(spaceId, project.id);
  const backups = useQuery({ queryKey: key, queryFn: () => projectBackupsApi.list(project.id) });
  const [restoring, setRestoring] = useState<Backup | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: backupKeys.all(spaceId) });
  const jobs = useBackupJobs(spaceId, (action, ok) => {
    refresh();
    // A restored project (in place or as a new one) changes the tree and what its panels show.
    if (ok && action === "restore") void queryClient.invalidateQueries({ queryKey: ["space", spaceId, "eps"] });
  });
  const source: BackupSource = {
    previewKey: (backupId) => [...key, "preview", backupId],
    preview: (backupId) => projectBackupsApi.preview(project.id, backupId),
    restore: (backupId, body) => projectBackupsApi.restore(project.id, backupId, body),
  };
  const create = useMutation({
    mutationFn: () => projectBackupsApi.create(project.id),
    onSuccess: ({ jobId }) => jobs.started(jobId, "create"),
  });
  const { askRemove } = useBackupRemoval((backup) => projectBackupsApi.remove(project.id, backup.id), refresh);
  const unit = (name: string) => t(`storage.units.${name}`);

  return (
    <Modal opened onClose={onClose} title={t("projectBackups.title", { name: project.name })} size="lg" centered>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed" style={{ flex: "1 1 220px" }}>
            {t("projectBackups.hint")}
          </Text>
          <Group gap="xs" wrap="nowrap">
            {jobs.running ? <Badge variant="light">{t("backups.running")}</Badge> : null}
            <Button
              leftSection={<IconDatabaseExport size={18} />}
              loading={create.isPending}
              onClick={() => create.mutate()}
            >
              {t("backups.create")}
            </Button>
          </Group>
        </Group>
        {!backups.data ? (
          <Skeleton h={80} />
        ) : backups.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("projectBackups.none")}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={360} mah={360}>
            <Table verticalSpacing="xs" aria-label={t("backups.listLabel")}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("backups.saved")}</Table.Th>
                  <Table.Th>{t("storage.size")}</Table.Th>
                  <Table.Th w={88} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {backups.data.map((backup) => {
                  const date = dayjs(backup.createdAt).format("DD.MM.YYYY HH:mm");
                  return (
                    <Table.Tr key={backup.id}>
                      <Table.Td>
                        <Group gap={6}>
                          <Text size="sm">{date}</Text>
                          {backup.periodic ? (
                            <Badge size="xs" variant="light" color="teal">
                              {t("backups.periodicBadge")}
                            </Badge>
                          ) : null}
                        </Group>
                        {backup.createdByLogin ? (
                          <Text size="xs" c="dimmed">
                            {backup.createdByLogin}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>{formatBytes(backup.size, unit)}</Table.Td>
                      <Table.Td>
                        <Group gap={2} justify="flex-end" wrap="nowrap">
                          <RowAction
                            label={t("backups.restore")}
                            ariaLabel={t("projectBackups.restoreDated", { date })}
                            icon={<IconRestore size={18} />}
                            onClick={() => setRestoring(backup)}
                          />
                          <RowAction
                            label={t("backups.delete")}
                            ariaLabel={t("projectBackups.deleteDated", { date })}
                            icon={<IconTrash size={18} />}
                            color="red"
                            onClick={() => void askRemove(backup)}
                          />
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      {restoring ? (
        <BackupRestoreModal
          spaceId={spaceId}
          source={source}
          backup={restoring}
          onClose={() => setRestoring(null)}
          onStarted={(jobId) => {
            jobs.started(jobId, "restore");
            setRestoring(null);
          }}
        />
      ) : null}
    </Modal>
  );
}
