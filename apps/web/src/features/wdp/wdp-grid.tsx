import type { WdpKind, WdpMeasure } from "@planum/contracts";
import {
  type ClipboardEvent,
  type KeyboardEvent,
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { type Column, type Line, type Pace, paceOf, type Series, sumOf, type WdpStore, type Zoom } from "./wdp-model";
import { blockText, formatCell, isoOfDay, parsePastedBlock } from "./wdp-numbers";
import "./wdp-grid.css";

export const ROW_H = 26;
const OVERSCAN = 4;
const CHUNK = 8;
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
  /** Tells (once per paint) how long the body took to render: the bench's probe. */
  onPaint?(ms: number): void;
}

interface Pos {
  line: number;
  col: number;
}
interface Editing {
  itemId: number;
  kind: WdpKind;
  day: number;
  text: string;
}

function leftWidths(narrow: boolean) {
  const check = 26;
  const code = narrow ? 64 : 84;
  const name = narrow ? 96 : 210;
  const kind = narrow ? 62 : 96;
  const total = narrow ? 74 : 92;
  return { check, code, name, kind, total, all: check + code + name + kind + total };
}

/** The windowed grid of works × days (or weeks, months): only the rows and columns on screen are in the DOM. */
export const WdpGrid = memo(function WdpGrid(props: WdpGridProps) {
  const { lines, columns, zoom, store, measure, keyDay, earliest, readOnly, narrow, checked } = props;
  const { t, i18n } = useTranslation("wdp");
  const locale = i18n.language;
  const bodyRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLDivElement>(null);
  const leftRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef({ top: 0, left: 0, width: 1200, height: 600 });
  // The rendered window, in steps of CHUNK rows and columns: most scroll events leave it as it is (no render).
  const [win, setWin] = useState({ l0: 0, l1: 48, c0: 0, c1: 40 });
  const [active, setActive] = useState<Pos>({ line: 0, col: 0 });
  const [anchor, setAnchor] = useState<Pos>({ line: 0, col: 0 });
  const [editing, setEditing] = useState<Editing | null>(null);
  const colW = COL_W[zoom];
  const lw = useMemo(() => leftWidths(narrow), [narrow]);
  const latest = useRef(props);
  // Escape closes the editor without writing: the blur that follows must not write either.
  const cancelled = useRef<Editing | null>(null);
  latest.current = props;

  const colWRef = useRef(colW);
  colWRef.current = colW;
  const onScroll = useCallback(() => {
    const body = bodyRef.current;
    if (!body) return;
    if (headRef.current) headRef.current.scrollLeft = body.scrollLeft;
    if (leftRef.current) leftRef.current.scrollTop = body.scrollTop;
    const v = { top: body.scrollTop, left: body.scrollLeft, width: body.clientWidth, height: body.clientHeight };
    viewRef.current = v;
    const cw = colWRef.current;
    const next = {
      l0: Math.max(0, Math.floor((v.top / ROW_H - OVERSCAN) / CHUNK) * CHUNK),
      l1: Math.ceil(((v.top + v.height) / ROW_H + OVERSCAN) / CHUNK) * CHUNK,
      c0: Math.max(0, Math.floor((v.left / cw - OVERSCAN) / CHUNK) * CHUNK),
      c1: Math.ceil(((v.left + v.width) / cw + OVERSCAN) / CHUNK) * CHUNK,
    };
    setWin((prev) =>
      prev.l0 === next.l0 && prev.l1 === next.l1 && prev.c0 === next.c0 && prev.c1 === next.c1 ? prev : next,
    );
  }, []);
  // another zoom: other column widths
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read the window when the column width changes
  useLayoutEffect(() => onScroll(), [colW, onScroll]);

  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    const observer = new ResizeObserver(onScroll);
    observer.observe(body);
    onScroll();
    return () => observer.disconnect();
  }, [onScroll]);

  // The first paint opens at today's column (or the schedule's first day) so the current days are on screen.
  const opened = useRef(false);
  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (!body || opened.current || columns.length === 0) return;
    opened.current = true;
    // today when the schedule spans it, else its first day
    let k = columns.findIndex((c) => c.from <= keyDay && keyDay <= c.to);
    if (k < 0) k = 0;
    body.scrollLeft = Math.max(0, (k - 3) * colW);
    setActive({ line: 0, col: k });
    setAnchor({ line: 0, col: k });
  }, [columns, keyDay, colW]);

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
    const ok = await write([cell]).finally(() => {
      committing.current = null;
    });
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

