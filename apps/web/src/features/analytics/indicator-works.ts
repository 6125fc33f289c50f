import type { AnalyticsWorkSet, IndicatorValue } from "@planum/contracts";

/**
 * The works behind an indicator's value: the set the figures its formula reads count (directly or through the
 * indicators it reads), the first that has one — critical works for `critical`, the delayed for a delay, those behind
 * schedule for an index of pace (SPI, SV, SPI(t), planned to date…). A formula over money alone has none.
 */
const SET_OF_FIGURE: [RegExp, AnalyticsWorkSet][] = [
  [/^critical$/, "critical"],
  [/^(delayed|max_delay_days|total_delay_days)$/, "delayed"],
  [/^late_start$/, "late_start"],
  [/^late_finish$/, "late_finish"],
  [/^not_started$/, "not_started"],
  [/^in_progress$/, "in_progress"],
  [/^completed$/, "completed"],
  [/^(spi|sv|spi_t|sv_t|pv|ev|on_date_\w+|done_\w+)$/, "behind"],
];

export function worksSetOf(indicator: Pick<IndicatorValue, "formula">, all: IndicatorValue[]): AnalyticsWorkSet | null {
  const byKey = new Map(all.map((i) => [i.key, i]));
  const seen = new Set<string>();
  const visit = (formula: string): AnalyticsWorkSet | null => {
    for (const name of formula.toLowerCase().match(/[a-z_][a-z0-9_]*/g) ?? []) {
      const set = SET_OF_FIGURE.find(([pattern]) => pattern.test(name))?.[1];
      if (set) return set;
      const other = byKey.get(name);
      if (other && !seen.has(name)) {
        seen.add(name);
        const found = visit(other.formula);
        if (found) return found;
      }
    }
    return null;
  };
  return visit(indicator.formula);
}
