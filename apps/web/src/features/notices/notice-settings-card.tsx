import { ActionIcon, Group, MultiSelect, Select, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import {
  NOTICE_KINDS,
  NOTICE_TEXTS,
  type NoticeKind,
  type NoticeSetting,
  PERIODICITIES,
  type Periodicity,
  REMINDER_CHANNELS,
  type ReminderChannel,
} from "@planum/contracts";
import { IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiRequestError } from "../../shared/api-error";
import { currentLanguage } from "../../shared/i18n";
import { SectionCard } from "../../ui/section-card";
import { noticesApi, noticesKeys } from "./notices-api";

/**
 * Notice settings of the profile: each says which kinds (none: all) reach which channel (an e-mail digest, or a
 * reminder in the personal area) how often; a cron expression is checked by the server (a bad one is named there).
 */
export function NoticeSettingsCard({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation("notices");
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: noticesKeys.settings(spaceId), queryFn: noticesApi.settings });
  const [channel, setChannel] = useState<ReminderChannel>("email");
  const [periodicity, setPeriodicity] = useState<Periodicity>("daily");
  const [cron, setCron] = useState("");
  const [kinds, setKinds] = useState<NoticeKind[]>([]);
  const [cronError, setCronError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: noticesKeys.settings(spaceId) });
  const add = useMutation({
    mutationFn: () =>
      noticesApi.addSetting({ channel, periodicity, cron: periodicity === "cron" ? cron : null, kinds }),
    // a refused cron is shown under its field (the toast says it too)
    onError: (error) => setCronError(error instanceof ApiRequestError ? (error.errors[0]?.message ?? null) : null),
    onSuccess: () => {
      setCronError(null);
      setCron("");
      setKinds([]);
      void refresh();
    },
  });
  const remove = useMutation({ mutationFn: noticesApi.removeSetting, onSuccess: () => void refresh() });
  const kindOptions = NOTICE_KINDS.map((kind) => ({ value: kind, label: NOTICE_TEXTS[currentLanguage()][kind].label }));
  return (
    <SectionCard
      title={t("settings.title")}
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate();
      }}
      submit={{ label: t("settings.add"), loading: add.isPending, variant: "light" }}
    >
      <Stack gap="xs" data-testid="notice-settings">
        {settings.data?.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("settings.none")}
          </Text>
        ) : null}
        {settings.data?.map((setting) => (
          <SettingRow key={setting.id} setting={setting} onDelete={() => remove.mutate(setting.id)} />
        ))}
      </Stack>
      <Group grow align="flex-start" gap="xs" wrap="wrap">
        <Select
          label={t("settings.channel")}
          allowDeselect={false}
          value={channel}
          miw={160}
          onChange={(value) => value && setChannel(value as ReminderChannel)}
          data={REMINDER_CHANNELS.map((value) => ({ value, label: t(`channel.${value}`) }))}
        />
        <Select
          label={t("settings.periodicity")}
          allowDeselect={false}
          value={periodicity}
          miw={160}
          onChange={(value) => value && setPeriodicity(value as Periodicity)}
          data={PERIODICITIES.map((value) => ({ value, label: t(`periodicity.${value}`) }))}
        />
      </Group>
      {periodicity === "cron" ? (
        <TextInput
          label={t("settings.cron")}
          description={t("settings.cronHint")}
          placeholder="0 8 * * 1-5"
          value={cron}
          error={cronError}
          onChange={(event) => setCron(event.currentTarget.value)}
        />
      ) : null}
      <MultiSelect
        label={t("settings.kinds")}
        placeholder={kinds.length ? undefined : t("settings.allKinds")}
        data={kindOptions}
        value={kinds}
        onChange={(value) => setKinds(value as NoticeKind[])}
        clearable
        searchable
      />
    </SectionCard>
  );
}

function SettingRow({ setting, onDelete }: { setting: NoticeSetting; onDelete: () => void }) {
  const { t } = useTranslation("notices");
  const language = currentLanguage();
  const kinds = setting.kinds.length
    ? setting.kinds.map((kind) => NOTICE_TEXTS[language][kind].label).join(", ")
    : t("settings.allKinds");
  const period = setting.periodicity === "cron" ? `cron ${setting.cron}` : t(`periodicity.${setting.periodicity}`);
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="notice-setting">
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
          {t(`channel.${setting.channel}`)} · {period}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {kinds}
        </Text>
      </Stack>
      <Tooltip label={t("settings.delete")}>
        <ActionIcon variant="subtle" color="gray" aria-label={t("settings.delete")} onClick={onDelete}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
