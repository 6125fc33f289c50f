import { ActionIcon, Button, Group, MultiSelect, Select, Stack, Text, TextInput, Tooltip } from "@mantine/core";
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
import { IconPencil, IconTrash } from "@tabler/icons-react";
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
 * A listed setting is changed by loading it into the form (its pencil), then saving it in place.
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
  const [editingId, setEditingId] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: noticesKeys.settings(spaceId) });
  const reset = () => {
    setEditingId(null);
    setCronError(null);
    setChannel("email");
    setPeriodicity("daily");
    setCron("");
    setKinds([]);
  };
  const edit = (setting: NoticeSetting) => {
    setEditingId(setting.id);
    setCronError(null);
    setChannel(setting.channel);
    setPeriodicity(setting.periodicity);
    setCron(setting.cron ?? "");
    setKinds(setting.kinds);
  };
  const add = useMutation({
    mutationFn: () => {
      const body = { channel, periodicity, cron: periodicity === "cron" ? cron : null, kinds };
      return editingId ? noticesApi.saveSetting(editingId, body) : noticesApi.addSetting(body);
    },
    // a refused cron is shown under its field (the toast says it too)
    onError: (error) => setCronError(error instanceof ApiRequestError ? (error.errors[0]?.message ?? null) : null),
    onSuccess: () => {
      reset();
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: noticesApi.removeSetting,
    onSuccess: (_answer, id) => {
      if (id === editingId) reset();
      void refresh();
    },
  });
  const kindOptions = NOTICE_KINDS.map((kind) => ({ value: kind, label: NOTICE_TEXTS[currentLanguage()][kind].label }));
  return (
    <SectionCard
      title={t("settings.title")}
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate();
      }}
      submit={{ label: t(editingId ? "settings.save" : "settings.add"), loading: add.isPending, variant: "light" }}
    >
      <Stack gap="xs" data-testid="notice-settings">
        {settings.data?.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("settings.none")}
          </Text>
        ) : null}
        {settings.data?.map((setting) => (
          <SettingRow
            key={setting.id}
            setting={setting}
            editing={setting.id === editingId}
            onEdit={() => edit(setting)}
            onDelete={() => remove.mutate(setting.id)}
          />
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
      {editingId ? (
        <Group justify="flex-end">
          <Button variant="subtle" color="gray" onClick={reset}>
            {t("settings.cancel")}
          </Button>
        </Group>
      ) : null}
    </SectionCard>
  );
}

function SettingRow(props: { setting: NoticeSetting; editing: boolean; onEdit(): void; onDelete(): void }) {
  const { setting, onDelete } = props;
  const { t } = useTranslation("notices");
  const language = currentLanguage();
  const kinds = setting.kinds.length
    ? setting.kinds.map((kind) => NOTICE_TEXTS[language][kind].label).join(", ")
    : t("settings.allKinds");
  const period = setting.periodicity === "cron" ? `cron ${setting.cron}` : t(`periodicity.${setting.periodicity}`);
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="notice-setting" data-editing={props.editing}>
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
          {t(`channel.${setting.channel}`)} · {period}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {kinds}
        </Text>
      </Stack>
      <Tooltip label={t("settings.edit")}>
        <ActionIcon
          variant={props.editing ? "light" : "subtle"}
          color="gray"
          aria-label={t("settings.edit")}
          aria-pressed={props.editing}
          onClick={props.onEdit}
        >
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t("settings.delete")}>
        <ActionIcon variant="subtle" color="gray" aria-label={t("settings.delete")} onClick={onDelete}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
