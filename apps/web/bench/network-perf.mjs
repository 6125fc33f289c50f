#!/usr/bin/env node
// Network view benchmark in Chromium: one JSON line per case on stdout.
//   node apps/web/bench/network-perf.mjs [--n 5000] [--screenshots DIR]
// Targets (issue 10): 5,000 activities first paint ≤ 1 s after the data arrived; pan and zoom ≥ 50 fps.
// Needs `npm run build -w apps/web` first (serves apps/web/dist on a random loopback port, stopped at the end).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fps, option, frames as runFrames, startBench, stats } from "./harness.mjs";

const n = Number(option("n", "5000"));
const shotsDir = option("screenshots");

const { base, browser, close } = await startBench("network-bench.html");

/** Frame intervals (rAF deltas) and the view's own draw ms while `step(k)` runs once per frame. */
async function frames(page, count, stepSource) {
  const f = await runFrames(page, "__networkBench", count, stepSource);
  return { deltas: f.deltas, draws: f.frames.map((x) => x.ms), boxes: f.frames.map((x) => x.boxes) };
}

// Pointer events on the canvas, as a drag on the background would send them (the view pans on pointer moves).
const PAN = (dx, dy) => `const c = document.querySelector('.pn-canvas'); const r = c.getBoundingClientRect();
  const at = (x, y) => ({ clientX: r.left + x, clientY: r.top + y, pointerId: 7, button: 0, buttons: 1, bubbles: true });
  if (k === 0) c.dispatchEvent(new PointerEvent('pointerdown', at(6, 6)));
  const x = 6 + ${dx} * (k % 60 < 30 ? k % 60 : 60 - (k % 60)); const y = 6 + ${dy} * (k % 60 < 30 ? k % 60 : 60 - (k % 60));
  c.dispatchEvent(new PointerEvent('pointermove', at(x, y)));
  if (k === 299) c.dispatchEvent(new PointerEvent('pointerup', at(x, y)));`;
// Wheel turns over a box that was on screen when the case began (in and out again: net zero).
const WHEEL = `const c = document.querySelector('.pn-canvas'); const r = c.getBoundingClientRect();
  if (k === 0) { const b = document.querySelector('.pn-boxes button');
    window.__wheelAt = b ? [Number(b.dataset.x), Number(b.dataset.y)] : [r.width / 2, r.height / 2]; }
  const [x, y] = window.__wheelAt;
  c.dispatchEvent(new WheelEvent('wheel', { deltaY: k % 60 < 30 ? -100 : 100, clientX: r.left + x,
    clientY: r.top + y, bubbles: true, cancelable: true }));`;

try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  const runs = [];
  for (let run = 0; run < 3; run++) {
    await page.goto(`${base}/network-bench.html?n=${n}`);
    await page.waitForFunction(() => window.__networkBench?.firstPaintMs != null, null, { timeout: 120_000 });
    runs.push(await page.evaluate(() => ({ ...window.__networkBench, frames: [] })));
  }
  const first = stats(runs.map((r) => r.firstPaintMs));
  console.log(
    JSON.stringify({
      case: "network-first-paint",
      activities: n,
      ...first,
      parseMedianMs: stats(runs.map((r) => r.parseMs)).medianMs,
      layoutMedianMs: stats(runs.map((r) => r.layoutMs)).medianMs,
      targetMs: 1000,
    }),
  );
  await page.waitForTimeout(300);
  if (shotsDir) {
    mkdirSync(shotsDir, { recursive: true });
    await page.screenshot({ path: join(shotsDir, "network-bench-100.png") });
  }

  for (const [name, source] of [
    ["network-pan", PAN(-14, -6)],
    ["network-zoom", WHEEL],
  ]) {
    const f = await frames(page, 300, source);
    console.log(
      JSON.stringify({
        case: name,
        activities: n,
        ...stats(f.deltas),
        fps: fps(f.deltas),
        drawMedianMs: stats(f.draws).medianMs,
        drawP95Ms: stats(f.draws).p95Ms,
        boxesMedian: stats(f.boxes).medianMs,
        targetFps: 50,
      }),
    );
  }

  // The whole diagram on screen (fit): every box and connector is drawn each frame — the worst case.
  await page.getByRole("button", { name: "Fit to screen" }).click();
  await page.waitForTimeout(600);
  if (shotsDir) await page.screenshot({ path: join(shotsDir, "network-bench-fit.png") });
  for (const [name, source] of [
    ["network-pan-fit", PAN(-3, -2)],
    ["network-zoom-fit", WHEEL],
  ]) {
    const f = await frames(page, 300, source);
    console.log(
      JSON.stringify({
        case: name,
        activities: n,
        ...stats(f.deltas),
        fps: fps(f.deltas),
        drawMedianMs: stats(f.draws).medianMs,
        drawP95Ms: stats(f.draws).p95Ms,
        boxesMedian: stats(f.boxes).medianMs,
        targetFps: 50,
      }),
    );
  }
  await context.close();
} finally {
  await close();
}
