import { ActionIcon, Badge, Group, Menu, Select, Text, Tooltip } from "@mantine/core";
import type { Version } from "@planum/contracts";
import {
  IconCopy,
  IconDots,
  IconLock,
  IconLockOpen,
  IconPencil,
  IconPlus,
  IconStar,
  IconStarFilled,
  IconTarget,
  IconTrash,
} from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { confirm } from "../../ui/confirm-dialog";
import { notifyError, notifySuccess } from "../../ui/notify";
import { ImportReportButton } from "../interchange";
import { askLabel, askNewVersion } from "./version-dialogs";
import { nextLabel, targetChoices } from "./version-order";
import { workspaceApi, workspaceKeys } from "./workspace-api";

interface VersionBarProps {
  scheduleId: string;
  versions: Version[];
  version: Version;
  onSelect(id: string): void;
}

/** The version switcher with the open version's badges and everything one does to versions. */
export function VersionBar({ scheduleId, versions, version, onSelect }: VersionBarProps) {
  const { t } = useTranslation("workspace");
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: workspaceKeys.versions(scheduleId) });

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      notifySuccess(t(done));
      await reload();
    } catch (error) {
      notifyError(error);
    }
  };

  const create = async (kind: Version["kind"], copyFrom: Version | null) => {
    const form = await askNewVersion({
      title: t(copyFrom ? "versions.copyTitle" : kind === "target" ? "versions.newTarget" : "versions.newVersion"),
      label: copyFrom
        ? `${copyFrom.label} (${t("versions.copySuffix")})`
        : nextLabel(versions, t(kind === "target" ? "versions.kinds.target" : "versions.kinds.version")),
      kind,
      withStart: copyFrom === null,
    });
    if (!form) return;
    try {
      const created = copyFrom
        ? await workspaceApi.copyVersion(copyFrom.id, scheduleId, { label: form.label, kind: form.kind })
        : await workspaceApi.createVersion(scheduleId, form);
      notifySuccess(t("versions.created"));
      await reload();
      onSelect(created.id);
    } catch (error) {
      notifyError(error);
    }
  };

  const targets = targetChoices(versions, version.id);

  return (
    <Group gap="xs" wrap="wrap" align="center">
      <Select
        aria-label={t("versions.switcher")}
        w={{ base: 200, sm: 260 }}
        allowDeselect={false}
        value={version.id}
        data={versions.map((v) => ({
          value: v.id,
          label: `${v.label} · ${t(`versions.kinds.${v.kind}`)}${v.locked ? ` · ${t("versions.locked")}` : ""}`,
        }))}
        onChange={(id) => id && onSelect(id)}
        comboboxProps={{ withinPortal: true }}
      />
      {version.kind === "actual" ? (
        <Tooltip label={t("versions.actualHint")}>
          <Badge color="teal" variant="light" leftSection={<IconStarFilled size={10} />}>
            {t("versions.kinds.actual")}
          </Badge>
        </Tooltip>
      ) : (
        <Badge color={version.kind === "target" ? "yellow" : "gray"} variant="light">
          {t(`versions.kinds.${version.kind}`)}
        </Badge>
      )}
      {version.locked && (
        <Badge color="orange" variant="light" leftSection={<IconLock size={10} />}>
          {t("versions.locked")}
        </Badge>
      )}
      <Badge
        variant="dot"
        color={version.calcStatus === "calculated" ? "teal" : version.calcStatus === "in_process" ? "blue" : "gray"}
        data-testid="calc-status"
      >
        {t(`calc.status.${version.calcStatus}`)}
      </Badge>
      <ImportReportButton versionId={version.id} />
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="default" size="lg" aria-label={t("versions.actions")}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconPlus size={14} />} onClick={() => void create("version", null)}>
            {t("versions.newVersion")}
          </Menu.Item>
          <Menu.Item leftSection={<IconTarget size={14} />} onClick={() => void create("target", null)}>
            {t("versions.newTarget")}
          </Menu.Item>
          <Menu.Item leftSection={<IconCopy size={14} />} onClick={() => void create("target", version)}>
            {t("versions.copy")}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            leftSection={<IconPencil size={14} />}
            onClick={async () => {
              const label = await askLabel(version.label);
              if (label) await act(() => workspaceApi.changeLabel(version.id, label), "versions.labelChanged");
            }}
          >
            {t("versions.changeLabel")}
          </Menu.Item>
          <Menu.Item
            leftSection={version.locked ? <IconLockOpen size={14} /> : <IconLock size={14} />}
            onClick={() =>
              act(
                () => workspaceApi.setLocked(version.id, !version.locked),
                version.locked ? "versions.unlocked" : "versions.lockedDone",
              )
            }
          >
            {t(version.locked ? "versions.unlock" : "versions.lock")}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconStar size={14} />}
            disabled={version.kind === "actual"}
            onClick={() => act(() => workspaceApi.setActual(version.id), "versions.actualSet")}
          >
            {t("versions.setActual")}
          </Menu.Item>
          {targets.length > 0 && <Menu.Label>{t("versions.targetDatesFrom")}</Menu.Label>}
          {targets.map((target) => (
            <Menu.Item
              key={target.id}
              disabled={version.locked}
              onClick={() =>
                act(() => workspaceApi.updateTargetDates(version.id, target.id), "versions.targetDatesDone")
              }
            >
              <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                {target.label}
              </Text>
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={async () => {
              const answer = await confirm({
                message: t("versions.deleteConfirm", { label: version.label }),
                danger: true,
                confirmLabel: t("versions.delete"),
              });
              if (!answer.confirmed) return;
              await act(() => workspaceApi.deleteVersion(version.id), "versions.deleted");
            }}
          >
            {t("versions.delete")}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
