import { formatUserDate, type Language, type UsageColumns, type WdpReport } from "@planum/contracts";
import type { ReportTable, ReportValue } from "@planum/formats";

const DAY_MS = 86_400_000;
const round3 = (value: number) => Math.round(value * 1000) / 1000;
const dayText = (day: number) => formatUserDate(new Date(day * DAY_MS).toISOString().slice(0, 10));

/** The words of the built-ins over other modules' data (work-done plans, resource usage), in the caller's language. */
const WORDS: Record<Language, Record<string, string>> = {
  en: {
    wdpPlanFact: "Work-done plan: plan against fact",
    resourceUsage: "Resource usage",
    code: "ID",
    name: "Name",
    unit: "Unit",
    plan: "Plan",
    fact: "Fact",
    approved: "Approved",
    deviation: "Deviation",
    percent: "% of plan",
    planTotal: "Plan, whole work",
    factTotal: "Fact, whole work",
    demand: "Demand",
    availability: "Available",
    overDays: "Days over",
    week: "Week of",
    period: "Period",
    total: "Total",
    unlimited: "unlimited",
  },
  ru: {
    wdpPlanFact: "СДП: план и факт",
    resourceUsage: "Загрузка ресурсов",
    code: "Код",
    name: "Наименование",
    unit: "Ед. изм.",
    plan: "План",
    fact: "Факт",
    approved: "Утв. план",
    deviation: "Отклонение",
    percent: "% плана",
    planTotal: "План, вся работа",
    factTotal: "Факт, вся работа",
    demand: "Потребность",
    availability: "Доступно",
    overDays: "Дней сверх",
    week: "Неделя с",
    period: "Период",
    total: "Итого",
    unlimited: "не ограничено",
  },
  fr: {
    wdpPlanFact: "Plan d’avancement : prévu et réalisé",
    resourceUsage: "Charge des ressources",
    code: "Code",
    name: "Nom",
    unit: "Unité",
    plan: "Prévu",
    fact: "Réalisé",
    approved: "Approuvé",
    deviation: "Écart",
    percent: "% du prévu",
    planTotal: "Prévu, toute l’activité",
    factTotal: "Réalisé, toute l’activité",
    demand: "Besoin",
    availability: "Disponible",
    overDays: "Jours en surcharge",
    week: "Semaine du",
    period: "Période",
    total: "Total",
    unlimited: "illimité",
  },
};

type Heading = { project: string; schedule: string; version: string };
const subtitleOf = (h: Heading) => [h.project, h.schedule, h.version].filter(Boolean).join(" — ");

/**
 * Plan against fact of the work-done plans for a period (the grid's report): a line per work and summary (summaries
 * sum their works), the period's plan, fact, approved plan, deviation and % of plan, the whole work's plan and fact.
 */
export function wdpPlanFactTable(
  report: WdpReport,
  measureWord: string,
  heading: Heading,
  language: Language,
): ReportTable {
  const w = WORDS[language];
  const from = dayText(Date.parse(`${report.from}T00:00Z`) / DAY_MS);
  const to = dayText(Date.parse(`${report.to}T00:00Z`) / DAY_MS);
  const number = (title: string, width = 12) => ({ title, width, kind: "number" as const });
  return {
    title: w.wdpPlanFact,
    sheet: w.wdpPlanFact,
    subtitle: `${subtitleOf(heading)}. ${measureWord}. ${w.period}: ${from} – ${to}`,
    columns: [
      { title: w.code, width: 14 },
      { title: w.name, width: 44 },
      { title: w.unit, width: 9 },
      number(w.plan),
      number(w.fact),
      number(w.approved),
      number(w.deviation),
      number(w.percent, 11),
      number(w.planTotal, 16),
      number(w.factTotal, 16),
    ],
    rows: [
      ...report.rows.map(
        (r) =>
          [
            r.code,
            r.name,
            r.unit ?? "",
            round3(r.plan),
            round3(r.fact),
            round3(r.approvedPlan),
            round3(r.deviation),
            r.percent === null ? null : Math.round(r.percent * 10) / 10,
            round3(r.planTotal),
            round3(r.factTotal),
          ] as ReportValue[],
      ),
      // the version's total (summaries already sum their works, so a column sum would count twice)
      [
        w.total,
        "",
        "",
        round3(report.total.plan),
        round3(report.total.fact),
        round3(report.total.approvedPlan),
        round3(report.total.fact - report.total.plan),
        report.total.plan > 0 ? Math.round((report.total.fact / report.total.plan) * 1000) / 10 : null,
        round3(report.total.planTotal),
        round3(report.total.factTotal),
      ],
    ],
  };
}

/**
 * The version's resource usage by week: a line per resource it uses (groups above their resources), the demand of
 * each week, then the period's demand, availability (blank when unlimited) and the days over it.
 */
export function resourceUsageTable(usage: UsageColumns, heading: Heading, language: Language): ReportTable {
  const w = WORDS[language];
  const buckets = usage.bucketStarts.length - 1;
  const n = usage.rows.id.length;
  const rows: ReportValue[][] = [];
  for (let r = 0; r < n; r++) {
    let demand = 0;
    let available = 0;
    let over = 0;
    const weeks: number[] = [];
    for (let b = 0; b < buckets; b++) {
      const k = r * buckets + b;
      demand += usage.demand[k];
      available += usage.availability[k];
      over += usage.overDays[k];
      weeks.push(round3(usage.demand[k]));
    }
    rows.push([
      usage.rows.code[r],
      `${"  ".repeat(usage.rows.depth[r])}${usage.rows.name[r]}`,
      usage.rows.unit[r],
      ...weeks,
      round3(demand),
      Number.isNaN(available) ? w.unlimited : round3(available),
      over,
    ]);
  }
  return {
    title: w.resourceUsage,
    sheet: w.resourceUsage,
    subtitle: `${subtitleOf(heading)}. ${w.period}: ${dayText(usage.fromDay)} – ${dayText(usage.toDay - 1)}`,
    columns: [
      { title: w.code, width: 14 },
      { title: w.name, width: 36 },
      { title: w.unit, width: 9 },
      ...Array.from({ length: buckets }, (_, b) => ({
        title: `${w.week} ${dayText(Math.max(usage.bucketStarts[b], usage.fromDay))}`,
        width: 12,
        kind: "number" as const,
      })),
      { title: w.demand, width: 12, kind: "number" },
      { title: w.availability, width: 12, kind: "number" },
      { title: w.overDays, width: 12, kind: "number" },
    ],
    rows,
  };
}
