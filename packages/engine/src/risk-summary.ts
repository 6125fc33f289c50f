import type { RiskInput, RiskPartial } from "./risk-analysis.js";

/** A finish date's distribution over the iterations (times in wall minutes since 1970). */
export interface RiskDistributionSummary {
  deterministic: number;
  mean: number;
  sd: number;
  min: number;
  max: number;
  p10: number;
  p50: number;
  p80: number;
  p90: number;
  /** Share of iterations finishing on or before the deterministic date. */
  onTime: number;
  histogram: { from: number; width: number; counts: number[] };
  /** (time, share of iterations finishing on or before it) at each histogram bin's end. */
  cumulative: [number, number][];
}

export interface RiskSummary {
  iterations: number;
  seed: number;
  finish: RiskDistributionSummary;
  milestones: ({ id: string } & RiskDistributionSummary)[];
  /** Share of iterations in which each activity was critical (only those critical at least once), highest first. */
  criticality: { id: string; index: number }[];
  /** Correlation of each uncertain duration with the project finish (the tornado), strongest first. */
  sensitivity: { id: string; correlation: number }[];
  /** Share of iterations in which each risk event happened. */
  events: { id: string; share: number }[];
}

/** Joins partials of one input (any grouping of iterations) into one, in iteration order. */
export function mergeRiskPartials(parts: readonly RiskPartial[]): RiskPartial {
  const sorted = [...parts].sort((a, b) => a.from - b.from);
  const first = sorted[0];
  if (!first) throw new Error("no partial results");
  const concat = (arrays: Int32Array[]): Int32Array => {
    const out = new Int32Array(arrays.reduce((n, a) => n + a.length, 0));
    let at = 0;
    for (const a of arrays) {
      out.set(a, at);
      at += a.length;
    }
    return out;
  };
  const add = <T extends Int32Array | Float64Array>(pick: (p: RiskPartial) => T): T => {
    const out = pick(first).slice() as T;
    for (const p of sorted.slice(1)) {
      const a = pick(p);
      for (let k = 0; k < out.length; k++) out[k] += a[k];
    }
    return out;
  };
  return {
    from: first.from,
    to: sorted[sorted.length - 1].to,
    finish: concat(sorted.map((p) => p.finish)),
    milestones: first.milestones.map((_, m) => concat(sorted.map((p) => p.milestones[m]))),
    critical: add((p) => p.critical),
    sx: add((p) => p.sx),
    sxx: add((p) => p.sxx),
    sxy: add((p) => p.sxy),
    sy: sorted.reduce((s, p) => s + p.sy, 0),
    syy: sorted.reduce((s, p) => s + p.syy, 0),
    eventHits: add((p) => p.eventHits),
  };
}

/** Nearest-rank percentile of sorted values: P80 is the first value at or below which 80% of them lie. */
function percentile(sorted: Int32Array, q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export function summarizeDistribution(values: Int32Array, deterministic: number, bins = 30): RiskDistributionSummary {
  const sorted = values.slice().sort();
  const n = sorted.length;
  let sum = 0;
  for (let k = 0; k < n; k++) sum += sorted[k] - deterministic;
  const mean = deterministic + sum / n;
  let squares = 0;
  for (let k = 0; k < n; k++) squares += (sorted[k] - mean) ** 2;
  const min = sorted[0];
  const max = sorted[n - 1];
  const width = Math.max(1, Math.ceil((max - min + 1) / bins));
  const counts = new Array<number>(Math.max(1, Math.ceil((max - min + 1) / width))).fill(0);
  for (let k = 0; k < n; k++) counts[Math.floor((sorted[k] - min) / width)]++;
  const cumulative: [number, number][] = [];
  let seen = 0;
  counts.forEach((c, b) => {
    seen += c;
    cumulative.push([min + (b + 1) * width - 1, seen / n]);
  });
  let onTime = 0;
  while (onTime < n && sorted[onTime] <= deterministic) onTime++;
  return {
    deterministic,
    mean,
    sd: n > 1 ? Math.sqrt(squares / (n - 1)) : 0,
    min,
    max,
    p10: percentile(sorted, 0.1),
    p50: percentile(sorted, 0.5),
    p80: percentile(sorted, 0.8),
    p90: percentile(sorted, 0.9),
    onTime: onTime / n,
    histogram: { from: min, width, counts },
    cumulative,
  };
}

export interface RiskRunFacts {
  ids: readonly string[];
  uncertain: readonly string[];
  deterministicFinish: number;
  deterministicMilestones: readonly number[];
}

export function summarizeRisk(input: RiskInput, facts: RiskRunFacts, merged: RiskPartial): RiskSummary {
  const n = merged.finish.length;
  const criticality: RiskSummary["criticality"] = [];
  for (let j = 0; j < merged.critical.length; j++)
    if (merged.critical[j] > 0) criticality.push({ id: facts.ids[j], index: merged.critical[j] / n });
  criticality.sort((a, b) => b.index - a.index);
  const varY = merged.syy / n - (merged.sy / n) ** 2;
  const sensitivity = facts.uncertain.map((id, r) => {
    const mx = merged.sx[r] / n;
    const varX = merged.sxx[r] / n - mx * mx;
    const cov = merged.sxy[r] / n - mx * (merged.sy / n);
    const correlation = varX > 1e-9 && varY > 1e-9 ? Math.max(-1, Math.min(1, cov / Math.sqrt(varX * varY))) : 0;
    return { id, correlation };
  });
  sensitivity.sort((a, b) => Math.abs(b.correlation) - Math.abs(a.correlation));
  return {
    iterations: n,
    seed: input.seed,
    finish: summarizeDistribution(merged.finish, facts.deterministicFinish),
    milestones: (input.milestones ?? []).map((id, m) => ({
      id,
      ...summarizeDistribution(merged.milestones[m], facts.deterministicMilestones[m]),
    })),
    criticality,
    sensitivity,
    events: (input.events ?? []).map((e, k) => ({ id: e.id, share: merged.eventHits[k] / n })),
  };
}
