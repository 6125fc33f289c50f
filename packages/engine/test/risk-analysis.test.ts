import {
  createRiskRunner,
  EngineInputError,
  mergeRiskPartials,
  type NetworkInput,
  type RiskInput,
  scheduleColumns,
  summarizeRisk,
  type ThreePoint,
  threePointMean,
  threePointQuantile,
} from "@planum/engine";
import { describe, expect, it } from "vitest";

// Round-the-clock calendar: working minutes are wall minutes, so finishes are plain sums of durations.
const ALL_DAY: [string, string][] = [["00:00", "24:00"]];
const DAY = 1440;
const START = Date.UTC(2026, 0, 5) / 60_000;
const days = (finish: number) => (finish - START) / DAY;

const network = (activities: NetworkInput["activities"], relations: NetworkInput["relations"]): NetworkInput => ({
  projectStart: "2026-01-05T00:00",
  calendars: [{ id: "24h", week: Array.from({ length: 7 }, () => ALL_DAY) }],
  defaultCalendar: "24h",
  activities,
  relations,
});

const tri = (min: number, likely: number, max: number): ThreePoint => ({
  min: min * DAY,
  likely: likely * DAY,
  max: max * DAY,
  distribution: "triangular",
});

function analyse(input: NetworkInput, risk: RiskInput, iterations: number) {
  const runner = createRiskRunner(input, risk);
  return summarizeRisk(risk, runner, runner.run(0, iterations));
}

/** Two paths S → A → F and S → B → F between milestones. */
const parallel = network(
  [
    { id: "S", type: "milestone_start", duration: 0 },
    { id: "A", duration: 5 * DAY },
    { id: "B", duration: 5 * DAY },
    { id: "F", type: "milestone_finish", duration: 0 },
  ],
  [
    { from: "S", to: "A", type: "FS" },
    { from: "S", to: "B", type: "FS" },
    { from: "A", to: "F", type: "FS" },
    { from: "B", to: "F", type: "FS" },
  ],
);
const uniform = (id: string) => ({ id, min: 2 * DAY, likely: 5 * DAY, max: 8 * DAY, distribution: "uniform" as const });

