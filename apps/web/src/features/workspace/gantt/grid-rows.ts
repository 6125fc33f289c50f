import { ROW_HEIGHT } from "./bar-layout";
import type { GridColumn } from "./grid-columns";

/**
 * Everything a paint of the grid's rows reads: built by `TreeGrid` on each render, then reused by every scroll until
 * the next render (scrolling never re-renders React).
 */
export interface GridRowsState {
  count: number;
  entryAt(pos: number): number;
  depthAt(pos: number): number;
  hasChildrenAt(pos: number): boolean;
  isExpandedAt(pos: number): boolean;
  isSummary(entry: number): boolean;
  isSelected(entry: number): boolean;
  activePos: number;
  activeCol: number;
  columns: GridColumn[];
  align: ("left" | "right" | "center")[];
  text(entry: number, column: GridColumn): string;
  expandLabel: string;
  collapseLabel: string;
}

/** Rows kept above and below the screen for wheel scrolling (the compositor may show them before the next paint). */
export const OVERSCAN = 4;

/** The row positions [first, last) to have in the DOM for a scroll offset and viewport height. */
export function rowWindow(scrollTop: number, height: number, count: number, overscan: number): [number, number] {
  const first = Math.min(count, Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - overscan));
  const last = Math.min(count, Math.ceil((scrollTop + height) / ROW_HEIGHT) + overscan);
  return [first, Math.max(first, last)];
}

/** The scroll offset that brings a row fully on screen with the least movement (none when it already is). */
export function scrollToShow(pos: number, scrollTop: number, height: number): number {
  const top = pos * ROW_HEIGHT;
  if (top < scrollTop) return top;
  if (top + ROW_HEIGHT > scrollTop + height) return Math.max(0, top + ROW_HEIGHT - height);
  return scrollTop;
}

interface Row {
  el: HTMLDivElement;
  cells: HTMLDivElement[];
  texts: Text[];
  /** The text in each cell now, so unchanged cells are not touched. */
  shown: string[];
  /** Column keys the cells were built for, and the column array whose widths they have. */
  keys: string;
  columns: GridColumn[] | null;
  nameCol: number;
  toggle: HTMLButtonElement | null;
  pos: number;
  /** The state generation the row was last written with. */
  gen: number;
  selected: boolean;
  summary: boolean;
  activeCol: number;
  indent: number;
  toggleState: number;
}

const NO_TOGGLE = 0;
const CLOSED = 1;
const OPEN = 2;

/**
 * The grid's rows as plain DOM, written directly: a scroll writes only rows that came on screen (texts as single
 * text nodes, only when changed), reusing the row elements that left it, so a scrollbar drag that replaces every
 * row costs one text write per cell and no React work. Rows stay in the container in row order (first() finds the
 * top row, screen readers read them in order) and rows off screen leave the DOM (no stale cells to find).
 */
