import type { UsageColumns, UsageScale } from "@planum/contracts";
import type { GanttColors } from "../../workspace/gantt/gantt-theme";
import type { TickLabeler } from "../../workspace/gantt/scale-labels";
import { type TimeViewport, timeToX, xToTime } from "../../workspace/gantt/scale-math";
import { drawHeader } from "../../workspace/gantt/timeline-draw";

/**
 * The usage view is one canvas, sticky inside a scroller whose spacer is as large as the content: the time header
 * and the histogram of the chosen row stay on top, the row labels on the left, and the resource Gantt's rows scroll
 * under them. Only what is on screen is drawn, so a thousand rows over two years by day paint like thirty.
 */

export const USAGE_HEADER = 40;
export const USAGE_HISTOGRAM = 168;
export const USAGE_ROW = 28;
export const USAGE_FONT = "12px Inter, system-ui, sans-serif";
const DAY = 1440;
/** Pixels per day by scale: a day bucket 24 px wide, a week 42, a month about 60. */
export const USAGE_PX_PER_DAY: Record<UsageScale, number> = { day: 24, week: 6, month: 2 };

export interface UsageLayout {
  columns: UsageColumns;
  /** Bars of row r are [barStart[r], barStart[r + 1]) in the columns' bar order. */
  barStart: Int32Array;
  /** Overlapping bars of a row take lanes (first free lane by start): the bar's lane and the row's lane count. */
  barLane: Uint8Array;
  rowLanes: Uint8Array;
  buckets: number;
  labelWidth: number;
  pxPerDay: number;
  contentWidth: number;
  contentHeight: number;
}

export function usageLayout(columns: UsageColumns, labelWidth: number): UsageLayout {
  const n = columns.rows.id.length;
  const barStart = new Int32Array(n + 1);
  for (const r of columns.bars.row) barStart[r + 1]++;
  for (let r = 0; r < n; r++) barStart[r + 1] += barStart[r];
  const { barLane, rowLanes } = lanesOf(columns, barStart);
  const pxPerDay = USAGE_PX_PER_DAY[columns.scale];
  return {
    columns,
    barStart,
    barLane,
    rowLanes,
    buckets: columns.bucketStarts.length - 1,
    labelWidth,
    pxPerDay,
    contentWidth: labelWidth + (columns.toDay - columns.fromDay) * pxPerDay,
    contentHeight: USAGE_HEADER + USAGE_HISTOGRAM + n * USAGE_ROW,
  };
}

/** At most this many lanes a row: more overlapping works share the last lane (the histogram shows their sum). */
const MAX_LANES = 3;

function lanesOf(columns: UsageColumns, barStart: Int32Array) {
  const { start, finish } = columns.bars;
  const barLane = new Uint8Array(start.length);
  const rowLanes = new Uint8Array(barStart.length - 1).fill(1);
  const laneEnd: number[] = [];
  for (let r = 0; r + 1 < barStart.length; r++) {
    laneEnd.length = 0;
    // Bars come sorted by start within a row.
    for (let k = barStart[r]; k < barStart[r + 1]; k++) {
      let lane = laneEnd.findIndex((end) => end <= start[k]);
      if (lane < 0) lane = laneEnd.length < MAX_LANES ? laneEnd.length : MAX_LANES - 1;
      laneEnd[lane] = Math.max(laneEnd[lane] ?? 0, finish[k]);
      barLane[k] = lane;
    }
    rowLanes[r] = Math.max(1, laneEnd.length);
  }
  return { barLane, rowLanes };
}

export interface UsageFrame {
  ctx: CanvasRenderingContext2D;
  layout: UsageLayout;
  width: number;
  height: number;
  dpr: number;
  scrollX: number;
  scrollY: number;
  selectedRow: number;
  pickedBucket: number;
  colors: GanttColors;
  labeler: TickLabeler;
  words: { demand: string; available: string; over: string; unlimited: string };
}

export const viewportOf = (layout: UsageLayout, scrollX: number): TimeViewport => ({
  origin: layout.columns.fromDay * DAY,
  pxPerDay: layout.pxPerDay,
  scrollX: scrollX - layout.labelWidth,
});

/** The bucket under canvas x, or -1. */
export function bucketAt(layout: UsageLayout, scrollX: number, x: number): number {
  if (x < layout.labelWidth) return -1;
  const day = Math.floor(xToTime(x, viewportOf(layout, scrollX)) / DAY);
  const starts = layout.columns.bucketStarts;
  if (day < starts[0] || day >= starts[starts.length - 1]) return -1;
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= day) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The row under canvas y in the Gantt part, or -1. */
export function rowAt(layout: UsageLayout, scrollY: number, y: number): number {
  const top = USAGE_HEADER + USAGE_HISTOGRAM;
  if (y < top) return -1;
  const r = Math.floor((y - top + scrollY) / USAGE_ROW);
  return r >= 0 && r < layout.columns.rows.id.length ? r : -1;
}

const OVER_FILL = "rgba(224, 49, 49, 0.16)";
const fmt = (v: number) => (Math.abs(v) >= 100 ? String(Math.round(v)) : String(Math.round(v * 10) / 10));

