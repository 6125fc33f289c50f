import { allColumns, type ColumnKey, defaultColumns, type GridColumn } from "./grid-columns";
import type { SortState } from "./grid-header";
import type { RowModel } from "./row-model";
import { type GanttScale, SCALE_PX_PER_DAY, scaleForZoom } from "./scale-math";

/**
 * What a layout sets of the Gantt and what the Gantt reports back when the user changes it: the grid's columns (order
 * and widths), the filter row, grouping, sorting and the timeline's scale (and exact zoom when known).
 */
export interface GanttView {
  /** Shown columns in order with their widths; empty = the default set. Labels are taken from the payload. */
  columns: { key: ColumnKey; width: number }[];
  /** Filter-row texts by column (`filter-ops.ts` syntax). */
  filters: Partial<Record<ColumnKey, string>>;
  groupBy: ColumnKey | null;
  sort: SortState | null;
  scale: GanttScale;
  /** The exact zoom; absent = the scale's standard zoom. */
  pxPerDay?: number;
}

/** The grid columns of a view on a payload: attribute columns the payload lacks are left out, labels filled in. */
export function columnsOfView(view: Pick<GanttView, "columns">, model: Pick<RowModel, "attributes">): GridColumn[] {
  if (view.columns.length === 0) return defaultColumns(model);
  const byKey = new Map(allColumns(model).map((c) => [c.key, c]));
  const out: GridColumn[] = [];
  for (const c of view.columns) {
    const known = byKey.get(c.key);
    if (!known || out.some((o) => o.key === c.key)) continue;
    out.push({ ...known, width: c.width > 0 ? c.width : known.width });
  }
  return out.length > 0 ? out : defaultColumns(model);
}

/** The view as the component holds it, in a stable shape (empty filters dropped) so equal views compare equal. */
export function currentView(state: {
  columns: readonly GridColumn[];
  filters: Partial<Record<ColumnKey, string>>;
  groupBy: ColumnKey | null;
  sort: SortState | null;
  pxPerDay: number;
}): GanttView {
  const filters: Partial<Record<ColumnKey, string>> = {};
  for (const [key, text] of Object.entries(state.filters) as [ColumnKey, string][]) {
    if (text.trim() !== "") filters[key] = text;
  }
  return {
    columns: state.columns.map((c) => ({ key: c.key, width: Math.round(c.width) })),
    filters,
    groupBy: state.groupBy,
    sort: state.sort,
    scale: scaleForZoom(state.pxPerDay),
    pxPerDay: Math.round(state.pxPerDay * 1000) / 1000,
  };
}

/** The zoom a view asks for. */
export function zoomOfView(view: Pick<GanttView, "scale" | "pxPerDay">): number {
  return view.pxPerDay && view.pxPerDay > 0 ? view.pxPerDay : SCALE_PX_PER_DAY[view.scale];
}

/** Number of filter-row conditions in use. */
export function activeFilterCount(filters: Partial<Record<ColumnKey, string>>): number {
  return Object.values(filters).filter((text) => text !== undefined && text.trim() !== "").length;
}
