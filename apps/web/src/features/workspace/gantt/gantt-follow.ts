import type { DateSource } from "./bar-layout";
import { NO_TIME, TYPE_SUM } from "./gantt-data";
import type { RowModel } from "./row-model";
import { scrollXFor, type TimeViewport, timeToX } from "./scale-math";

/**
 * The timeline follows the rows: after the rows on screen change (a vertical scroll) or a row is selected, the time
 * axis scrolls so their bars are in view, instead of showing empty months beside them. It moves only when none of
 * the bars is in view, so a user who scrolled along the time axis on purpose keeps their place while bars show.
 */

/** How far from the left edge a revealed bar starts (the same inset as the first view of a schedule). */
export const REVEAL_INSET = 40;
/** A bar counts as in view when at least this much of it (or its diamond) is on screen. */
const IN_VIEW_PX = 8;

type Model = Pick<RowModel, "type">;

/**
 * scrollX that brings the bars of `rows` (row positions in the model) into a time pane `width` px wide, or null when
 * one of them is already in view or none has dates. Summaries count only when no other row is given: their long
 * bars are nearly always on screen and would hide that the works beside them are not.
 */
export function revealRowsScrollX(
  model: Model,
  dates: Pick<DateSource, "start" | "finish">,
  rows: Iterable<number>,
  v: TimeViewport,
  width: number,
): number | null {
  let first = Number.POSITIVE_INFINITY;
  let firstSummary = Number.POSITIVE_INFINITY;
  let works = 0;
  let summaries = 0;
  let summaryInView = false;
  for (const i of rows) {
    const s = dates.start(i);
    const f = dates.finish(i);
    if (s === NO_TIME && f === NO_TIME) continue;
    const from = s !== NO_TIME ? s : f;
    const to = f !== NO_TIME ? f : s;
    const visible = timeToX(to, v) >= IN_VIEW_PX && timeToX(from, v) <= width - IN_VIEW_PX;
    if (model.type[i] === TYPE_SUM) {
      summaries++;
      summaryInView ||= visible;
      firstSummary = Math.min(firstSummary, from);
      continue;
    }
    if (visible) return null;
    works++;
    first = Math.min(first, from);
  }
  if (works === 0) {
    if (summaries === 0 || summaryInView) return null;
    first = firstSummary;
  }
  return Math.max(0, scrollXFor(first, REVEAL_INSET, v.origin, v.pxPerDay));
}

/** Where "scroll to today" goes: today when the schedule spans it, else the notice that it does not. */
export interface TodayJump {
  /** Where today is against the schedule's span. */
  where: "inside" | "before" | "after";
  scrollX: number;
}

/**
 * Today inside the schedule's span (`from`..`to`, its earliest and latest dates) is put a third into the pane.
 * Outside it the page tells the user so, and the view goes to the schedule's end nearest to today (its start at
 * the left, or its finish two thirds in) rather than to empty months.
 */
export function todayJump(today: number, from: number, to: number, v: TimeViewport, width: number): TodayJump {
  const at = (t: number, x: number) => Math.max(0, scrollXFor(t, x, v.origin, v.pxPerDay));
  if (Number.isFinite(from) && today < from) return { where: "before", scrollX: at(from, REVEAL_INSET) };
  if (Number.isFinite(to) && today > to) return { where: "after", scrollX: at(to, (width * 2) / 3) };
  return { where: "inside", scrollX: at(today, width / 3) };
}