export function drawUsage(f: UsageFrame): void {
  const { ctx, layout, width, height, dpr, colors } = f;
  const v = viewportOf(layout, f.scrollX);
  const L = layout.labelWidth;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = colors.background;
  ctx.fillRect(0, 0, width, height);
  ctx.font = USAGE_FONT;
  ctx.textBaseline = "middle";
  const [b0, b1] = visibleBuckets(layout, v, width);
  drawRows(f, v, b0, b1);
  drawHistogram(f, v, b0, b1);
  drawHeader(ctx, width, USAGE_HEADER, dpr, v, colors, f.labeler, USAGE_FONT, []);
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = colors.headerBackground;
  ctx.fillRect(0, 0, L, USAGE_HEADER);
  ctx.strokeStyle = colors.headerLine;
  ctx.beginPath();
  ctx.moveTo(L - 0.5, 0);
  ctx.lineTo(L - 0.5, height);
  ctx.moveTo(0, USAGE_HEADER - 0.5);
  ctx.lineTo(L, USAGE_HEADER - 0.5);
  ctx.stroke();
}

function visibleBuckets(layout: UsageLayout, v: TimeViewport, width: number): [number, number] {
  const starts = layout.columns.bucketStarts;
  let b0 = 0;
  while (b0 < layout.buckets && timeToX(starts[b0 + 1] * DAY, v) < layout.labelWidth) b0++;
  let b1 = b0;
  while (b1 < layout.buckets && timeToX(starts[b1] * DAY, v) < width) b1++;
  return [b0, b1];
}

function bucketX(layout: UsageLayout, v: TimeViewport, b: number): [number, number] {
  const starts = layout.columns.bucketStarts;
  return [timeToX(starts[b] * DAY, v), timeToX(starts[b + 1] * DAY, v)];
}

/** The chosen row's demand per bucket as bars (red when over-allocated), its availability as a step line. */
function drawHistogram(f: UsageFrame, v: TimeViewport, b0: number, b1: number) {
  const { ctx, layout, width, colors } = f;
  const c = layout.columns;
  const L = layout.labelWidth;
  const top = USAGE_HEADER;
  const H = USAGE_HISTOGRAM;
  ctx.fillStyle = colors.headerBackground;
  ctx.fillRect(0, top, width, H);
  const r = f.selectedRow;
  if (r < 0 || r >= c.rows.id.length) return;
  const at = r * layout.buckets;
  let max = 0;
  for (let b = 0; b < layout.buckets; b++) {
    max = Math.max(max, c.demand[at + b]);
    if (!Number.isNaN(c.availability[at + b])) max = Math.max(max, c.availability[at + b]);
  }
  const plotTop = top + 22;
  const plotH = H - 30;
  const yOf = (value: number) => plotTop + plotH - (max > 0 ? (value / (max * 1.05)) * plotH : 0);
  ctx.save();
  ctx.beginPath();
  ctx.rect(L, top, width - L, H);
  ctx.clip();
  for (let b = b0; b < b1; b++) {
    const [x0, x1] = bucketX(layout, v, b);
    const value = c.demand[at + b];
    const over = c.overDays[at + b] > 0;
    if (b === f.pickedBucket) {
      ctx.fillStyle = colors.rowSelected;
      ctx.fillRect(x0, top, x1 - x0, H);
    }
    if (value <= 0) continue;
    ctx.fillStyle = over ? colors.critical : colors.task;
    const y = yOf(value);
    ctx.fillRect(x0 + 1, y, Math.max(1, x1 - x0 - 2), plotTop + plotH - y);
    if (x1 - x0 >= 34) {
      ctx.fillStyle = colors.label;
      ctx.textAlign = "center";
      ctx.fillText(fmt(value), (x0 + x1) / 2, Math.max(plotTop - 8, y - 8));
      ctx.textAlign = "left";
    }
  }
  ctx.strokeStyle = colors.dataDate;
  ctx.lineWidth = 2;
  ctx.beginPath();
  let drawing = false;
  for (let b = b0; b < b1; b++) {
    const a = c.availability[at + b];
    if (Number.isNaN(a)) {
      drawing = false;
      continue;
    }
    const [x0, x1] = bucketX(layout, v, b);
    const y = Math.round(yOf(a)) + 0.5;
    if (drawing) ctx.lineTo(x0, y);
    else ctx.moveTo(x0, y);
    ctx.lineTo(x1, y);
    drawing = true;
  }
  ctx.stroke();
  ctx.lineWidth = 1;
  ctx.restore();
  // The label side: which row, its scale and the legend.
  ctx.fillStyle = colors.headerBackground;
  ctx.fillRect(0, top, L, H);
  ctx.fillStyle = colors.headerText;
  const title = [c.rows.code[r], c.rows.name[r]].filter(Boolean).join(" · ");
  ctx.font = `600 ${USAGE_FONT}`;
  ctx.fillText(fit(ctx, title, L - 16), 8, top + 14);
  ctx.font = USAGE_FONT;
  ctx.fillStyle = colors.label;
  if (max > 0) ctx.fillText(fit(ctx, `${fmt(max)} ${c.rows.unit[r]}`.trim(), L - 16), 8, plotTop + 8);
  const legend: [string, string][] = [
    [colors.task, f.words.demand],
    [colors.critical, f.words.over],
    [colors.dataDate, Number.isNaN(c.availability[at]) ? f.words.unlimited : f.words.available],
  ];
  legend.forEach(([color, text], k) => {
    const y = top + H - 58 + k * 18;
    ctx.fillStyle = color;
    ctx.fillRect(8, y - 5, 10, 10);
    ctx.fillStyle = colors.label;
    ctx.fillText(fit(ctx, text, L - 34), 24, y);
  });
  ctx.strokeStyle = colors.headerLine;
  ctx.beginPath();
  ctx.moveTo(0, top + H - 0.5);
  ctx.lineTo(width, top + H - 0.5);
  ctx.stroke();
}