describe("risk analysis on the engine", () => {
  it("a chain of triangular durations finishes with the sum's mean and variance", () => {
    const chain = network(
      [
        { id: "A", duration: 4 * DAY },
        { id: "B", duration: 3 * DAY },
        { id: "C", duration: 6 * DAY },
      ],
      [
        { from: "A", to: "B", type: "FS" },
        { from: "B", to: "C", type: "FS" },
      ],
    );
    const risk: RiskInput = {
      seed: 7,
      durations: [
        { id: "A", ...tri(2, 4, 9) },
        { id: "B", ...tri(1, 3, 5) },
        { id: "C", ...tri(3, 6, 12) },
      ],
    };
    const result = analyse(chain, risk, 4000);
    // Mean 5 + 3 + 7 = 15 days; variance (a² + m² + b² − am − ab − mb) / 18 summed: 39/18 + 12/18 + 63/18.
    const variance = 114 / 18;
    expect(result.iterations).toBe(4000);
    expect(days(result.finish.deterministic)).toBe(13);
    expect(days(result.finish.mean)).toBeCloseTo(15, 0);
    expect(Math.abs(days(result.finish.mean) - 15)).toBeLessThan(0.16); // 4 standard errors
    expect((result.finish.sd / DAY) ** 2 / variance).toBeGreaterThan(0.91);
    expect((result.finish.sd / DAY) ** 2 / variance).toBeLessThan(1.09);
    expect(result.finish.p10).toBeLessThan(result.finish.p50);
    expect(result.finish.p50).toBeLessThan(result.finish.p80);
    expect(result.finish.p80).toBeLessThan(result.finish.p90);
    // Every work of a single chain is always critical; the widest spread drives the finish most.
    expect(result.criticality.map((c) => [c.id, c.index])).toEqual([
      ["A", 1],
      ["B", 1],
      ["C", 1],
    ]);
    expect(result.sensitivity.map((s) => s.id)).toEqual(["C", "A", "B"]);
    expect(result.sensitivity[0].correlation).toBeCloseTo(Math.sqrt(63 / 114), 1);
    expect(result.sensitivity[2].correlation).toBeCloseTo(Math.sqrt(12 / 114), 1);
    // The histogram counts every iteration and the cumulative curve ends at 1.
    expect(result.finish.histogram.counts.reduce((a, b) => a + b, 0)).toBe(4000);
    expect(result.finish.cumulative.at(-1)?.[1]).toBe(1);
  });

  it("two parallel paths finish later than either: the merge bias", () => {
    const risk: RiskInput = { seed: 11, durations: [uniform("A"), uniform("B")], milestones: ["F"] };
    const result = analyse(parallel, risk, 4000);
    // max of two U(2, 8): mean 2 + 6·2/3 = 6 days, median 2 + 6·√½ — one day past each path's own mean of 5.
    expect(Math.abs(days(result.finish.mean) - 6)).toBeLessThan(0.1);
    expect(Math.abs(days(result.finish.p50) - (2 + 6 * Math.SQRT1_2))).toBeLessThan(0.15);
    expect(result.milestones[0].id).toBe("F");
    expect(result.milestones[0].p80).toBe(result.finish.p80);
    const index = Object.fromEntries(result.criticality.map((c) => [c.id, c.index]));
    expect(index.F).toBe(1);
    expect(Math.abs(index.A - 0.5)).toBeLessThan(0.04);
    expect(Math.abs(index.B - 0.5)).toBeLessThan(0.04);
  });

  it("fully correlated paths move together and the merge bias disappears", () => {
    const risk: RiskInput = {
      seed: 11,
      durations: [uniform("A"), uniform("B")],
      correlations: [{ works: ["A", "B"], coefficient: 1 }],
    };
    const result = analyse(parallel, risk, 4000);
    expect(Math.abs(days(result.finish.mean) - 5)).toBeLessThan(0.1);
    const index = Object.fromEntries(result.criticality.map((c) => [c.id, c.index]));
    expect(index.A).toBe(1);
    expect(index.B).toBe(1);
  });

  it("a risk event delays the finish in the share of iterations given by its probability", () => {
    const chain = network(
      [
        { id: "A", duration: 5 * DAY },
        { id: "B", duration: 5 * DAY },
      ],
      [{ from: "A", to: "B", type: "FS" }],
    );
    const risk: RiskInput = {
      seed: 3,
      durations: [],
      events: [{ id: "flood", probability: 0.3, impact: tri(2, 2, 2), works: ["B"] }],
    };
    const result = analyse(chain, risk, 4000);
    expect(Math.abs(result.events[0].share - 0.3)).toBeLessThan(0.03);
    expect(Math.abs(result.finish.onTime - 0.7)).toBeLessThan(0.03);
    expect(days(result.finish.p50)).toBe(10);
    expect(days(result.finish.p90)).toBe(12);
  });

  it("repeats a seeded run exactly, however the iterations are split between workers", () => {
    const risk: RiskInput = { seed: 42, durations: [uniform("A"), { id: "B", ...tri(3, 5, 9) }] };
    const whole = createRiskRunner(parallel, risk).run(0, 1000);
    const again = createRiskRunner(parallel, risk).run(0, 1000);
    expect(again.finish).toEqual(whole.finish);
    const split = createRiskRunner(parallel, risk);
    const merged = mergeRiskPartials([split.run(600, 1000), split.run(0, 600)]);
    expect(merged.finish).toEqual(whole.finish);
    expect(merged.critical).toEqual(whole.critical);
    const other = createRiskRunner(parallel, { ...risk, seed: 43 }).run(0, 1000);
    expect(other.finish).not.toEqual(whole.finish);
  });

  it("iterations without uncertainty find the schedule's critical works, an ALAP work moved by its free float", () => {
    // B runs as late as possible: its free float (4 days before C, held by A2) moves it to days 4–5, leaving it 3 days
    // of total float. Iterations leave free float out, but not where "as late as possible" needs it.
    const alap = network(
      [
        { id: "S", type: "milestone_start", duration: 0 },
        { id: "A", duration: 10 * DAY },
        { id: "A2", duration: 5 * DAY },
        { id: "B", duration: DAY, alap: true },
        { id: "C", duration: 2 * DAY },
        { id: "F", type: "milestone_finish", duration: 0 },
      ],
      [
        { from: "S", to: "A", type: "FS" },
        { from: "S", to: "A2", type: "FS" },
        { from: "S", to: "B", type: "FS" },
        { from: "A2", to: "C", type: "FS" },
        { from: "B", to: "C", type: "FS" },
        { from: "A", to: "F", type: "FS" },
        { from: "C", to: "F", type: "FS" },
      ],
    );
    const schedule = scheduleColumns(alap);
    const runner = createRiskRunner(alap, { seed: 1, durations: [{ id: "A", ...tri(10, 10, 10) }] });
    const out = runner.run(0, 3);
    const critical = Object.fromEntries(runner.ids.map((id, j) => [id, out.critical[j] / 3]));
    const expected = Object.fromEntries(schedule.ids.map((id, k) => [id, schedule.critical[k] ? 1 : 0]));
    expect(expected).toMatchObject({ A: 1, A2: 0, B: 0, C: 0 });
    expect(critical).toEqual(expected);
    expect([...out.finish]).toEqual([
      runner.deterministicFinish,
      runner.deterministicFinish,
      runner.deterministicFinish,
    ]);
    expect(days(runner.deterministicFinish)).toBe(10);
  });

  it("draws each distribution with its own mean", () => {
    const grid = (t: ThreePoint) => {
      let sum = 0;
      for (let k = 0; k < 10_000; k++) sum += threePointQuantile(t, (k + 0.5) / 10_000);
      return sum / 10_000;
    };
    for (const distribution of ["triangular", "pert", "uniform"] as const) {
      const t = { min: 2, likely: 3, max: 10, distribution };
      expect(grid(t)).toBeCloseTo(threePointMean(t), 1);
    }
    const normal = { min: 2, likely: 5, max: 8, distribution: "normal" as const };
    expect(grid(normal)).toBeCloseTo(5, 2);
    expect(threePointQuantile(normal, 0.0001)).toBeGreaterThanOrEqual(2);
  });

  it("refuses bad three-point values, probabilities and correlations", () => {
    const bad = (risk: Partial<RiskInput>) => () =>
      createRiskRunner(parallel, { seed: 1, durations: [], ...risk } as RiskInput);
    expect(bad({ durations: [{ id: "A", min: 5, likely: 4, max: 9, distribution: "pert" }] })).toThrow(
      EngineInputError,
    );
    expect(bad({ durations: [{ id: "A", min: 1, likely: 4, max: 3, distribution: "pert" }] })).toThrow(/≤ max/);
    expect(bad({ events: [{ id: "e", probability: 1.5, impact: tri(1, 1, 1), works: ["A"] }] })).toThrow(/0…1/);
    expect(
      bad({ durations: [uniform("A"), uniform("B")], correlations: [{ works: ["A", "B"], coefficient: -1.2 }] }),
    ).toThrow(/−1…1/);
    expect(bad({ durations: [uniform("Z")] })).toThrow(/no such activity/);
  });
});
