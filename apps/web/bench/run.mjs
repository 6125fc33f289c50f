#!/usr/bin/env node
// Web benchmarks (one JSON line per case): the Gantt workspace, the network view, the work-done plan grid, resource usage, the chat, the cyclogram, the BIM viewer, in Chromium. Builds apps/web when dist is missing.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const web = resolve(here, "..");
const pages = [
  "gantt-bench.html",
  "network-bench.html",
  "wdp-bench.html",
  "usage-bench.html",
  "chat-bench.html",
  "cyclogram-bench.html",
  "bim-bench.html",
];
if (pages.some((page) => !existsSync(join(web, "dist", page)))) {
  const build = spawnSync("npm", ["run", "build", "-w", "apps/web"], {
    cwd: resolve(web, "../.."),
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// Arguments are the Gantt bench's (--rows, --case…); the network bench runs at its target size (5,000 activities).
const gantt = spawnSync(process.execPath, [join(here, "gantt-perf.mjs"), ...process.argv.slice(2)], {
  stdio: "inherit",
});
const network = spawnSync(process.execPath, [join(here, "network-perf.mjs")], { stdio: "inherit" });
// The work-done plan grid at its target size (10,000 works over two years).
const wdp = spawnSync(process.execPath, [join(here, "wdp-perf.mjs")], { stdio: "inherit" });
// Resource usage at its target size (1,000 resources over two years by day).
const usage = spawnSync(process.execPath, [join(here, "usage-perf.mjs")], { stdio: "inherit" });
// A chat of 100,000 messages: opening and scrolling back.
const chat = spawnSync(process.execPath, [join(here, "chat-perf.mjs")], { stdio: "inherit" });
// The cyclogram of 5,000 works over 100 locations: its first paint.
const cyclogram = spawnSync(process.execPath, [join(here, "cyclogram-perf.mjs")], { stdio: "inherit" });
// The BIM viewer with a model of 100,000 elements: opening, orbit and the 4D player's frame rates.
const bim = spawnSync(process.execPath, [join(here, "bim-perf.mjs")], { stdio: "inherit" });
process.exit(
  gantt.status || network.status || wdp.status || usage.status || chat.status || cyclogram.status || bim.status || 0,
);
