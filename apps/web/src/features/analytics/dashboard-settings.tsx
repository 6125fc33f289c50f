import { ActionIcon, Button, Checkbox, Group, Modal, Select, Stack, Switch, TextInput, Tooltip } from "@mantine/core";
import {
  type AnalyticsSetting,
  type AnalyticsSettingBody,
  DASHBOARD_WIDGETS,
  type DashboardWidget,
} from "@planum/contracts";
import { IconCheck, IconDeviceFloppy, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api, apiRequest } from "../../shared/api-client";
import { errorsOf } from "../../shared/api-error";
import { notifyErrors } from "../../ui/notify";
import { analyticsKeys } from "./analytics-api";

/** The choice of the default dashboard (no setting active). */
const DEFAULT = "default";

export function useDashboardSettings(spaceId: string, nodeId: string) {
  return useQuery({
    queryKey: analyticsKeys.settings(spaceId, nodeId),
    queryFn: () => api.get<AnalyticsSetting[]>(`/analytics/setting/${nodeId}`),
  });
}

/**
 * The dashboard's settings bar: which of the caller's settings at this node or the space's presets is active (or the
 * default dashboard), saving the dashboard as shown as a new setting or preset, deleting the active own setting.
 */
export function DashboardSettingsBar({
  spaceId,
  nodeId,
  settings,
  current,
}: {
  spaceId: string;
  nodeId: string;
  settings: AnalyticsSetting[];
  /** The dashboard as shown now: what "save as" keeps. */
  current: Omit<AnalyticsSettingBody, "name">;
}) {
  const { t } = useTranslation("analytics");
  const client = useQueryClient();
  const [saving, setSaving] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: analyticsKeys.settings(spaceId, nodeId) });
  const activate = useMutation({
    meta: { silentError: true },
    mutationFn: (settingId: string | null) =>
      api.post<AnalyticsSetting[]>(`/analytics/setting/${nodeId}/setActive`, { settingId }),
    onSuccess: (list) => client.setQueryData(analyticsKeys.settings(spaceId, nodeId), list),
    onError: (error) => notifyErrors(errorsOf(error)),
  });
  const remove = useMutation({
    meta: { silentError: true },
    mutationFn: (setting: AnalyticsSetting) =>
      api.delete(setting.shared ? `/analytics/preset/${setting.id}/delete` : `/analytics/setting/${setting.id}/delete`),
    onSuccess: () => refresh(),
    onError: (error) => notifyErrors(errorsOf(error)),
  });
  const update = useMutation({
    meta: { silentError: true },
    mutationFn: (setting: AnalyticsSetting) =>
      apiRequest<AnalyticsSetting>(
        setting.shared ? `/analytics/preset/${setting.id}/update` : `/analytics/setting/${setting.id}/update`,
        { method: "PATCH", body: { ...current, name: setting.name } },
      ),
    onSuccess: () => refresh(),
    onError: (error) => notifyErrors(errorsOf(error)),
  });
  const active = settings.find((s) => s.active) ?? null;
  // The curve drawn otherwise than the active dashboard keeps it: its changes may be kept in it.
  const changed =
    !!active &&
    (active.measure !== current.measure ||
      active.period !== current.period ||
      active.cumulative !== current.cumulative);
  return (
    <Group gap="xs" align="end" wrap="nowrap" data-testid="dashboard-settings" maw="100%">
      <Select
        label={t("settings.title")}
        data={[
          { value: DEFAULT, label: t("settings.default") },
          ...settings.map((s) => ({ value: s.id, label: s.shared ? t("settings.preset", { name: s.name }) : s.name })),
        ]}
        value={active?.id ?? DEFAULT}
        onChange={(value) => value && activate.mutate(value === DEFAULT ? null : value)}
        allowDeselect={false}
        w={{ base: "100%", xs: 240 }}
        style={{ flex: "1 1 auto", minWidth: 0 }}
        data-testid="dashboard-setting"
      />
      <Tooltip label={t("settings.saveAs")}>
        <ActionIcon variant="default" size="lg" aria-label={t("settings.saveAs")} onClick={() => setSaving(true)}>
          <IconDeviceFloppy size={18} />
        </ActionIcon>
      </Tooltip>
      {changed && active ? (
        <Tooltip label={t("settings.update")}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t("settings.update")}
            loading={update.isPending}
            onClick={() => update.mutate(active)}
          >
            <IconCheck size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {active ? (
        <Tooltip label={t("settings.delete")}>
          <ActionIcon
            variant="default"
            size="lg"
            color="red"
            aria-label={t("settings.delete")}
            loading={remove.isPending}
            onClick={() => remove.mutate(active)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {/* Mounted on opening: the dialog starts from the dashboard as shown then. */}
      {saving ? (
        <SaveSettingModal
          opened
          onClose={() => setSaving(false)}
          spaceId={spaceId}
          nodeId={nodeId}
          current={current}
          onSaved={(preset) => {
            void refresh();
            // A preset is saved for the space; the caller also makes it their dashboard here.
            if (preset) activate.mutate(preset.id);
          }}
        />
      ) : null}
    </Group>
  );
}

function SaveSettingModal({
  opened,
  onClose,
  spaceId,
  nodeId,
  current,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  spaceId: string;
  nodeId: string;
  current: Omit<AnalyticsSettingBody, "name">;
  onSaved: (preset: AnalyticsSetting | null) => void;
}) {
  const { t } = useTranslation("analytics");
  const [name, setName] = useState("");
  const [widgets, setWidgets] = useState<string[]>(current.widgets);
  const [shared, setShared] = useState(false);
  const save = useMutation({
    meta: { silentError: true },
    mutationFn: (body: AnalyticsSettingBody) =>
      api.post<AnalyticsSetting>(shared ? "/analytics/preset/create" : `/analytics/setting/${nodeId}/create`, body),
    onSuccess: (setting) => {
      onSaved(shared ? setting : null);
      setName("");
      onClose();
    },
    onError: (error) => notifyErrors(errorsOf(error)),
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t("settings.saveAs")} centered key={spaceId}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ ...current, name, widgets: widgets as DashboardWidget[] });
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t("settings.name")}
            withAsterisk
            data-autofocus
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            data-testid="setting-name"
          />
          <Checkbox.Group label={t("settings.widgets")} value={widgets} onChange={setWidgets}>
            <Stack gap={6} mt={6}>
              {DASHBOARD_WIDGETS.map((w) => (
                <Checkbox key={w} value={w} label={t(`settings.widget.${w}`)} data-testid={`setting-widget-${w}`} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Switch label={t("settings.shared")} checked={shared} onChange={(e) => setShared(e.currentTarget.checked)} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t("common:actions.cancel")}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="setting-save">
              {t("common:actions.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
