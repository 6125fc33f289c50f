import { formatDay } from "../gantt/grid-columns";
import { BOX_H, BOX_W, COL_GAP, type NetworkModel } from "./network-model";
import type { NetworkOverview } from "./network-overview";

/** Colours of the diagram for each Mantine colour scheme (a canvas cannot read CSS variables per pixel). */
export interface NetworkColors {
  background: string;
  band: string;
  bandLine: string;
  bandText: string;
  box: string;
  boxBorder: string;
  boxSelected: string;
  selected: string;
  text: string;
  dim: string;
  task: string;
  critical: string;
  milestone: string;
  progress: string;
  arrow: string;
  arrowCritical: string;
  link: string;
}

export const LIGHT: NetworkColors = {
  background: "#ffffff",
  band: "#f8f9fa",
  bandLine: "#e9ecef",
  bandText: "#495057",
  box: "#ffffff",
  boxBorder: "#adb5bd",
  boxSelected: "#e7f1fc",
  selected: "#1c7ed6",
  text: "#212529",
  dim: "#5c636a",
  task: "#4c8fd6",
  critical: "#e03131",
  milestone: "#212529",
  progress: "#37b24d",
  arrow: "#7b8591",
  arrowCritical: "#e03131",
  link: "#1c7ed6",
};

export const DARK: NetworkColors = {
  background: "#1f2023",
  band: "#25262b",
  bandLine: "#2e3035",
  bandText: "#c1c2c5",
  box: "#2c2e33",
  boxBorder: "#5c5f66",
  boxSelected: "#1b3a57",
  selected: "#4dabf7",
  text: "#e9ecef",
  dim: "#a6a7ab",
  task: "#4dabf7",
  critical: "#ff6b6b",
  milestone: "#e9ecef",
  progress: "#51cf66",
  arrow: "#8a94a0",
  arrowCritical: "#ff6b6b",
  link: "#4dabf7",
};

/** Screen (CSS pixels) = diagram × scale + offset; the canvas has `dpr` device pixels per CSS pixel. */
export interface NetworkViewport {
  scale: number;
  tx: number;
  ty: number;
  width: number;
  height: number;
  dpr: number;
}

export interface NetworkLabels {
  es: string;
  ef: string;
  tf: string;
  /** Days for a float: "2 d". */
  days(value: number): string;
}

export interface NetworkDrawState {
  selected: ReadonlySet<number>;
  showCritical: boolean;
  /** A link being drawn: the source box, the pointer in diagram units, the box under it (-1 none). */
  linking: { from: number; x: number; y: number; target: number } | null;
  /** A bitmap of the whole diagram to copy instead of drawing thousands of boxes when zoomed far out. */
  overview?: NetworkOverview;
}

const FONT = "Inter, system-ui, sans-serif";
const TYPE_MILESTONE_START = 3;
const TYPE_MILESTONE_FINISH = 4;

/** Names cut to the box width, per model (names change only with a new payload). */
const fitted = new WeakMap<NetworkModel, Map<number, string>>();

function fitName(ctx: CanvasRenderingContext2D, m: NetworkModel, i: number, width: number): string {
  let cache = fitted.get(m);
  if (!cache) {
    cache = new Map();
    fitted.set(m, cache);
  }
  let text = cache.get(i);
  if (text !== undefined) return text;
  text = m.name[i];
  if (ctx.measureText(text).width > width) {
    let lo = 0;
    let hi = text.length;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (ctx.measureText(`${text.slice(0, mid)}…`).width <= width) lo = mid;
      else hi = mid - 1;
    }
    text = `${text.slice(0, lo)}…`;
  }
  cache.set(i, text);
  return text;
}

/**
 * One frame: bands, the connectors and boxes that cross the viewport (everything else is skipped), and a link being
 * drawn. Detail follows the zoom: text from 45 %, codes only from 22 %, plain boxes below (band labels
 * are not drawn then either).
 */
