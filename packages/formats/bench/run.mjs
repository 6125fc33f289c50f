// Benchmarks of @planum/formats, run against the built package (npm run build first).
// Prints one JSON line per case: { case, activities, relations, medianMs, p95Ms, heapMB } plus the file size and
// the median process CPU time (cpuMs), which stays meaningful when the machine is shared with other work.
import { performance } from "node:perf_hooks";
import { readXer, recalculate, scheduleRows } from "../dist/index.js";
import { generateXerBytes } from "./generate-xer.mjs";

function stats(times) {
  const s = [...times].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { medianMs: Math.round(at(0.5) * 10) / 10, p95Ms: Math.round(at(0.95) * 10) / 10 };
}

function bench(name, runs, fn, meta) {
  fn(); // warm-up: JIT and lazy initialisation are not what a user waits for twice
  const times = [];
  const cpu = [];
  let heap = 0;
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    heap = Math.max(heap, process.memoryUsage().heapUsed);
  }
  const cpuMs = stats(cpu).medianMs;
  console.log(JSON.stringify({ case: name, ...meta, ...stats(times), heapMB: Math.round(heap / 1048576), cpuMs }));
}

const small = generateXerBytes(4000);
const sizeMB = Math.round((small.bytes.length / 1048576) * 10) / 10;
bench("read-xer-4k", 15, () => readXer(small.bytes), { activities: 4000, relations: small.relations, fileMB: sizeMB });
bench("schedule-xer-4k", 10, () => scheduleRows(recalculate(readXer(small.bytes)).model), {
  activities: 4000,
  relations: small.relations,
  fileMB: sizeMB,
});
const big = generateXerBytes(100000);
bench("read-xer-100k", 3, () => readXer(big.bytes), {
  activities: 100000,
  relations: big.relations,
  fileMB: Math.round((big.bytes.length / 1048576) * 10) / 10,
});
