import { type BarBox, barBox, type DateSource, ROW_HEIGHT } from "./bar-layout";
import { NO_TIME, TYPE_DRAFT } from "./gantt-data";
import type { GanttColors } from "./gantt-theme";
import { relationEnds, routeArrow } from "./relation-arrows";
import { groupSpan } from "./row-groups";
import type { RowModel } from "./row-model";
import type { TickLabeler } from "./scale-labels";
import { SCALE_TIERS, scaleForZoom, type TimeViewport, timeToX, unitTicks, xToTime } from "./scale-math";
import type { ShadeCache } from "./shade-cache";
import type { RowGroup, TreeIndex } from "./tree-index";

/** Rows above and below the screen whose relations are still drawn, so arrows entering the view are not cut off. */
const ARROW_MARGIN_ROWS = 40;
const MAX_ARROWS = 4000;

/** What the user is dragging, drawn over the bars. */
export type DragGhost =
  | { kind: "bar"; pos: number; x0: number; x1: number; milestone: boolean }
  | { kind: "link"; x0: number; y0: number; x1: number; y1: number };

export interface BodyFrame {
  ctx: CanvasRenderingContext2D;
  width: number;
  height: number;
  dpr: number;
  model: RowModel;
  tree: TreeIndex;
  scrollTop: number;
  v: TimeViewport;
  colors: GanttColors;
  dates: DateSource;
  showCritical: boolean;
  showBaseline: boolean;
  today: number;
  selected: (pos: number) => boolean;
  hoverPos: number;
  ghost: DragGhost | null;
  shades: ShadeCache;
  font: string;
}

const crisp = (x: number) => Math.round(x) + 0.5;
const groupSpans = new WeakMap<RowGroup, [number, number]>();

function spanOfGroup(model: RowModel, g: RowGroup): [number, number] {
  let span = groupSpans.get(g);
  if (!span) {
    span = groupSpan(model, g);
    groupSpans.set(g, span);
  }
  return span;
}

/**
 * P6's summary bar: a flat bar over the span of the children with a down-pointing end marker under each end, so
 * where the summary starts and finishes reads at a glance even when it runs off the screen on one side.
 */
function drawSummary(ctx: CanvasRenderingContext2D, x0: number, x1: number, cy: number, color: string) {
  const w = Math.max(2, x1 - x0);
  const m = Math.min(6, w / 2);
  ctx.fillStyle = color;
  ctx.fillRect(x0, cy - 6, w, 6);
  ctx.beginPath();
  ctx.moveTo(x0, cy);
  ctx.lineTo(x0 + m, cy);
  ctx.lineTo(x0, cy + 6);
  ctx.closePath();
  ctx.moveTo(x0 + w, cy);
  ctx.lineTo(x0 + w - m, cy);
  ctx.lineTo(x0 + w, cy + 6);
  ctx.closePath();
  ctx.fill();
}

function drawDiamond(ctx: CanvasRenderingContext2D, x: number, cy: number, half: number, color: string) {
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.moveTo(x, cy - half);
  ctx.lineTo(x + half, cy);
  ctx.lineTo(x, cy + half);
  ctx.lineTo(x - half, cy);
  ctx.closePath();
  ctx.fill();
}

function drawRowBar(f: BodyFrame, i: number, box: BarBox) {
  const { ctx, model, colors } = f;
  const critical = f.showCritical && f.dates.critical(i);
  if (box.shape === "summary") {
    // as in P6, a summary keeps its own colour: the critical path is read on the works under it
    drawSummary(ctx, box.x0, box.x1, box.cy, colors.summary);
    return;
  }
  if (f.showBaseline && model.bs[i] !== NO_TIME && model.bf[i] !== NO_TIME) {
    const b0 = timeToX(model.bs[i], f.v);
    const b1 = Math.max(b0 + 2, timeToX(model.bf[i], f.v));
    ctx.fillStyle = colors.baseline;
    ctx.fillRect(b0, box.cy + 5, b1 - b0, 4);
  }
  const top = f.showBaseline ? box.cy - 8 : box.cy - 6;
  const h = f.showBaseline ? 11 : 12;
  if (box.shape === "milestone") {
    drawDiamond(ctx, (box.x0 + box.x1) / 2, top + h / 2, 6, critical ? colors.critical : colors.milestone);
    return;
  }
  const draft = model.type[i] === TYPE_DRAFT;
  ctx.fillStyle = draft ? colors.draft : critical ? colors.critical : colors.task;
  ctx.fillRect(box.x0, top, box.x1 - box.x0, h);
  const p = model.progress[i];
  if (p > 0) {
    ctx.fillStyle = draft ? colors.draftProgress : critical ? colors.criticalProgress : colors.taskProgress;
    ctx.fillRect(box.x0, top + h / 2 - 2, ((box.x1 - box.x0) * Math.min(100, p)) / 100, 4);
  }
}

