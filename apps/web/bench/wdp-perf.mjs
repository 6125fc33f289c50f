#!/usr/bin/env node
// Work-done plan grid benchmark in Chromium: one JSON line per case on stdout.
//   node apps/web/bench/wdp-perf.mjs [--works 10000] [--days 730] [--screenshots DIR]
// Targets (issue 12): 10,000 works over two years (plan and fact of three measures per work) open ≤ 1 s after the
// data arrived; scroll ≥ 50 fps. Needs `npm run build -w apps/web` first.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fps, heapMB, option, frames as runFrames, startBench, stats } from "./harness.mjs";

const works = Number(option("works", "10000"));
const days = Number(option("days", "730"));
const shotsDir = option("screenshots");

const { base, browser, close } = await startBench("wdp-bench.html");

const SCROLL = (dx, dy) => `const b = document.querySelector('.wg-body');
  b.scrollTop += ${dy} * (k % 120 < 60 ? 1 : -1); b.scrollLeft += ${dx} * (k % 120 < 60 ? 1 : -1);
  b.dispatchEvent(new Event('scroll'));`;

try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  const runs = [];
  for (let run = 0; run < 3; run++) {
    await page.goto(`${base}/wdp-bench.html?works=${works}&days=${days}`);
    await page.waitForFunction(() => window.__wdpBench?.openMs != null, null, { timeout: 180_000 });
    runs.push(await page.evaluate(() => ({ ...window.__wdpBench, frames: [] })));
  }
  console.log(
    JSON.stringify({
      case: "wdp-open",
      works,
      days,
      series: runs[0].series,
      cells: runs[0].cells,
      ...stats(runs.map((r) => r.openMs)),
      storeMedianMs: stats(runs.map((r) => r.storeMs)).medianMs,
      heapMB: await heapMB(page),
      targetMs: 1000,
    }),
  );
  if (shotsDir) {
    mkdirSync(shotsDir, { recursive: true });
    await page.screenshot({ path: join(shotsDir, "wdp-bench.png") });
  }
  for (const [name, source] of [
    ["wdp-scroll-vertical", SCROLL(0, 120)],
    ["wdp-scroll-horizontal", SCROLL(90, 0)],
    ["wdp-scroll-diagonal", SCROLL(60, 80)],
  ]) {
    const f = await runFrames(page, "__wdpBench", 300, source);
    const renders = f.frames.map((x) => x.ms);
    console.log(
      JSON.stringify({
        case: name,
        works,
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
