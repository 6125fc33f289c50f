// Engine benchmarks: one JSON line per case on stdout.
// node packages/engine/bench/run.mjs            all cases
// node packages/engine/bench/run.mjs --cold N   (internal) one cold first call on N activities
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createScheduler } from "../dist/index.js";
import { generateNetwork } from "./network-gen.mjs";

const self = fileURLToPath(import.meta.url);

function stats(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { medianMs: +at(0.5).toFixed(2), p95Ms: +at(0.95).toFixed(2) };
}

const heapMB = () => {
  globalThis.gc?.();
  return +(process.memoryUsage().heapUsed / 1048576).toFixed(1);
};

function line(name, input, samples, heap) {
  const out = {
    case: name,
    activities: input.activities.length,
    relations: input.relations.length,
    calendars: input.calendars.length,
    ...stats(samples),
    heapMB: heap,
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

function fullCase(name, size, runs, calendarMix = "blocks") {
  const input = generateNetwork({ activities: size, calendarMix });
  const s = createScheduler(input);
  s.calculate();
  for (let k = 0; k < 3; k++) s.recalculateAll();
  const samples = [];
  for (let k = 0; k < runs; k++) {
    const t0 = performance.now();
    s.recalculateAll();
    samples.push(performance.now() - t0);
  }
  line(name, input, samples, heapMB());
  return { input, s };
}

function incrementalCase(name, input, s, runs) {
  // A change absorbed by float: an activity in the middle of the network with more float than the change.
  const res = s.result().activities;
  const mid = Math.floor(res.length / 2);
  let pick = -1;
  for (let k = mid; k < res.length && pick < 0; k++) {
    if (res[k].totalFloat > 960 && input.activities[k].duration > 0) pick = k;
  }
  const a = input.activities[pick];
  const samples = [];
  for (let k = 0; k < runs + 5; k++) {
    s.setDuration(a.id, a.duration + (k % 2 === 0 ? 480 : 0));
    const t0 = performance.now();
    const r = s.calculate();
    const ms = performance.now() - t0;
    if (r.mode !== "incremental") throw new Error(`expected an incremental recalculation, got ${r.mode}`);
    if (k >= 5) samples.push(ms);
  }
  line(name, input, samples, heapMB());
}

function coldRun(size) {
  // Real callers hand over parsed JSON (CLI, server): its strings behave differently from generated ones.
  const input = JSON.parse(JSON.stringify(generateNetwork({ activities: size })));
  const t0 = performance.now();
  const s = createScheduler(input);
  s.calculate();
  const ms = performance.now() - t0;
  process.stdout.write(`${JSON.stringify({ ms, heapMB: heapMB() })}\n`);
}

function coldCase(name, size, runs) {
  const samples = [];
  let heap = 0;
  for (let k = 0; k < runs; k++) {
    const out = execFileSync(process.execPath, ["--expose-gc", self, "--cold", String(size)], { encoding: "utf8" });
    const r = JSON.parse(out.trim());
    samples.push(r.ms);
    heap = Math.max(heap, r.heapMB);
  }
  const input = generateNetwork({ activities: size });
  line(name, input, samples, heap);
}

const argv = process.argv.slice(2);
if (argv[0] === "--cold") {
  coldRun(Number(argv[1]));
} else {
  fullCase("full-10k", 10_000, 40);
  const { input, s } = fullCase("full-100k", 100_000, 15);
  incrementalCase("incremental-100k", input, s, 30);
  coldCase("cold-100k", 100_000, 3);
  fullCase("full-100k-random-calendars", 100_000, 10, "random");
}
