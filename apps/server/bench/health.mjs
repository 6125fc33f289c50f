// `npm run bench -- health`: schedule health (issue 21, target ≤ 500 ms for 100,000 activities) — the health part of
// workspace-calc.mjs: a seeded 100k version with ~1.5 relations per activity, calculated, its health read straight
// from its tables and judged (wall and CPU, with the load average). BENCH_HEALTH_PARTS=1 splits the time.
//   node apps/server/bench/health.mjs [activities=100000]
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const run = spawnSync(
  process.execPath,
  ["--expose-gc", path.join(here, "workspace-calc.mjs"), ...process.argv.slice(2)],
  {
    stdio: "inherit",
    env: { ...process.env, BENCH_ONLY: "health" },
  },
);
process.exit(run.status ?? 1);
