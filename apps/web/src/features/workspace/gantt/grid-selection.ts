import { type EditError, parseCellEdit } from "./cell-edit";
import type { GanttChange } from "./gantt-data";
import type { GridColumn } from "./grid-columns";
import type { RowModel } from "./row-model";

/**
 * Selection of the grid: a set of row entries (row positions, or negative group entries) plus the active cell and
 * the anchor of Shift ranges. Entries rather than screen positions, so a selection survives expand and collapse.
 */
export interface GridSelection {
  rows: ReadonlySet<number>;
  anchorPos: number;
  activePos: number;
  anchorCol: number;
  activeCol: number;
}

export const EMPTY_SELECTION: GridSelection = {
  rows: new Set(),
  anchorPos: 0,
  activePos: 0,
  anchorCol: 1,
  activeCol: 1,
};

/** Entries between two visible positions, inclusive. */
function rangeEntries(entryAt: (pos: number) => number, a: number, b: number): Set<number> {
  const out = new Set<number>();
  for (let p = Math.min(a, b); p <= Math.max(a, b); p++) out.add(entryAt(p));
  return out;
}

/** A click on a cell: plain selects it alone, Ctrl/⌘ toggles its row, Shift extends from the anchor. */
export function clickCell(
  sel: GridSelection,
  entryAt: (pos: number) => number,
  pos: number,
  col: number,
  mods: { shift: boolean; toggle: boolean },
): GridSelection {
  if (mods.shift) return { ...sel, rows: rangeEntries(entryAt, sel.anchorPos, pos), activePos: pos, activeCol: col };
  if (mods.toggle) {
    const rows = new Set(sel.rows);
    const e = entryAt(pos);
    if (rows.has(e)) rows.delete(e);
    else rows.add(e);
    return { rows, anchorPos: pos, activePos: pos, anchorCol: col, activeCol: col };
  }
  return { rows: new Set([entryAt(pos)]), anchorPos: pos, activePos: pos, anchorCol: col, activeCol: col };
}

export type NavKey =
  | "ArrowUp"
  | "ArrowDown"
  | "ArrowLeft"
  | "ArrowRight"
  | "Home"
  | "End"
  | "PageUp"
  | "PageDown"
  | "Tab";

/** Moves the active cell by a key; Shift extends the block instead of starting a new one. */
export function navigate(
  sel: GridSelection,
  entryAt: (pos: number) => number,
  key: NavKey,
  shift: boolean,
  bounds: { rows: number; cols: number; page: number },
): GridSelection {
  let pos = sel.activePos;
  let col = sel.activeCol;
  const last = bounds.rows - 1;
  switch (key) {
    case "ArrowUp":
      pos--;
      break;
    case "ArrowDown":
      pos++;
      break;
    case "PageUp":
      pos -= bounds.page;
      break;
    case "PageDown":
      pos += bounds.page;
      break;
    case "Home":
      col = 0;
      break;
    case "End":
      col = bounds.cols - 1;
      break;
    case "ArrowLeft":
      col--;
      break;
    case "ArrowRight":
      col++;
      break;
    case "Tab":
      // Tab walks cells left to right and wraps to the next row (Shift+Tab backwards), like a spreadsheet.
      if (shift) {
        col--;
        if (col < 0 && pos > 0) {
          col = bounds.cols - 1;
          pos--;
        }
      } else {
        col++;
        if (col >= bounds.cols && pos < last) {
          col = 0;
          pos++;
        }
      }
      break;
  }
  pos = Math.max(0, Math.min(last, pos));
  col = Math.max(0, Math.min(bounds.cols - 1, col));
  if (shift && key !== "Tab")
    return { ...sel, rows: rangeEntries(entryAt, sel.anchorPos, pos), activePos: pos, activeCol: col };
  return { rows: new Set([entryAt(pos)]), anchorPos: pos, activePos: pos, anchorCol: col, activeCol: col };
}

/** Selected rows in screen order × the column range of anchor and active cell, as display texts. */
export function copyBlock(
  sel: GridSelection,
  list: Int32Array,
  columns: GridColumn[],
  text: (entry: number, column: GridColumn) => string,
): string[][] {
  const c0 = Math.min(sel.anchorCol, sel.activeCol);
  const c1 = Math.max(sel.anchorCol, sel.activeCol);
  const out: string[][] = [];
  for (const entry of list) {
    if (!sel.rows.has(entry)) continue;
    const row: string[] = [];
    for (let c = c0; c <= c1; c++) row.push(text(entry, columns[c]));
    out.push(row);
  }
  return out;
}

/**
 * Changes for a pasted block laid from the active cell down and right. Every cell goes through the same rules as
 * typing (spec §5); cells that fail, fall on group headers or on read-only columns are counted, not sent.
 */
export function pasteBlock(
  model: RowModel,
  sel: GridSelection,
  list: Int32Array,
  columns: GridColumn[],
  block: string[][],
): { changes: GanttChange[]; skipped: number; errors: EditError[] } {
  const changes: GanttChange[] = [];
  const errors: EditError[] = [];
  let skipped = 0;
  const col0 = Math.min(sel.anchorCol, sel.activeCol);
  const pos0 = Math.min(sel.activePos, sel.anchorPos);
  block.forEach((cells, r) => {
    const pos = pos0 + r;
    if (pos >= list.length) {
      skipped += cells.length;
      return;
    }
    const entry = list[pos];
    cells.forEach((cell, c) => {
      const column = columns[col0 + c];
      if (entry < 0 || !column) {
        skipped++;
        return;
      }
      const result = parseCellEdit(model, entry, column.key, cell);
      if (result.ok) changes.push(result.change);
      else {
        skipped++;
        errors.push(result.error);
      }
    });
  });
  return { changes, skipped, errors };
}
