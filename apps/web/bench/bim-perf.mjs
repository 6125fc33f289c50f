#!/usr/bin/env node
// BIM viewer benchmark in Chromium (issue 20): one JSON line on stdout.
//   node apps/web/bench/bim-perf.mjs [--elements 100000] [--frames 120]
// Targets: a model of ~100,000 elements opens ≤ 5 s (streamed: inflated, read and drawn batch by batch; the first
// frame's time is in phases), orbits at ≥ 50 fps, the 4D
// player recolours every element at ≥ 30 fps. WebGL runs on SwiftShader (software) here: no GPU on the machine.
// Also the draw calls and triangles of a still, an orbit and a player frame. The orbit is a scripted turn of a degree
// a frame while the camera counts as moving (frames within their budget: clusters whole or as boxes, at a share of
// the resolution), the player gives every element a new status colour each frame (screen passes over the id
// target); each reports the median and mean frames per second, the main thread's time of the step and of the
// scene's frame, triangles per frame (least, median, most), the frames' kinds and resolution, and the orbit's last
// moving frame against the still one from the same place (`orbitCoverage`). `--shots DIR` writes those frames as
// PNGs. Session 19, load 19–20: orbit 0.8 → 15–30 fps, player 0.4 → 8.6 fps (bim CONTEXT.md, "Measured").
// Needs `npm run build -w apps/web` first. Reports the page's main-thread CPU time, the whole browser's CPU time
// while the model opens (Linux), and the machine's load beside wall time.
import { writeFileSync } from "node:fs";
import os from "node:os";
import { browserCpuMs, option, startBench } from "./harness.mjs";

const elements = Number(option("elements", "100000"));
const frames = Number(option("frames", "120"));
const { base, browser, close } = await startBench("bim-bench.html");
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  const cpu = async () =>
    (await cdp.send("Performance.getMetrics")).metrics.find((m) => m.name === "TaskDuration")?.value ?? 0;
  const cpu0 = await cpu();
  const t0 = performance.now();
  // The page builds the model on load and keeps the main thread busy for seconds: waiting for "load" would time out.
  await page.goto(
    `${base}/bim-bench.html?elements=${elements}&frames=${frames}${option("shots") ? "&shots=1" : ""}${option("extra", "")}`,
    {
      waitUntil: "commit",
    },
  );
  await page.waitForFunction(() => window.__bimBench?.ready, null, { timeout: 600_000, polling: 200 });
  // The browser's CPU (every process: page, GPU process where SwiftShader draws, the geometry worker) while opening.
  const browserCpu0 = browserCpuMs();
  await page.evaluate(() => window.__bimBench.go());
  await page.waitForFunction(() => window.__bimBench.opened, null, { timeout: 600_000, polling: 50 });
  const openBrowserCpuMs = browserCpuMs() - browserCpu0;
  await page.waitForFunction(() => window.__bimBench.done, null, { timeout: 600_000, polling: 500 });
  const result = await page.evaluate(() => ({ ...window.__bimBench }));
  // --shots DIR: the last moving frame, the whole model's from the same place, and the last player frame, as PNGs
  const shotsDir = option("shots");
  if (shotsDir)
    for (const [name, url] of Object.entries(result.shots ?? {}))
      writeFileSync(`${shotsDir}/bim-bench-${name}.png`, Buffer.from(url.split(",")[1], "base64"));
  console.log(
    JSON.stringify({
      case: "bim-viewer",
      elements: result.elements,
      wireMB: result.wireMB,
      openMs: result.openMs,
      phases: result.phases,
      openBrowserCpuMs,
      triangles: result.triangles,
      drawCalls: result.drawCalls,
      orbitFps: result.orbitFps,
      orbitTriangles: result.orbitTriangles,
      orbitDrawCalls: result.orbitDrawCalls,
      orbit: result.orbit,
      orbitCoverage: result.orbitCoverage,
      playerFps: result.playerFps,
      player: result.player,
      playerDrawCalls: result.playerDrawCalls,
      pageCpuMs: Math.round(((await cpu()) - cpu0) * 1000),
      wallMs: Math.round(performance.now() - t0),
      load: os.loadavg().map((l) => +l.toFixed(2)),
      renderer: "SwiftShader",
      targets: { openMs: 5000, orbitFps: 50, playerFps: 30 },
    }),
  );
} finally {
  await close();
}
