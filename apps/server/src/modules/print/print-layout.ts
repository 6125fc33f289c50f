import { type GANTT_SCALES, MM_PER_PT, type PrintFormatFields, pageOf, printBandMm } from "@planum/contracts";

type GanttScale = (typeof GANTT_SCALES)[number];

/**
 * One line of the printed workspace: the grid's cell texts and, for a WBS row, its bar's dates in minutes (null: not
 * calculated, or a group header).
 */
export interface PrintRow {
  cells: string[];
  start: number | null;
  finish: number | null;
  baselineStart: number | null;
  baselineFinish: number | null;
  critical: boolean;
  /** 0 sum, 1 task, 2 work, 3/4 milestones (GANTT_TYPE_CODES); -1 a group header of the screen's grouping. */
  type: number;
  depth: number;
}

/** A grid column on paper. */
export interface PrintColumn {
  label: string;
  widthMm: number;
  align: "left" | "right" | "center";
}

export const MINUTES_PER_DAY = 1440;
/** The grid's columns on paper when the screen sent none, mm: code, name, start, finish. */
export const GRID_COLUMNS_MM = { code: 22, name: 64, start: 23, finish: 23 } as const;
/**
 * Split over sheets keeps the screen's scale, at 2.5 mm a day for the week scale and in the screen's proportions for
 * the others (its standard zooms: day 36, week 14, month 3.2, quarter 1.1, year 0.3 px a day).
 */
export const SPLIT_MM_PER_DAY: Record<GanttScale, number> = {
  day: 6.4,
  week: 2.5,
  month: 0.57,
  quarter: 0.2,
  year: 0.054,
};
/** A day of the screen's zoom on paper: the week scale's 14 px a day print as 2.5 mm. */
const MM_PER_SCREEN_PX = SPLIT_MM_PER_DAY.week / 14;
/** Of the printable width, the grid takes at most this share: wider columns are narrowed in proportion. */
const GRID_MAX_SHARE = 0.6;
const MM_PER_PX = 25.4 / 96;

/** The measures of a page every other part of the print derives from. */
export interface PrintGeometry {
  pageWidthMm: number;
  pageHeightMm: number;
  rowMm: number;
  bandMm: number;
  /** Height of the repeated table header (time scale + column titles). */
  headMm: number;
  ganttWidthMm: number;
  columns: PrintColumn[];
  scale: GanttScale;
  mmPerDay: number;
  /** First day (midnight, minutes) of the time axis. */
  timeFrom: number;
  days: number;
}

export interface PrintPage {
  /** 1-based number of the page in the document. */
  number: number;
  rowFrom: number;
  rowTo: number;
  /** The slice of the time axis on this page, in days from `timeFrom`. */
  dayFrom: number;
  dayTo: number;
  withHead: boolean;
}

export interface PrintPlan {
  geometry: PrintGeometry;
  pages: PrintPage[];
  across: number;
  down: number;
}

/**
 * The days the time axis covers: every bar and baseline with a day to spare each side. With no dates at all (a version
 * never calculated) it opens at `anchor` (the project's start) for a month, as the screen does — never at 1970.
 */
function timeSpan(rows: readonly PrintRow[], anchor: number | null) {
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const row of rows) {
    if (row.start !== null) from = Math.min(from, row.start);
    if (row.finish !== null) to = Math.max(to, row.finish);
    if (row.baselineStart !== null) from = Math.min(from, row.baselineStart);
    if (row.baselineFinish !== null) to = Math.max(to, row.baselineFinish);
  }
  if (!Number.isFinite(from) && anchor !== null) from = anchor;
  if (!Number.isFinite(to) && Number.isFinite(from)) to = from + 30 * MINUTES_PER_DAY;
  if (!Number.isFinite(from) || !Number.isFinite(to)) return { timeFrom: 0, days: 7 };
  const timeFrom = Math.floor(from / MINUTES_PER_DAY) * MINUTES_PER_DAY;
  // a day before and after, so the first and last bars do not touch the page's edges
  return { timeFrom: timeFrom - MINUTES_PER_DAY, days: Math.max(7, Math.ceil((to - timeFrom) / MINUTES_PER_DAY) + 2) };
}

