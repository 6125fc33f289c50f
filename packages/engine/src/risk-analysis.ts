import { EngineInputError } from "./engine-input-error.js";
import { fullPass } from "./full-pass.js";
import { buildNetwork } from "./network-build.js";
import { createState, K_MS_FINISH, K_MS_START, S_COMPLETED, S_IN_PROGRESS } from "./network-model.js";
import {
  iterationRandom,
  normalCdf,
  normalDraw,
  RISK_DISTRIBUTIONS,
  type ThreePoint,
  threePointQuantile,
} from "./risk-sampling.js";
import { guard } from "./schedule.js";
import type { NetworkInput } from "./types.js";
import { validateAndIndex } from "./validate-network.js";

/**
 * Monte Carlo risk analysis on the exact engine: each iteration draws the uncertain durations and risk events, runs
 * the same full pass that calculates the schedule on the compiled network (built once), and keeps the finish of the
 * project and of chosen milestones, critical flags and sums for the duration sensitivity.
 */

/** A work's uncertain duration in working minutes of its calendar (of the remaining duration when in progress). */
export interface RiskDurationInput extends ThreePoint {
  id: string;
}

/** A risk event: with this probability, each iteration adds the impact (working minutes) to each of the works. */
export interface RiskEventInput {
  id: string;
  probability: number;
  impact: ThreePoint;
  works: string[];
}

/**
 * Works whose durations move together: a one-factor Gaussian copula with loading √|coefficient|, so every pair's
 * normal scores correlate by the coefficient; a negative coefficient sets the first work against the others.
 */
export interface RiskCorrelationInput {
  works: string[];
  coefficient: number;
}

export interface RiskInput {
  durations: RiskDurationInput[];
  events?: RiskEventInput[];
  correlations?: RiskCorrelationInput[];
  /** Activities whose finish is tracked besides the project's (milestones, usually). */
  milestones?: string[];
  seed: number;
}

/** What a run of iterations [from, to) produced; partials of one input merge in any grouping. */
export interface RiskPartial {
  from: number;
  to: number;
  /** Project finish per iteration (wall minutes). */
  finish: Int32Array;
  /** Finish per tracked milestone per iteration. */
  milestones: Int32Array[];
  /** Per activity: iterations in which it was critical. */
  critical: Int32Array;
  /** Per uncertain work: Σx, Σx², Σxy with x its drawn duration and y the finish minus the deterministic one. */
  sx: Float64Array;
  sxx: Float64Array;
  sxy: Float64Array;
  sy: number;
  syy: number;
  /** Per event: iterations in which it happened. */
  eventHits: Int32Array;
}

export interface RiskRunner {
  /** Activity ids, in the index order of `critical`. */
  ids: readonly string[];
  /** Ids of the uncertain works, in the order of the sensitivity sums. */
  uncertain: readonly string[];
  deterministicFinish: number;
  deterministicMilestones: number[];
  run(from: number, to: number): RiskPartial;
}

function checkThreePoint(t: ThreePoint, item: string): void {
  if (![t.min, t.likely, t.max].every(Number.isFinite) || t.min < 0)
    throw new EngineInputError(item, "three-point values must be finite and not negative");
  if (t.min > t.likely || t.likely > t.max) throw new EngineInputError(item, "expected min ≤ most likely ≤ max");
  if (!RISK_DISTRIBUTIONS.includes(t.distribution)) throw new EngineInputError(item, "unknown distribution");
}

