import {
  bandsOfPage,
  fillPrintPart,
  formatUserDate,
  type Language,
  type PrintField,
  type PrintFormatFields,
  type PrintParts,
} from "@planum/contracts";
import { htmlText } from "../../platform/html-text.js";
import { minutesText } from "../../platform/time.js";
import { MINUTES_PER_DAY, type PrintPage, type PrintPlan, type PrintRow } from "./print-layout.js";

/** The words a printed page holds besides the user's own, in the caller's language. */
export const PRINT_WORDS: Record<
  Language,
  { code: string; name: string; start: string; finish: string; legend: string; quarter: string }
> = {
  ru: {
    code: "Код",
    name: "Наименование",
    start: "Начало",
    finish: "Окончание",
    legend: "■ критическая работа  ■ работа  ■ суммарная  ◆ веха  ▬ базовый план",
    quarter: "кв.",
  },
  en: {
    code: "Activity ID",
    name: "Name",
    start: "Start",
    finish: "Finish",
    legend: "■ critical activity  ■ activity  ■ summary  ◆ milestone  ▬ baseline",
    quarter: "Q",
  },
  fr: {
    code: "Code",
    name: "Nom",
    start: "Début",
    finish: "Fin",
    legend: "■ tâche critique  ■ tâche  ■ récapitulative  ◆ jalon  ▬ référence",
    quarter: "T",
  },
};
const WORDS = PRINT_WORDS;

/** A relation drawn on paper: rows by their index in the printed rows, type code 0 FS, 1 SS, 2 FF, 3 SF. */
export interface PrintLink {
  from: number;
  to: number;
  type: number;
}

const html = htmlText;
const mm = (value: number) => `${value.toFixed(2)}mm`;
/** A date cell of the default columns, as the screen writes dates. */
export const printDate = (minutes: number | null) => (minutes === null ? "" : formatUserDate(minutesText(minutes)));

export interface PrintValues {
  project: string;
  schedule: string;
  version: string;
  dataDate: string;
  printedAt: string;
  user: string;
}

/** A header or footer band: its three parts with the `[field]`s filled. */
export function printBand(
  parts: PrintParts,
  values: Partial<Record<PrintField, string | number>>,
  kind: "head" | "foot",
) {
  const cell = (align: string, text: string) =>
    `<div class="part" style="text-align:${align}">${html(fillPrintPart(text, values))}</div>`;
  return `<div class="band ${kind}">${cell("left", parts.left)}${cell("center", parts.center)}${cell("right", parts.right)}</div>`;
}

/**
 * The time scale on a page, two tiers as on the screen: the upper one months (years for the quarter and year
 * scales), the lower one the scale's unit — days, weeks (their Monday's day), months, quarters.
 *
 * No label runs into the one before it: where a division is too narrow for its text (a long schedule fitted to one
 * sheet, small print) the label shortens (03.2025 → 03) and, if even that does not fit, the division keeps only its
 * line; where only one of month and year fits, January and the page's edge show the year. The page's first day is
 * labelled too (the reader needs the date at the edge), unless the next label is too near: then the edge's label
 * shortens or gives way.
 */
