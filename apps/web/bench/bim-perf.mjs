#!/usr/bin/env node
// BIM viewer benchmark in Chromium (issue 20): one JSON line on stdout.
//   node apps/web/bench/bim-perf.mjs [--elements 100000] [--frames 120]
// Targets: a model of ~100,000 elements opens ≤ 5 s (streamed: inflated, read and drawn batch by batch; the first
// frame's time is in phases), orbits at ≥ 50 fps, the 4D
// player recolours every element at ≥ 30 fps. WebGL runs on SwiftShader (software) here: no GPU on the machine.
// Also the draw calls and triangles of a still, an orbit and a player frame (session 18, load 8.4–8.8: 3 draw calls,
// one per streamed batch, 1.2 M triangles; orbit 0.7 fps, player 0.6 fps — the frame is SwiftShader's vertex work and
// the CPU's recolouring, not draw calls). Needs `npm run build -w apps/web` first. Reports the page's main-thread CPU time, the whole browser's CPU time while
// the model opens (Linux), and the machine's load beside wall time.
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
  await page.goto(`${base}/bim-bench.html?elements=${elements}&frames=${frames}${option("extra", "")}`, {
    waitUntil: "commit",
  });
  await page.waitForFunction(() => window.__bimBench?.ready, null, { timeout: 600_000, polling: 200 });
  // The browser's CPU (every process: page, GPU process where SwiftShader draws, the geometry worker) while opening.
  const browserCpu0 = browserCpuMs();
  await page.evaluate(() => window.__bimBench.go());
  await page.waitForFunction(() => window.__bimBench.opened, null, { timeout: 600_000, polling: 50 });
  const openBrowserCpuMs = browserCpuMs() - browserCpu0;
  await page.waitForFunction(() => window.__bimBench.done, null, { timeout: 600_000, polling: 500 });
  const result = await page.evaluate(() => ({ ...window.__bimBench }));
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
      playerFps: result.playerFps,
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
