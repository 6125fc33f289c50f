// Levelling benchmark (issue 13: 10,000 activities × 200 resources ≤ 2 s on the server). One JSON line per case.
// node packages/engine/bench/levelling.mjs
import { levelResources } from "../dist/index.js";
import { generateNetwork, prng } from "./network-gen.mjs";

const CURVES = [
  "bell",
  "front_loaded",
  "back_loaded",
  "early_peak",
  "late_peak",
  "double_peak",
  "three_step",
  "turtle",
];

function levellingInput(activities, resources, curves) {
  const network = generateNetwork({ activities });
  const rnd = prng(7);
  const list = [];
  for (let r = 0; r < resources; r++) {
    list.push({
      id: `R${r}`,
      calendar: r % 10 === 0 ? "cal1" : undefined,
      availability: [
        { from: "2025-01-01", maxUnitsPerDay: 2 + Math.floor(rnd() * 4) },
        { from: "2026-01-01", maxUnitsPerDay: 3 + Math.floor(rnd() * 4) },
      ],
    });
  }
  const assignments = [];
  for (const a of network.activities) {
    if (a.duration === 0) continue;
    // Most works use one or two resources, drawn near their neighbours' so crews are shared and overloaded.
    const count = rnd() < 0.6 ? 1 : 2;
    for (let c = 0; c < count; c++) {
      assignments.push({
        activity: a.id,
        resource: `R${Math.floor(rnd() * resources)}`,
        unitsPerDay: 1 + Math.floor(rnd() * 3),
        // Every other assignment with a resource curve: its load varies day by day.
        ...(curves && assignments.length % 2 === 0 ? { curve: CURVES[(assignments.length / 2) % CURVES.length] } : {}),
      });
    }
  }
  return { network, resources: list, assignments };
}

function stats(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { medianMs: +at(0.5).toFixed(1), p95Ms: +at(0.95).toFixed(1) };
}

function levellingCase(name, activities, resources, runs, options, curves = false) {
  const input = levellingInput(activities, resources, curves);
  const samples = [];
  const cpu = [];
  let result;
  for (let k = 0; k < runs + 1; k++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    result = levelResources({ ...input, options });
    const used = process.cpuUsage(c0);
    // Wall time on a shared machine includes other processes' turns; CPU time is this process's own work.
    if (k > 0) {
      samples.push(performance.now() - t0);
      cpu.push((used.user + used.system) / 1000);
    }
  }
  const out = {
    case: name,
    activities,
    resources,
    assignments: input.assignments.length,
    moved: result.moves.length,
    unresolved: result.unresolved,
    finishBefore: result.finishBefore,
    finishAfter: result.finishAfter,
    ...stats(samples),
    cpuMedianMs: stats(cpu).medianMs,
    targetMs: 2000,
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

levellingCase("levelling-10k-200", 10_000, 200, 5);
levellingCase("levelling-10k-200-within-float", 10_000, 200, 5, { withinFloat: true, maxOverallocationPercent: 20 });
levellingCase("levelling-10k-200-curves", 10_000, 200, 5, {}, true);
