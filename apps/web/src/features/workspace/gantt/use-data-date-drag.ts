import type { RefObject } from "react";
import { NO_TIME } from "./gantt-data";
import type { RowModel } from "./row-model";
import { timeToX, xToTime } from "./scale-math";

const DAY = 1440;
/** How close to the data date line (px) a press grabs it. */
const GRAB_PX = 6;

type HeaderEvent = React.PointerEvent<HTMLCanvasElement>;

/**
 * The data date line is moved by dragging it on the time scale: the line follows the pointer (whole days, the time
 * of day kept), the drop asks the page (`onDrop`: a dialog confirms it and offers to update progress). Answers the
 * time-scale canvas's handlers, or none when the line cannot be moved.
 */
export function dataDateDragHandlers(options: {
  model: RowModel;
  origin: number;
  pxPerDay: number;
  hscroll: RefObject<HTMLDivElement | null>;
  /** The line's start when a drag is under way, else null (a ref kept by the component across renders). */
  from: RefObject<number | null>;
  /** Redraws after the line moved. */
  redraw(): void;
  onDrop?(minutes: number): void;
}) {
  const { model, origin, pxPerDay, hscroll, from, redraw, onDrop } = options;
  if (!onDrop) return {};
  const headerX = (e: HeaderEvent) => e.clientX - e.currentTarget.getBoundingClientRect().left;
  const viewport = () => ({ origin, pxPerDay, scrollX: hscroll.current?.scrollLeft ?? 0 });
  const near = (e: HeaderEvent) =>
    model.dataDate !== NO_TIME && Math.abs(headerX(e) - timeToX(model.dataDate, viewport())) <= GRAB_PX;
  return {
    "data-testid": "gantt-time-scale",
    onPointerDown: (e: HeaderEvent) => {
      if (!near(e)) return;
      e.currentTarget.setPointerCapture(e.pointerId);
      from.current = model.dataDate;
    },
    onPointerMove: (e: HeaderEvent) => {
      const start = from.current;
      if (start === null) {
        e.currentTarget.style.cursor = near(e) ? "ew-resize" : "default";
        return;
      }
      const t = xToTime(headerX(e), viewport());
      const next = Math.floor(t / DAY) * DAY + (((start % DAY) + DAY) % DAY);
      if (next !== model.dataDate) {
        model.dataDate = next;
        redraw();
      }
    },
    onPointerUp: () => {
      const start = from.current;
      if (start === null) return;
      from.current = null;
      const dropped = model.dataDate;
      // the line goes back until the new data date is stored and the payload reloads
      model.dataDate = start;
      redraw();
      if (dropped !== start) onDrop(dropped);
    },
  };
}
