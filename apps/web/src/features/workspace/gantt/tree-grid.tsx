import {
  type ClipboardEvent,
  type KeyboardEvent,
  type MouseEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
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
import { GridRows, scrollToShow } from "./grid-rows";
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

/** The virtualised tree grid: only rows on screen exist in the DOM; cells are plain divs for speed. */
export function TreeGrid(p: TreeGridProps) {
  const { t } = useTranslation("workspace", { keyPrefix: "gantt" });
  const { model, tree, columns, selection } = p;
  const [editing, setEditing] = useState<Editing | null>(null);
  // The editor being closed: moving focus away blurs it before React removes it, and that blur must not commit
  // again (a second change with the same revision is refused as a conflict) nor commit a cancelled edit.
  const closing = useRef(false);
  const bodyRef = useRef<HTMLDivElement>(null);
  const rowsRef = useRef<HTMLDivElement>(null);
  const rows = useRef<GridRows | null>(null);
  const entryAt = useCallback((pos: number) => tree.at(pos), [tree]);

  // The rows are written by `GridRows` straight into the DOM, from the scroller's scroll events (no React render per
  // scroll) and after every render (new data, selection, columns). React owns only the empty container.
  const { scrollElement } = p;
  useLayoutEffect(() => {
    const container = rowsRef.current;
    if (!container) return;
    const painter = new GridRows(container);
    // Until the scroller is known (its ref is set after this effect): enough rows for any screen from the top.
    painter.height = window.innerHeight;
    rows.current = painter;
    return () => {
      painter.dispose();
      rows.current = null;
    };
  }, []);

  useEffect(() => {
    const painter = rows.current;
    const scroller = scrollElement();
    if (!painter || !scroller) return;
    painter.scrollTop = scroller.scrollTop;
    painter.resized(scroller.clientHeight);
    const onScroll = () => painter.scrolled(scroller.scrollTop);
    scroller.addEventListener("scroll", onScroll, { passive: true });
    const observer = new ResizeObserver(() => painter.resized(scroller.clientHeight));
    observer.observe(scroller);
    return () => {
      scroller.removeEventListener("scroll", onScroll);
      observer.disconnect();
    };
  }, [scrollElement]);

  useLayoutEffect(() => {
    rows.current?.update({
      count: tree.count,
      entryAt: (pos) => tree.at(pos),
      depthAt: (pos) => tree.depthAt(pos),
      hasChildrenAt: (pos) => tree.hasChildrenAt(pos),
      isExpandedAt: (pos) => tree.isExpandedAt(pos),
      isSummary: (entry) => entry < 0 || model.type[entry] === TYPE_SUM,
      isSelected: (entry) => selection.rows.has(entry),
      activePos: selection.activePos,
      activeCol: selection.activeCol,
      columns,
      align: columns.map((c) => columnMeta(model, c.key).align),
      text: p.cellText,
      expandLabel: t("grid.expand"),
      collapseLabel: t("grid.collapse"),
    });
  });

  const scrollToPos = (pos: number) => {
    const el = scrollElement();
    if (!el) return;
    const top = scrollToShow(pos, el.scrollTop, el.clientHeight);
    if (top !== el.scrollTop) el.scrollTop = top;
  };

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
      scrollToPos(next.activePos);
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
    // the expand/collapse button leaves the selection alone
    if ((e.target as HTMLElement).closest(".pg-toggle")) return;
    const cell = (e.target as HTMLElement).closest<HTMLElement>("[data-pos]");
    if (!cell || cell.closest("input")) return;
    const pos = Number(cell.dataset.pos);
    const col = Number(cell.dataset.col);
    if (editing && (editing.pos !== pos || editing.col !== col) && !commitEdit()) return;
    p.onSelection(clickCell(selection, entryAt, pos, col, { shift: e.shiftKey, toggle: e.ctrlKey || e.metaKey }));
    if (e.shiftKey) e.preventDefault();
  };

  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const toggle = (e.target as HTMLElement).closest(".pg-toggle");
    const cell = toggle?.closest<HTMLElement>("[data-pos]");
    if (cell) p.onToggle(Number(cell.dataset.pos));
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
      onClick={onClick}
      onDoubleClick={() => startEdit(selection.activePos, selection.activeCol)}
      onCopy={onCopy}
      onPaste={onPaste}
    >
      <div style={{ transform: `translateX(${-p.scrollLeft}px)`, position: "relative" }}>
        <div ref={rowsRef} />
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
