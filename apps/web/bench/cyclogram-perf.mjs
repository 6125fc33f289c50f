#!/usr/bin/env node
// Cyclogram benchmark in Chromium: one JSON line on stdout.
//   node apps/web/bench/cyclogram-perf.mjs [--works 5000] [--locations 100] [--screenshots DIR]
// Target (issue 16): the cyclogram of 5,000 works over 100 locations paints ≤ 1 s after the answer arrived (parse,
// layout, the first canvas frame). Needs `npm run build -w apps/web` first.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { heapMB, option, startBench, stats } from "./harness.mjs";

const works = Number(option("works", "5000"));
const locations = Number(option("locations", "100"));
const shotsDir = option("screenshots");

const { base, browser, close } = await startBench("cyclogram-bench.html");
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  const runs = [];
  for (let run = 0; run < 3; run++) {
    await page.goto(`${base}/cyclogram-bench.html?works=${works}&locations=${locations}`);
    await page.waitForFunction(() => window.__cyclogramBench?.firstPaintMs != null, null, { timeout: 180_000 });
    runs.push(await page.evaluate(() => ({ ...window.__cyclogramBench })));
  }
  console.log(
    JSON.stringify({
      case: "cyclogram-first-paint",
      works,
      locations,
      wireMB: +runs[0].wireMB.toFixed(2),
      ...stats(runs.map((r) => r.firstPaintMs)),
      parseMedianMs: stats(runs.map((r) => r.parseMs)).medianMs,
      heapMB: await heapMB(page),
      targetMs: 1000,
    }),
  );
  if (shotsDir) {
    mkdirSync(shotsDir, { recursive: true });
    await page.screenshot({ path: join(shotsDir, "cyclogram-bench.png") });
  }
  await context.close();
} finally {
  await close();
}