export function drawNetwork(
  ctx: CanvasRenderingContext2D,
  m: NetworkModel,
  v: NetworkViewport,
  colors: NetworkColors,
  labels: NetworkLabels,
  state: NetworkDrawState,
): number {
  const { scale: s, tx, ty, dpr } = v;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = colors.background;
  ctx.fillRect(0, 0, v.width, v.height);
  const overview = state.overview;
  if (overview?.covers(m, s)) {
    const image = overview.image(m, colors, state.showCritical, (octx, scale, width, height, plain) => {
      drawNetwork(octx, m, { scale, tx: 0, ty: 0, width, height, dpr: 1 }, colors, labels, plain);
    });
    if (image) return drawOverview(ctx, m, v, colors, state, image, overview.scale);
  }
  // the visible part of the diagram, in diagram units, with a margin for connectors' stubs
  const x0 = -tx / s - COL_GAP;
  const x1 = (v.width - tx) / s + COL_GAP;
  const y0 = -ty / s - BOX_H;
  const y1 = (v.height - ty) / s + BOX_H;

  ctx.setTransform(s * dpr, 0, 0, s * dpr, tx * dpr, ty * dpr);
  for (const band of m.bands) {
    if (band.top > y1 || band.top + band.height < y0) continue;
    ctx.fillStyle = colors.band;
    ctx.fillRect(x0, band.top, x1 - x0, band.height);
    ctx.fillStyle = colors.bandLine;
    ctx.fillRect(x0, band.top, x1 - x0, 1 / s);
  }

  // Connectors: finish sides leave right, start sides leave left; the vertical runs in the gap before the successor
  // (FS) or beside the side the relation starts from.
  const { from, to, type, critical } = m.rel;
  const half = COL_GAP / 2;
  const arrows = s >= 0.3;
  for (let pass = 0; pass < 2; pass++) {
    const wantCritical = pass === 1;
    if (wantCritical && !state.showCritical) continue;
    ctx.beginPath();
    const heads: number[] = [];
    for (let r = 0; r < m.rel.count; r++) {
      const isCritical = state.showCritical && critical[r] === 1;
      if (isCritical !== wantCritical) continue;
      const a = from[r];
      const b = to[r];
      const t = type[r];
      const fromFinish = t === 0 || t === 2; // fs, ff
      const toStart = t === 0 || t === 1; // fs, ss
      const ax = fromFinish ? m.x[a] + BOX_W : m.x[a];
      const ay = m.y[a] + BOX_H / 2;
      const bx = toStart ? m.x[b] : m.x[b] + BOX_W;
      const by = m.y[b] + BOX_H / 2;
      if (Math.max(ax, bx) + half < x0 || Math.min(ax, bx) - half > x1) continue;
      if (Math.max(ay, by) < y0 || Math.min(ay, by) > y1) continue;
      const xm = t === 0 ? bx - half : fromFinish ? Math.max(ax, bx) + half : Math.min(ax, bx) - half;
      ctx.moveTo(ax, ay);
      ctx.lineTo(xm, ay);
      ctx.lineTo(xm, by);
      ctx.lineTo(bx, by);
      if (arrows) heads.push(bx, by, toStart ? 1 : -1);
    }
    ctx.strokeStyle = wantCritical ? colors.arrowCritical : colors.arrow;
    ctx.lineWidth = (wantCritical ? 2 : 1) / Math.max(s, 0.5);
    ctx.stroke();
    if (heads.length > 0) {
      ctx.beginPath();
      for (let k = 0; k < heads.length; k += 3) {
        const hx = heads[k];
        const hy = heads[k + 1];
        const dir = heads[k + 2];
        ctx.moveTo(hx, hy);
        ctx.lineTo(hx - dir * 7, hy - 4);
        ctx.lineTo(hx - dir * 7, hy + 4);
        ctx.closePath();
      }
      ctx.fillStyle = wantCritical ? colors.arrowCritical : colors.arrow;
      ctx.fill();
    }
  }

  let drawn = 0;
  const full = s >= 0.45;
  if (s < 0.22) return drawn + drawPlainBoxes(ctx, m, colors, state, x0, x1, y0, y1, s);
  const border = 1 / s;
  for (let i = 0; i < m.n; i++) {
    const x = m.x[i];
    const y = m.y[i];
    if (x > x1 || x + BOX_W < x0 || y > y1 || y + BOX_H < y0) continue;
    drawn++;
    const selected = state.selected.has(m.ids[i]);
    const isCritical = state.showCritical && m.critical[i] === 1;
    const milestone = m.type[i] === TYPE_MILESTONE_START || m.type[i] === TYPE_MILESTONE_FINISH;
    const accent = isCritical ? colors.critical : milestone ? colors.milestone : colors.task;
    ctx.fillStyle = selected ? colors.boxSelected : colors.box;
    ctx.fillRect(x, y, BOX_W, BOX_H);
    ctx.fillStyle = accent;
    ctx.fillRect(x, y, 5, BOX_H);
    const target = state.linking?.target === i;
    ctx.strokeStyle = selected || target ? colors.selected : isCritical ? colors.critical : colors.boxBorder;
    ctx.lineWidth = selected || target ? Math.max(2, 2 * border) : isCritical ? 1.5 * Math.max(1, border) : border;
    ctx.strokeRect(x, y, BOX_W, BOX_H);
    ctx.fillStyle = colors.text;
    ctx.textBaseline = "middle";
    ctx.textAlign = "left";
    if (!full) {
      ctx.font = `600 26px ${FONT}`;
      ctx.fillText(m.code[i], x + 14, y + BOX_H / 2, BOX_W - 22);
      continue;
    }
    ctx.font = `600 12px ${FONT}`;
    ctx.fillText(m.code[i], x + 12, y + 15, 110);
    const tf = m.floatDays[i];
    ctx.font = `11px ${FONT}`;
    ctx.textAlign = "right";
    ctx.fillStyle = isCritical ? colors.critical : colors.dim;
    ctx.fillText(Number.isNaN(tf) ? `${labels.tf} —` : `${labels.tf} ${labels.days(tf)}`, x + BOX_W - 8, y + 15);
    ctx.textAlign = "left";
    ctx.fillStyle = colors.text;
    ctx.font = `12px ${FONT}`;
    ctx.fillText(fitName(ctx, m, i, BOX_W - 20), x + 12, y + 34);
    ctx.font = `11px ${FONT}`;
    ctx.fillStyle = colors.dim;
    const es = m.es[i];
    const ef = m.ef[i];
    ctx.fillText(`${labels.es} ${es < 0 ? "—" : formatDay(es)}`, x + 12, y + 53);
    ctx.textAlign = "right";
    ctx.fillText(`${labels.ef} ${ef < 0 ? "—" : formatDay(ef)}`, x + BOX_W - 8, y + 53);
    const pc = m.progress[i];
    if (pc > 0) {
      ctx.fillStyle = colors.bandLine;
      ctx.fillRect(x + 12, y + 64, BOX_W - 20, 4);
      ctx.fillStyle = colors.progress;
      ctx.fillRect(x + 12, y + 64, ((BOX_W - 20) * Math.min(100, pc)) / 100, 4);
    }
  }

  drawLink(ctx, m, colors, state, s);

  // Band labels stay at the left edge of the screen while the diagram pans.
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.font = `600 12px ${FONT}`;
  ctx.textAlign = "left";
  ctx.textBaseline = "middle";
  for (const band of m.bands) {
    if (!band.label || band.top > y1 || band.top + band.height < y0) continue;
    const sy = band.top * s + ty + Math.min(13, 13 * s * 2);
    if (sy < -20 || sy > v.height + 20) continue;
    ctx.fillStyle = colors.bandText;
    ctx.fillText(band.label, 10, sy, Math.max(60, v.width - 20));
  }
  return drawn;
}

