import { type RefObject, useCallback, useEffect, useRef } from "react";
import { modelDates, ROW_HEIGHT } from "./bar-layout";
import { revealRowsScrollX } from "./gantt-follow";
import type { GridSelection } from "./grid-selection";
import type { RowModel } from "./row-model";
import type { TreeIndex } from "./tree-index";

/** How long the vertical scrolling must pause before the time axis follows the rows on screen (ms). */
const SETTLE_MS = 150;

/**
 * The timeline follows the rows: after a vertical scroll settles, and when another row becomes the active one, the
 * time axis scrolls to their bars if none of them is in view (gantt-follow.ts). A scrollTop the component set itself
 * (`carriedTop`: the view carried over a new payload) is not followed.
 */
export function useTimelineFollow(options: {
  model: RowModel;
  tree: TreeIndex;
  origin: number;
  pxPerDay: number;
  selection: GridSelection;
  scroller: RefObject<HTMLDivElement | null>;
  hscroll: RefObject<HTMLDivElement | null>;
  carriedTop: RefObject<number | null>;
}) {
  const { model, tree, origin, pxPerDay, selection, scroller, hscroll, carriedTop } = options;
  const state = useRef({ model, tree, origin, pxPerDay });
  state.current = { model, tree, origin, pxPerDay };
  const revealRows = useCallback(
    (rows: Iterable<number>) => {
      const h = hscroll.current;
      if (!h) return;
      const { model: m, origin: o, pxPerDay: px } = state.current;
      const v = { origin: o, pxPerDay: px, scrollX: h.scrollLeft };
      const x = revealRowsScrollX(m, modelDates(m), rows, v, h.clientWidth);
      if (x !== null) h.scrollLeft = x;
    },
    [hscroll],
  );

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    let timer = 0;
    let lastTop = el.scrollTop;
    const onScroll = () => {
      if (el.scrollTop === lastTop) return;
      lastTop = el.scrollTop;
      if (carriedTop.current !== null) {
        const carried = carriedTop.current === el.scrollTop;
        carriedTop.current = null;
        if (carried) return;
      }
      clearTimeout(timer);
      timer = window.setTimeout(() => {
        const { tree: tr } = state.current;
        const first = Math.floor(el.scrollTop / ROW_HEIGHT);
        const last = Math.min(tr.count - 1, Math.floor((el.scrollTop + el.clientHeight) / ROW_HEIGHT));
        const rows: number[] = [];
        for (let pos = first; pos <= last; pos++) if (tr.at(pos) >= 0) rows.push(tr.at(pos));
        revealRows(rows);
      }, SETTLE_MS);
    };
    el.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      el.removeEventListener("scroll", onScroll);
      clearTimeout(timer);
    };
  }, [revealRows, scroller, carriedTop]);

  const followedRow = useRef<number | null>(null);
  useEffect(() => {
    const entry = selection.rows.size > 0 && selection.activePos < tree.count ? tree.at(selection.activePos) : -1;
    const id = entry >= 0 ? model.ids[entry] : null;
    if (id === followedRow.current) return;
    followedRow.current = id;
    if (entry >= 0) revealRows([entry]);
  }, [selection, model, tree, revealRows]);
}
