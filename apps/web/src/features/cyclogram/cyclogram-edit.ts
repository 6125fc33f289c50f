import type { Cyclogram } from "@planum/contracts";
import { type CyclogramLayout, cyclogramX, cyclogramY } from "./cyclogram-draw";

const DAY = 1440;
/** How far from a work's stroke a press still takes it (px). */
const REACH = 6;

export interface SegmentRef {
  line: number;
  segment: number;
}

/**
 * The work whose stroke is under the point: in the row of its location, the point within REACH of the slanted stroke
 * from (start, row top) to (finish, row bottom). The last drawn (topmost) line wins.
 */
export function segmentAt(chart: Cyclogram, l: CyclogramLayout, px: number, py: number): SegmentRef | null {
  for (let line = chart.lines.length - 1; line >= 0; line--) {
    const segments = chart.lines[line].segments;
    for (let segment = 0; segment < segments.length; segment++) {
      const s = segments[segment];
      const top = cyclogramY(l, s.location);
      if (py < top || py > top + l.rowHeight) continue;
      const x0 = cyclogramX(l, chart, s.start);
      const x1 = Math.max(x0 + 1, cyclogramX(l, chart, s.finish));
      const along = (py - top) / l.rowHeight;
      if (Math.abs(px - (x0 + (x1 - x0) * along)) <= REACH) return { line, segment };
    }
  }
  return null;
}

/** Whole days a drag of dx pixels moves a work by (a work moves by days, as its start limit is a date). */
export const dragDays = (l: CyclogramLayout, dx: number) => Math.round(dx / l.pxPerDay) || 0;

/** The chart with one work moved by whole days (what the screen shows while dragging and until the answer). */
export function shiftSegment(chart: Cyclogram, ref: SegmentRef, days: number): Cyclogram {
  if (days === 0) return chart;
  return {
    ...chart,
    lines: chart.lines.map((line, k) =>
      k !== ref.line
        ? line
        : {
            ...line,
            segments: line.segments.map((s, j) =>
              j !== ref.segment ? s : { ...s, start: s.start + days * DAY, finish: s.finish + days * DAY },
            ),
          },
    ),
  };
}
