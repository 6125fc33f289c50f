#!/usr/bin/env node
// `npm run bench`: every package's benchmarks, one JSON line per case on stdout.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const build = spawnSync("npm", ["run", "build:packages"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
if (build.status !== 0) process.exit(build.status ?? 1);

const only = process.argv[2];
const suites = [
  "packages/engine/bench/run.mjs",
  "packages/engine/bench/levelling.mjs",
  "packages/formats/bench/run.mjs",
  "apps/server/bench/run.mjs",
  "apps/server/bench/workspace-calc.mjs",
  "apps/server/bench/load.mjs",
  "apps/server/bench/demo.mjs",
  "apps/server/bench/wdp.mjs",
  "apps/server/bench/timesheets.mjs",
  "apps/server/bench/chat.mjs",
  "apps/server/bench/notices.mjs",
  "apps/server/bench/directories.mjs",
  "apps/server/bench/directory-links.mjs",
  "apps/server/bench/resource-usage.mjs",
  "apps/server/bench/assignments.mjs",
  "apps/server/bench/print.mjs",
  "apps/server/bench/reports.mjs",
  "apps/server/bench/analytics.mjs",
  "apps/server/bench/analytics-rollup.mjs",
  "apps/server/bench/costr.mjs",
  "apps/server/bench/risk.mjs",
  "apps/server/bench/health.mjs",
  "apps/server/bench/bim.mjs",
  "apps/server/bench/bim-links.mjs",
  "apps/web/bench/run.mjs",
];
let failed = false;
for (const suite of suites) {
  if (only && !suite.includes(only)) continue;
  const file = path.join(root, suite);
  if (!fs.existsSync(file)) continue;
  const result = spawnSync(process.execPath, ["--expose-gc", file], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
