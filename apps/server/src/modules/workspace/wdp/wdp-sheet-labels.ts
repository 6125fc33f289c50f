import type { Language, WdpKind, WdpMeasure } from "@planum/contracts";

/** The words of the work-done plan's sheets in each language (the same as the grid's, apps/web/src/locales/…/wdp.json). */
export interface SheetLabels {
  /** Sheet names. */
  plan: string;
  report: string;
  /** The plan sheet's fixed columns, in order (A…G). */
  columns: [string, string, string, string, string, string, string];
  measures: Record<WdpMeasure, string>;
  kinds: Record<WdpKind, string>;
  /** The report sheet's columns. */
  reportColumns: string[];
  reportTitle: string;
  total: string;
}

export const SHEET_LABELS: Record<Language, SheetLabels> = {
  en: {
    plan: "Work-done plan",
    report: "Report",
    columns: ["ID", "Code", "Work", "Unit", "Measure", "Data", "Total"],
    measures: {
      volume: "Volume",
      labour: "Labour, man-h",
      cost: "Cost",
      resources: "Resources",
      distributed_price: "Distributed price",
      cost_by_distributed_price: "Cost by distributed price",
    },
    kinds: { plan: "Plan", fact: "Fact", approved_plan: "Approved" },
    reportColumns: [
      "Code",
      "Work",
      "Unit",
      "Plan",
      "Fact",
      "Approved",
      "Deviation",
      "% of plan",
      "Plan, whole work",
      "Fact, whole work",
    ],
    reportTitle: "Plan against fact, {{measure}}, {{from}} – {{to}}",
    total: "Total",
  },
  ru: {
    plan: "СДП",
    report: "Отчёт",
    columns: ["ID", "Код", "Работа", "Ед. изм.", "Показатель", "Данные", "Итого"],
    measures: {
      volume: "Объём",
      labour: "Трудозатраты, чел.-ч",
      cost: "Стоимость",
      resources: "Ресурсы",
      distributed_price: "Распределённая цена",
      cost_by_distributed_price: "Стоимость по распределённой цене",
    },
    kinds: { plan: "План", fact: "Факт", approved_plan: "Утв. план" },
    reportColumns: [
      "Код",
      "Работа",
      "Ед. изм.",
      "План",
      "Факт",
      "Утв. план",
      "Отклонение",
      "% плана",
      "План, вся работа",
      "Факт, вся работа",
    ],
    reportTitle: "План и факт, {{measure}}, {{from}} – {{to}}",
    total: "Итого",
  },
  fr: {
    plan: "Plan d’avancement",
    report: "Rapport",
    columns: ["ID", "Code", "Activité", "Unité", "Mesure", "Données", "Total"],
    measures: {
      volume: "Quantité",
      labour: "Main-d’œuvre, h",
      cost: "Coût",
      resources: "Ressources",
      distributed_price: "Prix réparti",
      cost_by_distributed_price: "Coût au prix réparti",
    },
    kinds: { plan: "Prévu", fact: "Réalisé", approved_plan: "Approuvé" },
    reportColumns: [
      "Code",
      "Activité",
      "Unité",
      "Prévu",
      "Réalisé",
      "Approuvé",
      "Écart",
      "% du prévu",
      "Prévu, toute l’activité",
      "Réalisé, toute l’activité",
    ],
    reportTitle: "Prévu et réalisé, {{measure}}, {{from}} – {{to}}",
    total: "Total",
  },
};

const norm = (text: string) => text.trim().toLowerCase().replace(/\s+/g, " ");

/** A word read back from any language (a sheet exported in French may come back to a Russian user), or a key. */
function reverse<K extends string>(pick: (l: SheetLabels) => Record<K, string>): Map<string, K> {
  const out = new Map<string, K>();
  for (const labels of Object.values(SHEET_LABELS))
    for (const [key, word] of Object.entries(pick(labels)) as [K, string][]) {
      out.set(norm(word), key);
      out.set(norm(key), key);
    }
  return out;
}
const MEASURE_BY_WORD = reverse((l) => l.measures);
const KIND_BY_WORD = reverse((l) => l.kinds);

export const measureOfWord = (text: string) => MEASURE_BY_WORD.get(norm(text)) ?? null;
export const kindOfWord = (text: string) => KIND_BY_WORD.get(norm(text)) ?? null;
/** Whether a header cell is the fixed column `k` in some language. */
export const isColumnWord = (k: number, text: string) =>
  Object.values(SHEET_LABELS).some((l) => norm(l.columns[k]) === norm(text));