export class GridRows {
  /** Scroll offset and viewport height of the scroller (kept from its events; reading them in a paint could force a layout). */
  scrollTop = 0;
  height = 0;
  private state: GridRowsState | null = null;
  private gen = 0;
  private readonly rows = new Map<number, Row>();
  private readonly spare: Row[] = [];
  private settle: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly container: HTMLElement) {}

  /** New data, selection or columns: every row on screen is checked against them (only changes reach the DOM). */
  update(state: GridRowsState): void {
    this.state = state;
    this.gen++;
    this.paint(OVERSCAN);
  }

  /**
   * The scroller moved. A jump of more than a screen (a scrollbar drag) writes only the rows on screen; the rows
   * around them follow once the scrolling pauses.
   */
  scrolled(scrollTop: number): void {
    const jump = Math.abs(scrollTop - this.scrollTop) > this.height;
    this.scrollTop = scrollTop;
    if (this.settle !== null) clearTimeout(this.settle);
    this.settle = null;
    if (!jump) {
      this.paint(OVERSCAN);
      return;
    }
    this.paint(0);
    this.settle = setTimeout(() => {
      this.settle = null;
      this.paint(OVERSCAN);
    }, 120);
  }

  resized(height: number): void {
    this.height = height;
    this.paint(OVERSCAN);
  }

  dispose(): void {
    if (this.settle !== null) clearTimeout(this.settle);
    for (const row of this.rows.values()) row.el.remove();
    this.rows.clear();
    this.spare.length = 0;
  }

  paint(overscan: number): void {
    const s = this.state;
    if (!s) return;
    const [first, last] = rowWindow(this.scrollTop, this.height, s.count, overscan);
    // Rows leaving the window, in DOM (= row) order, are reused first: after a jump they take the new positions in
    // the same order, so no element moves.
    const free: Row[] = [];
    let keptFirst: Row | null = null;
    let keptFirstPos = Number.POSITIVE_INFINITY;
    for (const [pos, row] of this.rows) {
      if (pos < first || pos >= last) {
        this.rows.delete(pos);
        free.push(row);
      } else if (pos < keptFirstPos) {
        keptFirstPos = pos;
        keptFirst = row;
      }
    }
    free.sort((a, b) => a.pos - b.pos);
    // A clicked cell has the focus. Moving or removing its row would drop it (to the page: the keys would stop
    // working), so the grid takes it first.
    const focused = document.activeElement;
    if (focused && focused !== this.container && this.container.contains(focused)) {
      for (const row of free) {
        if (row.el.contains(focused)) {
          this.container.closest<HTMLElement>("[role=grid]")?.focus({ preventScroll: true });
          break;
        }
      }
    }
    let f = 0;
    const take = (): Row => (f < free.length ? free[f++] : (this.spare.pop() ?? this.create()));
    for (let pos = first; pos < last; pos++) {
      let row = this.rows.get(pos);
      if (!row) {
        row = take();
        this.rows.set(pos, row);
        if (keptFirst === null) {
          // no row stays: reused rows are already in order; new ones go last
          if (!row.el.isConnected) this.container.appendChild(row.el);
        } else if (pos < keptFirstPos) {
          this.container.insertBefore(row.el, keptFirst.el);
        } else {
          this.container.appendChild(row.el);
        }
      } else if (row.gen === this.gen) {
        continue;
      }
      this.write(row, pos, s);
    }
    for (; f < free.length; f++) {
      free[f].el.remove();
      free[f].pos = -1;
      this.spare.push(free[f]);
    }
  }

  private create(): Row {
    const el = document.createElement("div");
    el.className = "pg-row";
    el.setAttribute("role", "row");
    el.tabIndex = -1;
    el.setAttribute("aria-selected", "false");
    return {
      el,
      cells: [],
      texts: [],
      shown: [],
      keys: "",
      columns: null,
      nameCol: -1,
      toggle: null,
      pos: -1,
      gen: -1,
      selected: false,
      summary: false,
      activeCol: -1,
      indent: -1,
      toggleState: NO_TOGGLE,
    };
  }

  private buildCells(row: Row, s: GridRowsState, keys: string): void {
    row.el.textContent = "";
    row.cells = [];
    row.texts = [];
    row.shown = [];
    row.toggle = null;
    row.toggleState = NO_TOGGLE;
    row.indent = -1;
    row.activeCol = -1;
    row.nameCol = -1;
    row.pos = -1;
    s.columns.forEach((column, c) => {
      const cell = document.createElement("div");
      cell.className = column.key === "name" ? "pg-cell pg-cell-name" : "pg-cell";
      cell.setAttribute("role", "gridcell");
      cell.tabIndex = -1;
      cell.dataset.col = String(c);
      const text = document.createTextNode("");
      cell.appendChild(text);
      row.el.appendChild(cell);
      row.cells.push(cell);
      row.texts.push(text);
      row.shown.push("");
      if (column.key === "name") row.nameCol = c;
    });
    row.keys = keys;
    row.columns = null;
  }

  private write(row: Row, pos: number, s: GridRowsState): void {
    const columns = s.columns;
    if (row.columns !== columns) {
      const keys = columns.map((c) => c.key).join("\n");
      if (row.keys !== keys) this.buildCells(row, s, keys);
      for (let c = 0; c < columns.length; c++) {
        const style = row.cells[c].style;
        style.width = `${columns[c].width}px`;
        style.textAlign = s.align[c] === "right" ? "right" : "";
      }
      row.columns = columns;
    }
    const entry = s.entryAt(pos);
    const el = row.el;
    if (row.pos !== pos) {
      row.pos = pos;
      el.style.transform = `translateY(${pos * ROW_HEIGHT}px)`;
      const p = String(pos);
      el.setAttribute("aria-rowindex", String(pos + 1));
      for (const cell of row.cells) cell.dataset.pos = p;
    }
    const selected = s.isSelected(entry);
    if (row.selected !== selected) {
      row.selected = selected;
      el.setAttribute("aria-selected", String(selected));
      if (selected) el.dataset.selected = "true";
      else delete el.dataset.selected;
    }
    const summary = s.isSummary(entry);
    if (row.summary !== summary) {
      row.summary = summary;
      if (summary) el.dataset.summary = "true";
      else delete el.dataset.summary;
    }
    const active = s.activePos === pos ? s.activeCol : -1;
    if (row.activeCol !== active) {
      if (row.activeCol >= 0 && row.activeCol < row.cells.length) delete row.cells[row.activeCol].dataset.active;
      if (active >= 0 && active < row.cells.length) row.cells[active].dataset.active = "true";
      row.activeCol = active;
    }
    if (row.nameCol >= 0) this.writeTree(row, pos, s);
    for (let c = 0; c < columns.length; c++) {
      const text = s.text(entry, columns[c]);
      if (row.shown[c] !== text) {
        row.shown[c] = text;
        row.texts[c].data = text;
      }
    }
    row.gen = this.gen;
  }

  /** The name cell's indent and expand/collapse button. */
  private writeTree(row: Row, pos: number, s: GridRowsState): void {
    const depth = s.depthAt(pos);
    const cell = row.cells[row.nameCol];
    if (row.indent !== depth) {
      row.indent = depth;
      cell.style.paddingLeft = `${6 + depth * 14 + 18}px`;
      if (row.toggle) row.toggle.style.left = `${6 + depth * 14}px`;
    }
    const state = s.hasChildrenAt(pos) ? (s.isExpandedAt(pos) ? OPEN : CLOSED) : NO_TOGGLE;
    if (state === NO_TOGGLE) {
      if (row.toggle?.isConnected) row.toggle.remove();
      row.toggleState = NO_TOGGLE;
      return;
    }
    let toggle = row.toggle;
    if (!toggle) {
      toggle = document.createElement("button");
      toggle.type = "button";
      toggle.className = "pg-toggle";
      toggle.style.left = `${6 + depth * 14}px`;
      row.toggle = toggle;
    }
    if (!toggle.isConnected) cell.insertBefore(toggle, cell.firstChild);
    const label = state === OPEN ? s.collapseLabel : s.expandLabel;
    if (row.toggleState !== state || toggle.getAttribute("aria-label") !== label) {
      toggle.setAttribute("aria-label", label);
      toggle.setAttribute("aria-expanded", String(state === OPEN));
      row.toggleState = state;
    }
  }
}