/**
 * Far out, boxes are plain rectangles: one path per colour (normal, critical, selected) instead of a fill and a
 * stroke per box, so thousands on screen cost a few draw calls.
 */
function drawPlainBoxes(
  ctx: CanvasRenderingContext2D,
  m: NetworkModel,
  colors: NetworkColors,
  state: NetworkDrawState,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  s: number,
): number {
  const paths = [new Path2D(), new Path2D(), new Path2D()];
  let drawn = 0;
  for (let i = 0; i < m.n; i++) {
    const x = m.x[i];
    const y = m.y[i];
    if (x > x1 || x + BOX_W < x0 || y > y1 || y + BOX_H < y0) continue;
    drawn++;
    const kind = state.selected.has(m.ids[i]) ? 2 : state.showCritical && m.critical[i] === 1 ? 1 : 0;
    paths[kind].rect(x, y, BOX_W, BOX_H);
  }
  const fills = [colors.box, colors.box, colors.boxSelected];
  const strokes = [colors.task, colors.critical, colors.selected];
  for (let k = 0; k < 3; k++) {
    ctx.fillStyle = fills[k];
    ctx.fill(paths[k]);
    ctx.strokeStyle = strokes[k];
    ctx.lineWidth = (k === 0 ? 1.5 : 2.5) / s;
    ctx.stroke(paths[k]);
  }
  drawLink(ctx, m, colors, state, s);
  return drawn;
}

