import type { HealthCheckKey, Language, VersionHealth } from "@planum/contracts";
import type { ReportTable, ReportValue } from "@planum/formats";

/** The health report's words: the checks as the health panel names them, its columns, the result of a check. */
const WORDS: Record<
  Language,
  { title: string; score: string; columns: string[]; result: string[] } & {
    checks: Record<HealthCheckKey, string>;
  }
> = {
  en: {
    title: "Schedule health (DCMA 14)",
    score: "Score",
    columns: ["No.", "Check", "Value", "Threshold", "Failing", "Of", "Result"],
    result: ["Pass", "Fail", "N/A"],
    checks: {
      logic: "Missing logic",
      leads: "Leads (negative lags)",
      lags: "Lags",
      relationship_types: "Relationship types (finish-to-start)",
      hard_constraints: "Hard constraints",
      high_float: "High float (> 44 working days)",
      negative_float: "Negative float",
      high_duration: "High duration (> 44 working days)",
      invalid_dates: "Invalid dates",
      resources: "Works without resources",
      missed_tasks: "Missed tasks",
      critical_path_test: "Critical path test",
      cpli: "Critical path length index (CPLI)",
      bei: "Baseline execution index (BEI)",
    },
  },
  ru: {
    title: "Качество графика (DCMA 14)",
    score: "Оценка",
    columns: ["№", "Проверка", "Значение", "Порог", "Нарушений", "Из", "Итог"],
    result: ["Норма", "Нарушение", "Н/П"],
    checks: {
      logic: "Работы без связей",
      leads: "Опережения (отрицательные задержки)",
      lags: "Задержки",
      relationship_types: "Типы связей (окончание–начало)",
      hard_constraints: "Жёсткие ограничения",
      high_float: "Большой резерв (> 44 рабочих дней)",
      negative_float: "Отрицательный резерв",
      high_duration: "Большая длительность (> 44 рабочих дней)",
      invalid_dates: "Недопустимые даты",
      resources: "Работы без ресурсов",
      missed_tasks: "Сорванные работы",
      critical_path_test: "Проверка критического пути",
      cpli: "Индекс длины критического пути (CPLI)",
      bei: "Индекс выполнения базового плана (BEI)",
    },
  },
  fr: {
    title: "Santé du planning (DCMA 14)",
    score: "Score",
    columns: ["N°", "Contrôle", "Valeur", "Seuil", "En échec", "Sur", "Résultat"],
    result: ["Réussi", "Échec", "N/A"],
    checks: {
      logic: "Logique manquante",
      leads: "Avances (décalages négatifs)",
      lags: "Décalages",
      relationship_types: "Types de liens (fin-début)",
      hard_constraints: "Contraintes impératives",
      high_float: "Marge élevée (> 44 jours ouvrés)",
      negative_float: "Marge négative",
      high_duration: "Durée élevée (> 44 jours ouvrés)",
      invalid_dates: "Dates invalides",
      resources: "Tâches sans ressources",
      missed_tasks: "Tâches en retard sur la référence",
      critical_path_test: "Test du chemin critique",
      cpli: "Indice de longueur du chemin critique (CPLI)",
      bei: "Indice d’exécution de la référence (BEI)",
    },
  },
};

/**
 * The health report (issue 21, built-in `health`): the version's 14 DCMA checks as its health panel shows them —
 * value, threshold, failing works (relations for leads, lags and types) of how many, pass / fail / not applicable —
 * under the score, as an XLSX sheet or the reports' PDF table.
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
          w.checks[c.key],
          c.value,
          c.threshold,
          c.count,
          c.total,
          w.result[c.passed === null ? 2 : c.passed ? 0 : 1],
        ] as ReportValue[],
    ),
  };
}
