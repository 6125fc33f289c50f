import { NO_TIME, REL_FF, REL_FS, REL_SF, REL_SS, RELATION_TYPES } from "./gantt-data";
import type { RowModel } from "./row-model";
import { snapMinutes, type TimeViewport, xToTime } from "./scale-math";

const DAY = 1440;

function snap(t: number, step: number): number {
  return Math.round(t / step) * step;
}

/**
 * Start limit for a bar moved by dx pixels: the shifted start snapped to the zoom's step, then to the next working
 * moment of the row's calendar (a limit inside a night would otherwise show a bar that the engine moves anyway).
 */
export function moveStartLimit(model: RowModel, i: number, originalStart: number, dx: number, v: TimeViewport): number {
  const t = snap(originalStart + (dx * DAY) / v.pxPerDay, snapMinutes(v.pxPerDay));
  return model.cal[model.calendar[i]].nextWorkingStart(t);
}

/**
 * Duration for a bar whose right edge is dragged to canvas x: working minutes of the row's calendar from its start to
 * the snapped time. At day granularity the finish means "end of that day's work", as a typed finish does.
 */
export function resizeDuration(model: RowModel, i: number, start: number, x: number, v: TimeViewport): number {
  if (start === NO_TIME) return model.duration[i];
  const step = snapMinutes(v.pxPerDay);
  const cal = model.cal[model.calendar[i]];
  const raw = snap(xToTime(x, v), step);
  const end = step >= DAY ? cal.prevWorkingEnd(raw) : raw;
  return Math.max(0, cal.workingBetween(start, end));
}

/** Relation type from the ends a link joins: finish→start FS, start→start SS, finish→finish FF, start→finish SF. */
export function linkType(fromEnd: "start" | "finish", toEnd: "start" | "finish"): (typeof RELATION_TYPES)[number] {
  if (fromEnd === "finish") return RELATION_TYPES[toEnd === "start" ? REL_FS : REL_FF];
  return RELATION_TYPES[toEnd === "start" ? REL_SS : REL_SF];
}

/** Which end of a target bar a link lands on: the nearer one. */
export function endUnder(x: number, x0: number, x1: number): "start" | "finish" {
  return x - x0 <= x1 - x ? "start" : "finish";
}