function drawArrows(f: BodyFrame, first: number, last: number) {
  const { ctx, model, tree, dates, v, scrollTop } = f;
  const positions = tree.positionsOfRows();
  const rel = model.rel;
  const lo = Math.max(0, first - ARROW_MARGIN_ROWS);
  const hi = Math.min(tree.count - 1, last + ARROW_MARGIN_ROWS);
  const normal = new Path2D();
  const critical = new Path2D();
  const heads: [number, number, number, boolean][] = [];
  let drawn = 0;
  const endX = (i: number, pos: number, finish: boolean): number | null => {
    const box = barBox(model, dates, i, pos, scrollTop, v);
    if (!box) return null;
    return finish ? box.x1 : box.x0;
  };
  const one = (r: number, fromPos: number, toPos: number) => {
    const [fromFinish, toFinish] = relationEnds(rel.type[r]);
    const x0 = endX(rel.from[r], fromPos, fromFinish);
    const x1 = endX(rel.to[r], toPos, toFinish);
    if (x0 === null || x1 === null) return;
    const y0 = fromPos * ROW_HEIGHT - scrollTop + ROW_HEIGHT / 2;
    const y1 = toPos * ROW_HEIGHT - scrollTop + ROW_HEIGHT / 2;
    const pts = routeArrow(rel.type[r], x0, y0, x1, y1, ROW_HEIGHT);
    const red = f.showCritical && dates.critical(rel.from[r]) && dates.critical(rel.to[r]);
    const path = red ? critical : normal;
    path.moveTo(crisp(pts[0]), crisp(pts[1]));
    for (let k = 2; k < pts.length; k += 2) path.lineTo(crisp(pts[k]), crisp(pts[k + 1]));
    heads.push([x1, y1, toFinish ? -1 : 1, red]);
    drawn++;
  };
  for (let pos = lo; pos <= hi && drawn < MAX_ARROWS; pos++) {
    const i = tree.at(pos);
    if (i < 0) continue;
    for (let k = rel.outStart[i]; k < rel.outStart[i + 1]; k++) {
      const r = rel.outRel[k];
      const toPos = positions[rel.to[r]];
      if (toPos >= 0) one(r, pos, toPos);
    }
    for (let k = rel.inStart[i]; k < rel.inStart[i + 1]; k++) {
      const r = rel.inRel[k];
      const fromPos = positions[rel.from[r]];
      // Relations from rows inside the band were drawn by the loop above.
      if (fromPos >= 0 && (fromPos < lo || fromPos > hi)) one(r, fromPos, pos);
    }
  }
  ctx.lineWidth = 1;
  ctx.strokeStyle = f.colors.arrow;
  ctx.stroke(normal);
  ctx.strokeStyle = f.colors.arrowCritical;
  ctx.stroke(critical);
  for (const [x, y, dir, red] of heads) {
    // dir 1: the line arrives from the left (a start); -1: from the right (a finish).
    ctx.fillStyle = red ? f.colors.arrowCritical : f.colors.arrow;
    ctx.beginPath();
    ctx.moveTo(x, y + 0.5);
    ctx.lineTo(x - dir * 5, y - 3.5);
    ctx.lineTo(x - dir * 5, y + 4.5);
    ctx.fill();
  }
}

function verticalLine(f: BodyFrame, t: number, color: string, dash: number[]) {
  const x = timeToX(t, f.v);
  if (x < 0 || x > f.width) return;
  const { ctx } = f;
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = 1.5;
  ctx.setLineDash(dash);
  ctx.beginPath();
  ctx.moveTo(Math.round(x), 0);
  ctx.lineTo(Math.round(x), f.height);
  ctx.stroke();
  ctx.restore();
}

