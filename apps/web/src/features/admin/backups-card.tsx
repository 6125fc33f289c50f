import { Badge, Button, Group, Select, Skeleton, Table, Text } from "@mantine/core";
import type { Backup } from "@planum/contracts";
import { IconDatabaseExport, IconRestore, IconTrash } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatBytes } from "../../ui/format-bytes";
import { RowAction } from "../../ui/row-action";
import { SectionCard } from "../../ui/section-card";
import {
  BackupRestoreModal,
  type BackupTarget,
  backupKeys,
  backupsApi,
  useBackupJobs,
  useBackupRemoval,
  useBackups,
  useBackupTargets,
} from "../backups";
import { useSpaces } from "../spaces";
import { BackupSchedules } from "./backup-schedules";

/** A target as the pickers name it: the space, a project, or a schedule with its project. */
export function targetLabel(t: (key: string, options?: Record<string, string>) => string, target: BackupTarget) {
  if (target.scope === "space") return t("backups.scopeSpace", { name: target.name });
  if (target.scope === "project") return t("backups.scopeProject", { name: target.name });
  return t("backups.scopeSchedule", { name: target.name, project: target.projectName ?? "" });
}

/**
 * The space's backups (space:admin, spec §1 backups): save the space, a project or a schedule now, the saved ones
 * with their size, restore one (preview first) or delete it, and the periodic backups. Saving and restoring are jobs:
 * the `backup` event tells when they end (the spec's "backup restore success or failure").
 */
export function BackupsCard({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation("admin");
  const queryClient = useQueryClient();
  const backups = useBackups(spaceId);
  const targets = useBackupTargets(spaceId);
  const spaceName = useSpaces().data?.find((space) => space.id === spaceId)?.name ?? "";
  const [targetKey, setTargetKey] = useState<string | null>(null);
  const [restoring, setRestoring] = useState<Backup | null>(null);
  const everything: BackupTarget[] = [{ scope: "space", id: spaceId, name: spaceName }, ...(targets.data ?? [])];
  const options = everything.map((target) => ({
    value: `${target.scope}:${target.id}`,
    label: targetLabel(t, target),
  }));
  const chosen = targetKey ?? options[0]?.value ?? null;

  const refresh = () => void queryClient.invalidateQueries({ queryKey: backupKeys.all(spaceId) });
  const jobs = useBackupJobs(spaceId, (action, ok) => {
    refresh();
    if (ok && action === "restore") void queryClient.invalidateQueries({ queryKey: ["space", spaceId] });
  });
  const create = useMutation({
    mutationFn: (key: string) => {
      const [scope, targetId] = key.split(":") as [Backup["scope"], string];
      return backupsApi.create(spaceId, scope, targetId);
    },
    onSuccess: ({ jobId }) => jobs.started(jobId, "create"),
  });
  const { askRemove } = useBackupRemoval((backup) => backupsApi.remove(spaceId, backup.id), refresh);
  const unit = (key: string) => t(`storage.units.${key}`);

  return (
    <SectionCard
      title={t("backups.title")}
      aside={jobs.running ? <Badge variant="light">{t("backups.running")}</Badge> : null}
    >
      <Group align="flex-end" gap="xs" wrap="wrap">
        <Select
          label={t("backups.what")}
          data={options}
          value={chosen}
          onChange={setTargetKey}
          allowDeselect={false}
          searchable
          style={{ flex: "1 1 240px", minWidth: 0 }}
        />
        <Button
          leftSection={<IconDatabaseExport size={18} />}
          loading={create.isPending}
          disabled={!chosen}
          onClick={() => chosen && create.mutate(chosen)}
        >
          {t("backups.create")}
        </Button>
      </Group>
      {!backups.data ? (
        <Skeleton h={80} />
      ) : backups.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("backups.none")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="xs" aria-label={t("backups.listLabel")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("backups.target")}</Table.Th>
                <Table.Th>{t("backups.saved")}</Table.Th>
                <Table.Th>{t("storage.size")}</Table.Th>
                <Table.Th w={88} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {backups.data.map((backup) => (
                <Table.Tr key={backup.id}>
                  <Table.Td>
                    <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                      {backup.targetName}
                    </Text>
                    <Group gap={4}>
                      <Badge size="xs" variant="light" color="gray">
                        {t(`backups.scope.${backup.scope}`)}
                      </Badge>
                      {backup.periodic ? (
                        <Badge size="xs" variant="light" color="teal">
                          {t("backups.periodicBadge")}
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{dayjs(backup.createdAt).format("DD.MM.YYYY HH:mm")}</Text>
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
                        ariaLabel={t("backups.restoreNamed", { name: backup.targetName })}
                        icon={<IconRestore size={18} />}
                        onClick={() => setRestoring(backup)}
                      />
                      <RowAction
                        label={t("backups.delete")}
                        ariaLabel={t("backups.deleteNamed", { name: backup.targetName })}
                        icon={<IconTrash size={18} />}
                        color="red"
                        onClick={() => void askRemove(backup)}
                      />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <BackupSchedules spaceId={spaceId} options={options} />
      {restoring ? (
        <BackupRestoreModal
          spaceId={spaceId}
          backup={restoring}
          onClose={() => setRestoring(null)}
          onStarted={(jobId) => {
            jobs.started(jobId, "restore");
            setRestoring(null);
          }}
        />
      ) : null}
    </SectionCard>
  );
}