/** What decides whether a day cell may be typed into (besides the work's status). */
interface Lock {
  readOnly: boolean;
  zoom: Zoom;
  keyDay: number;
  earliest: number | null;
}

function isLocked(lock: Lock, kind: WdpKind, col: Column, disabled: boolean): boolean {
  if (lock.readOnly || lock.zoom !== "day" || disabled || kind === "approved_plan") return true;
  if (kind === "fact" && col.from > lock.keyDay) return true;
  return lock.earliest !== null && col.from < lock.earliest;
}

interface Labels {
  plan: string;
  fact: string;
  approved_plan: string;
  behind: string;
  ahead: string;
  even: string;
  none: string;
  /** With "{{code}}" / "{{year}}" left in, filled per row or column. */
  check: string;
  weekOf: string;
}

/** The line and column of the day cell under an event's target. */
function cellAt(target: EventTarget | null): Pos | null {
  const el = (target as HTMLElement | null)?.closest?.("[data-c]") as HTMLElement | null;
  const row = el?.parentElement;
  if (!el || !row?.dataset.l) return null;
  return { line: Number(row.dataset.l), col: Number(el.dataset.c) };
}

function valueAt(s: Series | undefined, day: number): number {
  if (!s) return 0;
  const k = day - s.start;
  return k >= 0 && k < s.values.length ? s.values[k] : 0;
}

interface BodyRowProps {
  l: number;
  line: Line;
  c0: number;
  c1: number;
  columns: readonly Column[];
  colIso: readonly string[];
  colW: number;
  own: Series | undefined;
  /** The plan of a fact line (its cells' colours). */
  plan: Series | undefined;
  lock: Lock;
  disabled: boolean;
  /** The selected columns of this line, -1 when it is not selected. */
  selC0: number;
  selC1: number;
  activeCol: number;
  locale: string;
}

/**
 * One line's day cells in the window, in segments of CHUNK columns: scrolling sideways renders only the segment that
 * comes into the window; the others are kept as they are (memo).
 */
const BodyRow = memo(function BodyRow(p: BodyRowProps) {
  const segments = [];
  for (let s = p.c0; s <= p.c1; s += CHUNK) {
    const e = Math.min(s + CHUNK - 1, p.c1);
    const selected = p.selC0 >= 0 && p.selC0 <= e && p.selC1 >= s;
    segments.push(
      <Segment
        key={s}
        {...p}
        c0={s}
        c1={e}
        selC0={selected ? p.selC0 : -1}
        selC1={selected ? p.selC1 : -1}
        activeCol={p.activeCol >= s && p.activeCol <= e ? p.activeCol : -1}
      />,
    );
  }
  return (
    <div data-l={p.l} style={{ position: "absolute", top: p.l * ROW_H, left: 0, height: ROW_H }}>
      {segments}
    </div>
  );
});

const Segment = memo(function Segment(p: BodyRowProps) {
  const { line, columns, colW, own, plan, lock } = p;
  const work = line.work;
  const day = lock.zoom === "day";
  const cells = [];
  for (let c = p.c0; c <= p.c1; c++) {
    const col = columns[c];
    const value = day ? valueAt(own, col.from) : own ? sumOf(own, col.from, col.to) : 0;
    let cls = "wg-cell";
    if (work.start < 0 || col.to < work.start || col.from > work.finish) cls += " is-off";
    if (isLocked(lock, line.kind, col, p.disabled)) cls += " is-locked";
    if (!day) cls += " is-sum";
    if (lock.keyDay >= col.from && lock.keyDay <= col.to) cls += " is-today";
    if (c >= p.selC0 && c <= p.selC1) cls += " is-selected";
    if (c === p.activeCol) cls += " is-active";
    if (day && line.kind === "fact" && col.from <= lock.keyDay) {
      const planned = valueAt(plan, col.from);
      if (planned > 0 || value > 0) {
        if (value < planned - 0.0005) cls += " pace-behind";
        else if (value > planned + 0.0005) cls += " pace-ahead";
      }
    }
    cells.push(
      <div
        key={c}
        className={cls}
        data-c={c}
        data-item={work.id}
        data-kind={line.kind}
        data-day={p.colIso[c]}
        style={{ left: c * colW, width: colW, height: ROW_H }}
      >
        {formatCell(value, p.locale)}
      </div>,
    );
  }
  return <>{cells}</>;
});

