import type { WdpKind } from "@planum/contracts";
import { memo } from "react";
import type { Column, Line, Pace, Series, Zoom } from "./wdp-model";
import { sumOf } from "./wdp-model";
import { formatCell } from "./wdp-numbers";

/** Height of one grid line (px); the window arithmetic and the rows share it. */
export const ROW_H = 26;
/** Rows and columns render in steps of CHUNK: most scroll events leave the window as it is. */
export const CHUNK = 8;

/** Widths of the fixed left columns (check box, code, name, data kind, total); narrower on a phone. */
export function leftWidths(narrow: boolean) {
  const check = 26;
  const code = narrow ? 64 : 84;
  const name = narrow ? 96 : 210;
  const kind = narrow ? 62 : 96;
  const total = narrow ? 74 : 92;
  return { check, code, name, kind, total, all: check + code + name + kind + total };
}

/** What decides whether a day cell may be typed into (besides the work's status). */
export interface Lock {
  readOnly: boolean;
  zoom: Zoom;
  keyDay: number;
  earliest: number | null;
}

export function isLocked(lock: Lock, kind: WdpKind, col: Column, disabled: boolean): boolean {
  if (lock.readOnly || lock.zoom !== "day" || disabled || kind === "approved_plan") return true;
  if (kind === "fact" && col.from > lock.keyDay) return true;
  return lock.earliest !== null && col.from < lock.earliest;
}

export interface Labels {
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

/** A line and a column of the grid. */
export interface Pos {
  line: number;
  col: number;
}

/** The line and column of the day cell under an event's target. */
export function cellAt(target: EventTarget | null): Pos | null {
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
  /** A fact line's values waiting for approval, day → value. */
  pending?: ReadonlyMap<number, number>;
}

/**
 * One line's day cells in the window, in segments of CHUNK columns: scrolling sideways renders only the segment that
 * comes into the window; the others are kept as they are (memo).
 */
export const BodyRow = memo(function BodyRow(p: BodyRowProps) {
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
    const waiting = day ? p.pending?.get(col.from) : undefined;
    if (waiting !== undefined) cls += " is-pending";
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
        data-pending={waiting !== undefined ? formatCell(waiting, p.locale) || "0" : undefined}
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
export const LeftRow = memo(function LeftRow(p: LeftRowProps) {
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
export const HeadRow = memo(function HeadRow(p: {
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
