import { ActionIcon, Badge, Button, Group, Menu, Progress, Tooltip } from "@mantine/core";
import type { WbsType } from "@planum/contracts";
import {
  IconArrowBackUp,
  IconArrowDown,
  IconArrowForwardUp,
  IconArrowUp,
  IconCalculator,
  IconIndentDecrease,
  IconIndentIncrease,
  IconPlus,
  IconScale,
  IconSettings,
  IconTrash,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { MoveDirection } from "./workspace-api";

export const NEW_ITEM_TYPES: readonly WbsType[] = ["task", "work", "sum", "milestone_start", "milestone_finish"];

interface WorkspaceToolbarProps {
  readOnly: boolean;
  selectedCount: number;
  onAdd(type: WbsType): void;
  /** Opens "WBS from a directory" (build items from a directory's rows, keep them in step). */
  onFromDirectory(): void;
  onDelete(): void;
  onMove(direction: MoveDirection): void;
  calculating: boolean;
  /** An uploaded version's relations are still being imported: nothing is calculated on part of its network. */
  networkIncomplete?: boolean;
  progress: number;
  onCalculate(): void;
  /** The schedule's calculation mode (null while it loads). */
  calculationMode: "auto" | "manual" | null;
  /** Opens the calculation settings (open to readers too: they see them without changing them). */
  onSettings(): void;
  /** Opens "Level resources" (the preview is open to readers; levelling and applying need the right to edit). */
  onLevel(): void;
  onUndo(): void;
  onRedo(): void;
  canRedo: boolean;
  /** Wrap onto more lines (narrow screens); otherwise one line. */
  wrap?: boolean;
  /** Actions at the right end of the line (import, export, compare). */
  extra?: React.ReactNode;
}

function Tool(props: { label: string; disabled?: boolean; onClick(): void; children: React.ReactNode }) {
  return (
    <Tooltip label={props.label}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={props.label}
        disabled={props.disabled}
        onClick={props.onClick}
      >
        {props.children}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * What a planner does to the WBS: add, delete, indent, move, calculate, undo, then the page's own actions at the
 * right end. One line from md up (at 1440 px in every language), wrapping on narrow screens.
 */
export function WorkspaceToolbar(p: WorkspaceToolbarProps) {
  const { t } = useTranslation("workspace");
  const one = p.selectedCount === 1;
  const wrap = p.wrap ? "wrap" : "nowrap";
  return (
    <Group gap="xs" wrap={wrap} style={{ flex: "none" }} data-testid="workspace-toolbar">
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button leftSection={<IconPlus size={16} />} disabled={p.readOnly}>
            {t("toolbar.add")}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {NEW_ITEM_TYPES.map((type) => (
            <Menu.Item key={type} onClick={() => p.onAdd(type)}>
              {t(`types.${type}`)}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item onClick={p.onFromDirectory}>{t("directories:fromDirectory.open")}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Tool label={t("toolbar.delete")} disabled={p.readOnly || p.selectedCount === 0} onClick={p.onDelete}>
        <IconTrash size={18} />
      </Tool>
      <Group gap={4} wrap="nowrap">
        <Tool label={t("toolbar.outdent")} disabled={p.readOnly || !one} onClick={() => p.onMove("left")}>
          <IconIndentDecrease size={18} />
        </Tool>
        <Tool label={t("toolbar.indent")} disabled={p.readOnly || !one} onClick={() => p.onMove("right")}>
          <IconIndentIncrease size={18} />
        </Tool>
        <Tool label={t("toolbar.moveUp")} disabled={p.readOnly || !one} onClick={() => p.onMove("up")}>
          <IconArrowUp size={18} />
        </Tool>
        <Tool label={t("toolbar.moveDown")} disabled={p.readOnly || !one} onClick={() => p.onMove("down")}>
          <IconArrowDown size={18} />
        </Tool>
      </Group>
      <Group gap={4} wrap="nowrap">
        <Tool label={t("toolbar.undo")} disabled={p.readOnly} onClick={p.onUndo}>
          <IconArrowBackUp size={18} />
        </Tool>
        <Tool label={t("toolbar.redo")} disabled={p.readOnly || !p.canRedo} onClick={p.onRedo}>
          <IconArrowForwardUp size={18} />
        </Tool>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Button
          variant="light"
          leftSection={<IconCalculator size={16} />}
          loading={p.calculating}
          disabled={p.readOnly || p.networkIncomplete}
          onClick={p.onCalculate}
        >
          {t("toolbar.calculate")}
        </Button>
        {p.calculationMode && (
          <Tooltip label={t(`toolbar.mode.${p.calculationMode}Help`)} multiline w={260}>
            <Badge
              component="button"
              type="button"
              aria-label={t("toolbar.mode.aria", { mode: t(`toolbar.mode.${p.calculationMode}`) })}
              variant={p.calculationMode === "auto" ? "filled" : "light"}
              color={p.calculationMode === "auto" ? "teal" : "gray"}
              size="lg"
              radius="sm"
              style={{ textTransform: "none", cursor: "pointer" }}
              data-testid="calc-mode"
              onClick={p.onSettings}
            >
              {t(`toolbar.mode.${p.calculationMode}`)}
            </Badge>
          </Tooltip>
        )}
        <Tool label={t("toolbar.settings")} onClick={p.onSettings}>
          <IconSettings size={18} />
        </Tool>
        <Tool label={t("levelling.open")} onClick={p.onLevel}>
          <IconScale size={18} />
        </Tool>
        {p.calculating && (
          <Progress
            value={p.progress}
            w={120}
            animated
            aria-label={t("calc.progress", { progress: Math.round(p.progress) })}
          />
        )}
      </Group>
      {p.extra && (
        <Group gap="xs" wrap={wrap} ml="auto">
          {p.extra}
        </Group>
      )}
    </Group>
  );
}
