import {
  bandsOfPage,
  fillPrintPart,
  formatUserDate,
  type Language,
  type PrintField,
  type PrintFormatFields,
  type PrintParts,
} from "@planum/contracts";
import { minutesText } from "../../platform/time.js";
import { GRID_COLUMNS_MM, MINUTES_PER_DAY, type PrintPage, type PrintPlan, type PrintRow } from "./print-layout.js";

/** The words a printed page holds besides the user's own, in the caller's language. */
const WORDS: Record<Language, { code: string; name: string; start: string; finish: string; legend: string }> = {
  ru: {
    code: "Код",
    name: "Наименование",
    start: "Начало",
    finish: "Окончание",
    legend: "■ критическая работа  ■ работа  ■ суммарная  ◆ веха",
  },
  en: {
    code: "Activity ID",
    name: "Name",
    start: "Start",
    finish: "Finish",
    legend: "■ critical activity  ■ activity  ■ summary  ◆ milestone",
  },
  fr: {
    code: "Code",
    name: "Nom",
    start: "Début",
    finish: "Fin",
    legend: "■ tâche critique  ■ tâche  ■ récapitulative  ◆ jalon",
  },
};

const html = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
const mm = (value: number) => `${value.toFixed(2)}mm`;
const dateOf = (minutes: number | null) => (minutes === null ? "" : formatUserDate(minutesText(minutes)));

export interface PrintValues {
  project: string;
  schedule: string;
  version: string;
  dataDate: string;
  printedAt: string;
  user: string;
}

function band(parts: PrintParts, values: Partial<Record<PrintField, string | number>>, kind: "head" | "foot") {
  const cell = (align: string, text: string) =>
    `<div class="part" style="text-align:${align}">${html(fillPrintPart(text, values))}</div>`;
  return `<div class="band ${kind}">${cell("left", parts.left)}${cell("center", parts.center)}${cell("right", parts.right)}</div>`;
}

/** The time scale's labels on a page: the first of each month inside the page's slice of days. */
function scale(plan: PrintPlan, page: PrintPage) {
  const { timeFrom, mmPerDay } = plan.geometry;
  const labels: string[] = [];
  for (let day = Math.floor(page.dayFrom); day < page.dayTo; day++) {
    const date = minutesText(timeFrom + day * MINUTES_PER_DAY);
    if (date.slice(8, 10) !== "01" && day !== Math.floor(page.dayFrom)) continue;
    const left = Math.max(0, (day - page.dayFrom) * mmPerDay);
    labels.push(`<span class="month" style="left:${mm(left)}">${date.slice(5, 7)}.${date.slice(0, 4)}</span>`);
  }
  return labels.join("");
}

function bar(row: PrintRow, plan: PrintPlan, page: PrintPage) {
  if (row.start === null || row.finish === null) return "";
  const { timeFrom, mmPerDay, rowMm } = plan.geometry;
  const from = (row.start - timeFrom) / MINUTES_PER_DAY;
  const to = (row.finish - timeFrom) / MINUTES_PER_DAY;
  if (to < page.dayFrom || from > page.dayTo) return "";
  const left = (Math.max(from, page.dayFrom) - page.dayFrom) * mmPerDay;
  if (row.type === 3 || row.type === 4) {
    const size = rowMm * 0.55;
    return `<div class="milestone" style="left:${mm(left - size / 2)};width:${mm(size)};height:${mm(size)}"></div>`;
  }
  const width = Math.max(0.6, (Math.min(to, page.dayTo) - Math.max(from, page.dayFrom)) * mmPerDay);
  const kind = row.type === 0 ? "sum" : row.critical ? "critical" : "work";
  return `<div class="bar ${kind}" style="left:${mm(left)};width:${mm(width)}"></div>`;
}

function pageHtml(
  plan: PrintPlan,
  page: PrintPage,
  total: number,
  rows: readonly PrintRow[],
  format: PrintFormatFields,
  values: Partial<Record<PrintField, string | number>>,
  words: (typeof WORDS)[Language],
) {
  const { header, footer } = bandsOfPage(format.bands, page.number, total);
  const filled = { ...values, page: page.number, pages: total };
  const head = page.withHead
    ? `<div class="row head"><div class="c code">${html(words.code)}</div><div class="c name">${html(words.name)}</div><div class="c date">${html(words.start)}</div><div class="c date">${html(words.finish)}</div><div class="gantt scale">${scale(plan, page)}</div></div>`
    : "";
  const lines = rows
    .slice(page.rowFrom, page.rowTo)
    .map(
      (row) =>
        `<div class="row${row.type === 0 ? " sumrow" : ""}"><div class="c code">${html(row.code)}</div><div class="c name" style="padding-left:${mm(1 + row.depth * 3)}">${html(row.name)}</div><div class="c date">${dateOf(row.start)}</div><div class="c date">${dateOf(row.finish)}</div><div class="gantt">${bar(row, plan, page)}</div></div>`,
    )
    .join("");
  return `<section class="page">${band(header, filled, "head")}<div class="body">${head}${lines}</div>${band(footer, filled, "foot")}</section>`;
}

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
}) {
  const { plan, rows, format, language } = options;
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
.body { flex: 1; overflow: hidden; }
.row { display: flex; height: ${mm(g.rowMm)}; align-items: center; border-bottom: 0.1mm solid #ccc; }
.row.head { height: ${mm(g.headMm)}; font-weight: bold; background: #eef1f5; border-bottom: 0.3mm solid #444; }
.row.sumrow { font-weight: bold; }
.c { flex: none; padding: 0 1mm; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; border-right: 0.1mm solid #ccc; height: 100%; display: flex; align-items: center; }
.code { width: ${mm(GRID_COLUMNS_MM.code)}; }
.name { width: ${mm(GRID_COLUMNS_MM.name)}; }
.date { width: ${mm(GRID_COLUMNS_MM.start)}; }
.gantt { position: relative; height: 100%; width: ${mm(g.ganttWidthMm)}; flex: none; overflow: hidden; }
.scale .month { position: absolute; top: 0; height: 100%; border-left: 0.2mm solid #888; padding-left: 0.8mm; display: flex; align-items: center; font-weight: normal; }
.bar { position: absolute; top: 22%; height: 56%; border-radius: 0.4mm; }
.bar.work { background: #3b82f6; }
.bar.critical { background: #dc2626; }
.bar.sum { background: #111; top: 35%; height: 30%; }
.milestone { position: absolute; top: 22%; background: #111; transform: rotate(45deg); }
`;
  const body = chosen.map((page) => pageHtml(plan, page, total, rows, format, values, words)).join("");
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><style>${style}</style></head><body>${body}</body></html>`;
}
