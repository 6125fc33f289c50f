import type { HealthCheckKey } from "./health.schema.js";
import type { Language } from "./languages.js";

/**
 * The DCMA checks' names, in each language: the health panel, its thresholds and the health report read this one
 * table, so paper and screen name a check alike.
 */
export const HEALTH_CHECK_NAMES: Record<Language, Record<HealthCheckKey, string>> = {
  en: {
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
  ru: {
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
  fr: {
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
    bei: "Indice d'exécution de la référence (BEI)",
  },
};
