import { Button, Group, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { type BackupSchedule, PERIODICITIES, type Periodicity } from "@planum/contracts";
import { IconClockPlus, IconTrash } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notifySuccess } from "../../ui/notify";
import { RowAction } from "../../ui/row-action";
import { backupKeys, backupsApi, useBackupSchedules } from "../backups";

/** Periodic backups (spec §3 periodicity): the space's list with the next run, a new one, stopping one. */
export function BackupSchedules({
  spaceId,
  options,
}: {
  spaceId: string;
  options: { value: string; label: string }[];
}) {
  const { t } = useTranslation("admin");
  const queryClient = useQueryClient();
  const schedules = useBackupSchedules(spaceId);
  const [targetKey, setTargetKey] = useState<string | null>(null);
  const [periodicity, setPeriodicity] = useState<Periodicity>("daily");
  const [cron, setCron] = useState("0 2 * * *");
  const chosen = targetKey ?? options[0]?.value ?? null;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: backupKeys.schedules(spaceId) });
  const create = useMutation({
    mutationFn: () => {
      const [scope, targetId] = (chosen ?? "").split(":") as [BackupSchedule["scope"], string];
      return backupsApi.createSchedule(spaceId, {
        scope,
        targetId,
        periodicity,
        cron: periodicity === "cron" ? cron.trim() : null,
      });
    },
    onSuccess: () => {
      notifySuccess(t("backups.scheduled"));
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (jobId: string) => backupsApi.removeSchedule(spaceId, jobId),
    onSuccess: refresh,
  });

  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {t("backups.periodicTitle")}
      </Title>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <Select
          label={t("backups.what")}
          data={options}
          value={chosen}
          onChange={setTargetKey}
          allowDeselect={false}
          searchable
          style={{ flex: "1 1 220px", minWidth: 0 }}
        />
        <Select
          label={t("backups.periodicity")}
          data={PERIODICITIES.map((value) => ({ value, label: t(`backups.periodicities.${value}`) }))}
          value={periodicity}
          onChange={(value) => value && setPeriodicity(value as Periodicity)}
          allowDeselect={false}
          style={{ flex: "0 1 200px", minWidth: 140 }}
        />
        {periodicity === "cron" ? (
          <TextInput
            label={t("backups.cron")}
            value={cron}
            onChange={(event) => setCron(event.currentTarget.value)}
            style={{ flex: "0 1 160px", minWidth: 120 }}
          />
        ) : null}
        <Button
          variant="light"
          leftSection={<IconClockPlus size={18} />}
          loading={create.isPending}
          disabled={!chosen}
          onClick={() => create.mutate()}
        >
          {t("backups.schedule")}
        </Button>
      </Group>
      {(schedules.data ?? []).length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("backups.noPeriodic")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs" aria-label={t("backups.periodicTitle")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("backups.target")}</Table.Th>
                <Table.Th>{t("backups.periodicity")}</Table.Th>
                <Table.Th>{t("backups.nextRun")}</Table.Th>
                <Table.Th w={48} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(schedules.data ?? []).map((schedule) => (
                <Table.Tr key={schedule.id}>
                  <Table.Td style={{ overflowWrap: "anywhere" }}>
                    {schedule.targetName}
                    <Text size="xs" c="dimmed">
                      {t(`backups.scope.${schedule.scope}`)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {schedule.periodicity === "cron"
                      ? schedule.cron
                      : t(`backups.periodicities.${schedule.periodicity}`)}
                  </Table.Td>
                  <Table.Td>{dayjs(schedule.nextRunAt).format("DD.MM.YYYY HH:mm")}</Table.Td>
                  <Table.Td>
                    <RowAction
                      label={t("backups.stop")}
                      ariaLabel={t("backups.stopNamed", { name: schedule.targetName })}
                      icon={<IconTrash size={18} />}
                      color="red"
                      onClick={() => remove.mutate(schedule.id)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
