import type { RiskCorrelation, RiskEvent, RiskRule, RiskSettings } from "@planum/contracts";
import type { NetworkInput, RiskDurationInput, RiskInput } from "@planum/engine";
import { RISK_WORK_TYPES } from "./risk.repo.js";

interface StoredDuration {
  itemId: number;
  min: number;
  likely: number;
  max: number;
  distribution: RiskDurationInput["distribution"];
}

interface TreeRow {
  id: number;
  parentId: number | null;
  type: string;
  attrs: Record<string, unknown> | null;
}

/** Whether a rule selects a row: under its WBS node (if any) and with one of its attribute values (if any). */
function ruleMatches(rule: RiskRule, row: TreeRow, parentOf: Map<number, number | null>): boolean {
  if (rule.wbsId != null) {
    let at = row.parentId;
    while (at != null && at !== rule.wbsId) at = parentOf.get(at) ?? null;
    if (at !== rule.wbsId) return false;
  }
  if (rule.attributeId) {
    const value = row.attrs?.[rule.attributeId];
    if (value === undefined || value === null || value === "") return false;
    if (rule.values.length > 0 && !rule.values.includes(String(value))) return false;
  }
  return true;
}

/**
 * The engine's risk input for a version: its own three-point durations first, then the first rule that selects each
 * other work (percentages of its planned duration, of the remaining one when in progress); events and correlation
 * groups keep only works that can take part (a deleted work drops out, a correlated work needs a spread).
 */
export function riskInput(
  network: NetworkInput,
  stored: {
    durations: StoredDuration[];
    events: RiskEvent[];
    correlations: RiskCorrelation[];
    settings: RiskSettings;
    tree: TreeRow[];
  },
  run: { seed: number },
): RiskInput {
  const activities = new Map(network.activities.map((a) => [a.id, a]));
  const drawable = (id: string) => {
    const a = activities.get(id);
    return a !== undefined && (a.type === undefined || RISK_WORK_TYPES.has(a.type)) && a.actualFinish === undefined;
  };
  const durations: RiskDurationInput[] = [];
  const has = new Set<string>();
  for (const d of stored.durations) {
    const id = String(d.itemId);
    if (!drawable(id)) continue;
    durations.push({ id, min: d.min, likely: d.likely, max: d.max, distribution: d.distribution });
    has.add(id);
  }
  if (stored.settings.rules.length > 0) {
    const parentOf = new Map(stored.tree.map((r) => [r.id, r.parentId]));
    for (const row of stored.tree) {
      const id = String(row.id);
      if (has.has(id) || !drawable(id)) continue;
      const rule = stored.settings.rules.find((r) => ruleMatches(r, row, parentOf));
      if (!rule) continue;
      const a = activities.get(id)!;
      const base = a.actualStart !== undefined ? (a.remaining ?? a.duration) : a.duration;
      if (!(base > 0)) continue;
      durations.push({
        id,
        min: Math.round((base * rule.minPercent) / 100),
        likely: Math.round((base * rule.likelyPercent) / 100),
        max: Math.round((base * rule.maxPercent) / 100),
        distribution: rule.distribution,
      });
      has.add(id);
    }
  }
  const events = stored.events
    .map((e) => ({
      id: e.id,
      probability: e.probability,
      impact: e.impact,
      works: e.itemIds.map(String).filter(drawable),
    }))
    .filter((e) => e.works.length > 0);
  const correlations = stored.correlations
    .map((g) => ({ coefficient: g.coefficient, works: g.itemIds.map(String).filter((id) => has.has(id)) }))
    .filter((g) => g.works.length > 1);
  const milestones = stored.settings.milestoneIds.map(String).filter((id) => activities.has(id));
  return { seed: run.seed, durations, events, correlations, milestones };
}
