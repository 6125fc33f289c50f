import type { RowModel } from "./row-model";
import { type TimeViewport, timeToX } from "./scale-math";

const DAY = 1440;
/** Zoom (px per day) from which working hours inside a day are shaded, not only whole days off. */
export const WORKING_HOURS_ZOOM = 30;

/**
 * Non-working time of the visible time range per calendar, pre-drawn as a one-pixel-high strip that each row
 * stretches over its height. The strip is rebuilt only when the horizontal view changes, from the engine's day
 * patterns (one lookup per day, never minute by minute), so vertical scrolling costs one drawImage per row run.
 */
export class ShadeCache {
  private key = "";
  private readonly strips = new Map<number, HTMLCanvasElement>();

  strip(
    model: RowModel,
    calendar: number,
    v: TimeViewport,
    width: number,
    dpr: number,
    color: string,
  ): HTMLCanvasElement | null {
    if (v.pxPerDay < 2) return null;
    const key = `${model.version}|${v.origin}|${v.pxPerDay}|${v.scrollX}|${width}|${dpr}|${color}`;
    if (key !== this.key) {
      this.key = key;
      this.strips.clear();
    }
    let canvas = this.strips.get(calendar);
    if (!canvas) {
      canvas = document.createElement("canvas");
      canvas.width = Math.max(1, Math.ceil(width * dpr));
      canvas.height = 1;
      const ctx = canvas.getContext("2d");
      if (ctx) {
        ctx.fillStyle = color;
        for (const [x0, x1] of nonWorkingSpans(model, calendar, v, width))
          ctx.fillRect(x0 * dpr, 0, (x1 - x0) * dpr, 1);
      }
      this.strips.set(calendar, canvas);
    }
    return canvas;
  }
}

/**
 * Screen spans [x0, x1] of non-working time of a calendar within [0, width]. Nights and breaks are shaded only when
 * a day is wide enough to read hours (the day scale); below that they turn weeks into a barcode, so only whole
 * non-working days (weekends, holidays) are shaded.
 */
export function nonWorkingSpans(model: RowModel, calendar: number, v: TimeViewport, width: number): [number, number][] {
  const cal = model.cal[calendar];
  const t0 = v.origin + (v.scrollX * DAY) / v.pxPerDay;
  const firstDay = Math.floor(t0 / DAY);
  const lastDay = Math.floor((t0 + (width * DAY) / v.pxPerDay) / DAY);
  const wholeDays = v.pxPerDay < WORKING_HOURS_ZOOM;
  const spans: [number, number][] = [];
  let open = -1;
  const add = (a: number, b: number) => {
    if (open >= 0 && spans[spans.length - 1][1] === a) spans[spans.length - 1][1] = b;
    else spans.push([a, b]);
    open = 1;
  };
  for (let d = firstDay; d <= lastDay; d++) {
    const base = d * DAY;
    if (wholeDays) {
      if (cal.dayWorkMinutes(d) === 0) add(base, base + DAY);
      continue;
    }
    const iv = cal.dayIntervals(d);
    let at = base;
    for (let k = 0; k < iv.length; k += 2) {
      if (iv[k] > at) add(at, iv[k]);
      at = iv[k + 1];
    }
    if (at < base + DAY) add(at, base + DAY);
  }
  return spans
    .map(([a, b]) => [Math.max(0, timeToX(a, v)), Math.min(width, timeToX(b, v))] as [number, number])
    .filter(([a, b]) => b > a);
}
