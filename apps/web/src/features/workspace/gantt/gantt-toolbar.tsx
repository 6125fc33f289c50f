import { ActionIcon, Badge, Button, Chip, CloseButton, Group, Loader, Select, Text, Tooltip } from "@mantine/core";
import {
  IconCalendarEvent,
  IconChevronsDown,
  IconChevronsUp,
  IconFilter,
  IconZoomIn,
  IconZoomOut,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { GANTT_SCALES, type GanttScale } from "./scale-math";

export interface GanttToolbarProps {
  scale: GanttScale;
  onScale(scale: GanttScale): void;
  onZoom(factor: number): void;
  onToday(): void;
  onExpandAll(open: boolean): void;
  showCritical: boolean;
  onCritical(on: boolean): void;
  showBaseline: boolean;
  onBaseline(on: boolean): void;
  groupBy: string | null;
  groupOptions: { value: string; label: string }[];
  onGroupBy(key: string | null): void;
  rowCount: number;
  busy: "engine" | "preview" | null;
  /** Filter-row conditions in use; with `showFilterIndicator` a marker says rows are hidden, with a way to clear. */
  filterCount: number;
  showFilterIndicator: boolean;
  filterLabel?: string;
  onClearFilters(): void;
}

/** Scale, zoom, today, expand/collapse, critical path, baseline and grouping. Wraps instead of clipping long labels. */
export function GanttToolbar(p: GanttToolbarProps) {
  const { t } = useTranslation("workspace", { keyPrefix: "gantt" });
  return (
    <Group
      gap="xs"
      wrap="wrap"
      px="xs"
      py={6}
      style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}
    >
      <Select
        aria-label={t("toolbar.scale")}
        size="xs"
        w={130}
        allowDeselect={false}
        value={p.scale}
        data={GANTT_SCALES.map((s) => ({ value: s, label: t(`scales.${s}`) }))}
        onChange={(value) => value && p.onScale(value as GanttScale)}
      />
      <Group gap={4} wrap="nowrap">
        <Tooltip label={t("toolbar.zoomOut")}>
          <ActionIcon variant="default" size="md" aria-label={t("toolbar.zoomOut")} onClick={() => p.onZoom(1 / 1.4)}>
            <IconZoomOut size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t("toolbar.zoomIn")}>
          <ActionIcon variant="default" size="md" aria-label={t("toolbar.zoomIn")} onClick={() => p.onZoom(1.4)}>
            <IconZoomIn size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Button variant="default" size="xs" leftSection={<IconCalendarEvent size={14} />} onClick={p.onToday}>
        {t("toolbar.today")}
      </Button>
      <Group gap={4} wrap="nowrap">
        <Tooltip label={t("toolbar.expandAll")}>
          <ActionIcon
            variant="default"
            size="md"
            aria-label={t("toolbar.expandAll")}
            onClick={() => p.onExpandAll(true)}
          >
            <IconChevronsDown size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t("toolbar.collapseAll")}>
          <ActionIcon
            variant="default"
            size="md"
            aria-label={t("toolbar.collapseAll")}
            onClick={() => p.onExpandAll(false)}
          >
            <IconChevronsUp size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Chip size="xs" color="red" checked={p.showCritical} onChange={p.onCritical}>
        {t("toolbar.critical")}
      </Chip>
      <Chip size="xs" color="yellow" checked={p.showBaseline} onChange={p.onBaseline}>
        {t("toolbar.baseline")}
      </Chip>
      <Select
        aria-label={t("toolbar.groupBy")}
        placeholder={t("toolbar.groupBy")}
        size="xs"
        w={190}
        clearable
        value={p.groupBy}
        data={[{ value: "", label: t("toolbar.noGrouping") }, ...p.groupOptions]}
        onChange={(value) => p.onGroupBy(value ? value : null)}
      />
      {p.showFilterIndicator && p.filterCount > 0 && (
        <Badge
          color="orange"
          variant="light"
          size="lg"
          radius="sm"
          data-testid="filter-indicator"
          leftSection={<IconFilter size={14} />}
          rightSection={<CloseButton size="xs" aria-label={t("toolbar.clearFilters")} onClick={p.onClearFilters} />}
          style={{ textTransform: "none", maxWidth: 440 }}
          title={p.filterLabel}
        >
          {p.filterLabel
            ? t("toolbar.filteredBy", { name: p.filterLabel, count: p.filterCount })
            : t("toolbar.filtered", { count: p.filterCount })}
        </Badge>
      )}
      <Group gap={6} ml="auto" wrap="nowrap">
        {p.busy && <Loader size={14} />}
        {p.busy && (
          <Text size="xs" c="dimmed">
            {t(p.busy === "engine" ? "toolbar.engineLoading" : "toolbar.recalculating")}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t("toolbar.rows", { count: p.rowCount })}
        </Text>
      </Group>
    </Group>
  );
}
