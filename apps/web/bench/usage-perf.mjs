#!/usr/bin/env node
// Resource usage benchmark in Chromium: one JSON line per case on stdout.
//   node apps/web/bench/usage-perf.mjs [--rows 1000] [--days 730] [--screenshots DIR]
// Targets (issue 13): usage of 1,000 resources × 2 years by day paints ≤ 1 s after the answer arrived (parse, decode,
// first canvas frame); scrolls ≥ 50 fps. Needs `npm run build -w apps/web` first.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fps, heapMB, option, frames as runFrames, startBench, stats } from "./harness.mjs";

const rows = Number(option("rows", "1000"));
const days = Number(option("days", "730"));
const shotsDir = option("screenshots");

const { base, browser, close } = await startBench("usage-bench.html");

const SCROLL = (dx, dy) => `const b = document.querySelector('[data-testid="usage-chart"]');
  b.scrollTop += ${dy} * (k % 120 < 60 ? 1 : -1); b.scrollLeft += ${dx} * (k % 120 < 60 ? 1 : -1);
  b.dispatchEvent(new Event('scroll'));`;

try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  const runs = [];
  for (let run = 0; run < 3; run++) {
    await page.goto(`${base}/usage-bench.html?rows=${rows}&days=${days}`);
    await page.waitForFunction(() => window.__usageBench?.firstPaintMs != null, null, { timeout: 180_000 });
    runs.push(await page.evaluate(() => ({ ...window.__usageBench, frames: [] })));
  }
  console.log(
    JSON.stringify({
      case: "usage-first-paint",
      rows,
      days,
      wireMB: +runs[0].wireMB.toFixed(2),
      ...stats(runs.map((r) => r.firstPaintMs)),
      parseMedianMs: stats(runs.map((r) => r.parseMs)).medianMs,
      decodeMedianMs: stats(runs.map((r) => r.decodeMs)).medianMs,
      heapMB: await heapMB(page),
      targetMs: 1000,
    }),
  );
  if (shotsDir) {
    mkdirSync(shotsDir, { recursive: true });
    await page.screenshot({ path: join(shotsDir, "usage-bench.png") });
  }
  for (const [name, source] of [
    ["usage-scroll-vertical", SCROLL(0, 120)],
    ["usage-scroll-horizontal", SCROLL(90, 0)],
    ["usage-scroll-diagonal", SCROLL(60, 80)],
  ]) {
    const f = await runFrames(page, "__usageBench", 300, source);
    const renders = f.frames.map((x) => x.ms);
    console.log(
      JSON.stringify({
        case: name,
        rows,
        ...stats(f.deltas),
        fps: fps(f.deltas),
        renderMedianMs: stats(renders).medianMs,
        renderP95Ms: stats(renders).p95Ms,
        targetFps: 50,
      }),
    );
  }
  await context.close();
} finally {
  await close();
}