/** Draws the rows on screen: backgrounds, non-working shading, unit lines, bars, arrows, labels, today and data date. */
export function drawBody(f: BodyFrame): void {
  const { ctx, width, height, dpr, model, tree, scrollTop, v, colors } = f;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = colors.background;
  ctx.fillRect(0, 0, width, height);
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT));
  const last = Math.min(tree.count - 1, Math.floor((scrollTop + height) / ROW_HEIGHT));

  // Shading: consecutive rows on one calendar share one stretched strip.
  ctx.imageSmoothingEnabled = false;
  let runStart = first;
  for (let pos = first; pos <= last + 1; pos++) {
    const calAt = (p: number) => (tree.at(p) >= 0 ? model.calendar[tree.at(p)] : model.defaultCalendar);
    if (pos <= last && calAt(pos) === calAt(runStart)) continue;
    if (runStart <= last) {
      const strip = f.shades.strip(model, calAt(runStart), v, width, dpr, colors.nonWorking);
      const y = runStart * ROW_HEIGHT - scrollTop;
      if (strip) ctx.drawImage(strip, 0, 0, strip.width, 1, 0, y, width, (pos - runStart) * ROW_HEIGHT);
    }
    runStart = pos;
  }
  for (let pos = first; pos <= last; pos++) {
    const y = pos * ROW_HEIGHT - scrollTop;
    if (f.selected(pos)) {
      ctx.fillStyle = colors.rowSelected;
      ctx.fillRect(0, y, width, ROW_HEIGHT);
    } else if (pos === f.hoverPos) {
      ctx.fillStyle = colors.rowHover;
      ctx.fillRect(0, y, width, ROW_HEIGHT);
    }
  }

  // Lower-tier unit lines, skipped when they would be closer than 6 px.
  const unit = SCALE_TIERS[scaleForZoom(v.pxPerDay)][1];
  const ticks = unitTicks(xToTime(0, v), xToTime(width, v), unit);
  if (ticks.length < width / 6) {
    ctx.strokeStyle = colors.gridLine;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (const t of ticks) {
      const x = crisp(timeToX(t, v));
      ctx.moveTo(x, 0);
      ctx.lineTo(x, height);
    }
    ctx.stroke();
  }

  drawArrows(f, first, last);

  ctx.font = f.font;
  ctx.textBaseline = "middle";
  for (let pos = first; pos <= last; pos++) {
    const e = tree.at(pos);
    if (e < 0) {
      const [s, fin] = spanOfGroup(model, tree.group(e));
      if (!Number.isFinite(s)) continue;
      const cy = pos * ROW_HEIGHT - scrollTop + ROW_HEIGHT / 2;
      drawSummary(ctx, timeToX(s, v), timeToX(fin, v), cy, colors.summary);
      continue;
    }
    const box = barBox(model, f.dates, e, pos, scrollTop, v);
    if (!box || box.x1 < -400 || box.x0 > width) continue;
    drawRowBar(f, e, box);
    const lx = box.x1 + (box.shape === "milestone" ? 4 : 6);
    if (lx < width && lx > -300) {
      ctx.fillStyle = colors.label;
      ctx.fillText(model.name[e], lx, box.cy + (f.showBaseline ? -2 : 0));
    }
  }

  if (model.dataDate !== NO_TIME) verticalLine(f, model.dataDate, colors.dataDate, []);
  verticalLine(f, f.today, colors.today, [4, 3]);

  const g = f.ghost;
  if (g?.kind === "bar") {
    const cy = g.pos * ROW_HEIGHT - scrollTop + ROW_HEIGHT / 2;
    if (g.milestone) drawDiamond(ctx, (g.x0 + g.x1) / 2, cy, 7, colors.ghost);
    else {
      ctx.fillStyle = colors.ghost;
      ctx.fillRect(g.x0, cy - 8, Math.max(2, g.x1 - g.x0), 16);
    }
  } else if (g?.kind === "link") {
    ctx.save();
    ctx.strokeStyle = colors.link;
    ctx.lineWidth = 1.5;
    ctx.setLineDash([5, 3]);
    ctx.beginPath();
    ctx.moveTo(g.x0, g.y0);
    ctx.lineTo(g.x1, g.y1);
    ctx.stroke();
    ctx.restore();
  }
}

/** The two-tier time header. Labels of cells cut by the left edge stick to it so the current month stays named. */
export function drawHeader(
  ctx: CanvasRenderingContext2D,
  width: number,
  height: number,
  dpr: number,
  v: TimeViewport,
  colors: GanttColors,
  labeler: TickLabeler,
  font: string,
  markers: { t: number; color: string }[],
): void {
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = colors.headerBackground;
  ctx.fillRect(0, 0, width, height);
  ctx.font = font;
  ctx.textBaseline = "middle";
  const tierH = height / 2;
  const [upper, lower] = SCALE_TIERS[scaleForZoom(v.pxPerDay)];
  const from = xToTime(0, v);
  const to = xToTime(width, v);
  ctx.strokeStyle = colors.headerLine;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(0, crisp(tierH));
  ctx.lineTo(width, crisp(tierH));
  ctx.moveTo(0, height - 0.5);
  ctx.lineTo(width, height - 0.5);
  ctx.stroke();
  [upper, lower].forEach((unit, tier) => {
    const ticks = unitTicks(from, to, unit);
    const y0 = tier * tierH;
    ctx.beginPath();
    for (let k = 0; k + 1 < ticks.length; k++) {
      const x0 = timeToX(ticks[k], v);
      const x1 = timeToX(ticks[k + 1], v);
      ctx.moveTo(crisp(x0), y0);
      ctx.lineTo(crisp(x0), y0 + tierH);
      const left = Math.max(x0, 0);
      const right = Math.min(x1, width);
      const label = labeler(ticks[k], unit, tier === 0 ? right - left : x1 - x0, tier === 0);
      if (label === "") continue;
      ctx.fillStyle = colors.headerText;
      const w = ctx.measureText(label).width;
      const x = tier === 0 ? Math.min(left + 6, x1 - w - 6) : x0 + (x1 - x0 - w) / 2;
      ctx.fillText(label, x, y0 + tierH / 2 + 0.5);
    }
    ctx.stroke();
  });
  for (const m of markers) {
    const x = timeToX(m.t, v);
    if (x < 0 || x > width) continue;
    ctx.fillStyle = m.color;
    ctx.beginPath();
    ctx.moveTo(x - 5, height - 7);
    ctx.lineTo(x + 5, height - 7);
    ctx.lineTo(x, height - 1);
    ctx.fill();
  }
}
