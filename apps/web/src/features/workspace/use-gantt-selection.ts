import { useCallback, useMemo, useState } from "react";
import type { GanttData } from "./gantt";

export interface GanttSelection {
  /** Selected row ids in screen order, rows no longer in the payload left out. */
  ids: number[];
  /** The row of the active cell when it is selected, else the last selected row; null = nothing selected. */
  active: number | null;
  /** For `WorkspaceGantt`'s `onSelectionChange`. */
  onSelectionChange(ids: number[], activeId: number | null): void;
}

/** The rows the user selected in the Gantt, as the component reports them by id. */
export function useGanttSelection(data: Pick<GanttData, "ids"> | null): GanttSelection {
  const [state, setState] = useState<{ ids: number[]; active: number | null }>({ ids: [], active: null });
  const onSelectionChange = useCallback((ids: number[], active: number | null) => setState({ ids, active }), []);
  return useMemo(() => {
    const present = data ? new Set(data.ids) : new Set<number>();
    const ids = state.ids.filter((id) => present.has(id));
    const active = state.active !== null && ids.includes(state.active) ? state.active : (ids[ids.length - 1] ?? null);
    return { ids, active, onSelectionChange };
  }, [data, state, onSelectionChange]);
}