/** The resource Gantt: a row per resource with its assignments' works as bars over over-allocated buckets. */
function drawRows(f: UsageFrame, v: TimeViewport, b0: number, b1: number) {
  const { ctx, layout, width, height, colors } = f;
  const c = layout.columns;
  const L = layout.labelWidth;
  const top = USAGE_HEADER + USAGE_HISTOGRAM;
  const n = c.rows.id.length;
  const first = Math.max(0, Math.floor(f.scrollY / USAGE_ROW));
  const last = Math.min(n, Math.ceil((f.scrollY + height - top) / USAGE_ROW));
  const from = xToTime(L, v);
  const to = xToTime(width, v);
  for (let r = first; r < last; r++) {
    const y = top + r * USAGE_ROW - f.scrollY;
    if (r === f.selectedRow) {
      ctx.fillStyle = colors.rowSelected;
      ctx.fillRect(0, y, width, USAGE_ROW);
    } else if (r % 2 === 1) {
      ctx.fillStyle = colors.rowAlt;
      ctx.fillRect(0, y, width, USAGE_ROW);
    }
    const at = r * layout.buckets;
    ctx.fillStyle = OVER_FILL;
    for (let b = b0; b < b1; b++) {
      if (c.overDays[at + b] === 0) continue;
      const [x0, x1] = bucketX(layout, v, b);
      ctx.fillRect(Math.max(L, x0), y, x1 - Math.max(L, x0), USAGE_ROW);
    }
    for (let k = layout.barStart[r]; k < layout.barStart[r + 1]; k++) {
      if (c.bars.finish[k] < from || c.bars.start[k] > to) continue;
      const x0 = Math.max(L, timeToX(c.bars.start[k], v));
      const x1 = timeToX(c.bars.finish[k], v);
      if (x1 <= L) continue;
      const lanes = layout.rowLanes[r];
      const h = (USAGE_ROW - 6) / lanes;
      const by = y + 3 + layout.barLane[k] * h;
      ctx.fillStyle = colors.task;
      ctx.fillRect(x0, by + 0.5, Math.max(2, x1 - x0), h - 1);
      if (x1 - x0 > 44 && h >= 10) {
        ctx.fillStyle = "#ffffff";
        ctx.font = lanes > 1 ? "10px Inter, system-ui, sans-serif" : USAGE_FONT;
        ctx.fillText(fit(ctx, c.bars.code[k], x1 - x0 - 8), x0 + 4, by + h / 2 + 0.5);
        ctx.font = USAGE_FONT;
      }
    }
    ctx.fillStyle = r === f.selectedRow ? colors.rowSelected : colors.background;
    ctx.fillRect(0, y, L, USAGE_ROW);
    if (r % 2 === 1 && r !== f.selectedRow) {
      ctx.fillStyle = colors.rowAlt;
      ctx.fillRect(0, y, L, USAGE_ROW);
    }
    const indent = 8 + Math.min(c.rows.depth[r], 8) * 14;
    ctx.fillStyle = colors.label;
    const kind = c.rows.kind[r];
    ctx.font = kind === "resource" ? USAGE_FONT : `600 ${USAGE_FONT}`;
    const label = [c.rows.code[r], c.rows.name[r]].filter(Boolean).join("  ");
    ctx.fillText(fit(ctx, label, L - indent - 8), indent, y + USAGE_ROW / 2 + 0.5);
    ctx.font = USAGE_FONT;
    ctx.strokeStyle = colors.gridLine;
    ctx.beginPath();
    ctx.moveTo(0, y + USAGE_ROW - 0.5);
    ctx.lineTo(width, y + USAGE_ROW - 0.5);
    ctx.stroke();
  }
}

/** The text cut with an ellipsis to `max` pixels. */
function fit(ctx: CanvasRenderingContext2D, text: string, max: number): string {
  if (max <= 0) return "";
  if (ctx.measureText(text).width <= max) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (ctx.measureText(`${text.slice(0, mid)}…`).width <= max) lo = mid;
    else hi = mid - 1;
  }
  return lo > 0 ? `${text.slice(0, lo)}…` : "";
}
