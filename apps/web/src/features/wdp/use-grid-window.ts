import { useCallback, useLayoutEffect, useRef, useState } from "react";
import { CHUNK, ROW_H } from "./wdp-grid-rows";
import type { Column } from "./wdp-model";

/** Rows and columns rendered beyond the visible ones, so a small scroll shows ready cells. */
const OVERSCAN = 4;

/**
 * The windowing of the grid: which lines and columns are in the DOM (in steps of CHUNK, so most scroll events render
 * nothing), the fixed header and left column following the body's scroll, and the first paint opening at today's
 * column (`onOpened` receives that column).
 */
export function useGridWindow(
  columns: readonly Column[],
  keyDay: number,
  colW: number,
  onOpened: (col: number) => void,
) {
  const bodyRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLDivElement>(null);
  const leftRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef({ top: 0, left: 0, width: 1200, height: 600 });
  const [win, setWin] = useState({ l0: 0, l1: 48, c0: 0, c1: 40 });
  const openedAt = useRef(onOpened);
  openedAt.current = onOpened;
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
    openedAt.current(k);
  }, [columns, keyDay, colW]);

  return { bodyRef, headRef, leftRef, viewRef, win, onScroll };
}
