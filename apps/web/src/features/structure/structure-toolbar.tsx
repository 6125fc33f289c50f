import { ActionIcon, Button, Group, Menu, TextInput, Tooltip } from "@mantine/core";
import type { Ability, EpsRow } from "@planum/contracts";
import {
  IconArrowDown,
  IconArrowUp,
  IconCalendarPlus,
  IconChevronDown,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTrash,
  IconX,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { ProjectBackupsButton } from "../backups";
import { SpaceReportButton } from "../reports";
import type { CreateKind } from "./create-node-modal";
import { KIND_ICONS } from "./structure-tree";
import type { useStructureTree } from "./use-structure-tree";

interface Props {
  tree: ReturnType<typeof useStructureTree>;
  active: EpsRow | null;
  checkedCount: number;
  can: (ability: Ability) => boolean;
  onCreate: (kind: CreateKind, parent: EpsRow | null) => void;
  onRename: () => void;
  onShift: (direction: "up" | "down") => void;
  onDelete: () => void;
}

/** Search, the create menu and the actions on the chosen or checked rows; actions the user lacks are not shown. */
export function StructureToolbar({ tree, active, checkedCount, can, onCreate, onRename, onShift, onDelete }: Props) {
  const { t } = useTranslation("structure");
  const { spaceId = "" } = useParams();
  const canWrite = can("eps:write");
  const inNode = active?.kind === "node" ? active : null;
  const createItems: { kind: CreateKind; parent: EpsRow | null; label: string; show: boolean }[] = [
    { kind: "node", parent: null, label: t("create.menu.topNode"), show: canWrite },
    {
      kind: "node",
      parent: inNode,
      label: t("create.menu.childNode", { name: inNode?.name }),
      show: canWrite && !!inNode,
    },
    {
      kind: "facility",
      parent: inNode,
      label: inNode ? t("create.menu.facilityIn", { name: inNode.name }) : t("create.menu.facility"),
      show: canWrite,
    },
    {
      kind: "project",
      parent: active,
      label: t("create.menu.project", { name: active?.name }),
      show: canWrite && active?.kind === "facility",
    },
    {
      kind: "schedule",
      parent: active,
      label: t("create.menu.schedule", { name: active?.name }),
      show: can("schedule:write") && active?.kind === "project",
    },
  ];
  const visibleItems = createItems.filter((item) => item.show);

  return (
    <Group
      gap={6}
      p="xs"
      wrap="wrap"
      style={{ borderBottom: "1px solid var(--mantine-color-default-border)", flex: "none" }}
    >
      <TextInput
        size="xs"
        style={{ flex: "1 1 160px" }}
        leftSection={<IconSearch size={14} />}
        placeholder={t("search.placeholder")}
        aria-label={t("search.label")}
        value={tree.searchText}
        onChange={(event) => tree.setSearchText(event.currentTarget.value)}
        rightSection={
          tree.searchText ? (
            <ActionIcon
              size="sm"
              variant="subtle"
              color="gray"
              aria-label={t("search.clear")}
              onClick={() => tree.setSearchText("")}
            >
              <IconX size={12} />
            </ActionIcon>
          ) : null
        }
      />
      {visibleItems.length > 0 ? (
        <Menu position="bottom-start" shadow="md" withinPortal>
          <Menu.Target>
            <Button size="xs" leftSection={<IconPlus size={14} />} rightSection={<IconChevronDown size={12} />}>
              {t("create.button")}
            </Button>
          </Menu.Target>
          <Menu.Dropdown maw={320}>
            {visibleItems.map((item) => {
              const Icon = item.kind === "schedule" ? IconCalendarPlus : KIND_ICONS[item.kind];
              return (
                <Menu.Item
                  key={`${item.kind}-${item.parent?.id ?? "top"}`}
                  leftSection={<Icon size={16} />}
                  onClick={() => onCreate(item.kind, item.parent)}
                >
                  {item.label}
                </Menu.Item>
              );
            })}
          </Menu.Dropdown>
        </Menu>
      ) : null}
      {canWrite ? (
        <Group gap={2} wrap="nowrap">
          <Tooltip label={t("actions.up")}>
            <ActionIcon variant="subtle" aria-label={t("actions.up")} disabled={!active} onClick={() => onShift("up")}>
              <IconArrowUp size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t("actions.down")}>
            <ActionIcon
              variant="subtle"
              aria-label={t("actions.down")}
              disabled={!active}
              onClick={() => onShift("down")}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t("actions.rename")}>
            <ActionIcon variant="subtle" aria-label={t("actions.rename")} disabled={!active} onClick={onRename}>
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={checkedCount > 0 ? t("actions.deleteChecked", { count: checkedCount }) : t("actions.delete")}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={checkedCount > 0 ? t("actions.deleteChecked", { count: checkedCount }) : t("actions.delete")}
              disabled={!active && checkedCount === 0}
              onClick={onDelete}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ) : null}
      {active?.kind === "project" && can("space:admin") ? (
        <ProjectBackupsButton spaceId={spaceId} project={active} />
      ) : null}
      <SpaceReportButton spaceId={spaceId} />
    </Group>
  );
}
