// What the web benchmarks share: apps/web/dist served on a random loopback port, Chromium, the command line,
// statistics, and frames driven from inside the page (one step per requestAnimationFrame).
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

export const dist = resolve(fileURLToPath(new URL(".", import.meta.url)), "../dist");

/** `--name value` of the command line, or `fallback`. */
export function option(name, fallback = null) {
  const args = process.argv.slice(2);
  const k = args.indexOf(`--${name}`);
  return k >= 0 ? args[k + 1] : fallback;
}

const TYPES = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".json": "application/json",
};

/**
 * Serves apps/web/dist (the page `page` must have been built: `npm run build -w apps/web`) and starts Chromium.
 * `close()` stops both.
 */
export async function startBench(page) {
  if (!existsSync(join(dist, page))) {
    console.error(`apps/web/dist/${page} is missing: run \`npm run build -w apps/web\` first`);
    process.exit(1);
  }
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
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--enable-precise-memory-info",
    ],
  });
  return {
    base: `http://127.0.0.1:${server.address().port}`,
    browser,
    async close() {
      await browser.close();
      server.close();
    },
  };
}

/** Median and 95th percentile of samples (ms). */
export function stats(samples) {
  const s = [...samples].sort((a, b) => a - b);
  if (s.length === 0) return { medianMs: null, p95Ms: null };
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { medianMs: +at(0.5).toFixed(2), p95Ms: +at(0.95).toFixed(2) };
}

/** Frames per second of the median frame interval. */
export function fps(deltas) {
  const median = stats(deltas).medianMs;
  return median ? +(1000 / median).toFixed(1) : null;
}

/**
 * Runs `stepSource` (the body of a function of the frame number `k`) once per animation frame, `count` times, and
 * answers the frame intervals (rAF deltas) and the frames the page's probe recorded meanwhile
 * (`window[probeName].frames`).
 */
export async function frames(page, probeName, count, stepSource) {
  return page.evaluate(
    ({ probeName, count, stepSource }) =>
      new Promise((done) => {
        const step = new Function("k", stepSource);
        const bench = window[probeName];
        const from = bench.frames.length;
        const deltas = [];
        let last = 0;
        let k = 0;
        const tick = (now) => {
          if (last) deltas.push(now - last);
          last = now;
          if (k >= count) {
            done({ deltas, frames: bench.frames.slice(from) });
            return;
          }
          step(k++);
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    { probeName, count, stepSource },
  );
}

/** The page's used JS heap, MB. */
export async function heapMB(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const { metrics } = await cdp.send("Performance.getMetrics");
  const used = metrics.find((m) => m.name === "JSHeapUsedSize")?.value ?? 0;
  return +(used / 1048576).toFixed(1);
}

/**
 * CPU time (user + system, ms) of every process descending from this one — the browser's page, GPU and utility
 * processes — from /proc (Linux; null elsewhere). Summed over processes alive when asked.
 */
export function browserCpuMs() {
  if (!existsSync("/proc/self/stat")) return null;
  const stats = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // the command's name is in parentheses and may hold spaces: the fields after it are fixed
      const text = readFileSync(`/proc/${name}/stat`, "utf8");
      const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
      stats.set(Number(name), { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // the process ended meanwhile
    }
  }
  const descends = (pid) => {
    for (let at = stats.get(pid); at; at = stats.get(at.parent)) if (at.parent === process.pid) return true;
    return false;
  };
  let ticks = 0;
  for (const [pid, { ticks: own }] of stats) if (descends(pid)) ticks += own;
  return Math.round((ticks * 1000) / 100); // USER_HZ is 100 on Linux
}
