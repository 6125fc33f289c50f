import { IconChevronDown, IconChevronRight } from "@tabler/icons-react";
import { useVirtualizer } from "@tanstack/react-virtual";
import {
  type ClipboardEvent,
  type KeyboardEvent,
  type MouseEvent,
  memo,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { ROW_HEIGHT } from "./bar-layout";
import { parseCellEdit } from "./cell-edit";
import { formatBlock, parseBlock } from "./clipboard";
import type { GanttChange } from "./gantt-data";
import { TYPE_SUM } from "./gantt-data";
import { columnMeta, type GridColumn } from "./grid-columns";
import { clickCell, copyBlock, type GridSelection, type NavKey, navigate, pasteBlock } from "./grid-selection";
import type { RowModel } from "./row-model";
import type { TreeIndex } from "./tree-index";

export interface TreeGridProps {
  model: RowModel;
  tree: TreeIndex;
  /** Bumped when the visible list or the row data changes. */
  version: number;
  columns: GridColumn[];
  scrollElement: () => HTMLElement | null;
  scrollLeft: number;
  selection: GridSelection;
  onSelection(sel: GridSelection): void;
  onToggle(pos: number): void;
  onChanges(changes: GanttChange[]): void;
  onMessage(text: string, error: boolean): void;
  cellText(entry: number, column: GridColumn): string;
  readOnly: boolean;
}

/** More than the rows that fit on any screen plus overscan, so slot keys stay unique within the rendered window. */
const ROW_SLOTS = 160;

const NAV_KEYS = new Set([
  "ArrowUp",
  "ArrowDown",
  "ArrowLeft",
  "ArrowRight",
  "Home",
  "End",
  "PageUp",
  "PageDown",
  "Tab",
]);

interface Editing {
  pos: number;
  col: number;
  text: string;
  error: string | null;
}

interface RowProps {
  pos: number;
  entry: number;
  top: number;
  depth: number;
  hasKids: boolean;
  open: boolean;
  selected: boolean;
  activeCol: number;
  summary: boolean;
  columns: GridColumn[];
  version: number;
  text: (entry: number, column: GridColumn) => string;
  align: ("left" | "right" | "center")[];
  onToggle(pos: number): void;
  toggleLabel: string;
}

const GridRow = memo(function GridRow(p: RowProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: rows of a virtualised grid are absolutely positioned divs
    <div
      role="row"
      tabIndex={-1}
      aria-rowindex={p.pos + 1}
      aria-selected={p.selected}
      className="pg-row"
      data-selected={p.selected || undefined}
      data-summary={p.summary || undefined}
      style={{ transform: `translateY(${p.top}px)` }}
    >
      {p.columns.map((column, c) => (
        // biome-ignore lint/a11y/useSemanticElements: cells of a virtualised grid, see the row above
        <div
          key={column.key}
          role="gridcell"
          tabIndex={-1}
          className="pg-cell"
          data-pos={p.pos}
          data-col={c}
          data-active={c === p.activeCol || undefined}
          style={{ width: column.width, justifyContent: p.align[c] === "right" ? "flex-end" : "flex-start" }}
        >
          {column.key === "name" && (
            <span style={{ display: "inline-block", width: p.depth * 14 + 18, flexShrink: 0 }}>
              {p.hasKids && (
                <button
                  type="button"
                  className="pg-toggle"
                  aria-label={p.toggleLabel}
                  aria-expanded={p.open}
                  style={{ marginLeft: p.depth * 14 }}
                  onMouseDown={(e) => e.stopPropagation()}
                  onClick={() => p.onToggle(p.pos)}
                >
                  {p.open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
                </button>
              )}
            </span>
          )}
          <span className="pg-text">{p.text(p.entry, column)}</span>
        </div>
      ))}
    </div>
  );
});

/** The virtualised tree grid: only rows on screen exist in the DOM; cells are plain divs for speed. */
export function TreeGrid(p: TreeGridProps) {
  const { t } = useTranslation("gantt");
  const { model, tree, columns, selection } = p;
  const [editing, setEditing] = useState<Editing | null>(null);
  // The editor being closed: moving focus away blurs it before React removes it, and that blur must not commit
  // again (a second change with the same revision is refused as a conflict) nor commit a cancelled edit.
  const closing = useRef(false);
  const bodyRef = useRef<HTMLDivElement>(null);
  // Stable option callbacks: a new estimateSize each render makes the virtualiser rebuild 100k measurements.
  const estimateSize = useCallback(() => ROW_HEIGHT, []);
  const virtualizer = useVirtualizer({
    count: tree.count,
    getScrollElement: p.scrollElement,
    estimateSize,
    overscan: 4,
  });
  const entryAt = useCallback((pos: number) => tree.at(pos), [tree]);
  const align = columns.map((c) => columnMeta(model, c.key).align);

  // The virtualiser caches sizes by index; a new list length must reach it before it measures.
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the signal that the list changed
  useEffect(() => {
    virtualizer.measure();
  }, [p.version, virtualizer]);

  const startEdit = (pos: number, col: number, initial?: string) => {
    if (p.readOnly || pos >= tree.count || tree.at(pos) < 0) return;
    const column = columns[col];
    if (!column || !columnMeta(model, column.key).editable) return;
    closing.current = false;
    setEditing({ pos, col, text: initial ?? p.cellText(tree.at(pos), column), error: null });
  };

  const commitEdit = (): boolean => {
    if (!editing) return true;
    const entry = tree.at(editing.pos);
    const result = parseCellEdit(model, entry, columns[editing.col].key, editing.text);
    if (!result.ok) {
      setEditing({ ...editing, error: t(`errors.${result.error}`) });
      return false;
    }
    closing.current = true;
    p.onChanges([result.change]);
    setEditing(null);
    bodyRef.current?.focus({ preventScroll: true });
    return true;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (editing) {
      if (e.key === "Escape") {
        closing.current = true;
        setEditing(null);
        bodyRef.current?.focus({ preventScroll: true });
      } else if (e.key === "Enter" || e.key === "Tab") {
        e.preventDefault();
        if (commitEdit() && e.key === "Tab") {
          p.onSelection(navigate(selection, entryAt, "Tab", e.shiftKey, bounds()));
        }
      }
      return;
    }
    if (NAV_KEYS.has(e.key)) {
      e.preventDefault();
      const next = navigate(selection, entryAt, e.key as NavKey, e.shiftKey, bounds());
      p.onSelection(next);
      virtualizer.scrollToIndex(next.activePos, { align: "auto" });
    } else if (e.key === "Enter" || e.key === "F2") {
      e.preventDefault();
      startEdit(selection.activePos, selection.activeCol);
    } else if (e.key === "+" || e.key === "-" || (e.key === " " && tree.hasChildrenAt(selection.activePos))) {
      e.preventDefault();
      const open = e.key === "+" ? true : e.key === "-" ? false : undefined;
      if (
        tree.hasChildrenAt(selection.activePos) &&
        (open === undefined || open !== tree.isExpandedAt(selection.activePos))
      ) {
        p.onToggle(selection.activePos);
      }
    } else if (e.key === "Escape") {
      p.onSelection({ ...selection, rows: new Set([tree.at(selection.activePos)]), anchorPos: selection.activePos });
    } else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      // Typing over a cell starts editing with that character, as spreadsheets do.
      startEdit(selection.activePos, selection.activeCol, e.key);
      e.preventDefault();
    }
  };

  const bounds = () => ({
    rows: tree.count,
    cols: columns.length,
    page: Math.max(1, Math.floor((p.scrollElement()?.clientHeight ?? 600) / ROW_HEIGHT) - 1),
  });

  const onMouseDown = (e: MouseEvent<HTMLDivElement>) => {
    const cell = (e.target as HTMLElement).closest<HTMLElement>("[data-pos]");
    if (!cell || cell.closest("input")) return;
    const pos = Number(cell.dataset.pos);
    const col = Number(cell.dataset.col);
    if (editing && (editing.pos !== pos || editing.col !== col) && !commitEdit()) return;
    p.onSelection(clickCell(selection, entryAt, pos, col, { shift: e.shiftKey, toggle: e.ctrlKey || e.metaKey }));
    if (e.shiftKey) e.preventDefault();
  };

  const onCopy = (e: ClipboardEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).tagName === "INPUT") return;
    e.preventDefault();
    e.clipboardData.setData("text/plain", formatBlock(copyBlock(selection, tree.list(), columns, p.cellText)));
  };

  const onPaste = (e: ClipboardEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).tagName === "INPUT" || p.readOnly) return;
    e.preventDefault();
    const block = parseBlock(e.clipboardData.getData("text/plain"));
    const result = pasteBlock(model, selection, tree.list(), columns, block);
    if (result.changes.length > 0) p.onChanges(result.changes);
    p.onMessage(
      result.skipped > 0
        ? t("grid.pasteSkipped", { count: result.skipped })
        : t("grid.pasted", { count: result.changes.length }),
      result.skipped > 0,
    );
  };

  const items = virtualizer.getVirtualItems();
  const editColumnLeft = editing ? columns.slice(0, editing.col).reduce((s, c) => s + c.width, 0) : 0;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a virtualised ARIA grid; a <table> cannot host absolutely placed rows
    <div
      ref={bodyRef}
      role="grid"
      aria-label={t("grid.label")}
      aria-rowcount={tree.count}
      tabIndex={0}
      className="pg-body"
      onKeyDown={onKeyDown}
      onMouseDown={onMouseDown}
      onDoubleClick={() => startEdit(selection.activePos, selection.activeCol)}
      onCopy={onCopy}
      onPaste={onPaste}
    >
      <div style={{ transform: `translateX(${-p.scrollLeft}px)`, position: "relative" }}>
        {items.map((item) => {
          const pos = item.index;
          const entry = tree.at(pos);
          return (
            <GridRow
              // Slot keys: a row scrolled out hands its DOM to the one scrolled in (a text and transform update),
              // instead of React removing and creating hundreds of cells every frame.
              key={pos % ROW_SLOTS}
              pos={pos}
              entry={entry}
              top={item.start}
              depth={tree.depthAt(pos)}
              hasKids={tree.hasChildrenAt(pos)}
              open={tree.isExpandedAt(pos)}
              selected={selection.rows.has(entry)}
              activeCol={selection.activePos === pos ? selection.activeCol : -1}
              summary={entry < 0 || model.type[entry] === TYPE_SUM}
              columns={columns}
              version={p.version}
              text={p.cellText}
              align={align}
              onToggle={p.onToggle}
              toggleLabel={t(tree.isExpandedAt(pos) ? "grid.collapse" : "grid.expand")}
            />
          );
        })}
        {editing && (
          <input
            // biome-ignore lint/a11y/noAutofocus: the editor appears because the user asked to edit this cell
            autoFocus
            className="pg-editor"
            aria-invalid={editing.error !== null}
            title={editing.error ?? undefined}
            value={editing.text}
            style={{
              top: editing.pos * ROW_HEIGHT,
              left: editColumnLeft,
              width: columns[editing.col].width,
            }}
            onChange={(e) => setEditing({ ...editing, text: e.target.value, error: null })}
            onBlur={() => {
              if (!closing.current && editing.error === null) commitEdit();
            }}
          />
        )}
        {editing?.error && (
          <div className="pg-edit-error" style={{ top: (editing.pos + 1) * ROW_HEIGHT, left: editColumnLeft }}>
            {editing.error}
          </div>
        )}
      </div>
    </div>
  );
}