function drawLink(
  ctx: CanvasRenderingContext2D,
  m: NetworkModel,
  colors: NetworkColors,
  state: NetworkDrawState,
  s: number,
) {
  const link = state.linking;
  if (!link) return;
  ctx.beginPath();
  ctx.moveTo(m.x[link.from] + BOX_W, m.y[link.from] + BOX_H / 2);
  ctx.lineTo(link.x, link.y);
  ctx.setLineDash([6 / s, 4 / s]);
  ctx.strokeStyle = colors.link;
  ctx.lineWidth = 2 / s;
  ctx.stroke();
  ctx.setLineDash([]);
}

/** The overview bitmap scaled into place, with the selected boxes and a link being drawn over it. */
function drawOverview(
  ctx: CanvasRenderingContext2D,
  m: NetworkModel,
  v: NetworkViewport,
  colors: NetworkColors,
  state: NetworkDrawState,
  image: HTMLCanvasElement,
  imageScale: number,
): number {
  const { scale: s, tx, ty, dpr } = v;
  const k = s / imageScale;
  ctx.setTransform(k * dpr, 0, 0, k * dpr, tx * dpr, ty * dpr);
  ctx.drawImage(image, 0, 0);
  ctx.setTransform(s * dpr, 0, 0, s * dpr, tx * dpr, ty * dpr);
  if (state.selected.size > 0) {
    ctx.fillStyle = colors.boxSelected;
    ctx.strokeStyle = colors.selected;
    ctx.lineWidth = 2.5 / s;
    for (const id of state.selected) {
      for (let i = 0; i < m.n; i++) {
        if (m.ids[i] !== id) continue;
        ctx.fillRect(m.x[i], m.y[i], BOX_W, BOX_H);
        ctx.strokeRect(m.x[i], m.y[i], BOX_W, BOX_H);
        break;
      }
    }
  }
  drawLink(ctx, m, colors, state, s);
  // boxes on screen, for the caller's measurements: counted, not drawn one by one
  const x0 = -tx / s;
  const x1 = (v.width - tx) / s;
  const y0 = -ty / s;
  const y1 = (v.height - ty) / s;
  let shown = 0;
  for (let i = 0; i < m.n; i++) {
    if (m.x[i] <= x1 && m.x[i] + BOX_W >= x0 && m.y[i] <= y1 && m.y[i] + BOX_H >= y0) shown++;
  }
  return shown;
}
