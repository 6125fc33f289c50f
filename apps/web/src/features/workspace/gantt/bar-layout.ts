import { NO_TIME, TYPE_MILESTONE_FINISH, TYPE_MILESTONE_START, TYPE_SUM } from "./gantt-data";
import type { RowModel } from "./row-model";
import { type TimeViewport, timeToX } from "./scale-math";

export const ROW_HEIGHT = 28;
/** Half width of a milestone diamond. */
export const MILESTONE_HALF = 6;
/** Width of the grab zone at a bar's right edge that resizes instead of moving. */
export const RESIZE_ZONE = 6;
/** How far beyond a bar end a press starts a link rather than nothing. */
export const LINK_ZONE = 12;

export type BarShape = "bar" | "milestone" | "summary";

/** Dates a frame draws: the row model's, or a drag preview's for the rows the engine just recomputed. */
export interface DateSource {
  start(i: number): number;
  finish(i: number): number;
  critical(i: number): boolean;
}

export function modelDates(model: RowModel): DateSource {
  return {
    start: (i) => model.es[i],
    finish: (i) => model.ef[i],
    critical: (i) => model.critical[i] === 1,
  };
}

/** Preview results layered over the model: rows missing from the overlay keep the model's dates. */
export class DateOverlay implements DateSource {
  private readonly values = new Map<number, [number, number, boolean]>();
  constructor(private readonly model: RowModel) {}
  set(i: number, start: number, finish: number, critical: boolean): void {
    this.values.set(i, [start, finish, critical]);
  }
  clear(): void {
    this.values.clear();
  }
  get size(): number {
    return this.values.size;
  }
  start(i: number): number {
    return this.values.get(i)?.[0] ?? this.model.es[i];
  }
  finish(i: number): number {
    return this.values.get(i)?.[1] ?? this.model.ef[i];
  }
  critical(i: number): boolean {
    const v = this.values.get(i);
    return v ? v[2] : this.model.critical[i] === 1;
  }
}

export interface BarBox {
  shape: BarShape;
  x0: number;
  x1: number;
  /** Vertical centre of the bar in canvas coordinates. */
  cy: number;
}

export function shapeOf(model: RowModel, i: number): BarShape {
  const t = model.type[i];
  if (t === TYPE_SUM) return "summary";
  if (t === TYPE_MILESTONE_START || t === TYPE_MILESTONE_FINISH) return "milestone";
  return "bar";
}

/** Where row i's bar sits when the row is at visible position `pos`; null when it has no dates. */
export function barBox(
  model: RowModel,
  dates: DateSource,
  i: number,
  pos: number,
  scrollTop: number,
  v: TimeViewport,
): BarBox | null {
  const s = dates.start(i);
  const f = dates.finish(i);
  if (s === NO_TIME && f === NO_TIME) return null;
  const shape = shapeOf(model, i);
  const cy = pos * ROW_HEIGHT - scrollTop + ROW_HEIGHT / 2;
  if (shape === "milestone") {
    // A start milestone sits on its start, a finish milestone on its finish.
    const t = model.type[i] === TYPE_MILESTONE_START ? (s !== NO_TIME ? s : f) : f !== NO_TIME ? f : s;
    const x = timeToX(t, v);
    return { shape, x0: x - MILESTONE_HALF, x1: x + MILESTONE_HALF, cy };
  }
  const x0 = timeToX(s !== NO_TIME ? s : f, v);
  const x1 = timeToX(f !== NO_TIME ? f : s, v);
  // Very short bars stay 2 px wide so they can still be seen and grabbed.
  return { shape, x0, x1: Math.max(x1, x0 + 2), cy };
}

export type HitPart = "body" | "resize" | "link-start" | "link-finish";

export interface Hit {
  row: number;
  pos: number;
  part: HitPart;
  box: BarBox;
}

/**
 * What a pointer at canvas (x, y) is over: the bar of the row under it and which part. Summaries are not draggable
 * (their dates come from their children), so only their bodies answer, for selection.
 */
export function hitTest(
  model: RowModel,
  entryAt: (pos: number) => number,
  count: number,
  dates: DateSource,
  x: number,
  y: number,
  scrollTop: number,
  v: TimeViewport,
): Hit | null {
  const pos = Math.floor((y + scrollTop) / ROW_HEIGHT);
  if (pos < 0 || pos >= count) return null;
  const row = entryAt(pos);
  if (row < 0) return null;
  const box = barBox(model, dates, row, pos, scrollTop, v);
  if (!box) return null;
  if (Math.abs(y - box.cy) > ROW_HEIGHT / 2 - 3) return null;
  if (box.shape === "summary") return x >= box.x0 && x <= box.x1 ? { row, pos, part: "body", box } : null;
  if (x >= box.x0 - LINK_ZONE && x < box.x0) return { row, pos, part: "link-start", box };
  if (x > box.x1 && x <= box.x1 + LINK_ZONE) return { row, pos, part: "link-finish", box };
  if (x < box.x0 || x > box.x1) return null;
  if (box.shape === "bar") {
    const zone = Math.min(RESIZE_ZONE, (box.x1 - box.x0) / 3);
    if (x >= box.x1 - zone) return { row, pos, part: "resize", box };
  }
  return { row, pos, part: "body", box };
}
