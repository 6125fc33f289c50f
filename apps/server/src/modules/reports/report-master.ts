import type { GanttColumns, Language, ReportMasterBody, ReportMasterColumn } from "@planum/contracts";
import type { ReportTable, ReportValue } from "@planum/formats";
import { reportRows, wbsFilter } from "./report-data.js";

const NONE = -1;
const DAY = 1440;

/** Column titles of the report master, in the caller's language. */
const TITLES: Record<Language, Record<ReportMasterColumn | "title" | "total" | "period", string>> = {
  en: {
    title: "Report",
    total: "Total",
    period: "Period",
    code: "ID",
    name: "Name",
    type: "Type",
    level: "Level",
    start: "Start",
    finish: "Finish",
    duration: "Duration, d",
    progress: "Progress, %",
    totalFloat: "Total float, d",
    critical: "Critical",
    baselineStart: "Baseline start",
    baselineFinish: "Baseline finish",
    actualStart: "Actual start",
    actualFinish: "Actual finish",
    delay: "Delay, d",
  },
  ru: {
    title: "Отчёт",
    total: "Итого",
    period: "Период",
    code: "Код",
    name: "Наименование",
    type: "Тип",
    level: "Уровень",
    start: "Начало",
    finish: "Окончание",
    duration: "Длительность, дн",
    progress: "Выполнение, %",
    totalFloat: "Полный резерв, дн",
    critical: "Критическая",
    baselineStart: "Базовое начало",
    baselineFinish: "Базовое окончание",
    actualStart: "Факт. начало",
    actualFinish: "Факт. окончание",
    delay: "Отставание, дн",
  },
  fr: {
    title: "Rapport",
    total: "Total",
    period: "Période",
    code: "Code",
    name: "Nom",
    type: "Type",
    level: "Niveau",
    start: "Début",
    finish: "Fin",
    duration: "Durée, j",
    progress: "Avancement, %",
    totalFloat: "Marge totale, j",
    critical: "Critique",
    baselineStart: "Début de référence",
    baselineFinish: "Fin de référence",
    actualStart: "Début réel",
    actualFinish: "Fin réelle",
    delay: "Retard, j",
  },
};

const WIDTH: Record<ReportMasterColumn, number> = {
  code: 14,
  name: 44,
  type: 10,
  level: 8,
  start: 12,
  finish: 12,
  duration: 14,
  progress: 13,
  totalFloat: 15,
  critical: 11,
  baselineStart: 15,
  baselineFinish: 16,
  actualStart: 13,
  actualFinish: 14,
  delay: 13,
};
const DATES = new Set<ReportMasterColumn>([
  "start",
  "finish",
  "baselineStart",
  "baselineFinish",
  "actualStart",
  "actualFinish",
]);
const NUMBERS = new Set<ReportMasterColumn>(["level", "duration", "progress", "totalFloat", "delay"]);
/** Columns a total makes sense of: days and delays add up; a level or a percentage does not. */
const SUMMED = new Set<ReportMasterColumn>(["duration", "delay"]);

const isoMinutes = (day: string) => Date.parse(`${day}T00:00Z`) / 60_000;
const dayText = (day: string) => day.split("-").reverse().join(".");

function compare(a: ReportValue | undefined, b: ReportValue | undefined): number {
  // empty cells last whichever the order
  if (a === null || a === undefined) return b === null || b === undefined ? 0 : 1;
  if (b === null || b === undefined) return -1;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a).localeCompare(String(b));
}

/**
 * The report master (`POST /versions/{id}/report/master/{x}`): a report the user lays out — the columns in their
 * order, which WBS rows, the works of a period or the critical ones only, a sort, totals of days — as a table.
 */
export function masterTable(
  gantt: GanttColumns,
  body: ReportMasterBody,
  heading: { project: string; schedule: string; version: string },
  language: Language,
): ReportTable {
  const w = TITLES[language];
  const byWbs = wbsFilter(gantt, body.wbsDisplay);
  const from = body.from ? isoMinutes(body.from) : null;
  const to = body.to ? isoMinutes(body.to) + DAY : null;
  const rows = reportRows(gantt, (i) => {
    if (!byWbs(i)) return false;
    if (body.criticalOnly && !gantt.critical[i]) return false;
    if (from === null && to === null) return true;
    // a period keeps the rows planned across it; one without dates is outside any period
    if (gantt.earlyStart[i] === NONE) return false;
    return (to === null || gantt.earlyStart[i] < to) && (from === null || gantt.earlyFinish[i] >= from);
  });
  if (body.sortBy) {
    const key = body.sortBy;
    rows.sort((a, b) => compare(a[key], b[key]) * (body.descending ? -1 : 1));
  }
  const title = body.title?.trim() || w.title;
  const heading_ = [heading.project, heading.schedule, heading.version].filter(Boolean).join(" — ");
  const period =
    body.from || body.to
      ? `. ${w.period}: ${body.from ? dayText(body.from) : "…"} – ${body.to ? dayText(body.to) : "…"}`
      : "";
  const summed = body.columns.map((c, k) => (SUMMED.has(c) ? k : -1)).filter((k) => k >= 0);
  return {
    title,
    sheet: title,
    subtitle: `${heading_}${period}`,
    columns: body.columns.map((c) => ({
      title: w[c],
      width: WIDTH[c],
      kind: DATES.has(c) ? "date" : NUMBERS.has(c) ? "number" : "text",
    })),
    rows: rows.map((r) => body.columns.map((c) => r[c] ?? null)),
    ...(body.totals && summed.length > 0 ? { totals: { label: w.total, columns: summed } } : {}),
  };
}
