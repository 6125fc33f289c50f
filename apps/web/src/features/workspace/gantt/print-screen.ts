import { PRINT_SCREEN_MAX_COLUMNS, PRINT_SCREEN_MAX_ROWS, type PrintScreenInput } from "@planum/contracts";
import { columnMeta, type GridColumn } from "./grid-columns";
import type { RowModel } from "./row-model";
import type { GanttScale } from "./scale-math";
import type { TreeIndex } from "./tree-index";

/**
 * The Gantt as the screen shows it, for the print (`POST /versions/{id}/print` `screen`): the shown columns in their
 * order, titles and widths, the rows the tree shows now (filters, grouping, sorting, collapsed branches) with the
 * cells' texts as the grid writes them, the scale and exact zoom and whether baselines are drawn. A list longer than the print takes
 * is cut (the server prints what it is sent).
 */
export function screenForPrint(input: {
  model: RowModel;
  tree: TreeIndex;
  columns: readonly GridColumn[];
  label(column: GridColumn): string;
  text(entry: number, column: GridColumn): string;
  scale: GanttScale;
  /** The exact zoom shown, so the paper keeps it rather than the nearest scale's standard zoom. */
  pxPerDay: number;
  baseline: boolean;
}): PrintScreenInput {
  const columns = input.columns.filter((c) => c.width > 0).slice(0, PRINT_SCREEN_MAX_COLUMNS);
  const count = Math.min(input.tree.count, PRINT_SCREEN_MAX_ROWS);
  const rows: PrintScreenInput["rows"] = [];
  for (let pos = 0; pos < count; pos++) {
    const entry = input.tree.at(pos);
    rows.push({
      id: entry < 0 ? null : input.model.ids[entry],
      depth: input.tree.depthAt(pos),
      cells: columns.map((c) => input.text(entry, c).slice(0, 200)),
    });
  }
  return {
    columns: columns.map((c) => ({
      label: input.label(c).slice(0, 200),
      widthPx: Math.max(8, c.width),
      align: columnMeta(input.model, c.key).align,
    })),
    rows,
    scale: input.scale,
    pxPerDay: input.pxPerDay,
    baseline: input.baseline,
    relations: true,
  };
}
