import {
  type BuiltInReport,
  type BuiltInReportBody,
  formatUserDate,
  type GanttColumns,
  type Language,
} from "@planum/contracts";
import type { ReportTable, ReportValue } from "@planum/formats";
import { reportRows } from "./report-data.js";

const NONE = -1;
const DAY = 1440;
const SUM = 0;

/** Column titles and report names of the built-in reports, in the caller's language. */
const WORDS: Record<Language, Record<string, string>> = {
  en: {
    listing: "Schedule listing",
    lookahead2: "Two-week look-ahead",
    lookahead4: "Four-week look-ahead",
    progress: "Progress for the period",
    delays: "Delays against the baseline",
    code: "ID",
    name: "Name",
    start: "Start",
    finish: "Finish",
    duration: "Duration, d",
    progressPct: "Progress, %",
    totalFloat: "Total float, d",
    actualStart: "Actual start",
    actualFinish: "Actual finish",
    baselineFinish: "Baseline finish",
    delay: "Delay, d",
    total: "Total",
    period: "Period",
    dataDate: "Data date",
  },
  ru: {
    listing: "Перечень работ графика",
    lookahead2: "Двухнедельный план",
    lookahead4: "Четырёхнедельный план",
    progress: "Выполнение за период",
    delays: "Отставания от базового плана",
    code: "Код",
    name: "Наименование",
    start: "Начало",
    finish: "Окончание",
    duration: "Длительность, дн",
    progressPct: "Выполнение, %",
    totalFloat: "Полный резерв, дн",
    actualStart: "Факт. начало",
    actualFinish: "Факт. окончание",
    baselineFinish: "Базовое окончание",
    delay: "Отставание, дн",
    total: "Итого",
    period: "Период",
    dataDate: "Дата отчёта",
  },
  fr: {
    listing: "Liste des tâches du planning",
    lookahead2: "Prévision à deux semaines",
    lookahead4: "Prévision à quatre semaines",
    progress: "Avancement sur la période",
    delays: "Retards par rapport à la référence",
    code: "Code",
    name: "Nom",
    start: "Début",
    finish: "Fin",
    duration: "Durée, j",
    progressPct: "Avancement, %",
    totalFloat: "Marge totale, j",
    actualStart: "Début réel",
    actualFinish: "Fin réelle",
    baselineFinish: "Fin de référence",
    delay: "Retard, j",
    total: "Total",
    period: "Période",
    dataDate: "Date d’état",
  },
};

const dayText = (minutes: number) => formatUserDate(new Date(minutes * 60_000).toISOString().slice(0, 10));
const isoMinutes = (day: string) => Date.parse(`${day}T00:00Z`) / 60_000;

/**
 * A built-in report of a version as a table (spec §7 Versions report/{x}): the listing of every row, the two- and
 * four-week look-ahead from the data date (works not finished that start before its end), the progress of a period
 * (works under way in it: actual start or finish inside, or planned across it) and the delays against the baseline.
 */
export function builtInTable(
  kind: Exclude<BuiltInReport, "health">,
  gantt: GanttColumns,
  body: BuiltInReportBody,
  heading: { project: string; schedule: string; version: string },
  language: Language,
): ReportTable {
  const w = WORDS[language];
  // no data date: the report looks from the project's start, where the schedule begins
  const status = gantt.dataDate !== NONE ? gantt.dataDate : gantt.projectStart;
  const subtitle = [heading.project, heading.schedule, heading.version].filter(Boolean).join(" — ");
  const col = (key: string, width: number, kindOf: "text" | "number" | "date" = "text") => ({
    title: w[key],
    width,
    kind: kindOf,
  });
  const work = (i: number) => gantt.type[i] !== SUM;
  const base = { title: w[kind], sheet: w[kind], subtitle };
  if (kind === "listing") {
    const rows = reportRows(gantt);
    return {
      ...base,
      columns: [
        col("code", 14),
        col("name", 48),
        col("start", 12, "date"),
        col("finish", 12, "date"),
        col("duration", 14, "number"),
        col("progressPct", 13, "number"),
        col("totalFloat", 15, "number"),
      ],
      rows: rows.map((r) => [r.code, r.name, r.start, r.finish, r.duration, r.progress, r.totalFloat] as ReportValue[]),
    };
  }
  if (kind === "lookahead2" || kind === "lookahead4") {
    const end = status + (kind === "lookahead2" ? 14 : 28) * DAY;
    const rows = reportRows(
      gantt,
      (i) =>
        work(i) &&
        gantt.progress[i] < 100 &&
        gantt.earlyStart[i] !== NONE &&
        gantt.earlyStart[i] < end &&
        gantt.earlyFinish[i] >= status,
    );
    return {
      ...base,
      subtitle: `${subtitle}. ${w.period}: ${dayText(status)} – ${dayText(end - DAY)}`,
      columns: [
        col("code", 14),
        col("name", 48),
        col("start", 12, "date"),
        col("finish", 12, "date"),
        col("progressPct", 13, "number"),
        col("totalFloat", 15, "number"),
      ],
      rows: rows.map((r) => [r.code, r.name, r.start, r.finish, r.progress, r.totalFloat] as ReportValue[]),
    };
  }
  if (kind === "progress") {
    const from = body.from ? isoMinutes(body.from) : status - 7 * DAY;
    const to = (body.to ? isoMinutes(body.to) : status - DAY) + DAY;
    const inside = (m: number) => m !== NONE && m >= from && m < to;
    const rows = reportRows(
      gantt,
      (i) =>
        work(i) &&
        (inside(gantt.actualStart[i]) ||
          inside(gantt.actualFinish[i]) ||
          (gantt.earlyStart[i] !== NONE && gantt.earlyStart[i] < to && gantt.earlyFinish[i] >= from)),
    );
    return {
      ...base,
      subtitle: `${subtitle}. ${w.period}: ${dayText(from)} – ${dayText(to - DAY)}`,
      columns: [
        col("code", 14),
        col("name", 44),
        col("start", 12, "date"),
        col("finish", 12, "date"),
        col("actualStart", 13, "date"),
        col("actualFinish", 14, "date"),
        col("progressPct", 13, "number"),
      ],
      rows: rows.map(
        (r) => [r.code, r.name, r.start, r.finish, r.actualStart, r.actualFinish, r.progress] as ReportValue[],
      ),
    };
  }
  const rows = reportRows(
    gantt,
    (i) => work(i) && gantt.baselineFinish[i] !== NONE && gantt.earlyFinish[i] > gantt.baselineFinish[i] + DAY - 1,
  ).sort((a, b) => (b.delay as number) - (a.delay as number));
  return {
    ...base,
    subtitle: `${subtitle}. ${w.dataDate}: ${dayText(status)}`,
    columns: [
      col("code", 14),
      col("name", 48),
      col("baselineFinish", 16, "date"),
      col("finish", 12, "date"),
      col("delay", 13, "number"),
    ],
    rows: rows.map((r) => [r.code, r.name, r.baselineFinish, r.finish, r.delay] as ReportValue[]),
    totals: { label: w.total, columns: [4] },
  };
}