function scale(plan: PrintPlan, page: PrintPage, words: (typeof WORDS)[Language]) {
  const { timeFrom, mmPerDay, scale: unit } = plan.geometry;
  const first = Math.floor(page.dayFrom);
  const textMm = plan.geometry.rowMm / 1.9;
  // a label is 0.85 em and starts 0.6 mm after its line; DejaVu Sans's digits are 0.64 em wide (letters about as
  // much, the dot half), and 0.4 mm keeps two labels from touching
  const widthOf = (text: string) =>
    1 + 0.85 * textMm * [...text].reduce((w, c) => w + (c === "." || c === " " ? 0.32 : 0.64), 0);
  type Division = { left: number; texts: string[]; edge: boolean };
  const upper: Division[] = [];
  const lower: Division[] = [];
  /** `texts` from the fullest to the shortest. */
  const divide = (tier: Division[], day: number, texts: string[], edge: boolean) =>
    tier.push({ left: Math.max(0, (day - page.dayFrom) * mmPerDay), texts, edge });
  for (let day = first; day < page.dayTo; day++) {
    const date = minutesText(timeFrom + day * MINUTES_PER_DAY);
    const [y, m, d] = [date.slice(0, 4), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
    const month = date.slice(5, 7);
    const edge = day === first;
    const byYear = unit === "quarter" || unit === "year";
    if (byYear ? (m === 1 && d === 1) || edge : d === 1 || edge)
      // the year rather than the month where only one fits: at the year's first month and at the page's edge
      divide(upper, day, byYear ? [y] : m === 1 || edge ? [`${month}.${y}`, y, month] : [`${month}.${y}`, month], edge);
    if (unit === "day") divide(lower, day, [String(d)], edge);
    else if (unit === "week" && (new Date(`${date.slice(0, 10)}T00:00:00Z`).getUTCDay() === 1 || edge))
      divide(lower, day, [String(d)], edge);
    else if (unit === "month" && (d === 1 || edge)) divide(lower, day, [month], edge);
    else if (unit === "quarter" && ((d === 1 && (m - 1) % 3 === 0) || edge)) {
      const quarter = String(Math.floor((m - 1) / 3) + 1);
      divide(lower, day, [`${quarter} ${words.quarter}`, quarter], edge);
    }
  }
  const pageEnd = (page.dayTo - page.dayFrom) * mmPerDay;
  const ticks = (tier: Division[]) =>
    tier
      .map(({ left, texts, edge }, k) => {
        const room = (tier[k + 1]?.left ?? pageEnd) - left;
        const text = texts.find((t) => widthOf(t) <= room);
        // the edge has no division of its own: without a label it draws nothing
        if (text === undefined && edge) return "";
        return `<span class="tick" style="left:${mm(left)}">${html(text ?? "")}</span>`;
      })
      .join("");
  return `<div class="tier">${ticks(upper)}</div><div class="tier">${ticks(lower)}</div>`;
}

/** Where a span of minutes lies on a page's slice of the time axis, mm; null when outside it. */
function span(plan: PrintPlan, page: PrintPage, start: number, finish: number) {
  const { timeFrom, mmPerDay } = plan.geometry;
  const from = (start - timeFrom) / MINUTES_PER_DAY;
  const to = (finish - timeFrom) / MINUTES_PER_DAY;
  if (to < page.dayFrom || from > page.dayTo) return null;
  return {
    left: (Math.max(from, page.dayFrom) - page.dayFrom) * mmPerDay,
    width: Math.max(0.6, (Math.min(to, page.dayTo) - Math.max(from, page.dayFrom)) * mmPerDay),
    /** Unclipped ends (a milestone is drawn centred on its start). */
    startMm: (from - page.dayFrom) * mmPerDay,
    finishMm: (to - page.dayFrom) * mmPerDay,
  };
}

function bar(row: PrintRow, plan: PrintPlan, page: PrintPage, baseline: boolean) {
  const { rowMm } = plan.geometry;
  let out = "";
  if (baseline && row.baselineStart !== null && row.baselineFinish !== null) {
    const at = span(plan, page, row.baselineStart, row.baselineFinish);
    if (at) out += `<div class="baseline" style="left:${mm(at.left)};width:${mm(at.width)}"></div>`;
  }
  if (row.start === null || row.finish === null) return out;
  const at = span(plan, page, row.start, row.finish);
  if (!at) return out;
  if (row.type === 3 || row.type === 4) {
    const size = rowMm * 0.55;
    return `${out}<div class="milestone" style="left:${mm(at.startMm - size / 2)};width:${mm(size)};height:${mm(size)}"></div>`;
  }
  const kind = row.type === 0 ? "sum" : row.critical ? "critical" : "work";
  return `${out}<div class="bar ${kind}" style="left:${mm(at.left)};width:${mm(at.width)}"></div>`;
}

/** Where a moment lies on a page's slice of the time axis, mm from its left edge (outside the slice: beyond it). */
function xOf(plan: PrintPlan, page: PrintPage, minutes: number) {
  return ((minutes - plan.geometry.timeFrom) / MINUTES_PER_DAY - page.dayFrom) * plan.geometry.mmPerDay;
}

/**
 * The relation lines of one page (the screen's arrows): from the predecessor's end (FS, FF) or start (SS, SF) to the
 * successor's start (FS, SS) or end (FF, SF), a step out, down, and in, with an arrowhead. A relation whose rows or
 * dates lie on other pages is drawn as far as this page reaches: the overlay is clipped to the page's rows and time
 * slice, so the line leaves the page's edge where it continues on the next sheet, as on the screen when scrolled.
 */
function links(plan: PrintPlan, page: PrintPage, rows: readonly PrintRow[], list: readonly PrintLink[]) {
  const { rowMm, ganttWidthMm } = plan.geometry;
  const heightMm = (page.rowTo - page.rowFrom) * rowMm;
  const paths: string[] = [];
  const y = (k: number) => (k - page.rowFrom) * rowMm + rowMm / 2;
  for (const link of list) {
    // the line runs down (or up) between its two rows: it shows on this page when that stretch meets the page's rows
    if (Math.max(link.from, link.to) < page.rowFrom || Math.min(link.from, link.to) >= page.rowTo) continue;
    const a = rows[link.from];
    const b = rows[link.to];
    if (a.start === null || a.finish === null || b.start === null || b.finish === null) continue;
    const x1 = xOf(plan, page, link.type === 0 || link.type === 2 ? a.finish : a.start);
    const x2 = xOf(plan, page, link.type === 0 || link.type === 1 ? b.start : b.finish);
    const out = link.type === 0 || link.type === 2 ? x1 + 1.2 : x1 - 1.2;
    const into = link.type === 0 || link.type === 1 ? x2 - 1.2 : x2 + 1.2;
    if (Math.max(x1, out, x2, into) < 0 || Math.min(x1, out, x2, into) > ganttWidthMm) continue;
    const [y1, y2] = [y(link.from), y(link.to)];
    const mid = y2 - (y2 > y1 ? rowMm / 2 : -rowMm / 2);
    paths.push(
      `<path d="M${x1.toFixed(2)} ${y1.toFixed(2)}H${out.toFixed(2)}V${mid.toFixed(2)}H${into.toFixed(2)}V${y2.toFixed(2)}H${x2.toFixed(2)}" marker-end="url(#arrow)"/>`,
    );
  }
  if (paths.length === 0) return "";
  return `<svg class="links" viewBox="0 0 ${ganttWidthMm.toFixed(2)} ${heightMm.toFixed(2)}" style="width:${mm(ganttWidthMm)};height:${mm(heightMm)}"><defs><marker id="arrow" viewBox="0 0 4 4" refX="4" refY="2" markerWidth="1.4" markerHeight="1.4" orient="auto"><path d="M0 0L4 2L0 4z" fill="#6b7280"/></marker></defs>${paths.join("")}</svg>`;
}

interface DrawOptions {
  baseline: boolean;
  links: readonly PrintLink[];
}

function pageHtml(
  plan: PrintPlan,
  page: PrintPage,
  total: number,
  rows: readonly PrintRow[],
  format: PrintFormatFields,
  values: Partial<Record<PrintField, string | number>>,
  words: (typeof WORDS)[Language],
  draw: DrawOptions,
) {
  const { columns, headMm } = plan.geometry;
  const { header, footer } = bandsOfPage(format.bands, page.number, total);
  const filled = { ...values, page: page.number, pages: total };
  const cell = (k: number, text: string, style = "") =>
    `<div class="c" style="width:${mm(columns[k].widthMm)};justify-content:${ALIGN[columns[k].align]}${style}"><span>${html(text)}</span></div>`;
  const head = page.withHead
    ? `<div class="row head">${columns.map((c, k) => cell(k, c.label)).join("")}<div class="gantt scale">${scale(plan, page, words)}</div></div>`
    : "";
  const lines = rows
    .slice(page.rowFrom, page.rowTo)
    .map((row) => {
      const kind = row.type === -1 ? " grouprow" : row.type === 0 ? " sumrow" : "";
      // the tree's indent goes on the name column, as on the screen (the second, or the first if alone)
      const indentAt = columns.length > 1 ? 1 : 0;
      const cells = columns
        .map((_, k) => cell(k, row.cells[k] ?? "", k === indentAt ? `;padding-left:${mm(1 + row.depth * 3)}` : ""))
        .join("");
      return `<div class="row${kind}">${cells}<div class="gantt">${bar(row, plan, page, draw.baseline)}</div></div>`;
    })
    .join("");
  const gridWidth = columns.reduce((a, c) => a + c.widthMm, 0);
  const arrows = links(plan, page, rows, draw.links);
  const overlay = arrows
    ? `<div class="overlay" style="left:${mm(gridWidth)};top:${mm(page.withHead ? headMm : 0)}">${arrows}</div>`
    : "";
  return `<section class="page">${printBand(header, filled, "head")}<div class="body">${head}${lines}${overlay}</div>${printBand(footer, filled, "foot")}</section>`;
}

const ALIGN = { left: "flex-start", center: "center", right: "flex-end" } as const;

/**
 * The workspace as a printable HTML document: one `<section>` a page, exactly as `planPrint` laid them out, so the
 * page count is known before Chromium renders anything, and each page carries its own filled header and footer
 * (a special first or last band, `[page]` of `[pages]`). Fonts: DejaVu Sans (Debian's, with Cyrillic).
 */
export function printDocument(options: {
  plan: PrintPlan;
  rows: readonly PrintRow[];
  format: PrintFormatFields;
  values: PrintValues;
  language: Language;
  /** Only these pages (a preview); all when absent. */
  only?: number[];
  /** Baseline bars under the bars; relation lines between rows of a page. */
  baseline?: boolean;
  links?: readonly PrintLink[];
}) {
  const { plan, rows, format, language } = options;
  const draw = { baseline: options.baseline ?? false, links: options.links ?? [] };
  const words = WORDS[language];
  const g = plan.geometry;
  const values = { ...options.values, legend: words.legend };
  const total = plan.pages.length;
  const chosen = options.only ? plan.pages.filter((p) => options.only?.includes(p.number)) : plan.pages;
  const { top, right, bottom, left } = format.margins;
  const style = `
@page { size: ${mm(g.pageWidthMm)} ${mm(g.pageHeightMm)}; margin: 0; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
body { font-family: "DejaVu Sans", "Liberation Sans", sans-serif; font-size: ${format.textSizePt}pt; color: #111; background: #fff; }
.page { width: ${mm(g.pageWidthMm)}; height: ${mm(g.pageHeightMm)}; padding: ${mm(top)} ${mm(right)} ${mm(bottom)} ${mm(left)};
  display: flex; flex-direction: column; overflow: hidden; page-break-after: always; break-after: page; }
.page:last-child { page-break-after: auto; break-after: auto; }
.band { display: flex; height: ${mm(g.bandMm)}; align-items: center; gap: 2mm; flex: none; }
.band.head { border-bottom: 0.3mm solid #444; }
.band.foot { border-top: 0.3mm solid #444; }
.part { flex: 1; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.body { flex: 1; overflow: hidden; position: relative; }
.overlay { position: absolute; top: 0; pointer-events: none; overflow: hidden; }
.links { display: block; overflow: hidden; }
.links path { fill: none; stroke: #6b7280; stroke-width: 0.25; }
.row { display: flex; height: ${mm(g.rowMm)}; align-items: center; border-bottom: 0.1mm solid #ccc; }
.row.head { height: ${mm(g.headMm)}; font-weight: bold; background: #eef1f5; border-bottom: 0.3mm solid #444; }
.row.sumrow { font-weight: bold; }
.row.grouprow { font-weight: bold; background: #f3f4f6; }
.c { flex: none; padding: 0 1mm; white-space: nowrap; overflow: hidden; border-right: 0.1mm solid #ccc; height: 100%; display: flex; align-items: center; }
.c > span { min-width: 0; overflow: hidden; text-overflow: ellipsis; }
.gantt { position: relative; height: 100%; width: ${mm(g.ganttWidthMm)}; flex: none; overflow: hidden; }
.scale { display: flex; flex-direction: column; }
.tier { position: relative; flex: 1; border-bottom: 0.1mm solid #ccc; }
.tick { position: absolute; top: 0; height: 100%; border-left: 0.2mm solid #888; padding-left: 0.6mm; display: flex; align-items: center; font-weight: normal; font-size: 0.85em; white-space: nowrap; }
.bar { position: absolute; top: 22%; height: 56%; border-radius: 0.4mm; }
.bar.work { background: #3b82f6; }
.bar.critical { background: #dc2626; }
.bar.sum { background: #111; top: 35%; height: 30%; }
.milestone { position: absolute; top: 22%; background: #111; transform: rotate(45deg); }
.baseline { position: absolute; top: 80%; height: 14%; background: #9ca3af; }
`;
  const body = chosen.map((page) => pageHtml(plan, page, total, rows, format, values, words, draw)).join("");
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><style>${style}</style></head><body>${body}</body></html>`;
}
