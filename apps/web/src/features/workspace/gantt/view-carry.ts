import { defaultColumns, type GridColumn } from "./grid-columns";
import type { GridSelection } from "./grid-selection";
import type { RowModel } from "./row-model";
import type { TreeIndex } from "./tree-index";

/**
 * Carrying the user's view over a new payload. Every edit or calculation brings a fresh payload (new row positions,
 * maybe new or deleted rows); the view is kept by row id: expanded rows, selection, the row at the top of the screen,
 * columns and widths. Row positions never cross payloads.
 */

/** Position of each id in a model, built once per carry. */
function positionsById(ids: ArrayLike<number>): Map<number, number> {
  const out = new Map<number, number>();
  for (let i = 0; i < ids.length; i++) out.set(ids[i], i);
  return out;
}

/**
 * Expanded flags for a new payload: rows the user had on screen keep the state they left them in (a local expand-all
 * is not stored on the server); rows new to the payload take its stored flag (absent = expanded).
 */
export function carryExpanded(
  prevIds: ArrayLike<number>,
  prevExpanded: Uint8Array,
  nextIds: ArrayLike<number>,
  stored?: ArrayLike<number>,
): Uint8Array {
  const before = positionsById(prevIds);
  const out = new Uint8Array(nextIds.length);
  for (let i = 0; i < nextIds.length; i++) {
    const p = before.get(nextIds[i]);
    out[i] = p !== undefined ? prevExpanded[p] : stored ? (stored[i] ? 1 : 0) : 1;
  }
  return out;
}

/** Ids of the selected rows in screen order (group headers are not rows). */
export function selectedIds(sel: GridSelection, model: Pick<RowModel, "ids">, tree: TreeIndex): number[] {
  if (sel.rows.size === 0) return [];
  const positions = tree.positionsOfRows();
  const rows = [...sel.rows].filter((e) => e >= 0 && e < model.ids.length);
  rows.sort((a, b) => positions[a] - positions[b]);
  return rows.map((e) => model.ids[e]);
}

/** Id of the row holding the active cell, null on a group header or an empty list. */
export function activeId(sel: GridSelection, model: Pick<RowModel, "ids">, tree: TreeIndex): number | null {
  if (sel.activePos >= tree.count) return null;
  const e = tree.at(sel.activePos);
  return e >= 0 ? model.ids[e] : null;
}

/**
 * The selection on a new payload: the same rows by id (deleted ones drop out), the active cell and the Shift anchor
 * on the same rows where they still are on screen, else kept at their screen position within the new list.
 */
export function carrySelection(
  sel: GridSelection,
  prev: { model: Pick<RowModel, "ids">; tree: TreeIndex },
  next: { model: Pick<RowModel, "ids">; tree: TreeIndex },
): GridSelection {
  const now = positionsById(next.model.ids);
  const rows = new Set<number>();
  for (const e of sel.rows) {
    if (e < 0 || e >= prev.model.ids.length) continue;
    const i = now.get(prev.model.ids[e]);
    if (i !== undefined) rows.add(i);
  }
  const shown = next.tree.positionsOfRows();
  const last = Math.max(0, next.tree.count - 1);
  const moved = (pos: number) => {
    const e = pos < prev.tree.count ? prev.tree.at(pos) : -1;
    const i = e >= 0 ? now.get(prev.model.ids[e]) : undefined;
    const at = i !== undefined ? shown[i] : -1;
    return at >= 0 ? at : Math.min(pos, last);
  };
  return { ...sel, rows, activePos: moved(sel.activePos), anchorPos: moved(sel.anchorPos) };
}

/**
 * Vertical scroll for a new payload: the row that was at the top of the screen stays there (rows inserted or removed
 * above it do not push the view), with the same sub-row offset. Unchanged when that row is gone or hidden now.
 */
export function carryScrollTop(
  scrollTop: number,
  rowHeight: number,
  prev: { model: Pick<RowModel, "ids">; tree: TreeIndex },
  next: { model: Pick<RowModel, "ids">; tree: TreeIndex },
): number {
  const top = Math.floor(scrollTop / rowHeight);
  if (top >= prev.tree.count) return scrollTop;
  const e = prev.tree.at(top);
  if (e < 0) return scrollTop;
  const i = positionsById(next.model.ids).get(prev.model.ids[e]);
  const pos = i === undefined ? -1 : next.tree.positionsOfRows()[i];
  return pos < 0 ? scrollTop : pos * rowHeight + (scrollTop - top * rowHeight);
}

/**
 * Columns for a new payload: the user's order and widths stay (hidden columns stay hidden); attribute columns the
 * payload no longer has are dropped, attributes new to it are added at the end; attribute labels follow the payload
 * (an attribute may be renamed).
 */
export function carryColumns(
  columns: readonly GridColumn[],
  prev: Pick<RowModel, "attributes">,
  next: Pick<RowModel, "attributes">,
): GridColumn[] {
  const labels = new Map(next.attributes.map((a) => [`attr:${a.id}`, a.label]));
  const kept = columns
    .filter((c) => !c.key.startsWith("attr:") || labels.has(c.key))
    .map((c) => (c.key.startsWith("attr:") ? { ...c, label: labels.get(c.key) } : c));
  const known = new Set(prev.attributes.map((a) => `attr:${a.id}`));
  const have = new Set(columns.map((c) => c.key));
  const added = defaultColumns(next).filter((c) => c.key.startsWith("attr:") && !known.has(c.key) && !have.has(c.key));
  const out = [...kept, ...added];
  const same =
    out.length === columns.length &&
    out.every((c, k) => c.key === columns[k].key && c.width === columns[k].width && c.label === columns[k].label);
  return same ? (columns as GridColumn[]) : out;
}

/**
 * Horizontal scroll for a new timeline origin (the payload's earliest date moved): the date at the left edge stays.
 */
export function carryScrollX(scrollX: number, prevOrigin: number, nextOrigin: number, pxPerDay: number): number {
  return Math.max(0, scrollX + ((prevOrigin - nextOrigin) * pxPerDay) / 1440);
}
