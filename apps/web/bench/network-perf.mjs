#!/usr/bin/env node
// Network view benchmark in Chromium: one JSON line per case on stdout.
//   node apps/web/bench/network-perf.mjs [--n 5000] [--screenshots DIR]
// Targets (issue 10): 5,000 activities first paint ≤ 1 s after the data arrived; pan and zoom ≥ 50 fps.
// Needs `npm run build -w apps/web` first (serves apps/web/dist on a random loopback port, stopped at the end).
import { createReadStream, existsSync, mkdirSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = fileURLToPath(new URL(".", import.meta.url));
const dist = resolve(here, "../dist");
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const k = args.indexOf(`--${name}`);
  return k >= 0 ? args[k + 1] : fallback;
};
const n = Number(opt("n", "5000"));
const shotsDir = opt("screenshots", null);

if (!existsSync(join(dist, "network-bench.html"))) {
  console.error("apps/web/dist/network-bench.html is missing: run `npm run build -w apps/web` first");
  process.exit(1);
}

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml" };
const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname)).replace(/^(\.\.[/\\])+/, "");
  const file = join(dist, path === "/" ? "index.html" : path);
  if (!file.startsWith(dist) || !existsSync(file) || !statSync(file).isFile()) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
  createReadStream(file).pipe(res);
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const base = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});

function stats(samples) {
  const s = [...samples].sort((a, b) => a - b);
  if (s.length === 0) return { medianMs: null, p95Ms: null };
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { medianMs: +at(0.5).toFixed(2), p95Ms: +at(0.95).toFixed(2) };
}
const fps = (deltas) => {
  const median = stats(deltas).medianMs;
  return median ? +(1000 / median).toFixed(1) : null;
};

/** Frame intervals (rAF deltas) and the view's own draw ms while `step(k)` runs once per frame. */
async function frames(page, count, stepSource) {
  return page.evaluate(
    ({ count, stepSource }) =>
      new Promise((done) => {
        const step = new Function("k", stepSource);
        const bench = window.__networkBench;
        const drawFrom = bench.frames.length;
        const deltas = [];
        let last = 0;
        let k = 0;
        const tick = (now) => {
          if (last) deltas.push(now - last);
          last = now;
          if (k >= count) {
            const drawn = bench.frames.slice(drawFrom);
            done({ deltas, draws: drawn.map((f) => f.ms), boxes: drawn.map((f) => f.boxes) });
            return;
          }
          step(k++);
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    { count, stepSource },
  );
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
  await browser.close();
  server.close();
}