/**
 * Lays the workspace on pages: rows down as many pages as they take, the time axis across — at the screen's week
 * scale split over sheets, or scaled to fit `pagesWide` sheets. Pages run down the rows, then across.
 */
export function planPrint(
  rows: readonly PrintRow[],
  format: PrintFormatFields,
  pagesWide: number | null,
  repeatHeader: boolean,
  view: {
    columns: readonly { label: string; widthPx?: number; widthMm?: number; align: PrintColumn["align"] }[];
    scale: GanttScale;
    /** The screen's exact zoom, px a day: split over sheets keeps it (in the week scale's mm-per-px proportion). */
    pxPerDay?: number;
    /** Where the axis opens when no row has dates (minutes: the project's start). */
    anchor?: number | null;
  },
): PrintPlan {
  const page = pageOf(format);
  const textMm = format.textSizePt * MM_PER_PT;
  const rowMm = textMm * 1.9;
  const bandMm = printBandMm(format);
  const headMm = rowMm * 2;
  const innerWidth = page.widthMm - format.margins.left - format.margins.right;
  const innerHeight = page.heightMm - format.margins.top - format.margins.bottom;
  const wanted = view.columns.map((c) => c.widthMm ?? (c.widthPx ?? 0) * MM_PER_PX);
  const wantedWidth = wanted.reduce((a, b) => a + b, 0);
  const narrow = Math.min(1, (innerWidth * GRID_MAX_SHARE) / Math.max(1, wantedWidth));
  const columns = view.columns.map((c, k) => ({ label: c.label, align: c.align, widthMm: wanted[k] * narrow }));
  const gridWidthMm = columns.reduce((a, c) => a + c.widthMm, 0);
  const ganttWidthMm = Math.max(20, innerWidth - gridWidthMm);
  const { timeFrom, days } = timeSpan(rows, view.anchor ?? null);
  const split = view.pxPerDay ? view.pxPerDay * MM_PER_SCREEN_PX : SPLIT_MM_PER_DAY[view.scale];
  const mmPerDay = pagesWide === null ? split : (ganttWidthMm * pagesWide) / days;
  const daysPerPage = Math.max(1, Math.floor(ganttWidthMm / mmPerDay));
  const across = pagesWide ?? Math.max(1, Math.ceil(days / daysPerPage));
  const bodyMm = innerHeight - 2 * bandMm;
  const firstRows = Math.max(1, Math.floor((bodyMm - headMm) / rowMm));
  const laterRows = Math.max(1, Math.floor((bodyMm - (repeatHeader ? headMm : 0)) / rowMm));
  const chunks: { from: number; to: number; head: boolean }[] = [];
  for (let from = 0, first = true; first || from < rows.length; first = false) {
    const take = first ? firstRows : laterRows;
    chunks.push({ from, to: Math.min(rows.length, from + take), head: first || repeatHeader });
    from += take;
  }
  const pages: PrintPage[] = [];
  for (let a = 0; a < across; a++) {
    for (const chunk of chunks) {
      const dayFrom = pagesWide === null ? a * daysPerPage : (days / across) * a;
      const dayTo = pagesWide === null ? Math.min(days, dayFrom + daysPerPage) : (days / across) * (a + 1);
      pages.push({
        number: pages.length + 1,
        rowFrom: chunk.from,
        rowTo: chunk.to,
        dayFrom,
        dayTo,
        withHead: chunk.head,
      });
    }
  }
  return {
    geometry: {
      pageWidthMm: page.widthMm,
      pageHeightMm: page.heightMm,
      rowMm,
      bandMm,
      headMm,
      ganttWidthMm,
      columns,
      scale: view.scale,
      mmPerDay,
      timeFrom,
      days,
    },
    pages,
    across,
    down: chunks.length,
  };
}
