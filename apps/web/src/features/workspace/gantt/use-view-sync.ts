import { useEffect, useLayoutEffect, useMemo, useRef } from "react";
import { columnsOfView, currentView, type GanttView, zoomOfView } from "./gantt-view";
import type { ColumnKey, GridColumn } from "./grid-columns";
import type { SortState } from "./grid-header";
import type { RowModel } from "./row-model";
import { clampZoom } from "./scale-math";

/** The parts of the view the component holds in its state. */
export interface ShownView {
  columns: GridColumn[];
  filters: Partial<Record<ColumnKey, string>>;
  groupBy: ColumnKey | null;
  sort: SortState | null;
  pxPerDay: number;
}

/**
 * A view handed in (a layout applied) replaces the user's columns, filters, grouping, sorting and zoom (`apply`,
 * when the `view` object changes, not the payload); the user's own changes of the view are reported
 * (`onViewChange`), once per distinct view, never the applying of one.
 */
export function useViewSync(options: {
  model: RowModel;
  shown: ShownView;
  view?: GanttView;
  onViewChange?(view: GanttView): void;
  apply(next: ShownView): void;
}) {
  const { model, shown, view: handedIn, onViewChange, apply } = options;
  const { columns, filters, groupBy, sort, pxPerDay } = shown;
  // What the view was when last reported or applied: only the user's own changes are reported.
  const view = useMemo(
    () => currentView({ columns, filters, groupBy, sort, pxPerDay }),
    [columns, filters, groupBy, sort, pxPerDay],
  );
  const viewKey = JSON.stringify(view);
  const reportedView = useRef(viewKey);

  const viewApplied = useRef(handedIn);
  // biome-ignore lint/correctness/useExhaustiveDependencies: applied when the view object changes, not the payload
  useLayoutEffect(() => {
    const next = handedIn;
    if (!next || next === viewApplied.current) return;
    viewApplied.current = next;
    const nextShown: ShownView = {
      columns: columnsOfView(next, model),
      filters: next.filters,
      groupBy: next.groupBy,
      sort: next.sort,
      pxPerDay: clampZoom(zoomOfView(next)),
    };
    reportedView.current = JSON.stringify(currentView(nextShown));
    apply(nextShown);
  }, [handedIn]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the view
  useEffect(() => {
    if (viewKey === reportedView.current) return;
    reportedView.current = viewKey;
    onViewChange?.(view);
  }, [viewKey]);
}
