// Risk analysis (issue 21) as the `risk_analysis` job runs it: the iterations of one run spread over worker threads
// (apps/server/dist/modules/workspace/risk/risk-pool.js), on a generated 10,000-activity network whose every task has a
// triangular duration (−20 % … +50 %). Target: 1,000 iterations ≤ 5 s on 2 cores. One JSON line: wall and CPU
// (all threads) per run, the threads used, and the engine alone on one thread for comparison.
//   node apps/server/bench/risk.mjs [activities=10000] [iterations=1000]
import { spawnSync } from "node:child_process";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRiskRunner } from "@planum/engine";
import { generateNetwork } from "../../../packages/engine/bench/network-gen.mjs";
import { jsonLine, stats } from "./bench-kit.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
spawnSync("npm", ["run", "build", "-w", "apps/server"], { cwd: root, stdio: "ignore" });
const { runIterations } = await import("../dist/modules/workspace/risk/risk-pool.js");

const ACTIVITIES = Number(process.argv[2] ?? 10_000);
const ITERATIONS = Number(process.argv[3] ?? 1000);
const RUNS = 3;

const network = generateNetwork({ activities: ACTIVITIES, calendarMix: "blocks" });
const durations = network.activities
  .filter((a) => (a.type ?? "task") === "task" && a.duration > 0)
  .map((a) => ({
    id: a.id,
    min: Math.round(a.duration * 0.8),
    likely: a.duration,
    max: Math.round(a.duration * 1.5),
    distribution: "triangular",
  }));
const risk = { seed: 1, durations };

const wall = [];
const cpu = [];
for (let run = 0; run < RUNS; run++) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await runIterations(network, risk, ITERATIONS, {
    signal: new AbortController().signal,
    progress: () => {},
  });
  wall.push(performance.now() - t0);
  const c = process.cpuUsage(c0);
  cpu.push((c.user + c.system) / 1000);
}
// The engine alone, one thread, 100 iterations: what one core does per iteration.
const runner = createRiskRunner(network, risk);
const c0 = process.cpuUsage();
runner.run(0, 100);
const single = process.cpuUsage(c0);
jsonLine({
  case: "risk_analysis",
  activities: ACTIVITIES,
  relations: network.relations.length,
  uncertain: durations.length,
  iterations: ITERATIONS,
  threads: availableParallelism(),
  ...stats(wall, cpu),
  engineCpuMsPerIteration: +((single.user + single.system) / 1000 / 100).toFixed(2),
});
