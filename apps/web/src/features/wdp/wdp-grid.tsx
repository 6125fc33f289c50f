import type { WdpKind, WdpMeasure } from "@planum/contracts";
import {
  type ClipboardEvent,
  type KeyboardEvent,
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { useGridWindow } from "./use-grid-window";
import {
  BodyRow,
  cellAt,
  HeadRow,
  type Labels,
  LeftRow,
  type Lock,
  leftWidths,
  type Pos,
  ROW_H,
} from "./wdp-grid-rows";
import { type Column, type Line, paceOf, type WdpStore, type Zoom } from "./wdp-model";
import { blockText, isoOfDay, parsePastedBlock } from "./wdp-numbers";
import "./wdp-grid.css";

const COL_W: Record<Zoom, number> = { day: 58, week: 76, month: 92 };

/** A cell the user typed, pasted, filled or cleared: the text as entered (the page reads it by the numeric rule). */
export interface CellInput {
  itemId: number;
  kind: WdpKind;
  day: number;
  text: string;
}

export interface WdpGridProps {
  lines: readonly Line[];
  columns: readonly Column[];
  zoom: Zoom;
  store: WdpStore;
  measure: WdpMeasure;
  /** The key date (today) and the first day open to entry (null: no limit), as day numbers. */
  keyDay: number;
  earliest: number | null;
  readOnly: boolean;
  narrow: boolean;
  checked: ReadonlySet<number>;
  onCheck(itemId: number, on: boolean): void;
  /** Writes cells; resolves true when the server took them. */
  onWrite(cells: CellInput[]): Promise<boolean>;
  /** The work of the active cell. */
  onActiveWork?(itemId: number | null): void;
  /** Facts waiting for approval: per work, day → the reported value (marked on the fact line). */
  pending?: ReadonlyMap<number, ReadonlyMap<number, number>>;
  /** Plan changes of approved days waiting for approval: per work, day → the new plan (marked on the plan line). */
  pendingPlan?: ReadonlyMap<number, ReadonlyMap<number, number>>;
  /** Tells (once per paint) how long the body took to render: the bench's probe. */
  onPaint?(ms: number): void;
}

interface Editing {
  itemId: number;
  kind: WdpKind;
  day: number;
  text: string;
}

/** The windowed grid of works × days (or weeks, months): only the rows and columns on screen are in the DOM. */
export const WdpGrid = memo(function WdpGrid(props: WdpGridProps) {
  const { lines, columns, zoom, store, measure, keyDay, earliest, readOnly, narrow, checked } = props;
  const { t, i18n } = useTranslation("wdp");
  const locale = i18n.language;
  const [active, setActive] = useState<Pos>({ line: 0, col: 0 });
  const [anchor, setAnchor] = useState<Pos>({ line: 0, col: 0 });
  const [editing, setEditing] = useState<Editing | null>(null);
  const colW = COL_W[zoom];
  const lw = useMemo(() => leftWidths(narrow), [narrow]);
  const latest = useRef(props);
  // Escape closes the editor without writing: the blur that follows must not write either.
  const cancelled = useRef<Editing | null>(null);
  latest.current = props;

  const { bodyRef, headRef, leftRef, viewRef, win, onScroll } = useGridWindow(columns, keyDay, colW, (k) => {
    setActive({ line: 0, col: k });
    setAnchor({ line: 0, col: k });
  });

  const paintStart = useRef(0);
  paintStart.current = performance.now();
  useEffect(() => {
    props.onPaint?.(performance.now() - paintStart.current);
  });

  const firstLine = win.l0;
  const lastLine = Math.min(lines.length - 1, win.l1);
  const firstCol = win.c0;
  const lastCol = Math.min(columns.length - 1, win.c1);
  const colIso = useMemo(() => columns.map((c) => isoOfDay(c.from)), [columns]);
  const lock = useMemo<Lock>(() => ({ readOnly, zoom, keyDay, earliest }), [readOnly, zoom, keyDay, earliest]);
  const labels = useMemo<Labels>(
    () => ({
      plan: t("kinds.plan"),
      fact: t("kinds.fact"),
      approved_plan: t("kinds.approved_plan"),
      behind: t("pace.behind"),
      ahead: t("pace.ahead"),
      even: t("pace.even"),
      none: "",
      check: t("grid.checkWork", { code: "{{code}}" }),
      weekOf: t("grid.weekOf", { year: "{{year}}" }),
    }),
    [t],
  );

  const range = useMemo(
    () => ({
      l0: Math.min(active.line, anchor.line),
      l1: Math.max(active.line, anchor.line),
      c0: Math.min(active.col, anchor.col),
      c1: Math.max(active.col, anchor.col),
    }),
    [active, anchor],
  );

  const locked = useCallback(
    (line: Line, col: Column) => {
      if (readOnly || zoom !== "day") return true;
      if (store.status(line.work.id) === "disabled") return true;
      // The approved plan is written by approving facts, never typed or pasted (the server refuses it too).
      if (line.kind === "approved_plan") return true;
      if (line.kind === "fact" && col.from > keyDay) return true;
      return earliest !== null && col.from < earliest;
    },
    [readOnly, zoom, store, keyDay, earliest],
  );

  const cellValue = useCallback(
    (line: Line, col: Column) =>
      zoom === "day"
        ? store.value(line.work.id, measure, line.kind, col.from)
        : store.sum(line.work.id, measure, line.kind, col.from, col.to),
    [zoom, store, measure],
  );

  const { onActiveWork } = props;
  useEffect(() => {
    onActiveWork?.(lines[active.line]?.work.id ?? null);
  }, [lines, active.line, onActiveWork]);

  const scrollTo = (pos: Pos) => {
    const body = bodyRef.current;
    if (!body) return;
    const y = pos.line * ROW_H;
    const x = pos.col * colW;
    if (y < body.scrollTop) body.scrollTop = y;
    else if (y + ROW_H > body.scrollTop + body.clientHeight) body.scrollTop = y + ROW_H - body.clientHeight;
    if (x < body.scrollLeft) body.scrollLeft = x;
    else if (x + colW > body.scrollLeft + body.clientWidth) body.scrollLeft = x + colW - body.clientWidth;
  };

  const moveTo = (pos: Pos, extend: boolean) => {
    const next = {
      line: Math.max(0, Math.min(lines.length - 1, pos.line)),
      col: Math.max(0, Math.min(columns.length - 1, pos.col)),
    };
    setActive(next);
    if (!extend) setAnchor(next);
    scrollTo(next);
  };

  const startEdit = (text: string | null) => {
    const line = lines[active.line];
    const col = columns[active.col];
    if (!line || !col || locked(line, col)) return;
    const value = cellValue(line, col);
    setEditing({
      itemId: line.work.id,
      kind: line.kind,
      day: col.from,
      text: text ?? (value === 0 ? "" : String(value).replace(".", locale === "en" ? "." : ",")),
    });
  };

  const write = async (cells: CellInput[]) => {
    if (cells.length === 0) return true;
    return latest.current.onWrite(cells);
  };

  /** Cells of the selected range that may be written, with a text each. */
  const rangeCells = (textOf: (line: Line, col: Column, li: number, ci: number) => string | null): CellInput[] => {
    const out: CellInput[] = [];
    for (let l = range.l0; l <= range.l1; l++) {
      for (let c = range.c0; c <= range.c1; c++) {
        const line = lines[l];
        const col = columns[c];
        if (!line || !col || locked(line, col)) continue;
        const text = textOf(line, col, l, c);
        if (text !== null) out.push({ itemId: line.work.id, kind: line.kind, day: col.from, text });
      }
    }
    return out;
  };

  const fillRight = () => {
    const cells: CellInput[] = [];
    for (let l = range.l0; l <= range.l1; l++) {
      const line = lines[l];
      const first = columns[range.c0];
      if (!line || !first) continue;
      const text = String(cellValue(line, first));
      // one column selected: fill to the end of the work's span
      let c1 = range.c1;
      if (range.c0 === range.c1 && line.work.finish >= 0) {
        while (c1 + 1 < columns.length && columns[c1 + 1].from <= line.work.finish) c1++;
      }
      for (let c = range.c0 + 1; c <= c1; c++) {
        const col = columns[c];
        if (!locked(line, col)) cells.push({ itemId: line.work.id, kind: line.kind, day: col.from, text });
      }
    }
    void write(cells);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (editing) {
      // the editor lost the focus (a refused value stays open): Escape still closes it
      if (event.key === "Escape") {
        event.preventDefault();
        cancelled.current = editing;
        setEditing(null);
      }
      return;
    }
    const { key } = event;
    const mod = event.ctrlKey || event.metaKey;
    const step: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    if (step[key]) {
      event.preventDefault();
      const [dl, dc] = step[key];
      moveTo({ line: active.line + dl, col: active.col + dc }, event.shiftKey);
    } else if (key === "Tab") {
      event.preventDefault();
      moveTo({ line: active.line, col: active.col + (event.shiftKey ? -1 : 1) }, false);
    } else if (key === "PageDown" || key === "PageUp") {
      event.preventDefault();
      const page = Math.max(1, Math.floor(viewRef.current.height / ROW_H) - 1);
      moveTo({ line: active.line + (key === "PageDown" ? page : -page), col: active.col }, event.shiftKey);
    } else if (key === "Home" || key === "End") {
      event.preventDefault();
      moveTo({ line: active.line, col: key === "Home" ? 0 : columns.length - 1 }, event.shiftKey);
    } else if (key === "Enter" || key === "F2") {
      event.preventDefault();
      startEdit(null);
    } else if (key === "Delete" || key === "Backspace") {
      event.preventDefault();
      void write(rangeCells(() => ""));
    } else if (mod && (key === "r" || key === "R" || key === "к" || key === "К")) {
      event.preventDefault();
      fillRight();
    } else if (!mod && !event.altKey && key.length === 1) {
      event.preventDefault();
      startEdit(key);
    }
  };

  const onCopy = (event: ClipboardEvent<HTMLDivElement>) => {
    if (editing) return;
    event.preventDefault();
    const rows: number[][] = [];
    for (let l = range.l0; l <= range.l1; l++) {
      const row: number[] = [];
      for (let c = range.c0; c <= range.c1; c++) row.push(cellValue(lines[l], columns[c]));
      rows.push(row);
    }
    event.clipboardData.setData("text/plain", blockText(rows, locale));
  };

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    if (editing) return;
    event.preventDefault();
    const block = parsePastedBlock(event.clipboardData.getData("text/plain"));
    const cells: CellInput[] = [];
    block.forEach((row, r) => {
      row.forEach((text, c) => {
        const line = lines[active.line + r];
        const col = columns[active.col + c];
        if (!line || !col || locked(line, col)) return;
        cells.push({ itemId: line.work.id, kind: line.kind, day: col.from, text });
      });
    });
    const rows = block.length;
    const cols = Math.max(0, ...block.map((r) => r.length));
    if (rows > 0 && cols > 0) {
      setAnchor({
        line: Math.min(lines.length - 1, active.line + rows - 1),
        col: Math.min(columns.length - 1, active.col + cols - 1),
      });
    }
    void write(cells);
  };

  const committing = useRef<Editing | null>(null);
  const commit = async (how: "down" | "right" | "stay") => {
    if (!editing || committing.current === editing || cancelled.current === editing) return;
    const cell = editing;
    committing.current = cell;
    let ok = false;
    try {
      ok = await write([cell]);
    } finally {
      // A written cell stays marked: focusing the body blurs the editor before it unmounts, and that blur must
      // not send the same cell again (a second request, a second undo step, a second waiting plan change).
      if (!ok) committing.current = null;
    }
    if (!ok) return;
    setEditing((now) => (now === cell ? null : now));
    bodyRef.current?.focus();
    if (how === "down") moveTo({ line: active.line + 1, col: active.col }, false);
    if (how === "right") moveTo({ line: active.line, col: active.col + 1 }, false);
  };

  // Where the cell being edited is now (lines may have moved under it after a live update).
  const editPos = useMemo(() => {
    if (!editing) return null;
    const line = lines.findIndex((l) => l.work.id === editing.itemId && l.kind === editing.kind);
    const col = columns.findIndex((c) => c.from === editing.day);
    return line >= 0 && col >= 0 ? { line, col } : null;
  }, [editing, lines, columns]);

  const visibleEnd = Math.min(lines.length - 1, lastLine);
  const rows = [];
  const leftRows = [];
  for (let l = firstLine; l <= visibleEnd; l++) {
    const line = lines[l];
    const work = line.work;
    const own = store.get(work.id, measure, line.kind);
    const plan = line.kind === "fact" ? store.get(work.id, measure, "plan") : undefined;
    const disabled = store.status(work.id) === "disabled";
    const inRange = l >= range.l0 && l <= range.l1;
    rows.push(
      <BodyRow
        key={`${work.id}:${line.kind}`}
        l={l}
        line={line}
        c0={firstCol}
        c1={lastCol}
        columns={columns}
        colIso={colIso}
        colW={colW}
        own={own}
        plan={plan}
        lock={lock}
        disabled={disabled}
        selC0={inRange ? range.c0 : -1}
        selC1={inRange ? range.c1 : -1}
        activeCol={l === active.line ? active.col : -1}
        locale={locale}
        pending={
          line.kind === "fact"
            ? props.pending?.get(work.id)
            : line.kind === "plan"
              ? props.pendingPlan?.get(work.id)
              : undefined
        }
      />,
    );
    const pace = line.kind === "fact" ? paceOf(store, work.id, measure, keyDay) : "none";
    leftRows.push(
      <LeftRow
        key={`${work.id}:${line.kind}`}
        l={l}
        line={line}
        total={own?.total ?? 0}
        pace={pace}
        disabled={disabled}
        checked={line.kind === "plan" && checked.has(work.id)}
        onCheck={props.onCheck}
        lw={lw}
        labels={labels}
        locale={locale}
      />,
    );
  }

  const heads = (
    <HeadRow
      c0={firstCol}
      c1={lastCol}
      columns={columns}
      colIso={colIso}
      colW={colW}
      zoom={zoom}
      keyDay={keyDay}
      locale={locale}
      weekOf={labels.weekOf}
    />
  );

  return (
    <div className="wg-root" style={{ ["--wg-left" as string]: `${lw.all}px` }}>
      <div className="wg-corner">
        <div className="wg-hcell" style={{ left: lw.check, width: lw.code }}>
          {t("grid.code")}
        </div>
        <div className="wg-hcell" style={{ left: lw.check + lw.code, width: lw.name }}>
          {t("grid.name")}
        </div>
        <div className="wg-hcell" style={{ left: lw.check + lw.code + lw.name, width: lw.kind }}>
          {t("grid.kind")}
        </div>
        <div className="wg-hcell" style={{ left: lw.all - lw.total, width: lw.total }}>
          {t("grid.total")}
        </div>
      </div>
      <div className="wg-head" ref={headRef}>
        <div className="wg-sizer" style={{ width: columns.length * colW + 40, height: 40 }}>
          {heads}
        </div>
      </div>
      <div className="wg-left" ref={leftRef}>
        <div className="wg-sizer" style={{ height: lines.length * ROW_H + 40, width: lw.all }}>
          {leftRows}
        </div>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a windowed grid; a <table> cannot host absolutely placed cells */}
      <div
        className="wg-body"
        ref={bodyRef}
        role="grid"
        aria-label={t("grid.label")}
        tabIndex={0}
        data-testid="wdp-body"
        onScroll={onScroll}
        onKeyDown={onKeyDown}
        onCopy={onCopy}
        onPaste={onPaste}
        onMouseDown={(e) => {
          const at = cellAt(e.target);
          if (!at || editing) return;
          setActive(at);
          if (!e.shiftKey) setAnchor(at);
        }}
        onDoubleClick={(e) => {
          if (cellAt(e.target)) startEdit(null);
        }}
      >
        <div className="wg-sizer" style={{ width: columns.length * colW, height: lines.length * ROW_H }}>
          {rows}
          {editing && editPos && (
            <input
              className="wg-editor"
              aria-label={t("grid.editor")}
              // biome-ignore lint/a11y/noAutofocus: the editor opens where the user typed
              autoFocus
              value={editing.text}
              style={{ top: editPos.line * ROW_H, left: editPos.col * colW, width: colW, height: ROW_H }}
              onChange={(e) => {
                const text = e.currentTarget.value;
                setEditing((now) => (now ? { ...now, text } : now));
              }}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  void commit("down");
                } else if (e.key === "Tab") {
                  e.preventDefault();
                  void commit("right");
                } else if (e.key === "Escape") {
                  e.preventDefault();
                  cancelled.current = editing;
                  setEditing(null);
                  bodyRef.current?.focus();
                }
                e.stopPropagation();
              }}
              onBlur={() => void commit("stay")}
            />
          )}
        </div>
      </div>
    </div>
  );
});
