import type { Cyclogram } from "@planum/contracts";

const DAY = 1440;

export interface CyclogramTheme {
  background: string;
  grid: string;
  text: string;
  idle: string;
  crossing: string;
}
export const LIGHT: CyclogramTheme = {
  background: "#ffffff",
  grid: "#e5e7eb",
  text: "#374151",
  idle: "#f59e0b",
  crossing: "#dc2626",
};
export const DARK: CyclogramTheme = {
  background: "#1f2023",
  grid: "#373a40",
  text: "#c9c9c9",
  idle: "#fbbf24",
  crossing: "#f87171",
};

/** Where things are on the chart: the label column, the time scale band, a location's row height, px a day. */
export interface CyclogramLayout {
  labelWidth: number;
  headHeight: number;
  rowHeight: number;
  pxPerDay: number;
  width: number;
  height: number;
}

/** Fits the time axis into the width; rows share the height, yet never thinner than a line of text. */
export function layoutCyclogram(chart: Cyclogram, width: number, height: number, labelWidth: number): CyclogramLayout {
  const headHeight = 36;
  const rows = Math.max(1, chart.locations.length);
  const rowHeight = Math.max(14, (height - headHeight) / rows);
  const days = Math.max(1, (chart.to - chart.from) / DAY);
  const pxPerDay = Math.max(0.05, (width - labelWidth - 16) / days);
  return { labelWidth, headHeight, rowHeight, pxPerDay, width, height: headHeight + rowHeight * rows };
}

/** Canvas x of a moment on the chart. */
export const cyclogramX = (l: CyclogramLayout, chart: Cyclogram, minutes: number) =>
  l.labelWidth + 8 + ((minutes - chart.from) / DAY) * l.pxPerDay;
/** Canvas y of the top of a location's row. */
export const cyclogramY = (l: CyclogramLayout, location: number) => l.headHeight + location * l.rowHeight;

const x = cyclogramX;
const y = cyclogramY;

/** The first day of each month between the two moments (minutes, wall clock). */
function monthStarts(from: number, to: number) {
  const out: { minutes: number; label: string }[] = [];
  const d = new Date(from * 60_000);
  let year = d.getUTCFullYear();
  let month = d.getUTCMonth();
  for (;;) {
    const minutes = Date.UTC(year, month, 1) / 60_000;
    if (minutes > to) break;
    if (minutes >= from - 31 * DAY) out.push({ minutes, label: `${String(month + 1).padStart(2, "0")}.${year}` });
    month++;
    if (month === 12) {
      month = 0;
      year++;
    }
  }
  return out;
}

/**
 * Draws the line of balance: the locations as rows (top to bottom), months across, each work as a slanted stroke
 * through its location's row from its start to its finish, a line's works joined in time order (dashed in the idle
 * colour where its crew waits), and a ring where two crews share a location at once.
 */
export function drawCyclogram(
  context: CanvasRenderingContext2D,
  chart: Cyclogram,
  l: CyclogramLayout,
  theme: CyclogramTheme,
  selected: number | null,
) {
  context.fillStyle = theme.background;
  context.fillRect(0, 0, l.width, l.height);
  context.font = "12px sans-serif";
  context.textBaseline = "middle";
  // rows and their names
  context.strokeStyle = theme.grid;
  context.lineWidth = 1;
  chart.locations.forEach((name, k) => {
    const top = y(l, k);
    context.beginPath();
    context.moveTo(0, Math.round(top + l.rowHeight) + 0.5);
    context.lineTo(l.width, Math.round(top + l.rowHeight) + 0.5);
    context.stroke();
    context.fillStyle = theme.text;
    context.fillText(fit(context, name, l.labelWidth - 12), 6, top + l.rowHeight / 2);
  });
  // months in the scale's upper half (the first one at the chart's edge), Mondays' dates below when there is room
  const half = l.headHeight / 4;
  monthStarts(chart.from, chart.to).forEach((month, k, all) => {
    const at = x(l, chart, month.minutes);
    const next = k + 1 < all.length ? x(l, chart, all[k + 1].minutes) : Number.POSITIVE_INFINITY;
    if (next < l.labelWidth + 60) return;
    context.fillStyle = theme.text;
    context.fillText(month.label, Math.max(at, l.labelWidth) + 4, half);
    if (at < l.labelWidth) return;
    context.strokeStyle = theme.grid;
    context.beginPath();
    context.moveTo(Math.round(at) + 0.5, 0);
    context.lineTo(Math.round(at) + 0.5, l.height);
    context.stroke();
  });
  if (l.pxPerDay * 7 >= 24) {
    const firstDay = Math.floor(chart.from / DAY);
    for (let day = firstDay; day * DAY <= chart.to; day++) {
      // 1970-01-01 was a Thursday: Mondays are the days whose (day + 3) is a multiple of 7
      if ((day + 3) % 7 !== 0) continue;
      const at = x(l, chart, day * DAY);
      context.strokeStyle = theme.grid;
      context.beginPath();
      context.moveTo(Math.round(at) + 0.5, l.headHeight / 2);
      context.lineTo(Math.round(at) + 0.5, l.headHeight);
      context.stroke();
      context.fillStyle = theme.text;
      context.fillText(String(new Date(day * DAY * 60_000).getUTCDate()), at + 3, half * 3);
    }
  }
  context.strokeStyle = theme.grid;
  context.beginPath();
  context.moveTo(0, l.headHeight + 0.5);
  context.lineTo(l.width, l.headHeight + 0.5);
  context.stroke();
  context.strokeStyle = theme.grid;
  context.beginPath();
  context.moveTo(l.labelWidth + 0.5, 0);
  context.lineTo(l.labelWidth + 0.5, l.height);
  context.stroke();

  // idle waits under the lines, so the lines stay readable
  context.setLineDash([5, 4]);
  context.lineWidth = 2;
  context.strokeStyle = theme.idle;
  for (const gap of chart.idle) {
    const line = chart.lines[gap.line];
    const before = line.segments[gap.after];
    const after = line.segments[gap.after + 1];
    context.beginPath();
    context.moveTo(x(l, chart, before.finish), y(l, before.location) + l.rowHeight);
    context.lineTo(x(l, chart, after.start), y(l, after.location));
    context.stroke();
  }
  context.setLineDash([]);

  chart.lines.forEach((line, index) => {
    context.strokeStyle = line.color;
    context.lineWidth = index === selected ? 4 : 2;
    context.beginPath();
    line.segments.forEach((s, k) => {
      const top = y(l, s.location);
      const startX = x(l, chart, s.start);
      // a work goes down its location's row from its start to its finish; joined to the line's previous work
      if (k === 0 || chart.idle.some((g) => g.line === index && g.after === k - 1)) context.moveTo(startX, top);
      else context.lineTo(startX, top);
      context.lineTo(Math.max(startX + 1, x(l, chart, s.finish)), top + l.rowHeight);
    });
    context.stroke();
  });

  context.strokeStyle = theme.crossing;
  context.lineWidth = 2;
  for (const crossing of chart.crossings) {
    const cx = (x(l, chart, crossing.start) + x(l, chart, crossing.finish)) / 2;
    const cy = y(l, crossing.location) + l.rowHeight / 2;
    context.beginPath();
    context.arc(cx, cy, Math.min(9, l.rowHeight / 2 - 1), 0, Math.PI * 2);
    context.stroke();
  }
}

/** A label cut with an ellipsis to the width it has. */
function fit(context: CanvasRenderingContext2D, text: string, width: number) {
  if (context.measureText(text).width <= width) return text;
  let cut = text;
  while (cut.length > 1 && context.measureText(`${cut}…`).width > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}
