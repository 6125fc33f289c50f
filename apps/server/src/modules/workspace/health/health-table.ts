import { HEALTH_CHECK_NAMES, type Language, type VersionHealth } from "@planum/contracts";
import type { ReportTable, ReportValue } from "@planum/formats";

/** The health report's words: its columns and the result of a check (the checks' names are HEALTH_CHECK_NAMES). */
const WORDS: Record<Language, { title: string; score: string; columns: string[]; result: string[] }> = {
  en: {
    title: "Schedule health (DCMA 14)",
    score: "Score",
    columns: ["No.", "Check", "Value", "Threshold", "Failing", "Of", "Result"],
    result: ["Pass", "Fail", "N/A"],
  },
  ru: {
    title: "Качество графика (DCMA 14)",
    score: "Оценка",
    columns: ["№", "Проверка", "Значение", "Порог", "Нарушений", "Из", "Итог"],
    result: ["Норма", "Нарушение", "Н/П"],
  },
  fr: {
    title: "Santé du planning (DCMA 14)",
    score: "Score",
    columns: ["N°", "Contrôle", "Valeur", "Seuil", "En échec", "Sur", "Résultat"],
    result: ["Réussi", "Échec", "N/A"],
  },
};

/**
 * The health as a table (issue 21): the version's 14 DCMA checks as its health panel shows them — value, threshold,
 * failing works (relations for leads, lags and types) of how many, pass / fail / not applicable — under the score;
 * the built-in report `health` writes it as an XLSX sheet or the reports' PDF table, the health print
 * (`health-print.ts`) on the caller's print format.
 */
export function healthTable(
  health: VersionHealth,
  heading: { project: string; schedule: string; version: string },
  language: Language,
): ReportTable {
  const w = WORDS[language];
  const subtitle = [heading.project, heading.schedule, heading.version].filter(Boolean).join(" — ");
  const kinds = ["number", "text", "number", "text", "number", "number", "text"] as const;
  const widths = [6, 44, 12, 12, 12, 10, 14];
  return {
    title: w.title,
    sheet: w.title,
    subtitle: `${subtitle}. ${w.score}: ${health.score} % (${health.passed} / ${health.failed} / ${health.notApplicable})`,
    columns: w.columns.map((title, k) => ({ title, width: widths[k], kind: kinds[k] })),
    rows: health.checks.map(
      (c) =>
        [
          c.id,
          HEALTH_CHECK_NAMES[language][c.key],
          c.value,
          c.threshold,
          c.count,
          c.total,
          w.result[c.passed === null ? 2 : c.passed ? 0 : 1],
        ] as ReportValue[],
    ),
  };
}