export function createRiskRunner(input: NetworkInput, risk: RiskInput): RiskRunner {
  const valid = validateAndIndex(input);
  const net = guard(() => buildNetwork(valid.input, valid));
  const st = createState(net.total, net.calendars.length, net.inFrom.length);
  const indexOf = (id: string, item: string): number => {
    const j = net.index.get(id);
    if (j === undefined || j >= net.n) throw new EngineInputError(item, `no such activity "${id}"`);
    return j;
  };

  const uncertain = risk.durations.map((d) => {
    const item = `risk duration of "${d.id}"`;
    checkThreePoint(d, item);
    return indexOf(d.id, item);
  });
  const events = (risk.events ?? []).map((e) => {
    const item = `risk event "${e.id}"`;
    if (!(e.probability >= 0 && e.probability <= 1)) throw new EngineInputError(item, "probability outside 0…1");
    checkThreePoint(e.impact, item);
    return { probability: e.probability, impact: e.impact, works: e.works.map((w) => indexOf(w, item)) };
  });
  // Group and loading sign per uncertain work (-1: independent).
  const group = new Int32Array(uncertain.length).fill(-1);
  const loading = new Float64Array(uncertain.length);
  const slot = new Map<number, number>(uncertain.map((j, r) => [j, r]));
  const correlations = risk.correlations ?? [];
  correlations.forEach((g, k) => {
    const item = `correlation group ${k + 1}`;
    if (!(g.coefficient >= -1 && g.coefficient <= 1)) throw new EngineInputError(item, "coefficient outside −1…1");
    g.works.forEach((id, m) => {
      const r = slot.get(indexOf(id, item));
      if (r === undefined) throw new EngineInputError(item, `"${id}" has no uncertain duration`);
      if (group[r] !== -1) throw new EngineInputError(item, `"${id}" is in two correlation groups`);
      group[r] = k;
      loading[r] = Math.sqrt(Math.abs(g.coefficient)) * (g.coefficient < 0 && m > 0 ? -1 : 1);
    });
  });
  const milestones = (risk.milestones ?? []).map((id) => indexOf(id, `milestone "${id}"`));

  // Every node an iteration may change, with its planned values to start from.
  const touched = [...new Set([...uncertain, ...events.flatMap((e) => e.works)])].filter(
    (j) => net.status[j] !== S_COMPLETED && net.kind[j] !== K_MS_START && net.kind[j] !== K_MS_FINISH,
  );
  // The planned value a drawn duration replaces: the remaining duration of a work in progress (as the build
  // derived it), else the planned duration.
  const planned = Int32Array.from(touched, (j) =>
    net.status[j] === S_IN_PROGRESS ? net.remaining[j] : net.duration[j],
  );
  const drawnAt = new Int32Array(net.n).fill(-1);
  touched.forEach((j, t) => {
    drawnAt[j] = t;
  });

  guard(() => fullPass(net, st));
  // The iterations read the finish, milestones and critical flags only: their passes leave free float out.
  st.withoutFreeFloat = true;
  const deterministicFinish = st.projectFinishT;
  const deterministicMilestones = milestones.map((j) => st.efT[j]);

  const drawn = new Float64Array(touched.length);
  const sample = new Float64Array(uncertain.length);
  const factors = new Float64Array(correlations.length);

  const run = (from: number, to: number): RiskPartial => {
    const count = Math.max(0, to - from);
    const out: RiskPartial = {
      from,
      to,
      finish: new Int32Array(count),
      milestones: milestones.map(() => new Int32Array(count)),
      critical: new Int32Array(net.n),
      sx: new Float64Array(uncertain.length),
      sxx: new Float64Array(uncertain.length),
      sxy: new Float64Array(uncertain.length),
      sy: 0,
      syy: 0,
      eventHits: new Int32Array(events.length),
    };
    for (let it = from; it < to; it++) {
      const random = iterationRandom(risk.seed, it);
      for (let g = 0; g < factors.length; g++) factors[g] = normalDraw(random);
      // A touched work without an uncertain duration keeps its planned one; events add to it.
      for (let t = 0; t < touched.length; t++) drawn[t] = Number.NaN;
      for (let r = 0; r < uncertain.length; r++) {
        const g = group[r];
        const a = loading[r];
        const u = g < 0 ? random() : normalCdf(a * factors[g] + Math.sqrt(1 - a * a) * normalDraw(random));
        sample[r] = threePointQuantile(risk.durations[r], u);
        const t = drawnAt[uncertain[r]];
        if (t >= 0) drawn[t] = sample[r];
      }
      for (let e = 0; e < events.length; e++) {
        const hit = random() < events[e].probability;
        const impact = threePointQuantile(events[e].impact, random());
        if (!hit) continue;
        out.eventHits[e]++;
        for (const j of events[e].works) {
          const t = drawnAt[j];
          if (t < 0) continue;
          drawn[t] = (Number.isNaN(drawn[t]) ? planned[t] : drawn[t]) + impact;
        }
      }
      // Only the remaining duration the passes schedule depends on the draw (status, constraints and rules do not),
      // so it is set directly — what refreshNode would derive — without recomputing the node's other statics.
      for (let t = 0; t < touched.length; t++) {
        const j = touched[t];
        const minutes = Math.max(0, Math.round(Number.isNaN(drawn[t]) ? planned[t] : drawn[t]));
        if (net.status[j] === S_IN_PROGRESS) net.remainingInput[j] = minutes;
        else net.duration[j] = minutes;
        net.remaining[j] = minutes;
      }
      guard(() => fullPass(net, st));
      const k = it - from;
      out.finish[k] = st.projectFinishT;
      for (let m = 0; m < milestones.length; m++) out.milestones[m][k] = st.efT[milestones[m]];
      for (let j = 0; j < net.n; j++) out.critical[j] += st.crit[j];
      const y = st.projectFinishT - deterministicFinish;
      out.sy += y;
      out.syy += y * y;
      for (let r = 0; r < uncertain.length; r++) {
        const x = sample[r];
        out.sx[r] += x;
        out.sxx[r] += x * x;
        out.sxy[r] += x * y;
      }
    }
    return out;
  };

  return {
    ids: net.ids.slice(0, net.n),
    uncertain: risk.durations.map((d) => d.id),
    deterministicFinish,
    deterministicMilestones,
    run,
  };
}
