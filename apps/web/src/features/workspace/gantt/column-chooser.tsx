import { ActionIcon, Button, Checkbox, Popover, ScrollArea, Stack, Text, Tooltip } from "@mantine/core";
import { IconColumns } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { ColumnKey, GridColumn } from "./grid-columns";

export interface ColumnChooserProps {
  /** Every column the grid can show, in the chooser's order. */
  all: GridColumn[];
  shown: GridColumn[];
  label(column: GridColumn): string;
  onChange(columns: GridColumn[]): void;
  onReset(): void;
}

/**
 * The column chooser: every built-in and attribute column with a check box. A column switched on joins the end of
 * the grid with its standard width; the shown ones keep their order and widths. The name column always stays.
 */
export function ColumnChooser(p: ColumnChooserProps) {
  const { t } = useTranslation("workspace", { keyPrefix: "gantt" });
  const shown = new Set<ColumnKey>(p.shown.map((c) => c.key));
  const toggle = (column: GridColumn, on: boolean) => {
    if (on) p.onChange([...p.shown, column]);
    else p.onChange(p.shown.filter((c) => c.key !== column.key));
  };
  return (
    <Popover position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Tooltip label={t("chooser.open")}>
          <ActionIcon variant="default" size="sm" aria-label={t("chooser.open")} className="pg-chooser">
            <IconColumns size={14} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Text size="sm" fw={600} mb={6}>
          {t("chooser.title")}
        </Text>
        <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
          <Stack gap={6} pr="xs">
            {p.all.map((column) => (
              <Checkbox
                key={column.key}
                size="xs"
                label={p.label(column)}
                checked={shown.has(column.key)}
                disabled={column.key === "name"}
                onChange={(e) => toggle(column, e.currentTarget.checked)}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <Button size="compact-xs" variant="subtle" mt="xs" onClick={p.onReset}>
          {t("chooser.reset")}
        </Button>
      </Popover.Dropdown>
    </Popover>
  );
}
