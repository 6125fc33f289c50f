import { type RefObject, useCallback, useLayoutEffect, useRef, useState } from "react";
import { clampZoom, scrollXFor, xToTime } from "./scale-math";

/**
 * The timeline's zoom (px per day) and the horizontal scroll that keeps the time under a point of the time pane
 * where it was: the new scroll is set once the new zoom is laid out.
 */
export function useTimelineZoom(initial: () => number, origin: number, hscroll: RefObject<HTMLDivElement | null>) {
  const [pxPerDay, setPxPerDay] = useState(initial);
  const pendingScrollX = useRef<number | null>(null);

  /** Multiplies the zoom by `factor`, the time at `x` px of the time pane staying at `x`. */
  const zoomAt = useCallback(
    (factor: number, x: number) => {
      setPxPerDay((px) => {
        const next = clampZoom(px * factor);
        const at = xToTime(x, { origin, pxPerDay: px, scrollX: hscroll.current?.scrollLeft ?? 0 });
        pendingScrollX.current = Math.max(0, scrollXFor(at, x, origin, next));
        return next;
      });
    },
    [origin, hscroll],
  );

  /** Sets the zoom (already clamped) from `current`, the time in the middle of the time pane staying there. */
  const zoomTo = (next: number, current: number) => {
    const x = (hscroll.current?.clientWidth ?? 800) / 2;
    const at = xToTime(x, { origin, pxPerDay: current, scrollX: hscroll.current?.scrollLeft ?? 0 });
    pendingScrollX.current = Math.max(0, scrollXFor(at, x, origin, next));
    setPxPerDay(next);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the new zoom must be laid out before its scroll is set
  useLayoutEffect(() => {
    if (pendingScrollX.current !== null && hscroll.current) {
      hscroll.current.scrollLeft = pendingScrollX.current;
      pendingScrollX.current = null;
    }
  }, [pxPerDay]);

  return { pxPerDay, zoomAt, zoomTo };
}
