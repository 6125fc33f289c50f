import { ActionIcon, Group, Menu, Select, Tooltip } from "@mantine/core";
import { hasProhibitedCharacters, NAME_MAX_LENGTH } from "@planum/contracts";
import { IconAdjustments, IconDeviceFloppy, IconLayoutColumns, IconTemplate, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { i18n } from "../../shared/i18n";
import { askText } from "../../ui/ask-text";
import { confirm } from "../../ui/confirm-dialog";
import { notifyError, notifySuccess } from "../../ui/notify";
import type { LayoutSource, SavedLayout } from "./layout-view";

interface LayoutMenuProps {
  /** The view settings page (layouts, templates, groupings of the schedule) this menu leads to. */
  settingsHref?: string;
  layouts: SavedLayout[];
  templates: SavedLayout[];
  source: LayoutSource | null;
  canWriteTemplates: boolean;
  onApply(source: LayoutSource): void;
  saveAs(name: string): Promise<unknown>;
  saveAsTemplate(name: string): Promise<void>;
  remove(id: string): Promise<void>;
}

const optionOf = (s: LayoutSource) => `${s.kind}:${s.layout.id}`;

/**
 * Saved views of the workspace: pick one of the user's layouts (it becomes active and keeps the view's later changes)
 * or a space template (a starting point), save the current view as a new layout or template, delete a layout.
 */
export function LayoutMenu(p: LayoutMenuProps) {
  const { t } = useTranslation("workspace");
  const data = [
    ...(p.layouts.length
      ? [{ group: t("layouts.mine"), items: p.layouts.map((l) => ({ value: `layout:${l.id}`, label: l.name })) }]
      : []),
    ...(p.templates.length
      ? [
          {
            group: t("layouts.templates"),
            items: p.templates.map((l) => ({ value: `template:${l.id}`, label: l.name })),
          },
        ]
      : []),
  ];
  const pick = (value: string | null) => {
    if (!value) return;
    const [kind, id] = value.split(":") as ["layout" | "template", string];
    const layout = (kind === "layout" ? p.layouts : p.templates).find((l) => l.id === id);
    if (layout) p.onApply({ kind, layout });
  };
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notifySuccess(done);
    } catch (error) {
      notifyError(error);
    }
  };
  const current = p.source ? optionOf(p.source) : null;
  const own = p.source?.kind === "layout" ? p.source.layout : null;

  return (
    <Group gap={4} wrap="nowrap">
      <Select
        aria-label={t("layouts.label")}
        placeholder={t("layouts.placeholder")}
        leftSection={<IconLayoutColumns size={16} />}
        w={220}
        data={data}
        value={current}
        onChange={pick}
        nothingFoundMessage={t("layouts.none")}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Tooltip label={t("layouts.save")}>
            <ActionIcon variant="default" size="lg" aria-label={t("layouts.save")}>
              <IconDeviceFloppy size={16} />
            </ActionIcon>
          </Tooltip>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconDeviceFloppy size={14} />}
            onClick={async () => {
              const name = await askName(t("layouts.saveAs"), "");
              if (name) await run(() => p.saveAs(name), t("layouts.saved", { name }));
            }}
          >
            {t("layouts.saveAs")}
          </Menu.Item>
          {p.canWriteTemplates && (
            <Menu.Item
              leftSection={<IconTemplate size={14} />}
              onClick={async () => {
                const name = await askName(t("layouts.saveAsTemplate"), "");
                if (name) await run(() => p.saveAsTemplate(name), t("layouts.templateSaved", { name }));
              }}
            >
              {t("layouts.saveAsTemplate")}
            </Menu.Item>
          )}
          {own && (
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={async () => {
                const answer = await confirm({
                  message: t("layouts.deleteConfirm", { name: own.name }),
                  danger: true,
                });
                if (answer.confirmed) await run(() => p.remove(own.id), t("layouts.deleted"));
              }}
            >
              {t("layouts.delete", { name: own.name })}
            </Menu.Item>
          )}
          {p.settingsHref && (
            <>
              <Menu.Divider />
              <Menu.Item component={Link} to={p.settingsHref} leftSection={<IconAdjustments size={14} />}>
                {t("view-settings:title")}
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

function nameError(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === "") return i18n.t("workspace:layouts.errors.required");
  if (trimmed.length > NAME_MAX_LENGTH) return i18n.t("workspace:layouts.errors.tooLong", { max: NAME_MAX_LENGTH });
  if (hasProhibitedCharacters(trimmed)) return i18n.t("workspace:versions.errors.prohibited");
  return null;
}

/** Asks for a layout's name; resolves null when cancelled. */
function askName(title: string, current: string): Promise<string | null> {
  return askText({
    title,
    label: i18n.t("workspace:layouts.name"),
    current,
    validate: nameError,
    checkWhileTyping: false,
  });
}