interface LeftRowProps {
  l: number;
  line: Line;
  total: number;
  pace: Pace;
  disabled: boolean;
  checked: boolean;
  onCheck(itemId: number, on: boolean): void;
  lw: ReturnType<typeof leftWidths>;
  labels: Labels;
  locale: string;
}

/** One line's fixed cells: check box, code and name (on the plan line), data kind, total. */
const LeftRow = memo(function LeftRow(p: LeftRowProps) {
  const { line, lw, labels } = p;
  const work = line.work;
  const first = line.kind === "plan";
  const paceCls = p.pace === "behind" || p.pace === "ahead" ? ` pace-${p.pace}` : "";
  const off = p.disabled ? " is-disabled" : "";
  return (
    <div
      data-item={work.id}
      data-kind={line.kind}
      style={{ position: "absolute", top: p.l * ROW_H, left: 0, height: ROW_H, width: lw.all }}
    >
      <div className="wg-lcell" style={{ left: 0, width: lw.check, height: ROW_H }}>
        {first && (
          <input
            type="checkbox"
            aria-label={labels.check.replace("{{code}}", work.code)}
            checked={p.checked}
            onChange={(e) => p.onCheck(work.id, e.currentTarget.checked)}
          />
        )}
      </div>
      <div
        className={`wg-lcell${off}`}
        style={{ left: lw.check, width: lw.code, height: ROW_H }}
        title={first ? work.code : undefined}
      >
        {first ? work.code : ""}
      </div>
      <div
        className={`wg-lcell${off}`}
        style={{ left: lw.check + lw.code, width: lw.name, height: ROW_H }}
        title={first ? work.name : undefined}
      >
        {first ? work.name : ""}
      </div>
      <div
        className={`wg-lcell is-kind${paceCls}`}
        style={{ left: lw.check + lw.code + lw.name, width: lw.kind, height: ROW_H }}
        data-pace={line.kind === "fact" ? p.pace : undefined}
        title={line.kind === "fact" && p.pace !== "none" ? labels[p.pace] : undefined}
      >
        {labels[line.kind]}
      </div>
      <div
        className={`wg-lcell is-total${paceCls}`}
        data-total={line.kind}
        style={{ left: lw.all - lw.total, width: lw.total, height: ROW_H }}
      >
        {formatCell(p.total, p.locale)}
      </div>
    </div>
  );
});

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const monthFormats = new Map<string, Intl.DateTimeFormat>();
function formatOf(cache: Map<string, Intl.DateTimeFormat>, locale: string, options: Intl.DateTimeFormatOptions) {
  let f = cache.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" });
    cache.set(locale, f);
  }
  return f;
}

/** The column headers in the window: day and weekday, a week's Monday, or the month. */
const HeadRow = memo(function HeadRow(p: {
  c0: number;
  c1: number;
  columns: readonly Column[];
  colIso: readonly string[];
  colW: number;
  zoom: Zoom;
  keyDay: number;
  locale: string;
  weekOf: string;
}) {
  const heads = [];
  for (let c = p.c0; c <= p.c1; c++) {
    const col = p.columns[c];
    const iso = p.colIso[c];
    const date = new Date(col.from * 86_400_000);
    const today = p.keyDay >= col.from && p.keyDay <= col.to;
    let main = `${iso.slice(8, 10)}.${iso.slice(5, 7)}`;
    let sub: string;
    if (p.zoom === "day") sub = formatOf(dayFormats, p.locale, { weekday: "short" }).format(date);
    else if (p.zoom === "week") sub = p.weekOf.replace("{{year}}", iso.slice(0, 4));
    else {
      main = formatOf(monthFormats, p.locale, { month: "short", year: "numeric" }).format(date);
      sub = "";
    }
    heads.push(
      <div
        key={c}
        className={`wg-hcell${today ? " is-today" : ""}`}
        data-day={iso}
        style={{ left: c * p.colW, width: p.colW, top: 0 }}
      >
        {main}
        <small>{sub || "\u00a0"}</small>
      </div>,
    );
  }
  return <>{heads}</>;
});
