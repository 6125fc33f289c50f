import { type IndicatorValue, indicatorColour } from "@planum/contracts";
import type { IndicatorRow } from "./indicator-values.js";

/** An indicator as the API answers it. */
export function indicatorOf(row: IndicatorRow) {
  return {
    id: row.id,
    projectId: row.projectId,
    scheduleId: row.scheduleId,
    key: row.key,
    name: row.name,
    formula: row.formula,
    thresholds: row.thresholds,
    weighting: row.weighting,
    factor: row.factor,
  };
}

/**
 * Indicator values of several versions rolled up, one per key (the projects of a node may each define `spi`; the
 * first defined gives the name, thresholds and weighting). `weight`: the mean of the versions' values weighed by
 * their budgets (BAC; a plain mean when none has one) — for ratios such as SPI; `factor`: their sum times the
 * factor — for quantities that add up (delayed works, money in thousands).
 */
export function rollUpIndicators(
  defs: IndicatorRow[],
  values: { versionId: string; indicatorId: string; value: number | null }[],
  budgetOf: (versionId: string) => number,
): IndicatorValue[] {
  const byId = new Map(defs.map((d) => [d.id, d]));
  const groups = new Map<string, { def: IndicatorRow; parts: { value: number; budget: number }[]; versions: number }>();
  for (const d of defs) if (!groups.has(d.key)) groups.set(d.key, { def: d, parts: [], versions: 0 });
  for (const v of values) {
    const def = byId.get(v.indicatorId);
    if (!def) continue;
    const group = groups.get(def.key);
    if (!group) continue;
    group.versions++;
    if (v.value !== null) group.parts.push({ value: v.value, budget: budgetOf(v.versionId) });
  }
  return [...groups.values()].map(({ def, parts, versions }) => {
    let value: number | null = null;
    if (parts.length > 0)
      if (def.weighting === "factor") value = parts.reduce((s, p) => s + p.value, 0) * def.factor;
      else {
        const budget = parts.reduce((s, p) => s + p.budget, 0);
        value =
          budget > 0
            ? parts.reduce((s, p) => s + p.value * p.budget, 0) / budget
            : parts.reduce((s, p) => s + p.value, 0) / parts.length;
      }
    return { ...indicatorOf(def), value, colour: indicatorColour(value, def.thresholds), versions };
  });
}
