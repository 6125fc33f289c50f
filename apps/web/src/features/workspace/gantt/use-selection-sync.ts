import { useEffect, useRef } from "react";
import type { GridSelection } from "./grid-selection";
import type { RowModel } from "./row-model";
import type { TreeIndex } from "./tree-index";
import { activeId, selectedIds } from "./view-carry";

/**
 * The selection shared with the page: rows another view selected (`selectIds`, by id, applied when the array object
 * changes; the active row is the last one when it is on screen), and the selection reported by id whenever it changes
 * (also when a payload moved or removed selected rows).
 */
export function useSelectionSync(options: {
  model: RowModel;
  tree: TreeIndex;
  selection: GridSelection;
  setSelection(next: (s: GridSelection) => GridSelection): void;
  selectIds?: readonly number[];
  onSelectionChange?(ids: number[], activeId: number | null): void;
}) {
  const { model, tree, selection, setSelection, selectIds, onSelectionChange } = options;
  const selectApplied = useRef(selectIds);
  useEffect(() => {
    const ids = selectIds;
    if (!ids || ids === selectApplied.current) return;
    selectApplied.current = ids;
    const wanted = new Set(ids);
    const rows = new Set<number>();
    let last = -1;
    for (let e = 0; e < model.n; e++) {
      if (!wanted.has(model.ids[e])) continue;
      rows.add(e);
      if (model.ids[e] === ids[ids.length - 1]) last = e;
    }
    const at = last >= 0 ? tree.positionsOfRows()[last] : -1;
    const pos = at >= 0 ? at : tree.count;
    setSelection((s) => ({ rows, anchorPos: pos, activePos: pos, anchorCol: s.activeCol, activeCol: s.activeCol }));
  }, [selectIds, model, tree, setSelection]);

  const reportedSelection = useRef("");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the callback may be a new function on every render
  useEffect(() => {
    if (!onSelectionChange) return;
    const ids = selectedIds(selection, model, tree);
    const active = activeId(selection, model, tree);
    const key = `${ids.join(",")}|${active}`;
    if (key === reportedSelection.current) return;
    reportedSelection.current = key;
    onSelectionChange(ids, active);
  }, [selection, model, tree]);
}
