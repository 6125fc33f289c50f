// Work-done plan benchmarks (issue 12) on the built server and the embedded database (PGlite in a temporary folder):
// 10,000 works over a two-year schedule on a 5×8 calendar with holidays, each with plan and fact of volume, labour
// and cost over its own days. One JSON line per case:
//   wdp_distribute   — POST …/wdp/distribute of every work for one measure (HTTP, median of the three measures)
//   wdp_storage      — size of wdp_work_series + wdp_works in the database (table, TOAST and indexes), target ≤ 50 MB
//   wdp_save_cells   — PATCH …/wdp/update-many with 1,000 edited cells (HTTP, 100 works × 10 days), target ≤ 300 ms
//   wdp_redistribute — every work's plans spread again after its dates moved (the calculation's hook), target ≤ 1 s
//   wdp_calculate    — the whole calculation of the version when every work moves, hook included (for context)
//   wdp_export_xlsx  — POST …/wdp/export of every work's plan, fact and approved plan of three measures over the
//                      whole span (the streaming writer); time, file size and the process's peak memory growth
//   node apps/server/bench/wdp.mjs [works=10000]
import { sql } from "drizzle-orm";
import { benchApi, benchSchedule, jsonLine, stats, timed } from "./bench-kit.mjs";
import { startBenchServer } from "./bench-server.mjs";
import { fiveByEight, seedWorks } from "./seed-works.mjs";

const WORKS = Number(process.argv[2] ?? 10_000);
const RUNS = 5;

const { app, ctx, database, stop } = await startBenchServer("planum-bench-wdp-");
const { calculateVersion } = await import("../dist/modules/workspace/calculation/calculate-version.js");
const { redistributeMoved } = await import("../dist/modules/workspace/wdp/wdp-redistribute.js");
const { db } = database;

const api = benchApi(app);
const inject = api.call;
const line = (name, extra) => jsonLine({ case: name, works: WORKS, measures: 3, ...extra });

await api.signUp();
const { spaceId } = api;
const { schedule, version } = await benchSchedule(api);
const calendar = await inject("POST", "/calendars", fiveByEight);
const ids = await seedWorks(db, { spaceId, versionId: version.id, calendarId: calendar.id, works: WORKS });

// ---- plans of three measures through the API, facts of the same shape ----
const distribute = [];
const distributeCpu = [];
for (const [measure, mode] of [
  ["volume", "evenly"],
  ["labour", "by_volume"],
  ["cost", "evenly"],
]) {
  const { ms, cpuMs } = await timed(() =>
    inject("POST", `/schedules/${schedule.id}/wdp/distribute`, { versionId: version.id, itemIds: ids, measure, mode }),
  );
  distribute.push(ms);
  distributeCpu.push(cpuMs);
}
line("wdp_distribute", { ...stats(distribute, distributeCpu), note: "one call per measure for every work" });
// Facts over the same days as the plans (the storage is what counts here).
await db.execute(sql`insert into wdp_work_series (item_id, kind, space_id, version_id, measures, starts, lengths, totals, days)
  select item_id, 'fact', space_id, version_id, measures, starts, lengths, totals, days
  from wdp_work_series where version_id = ${version.id} and kind = 'plan'`);
await db.execute(sql`vacuum analyze wdp_work_series`);
const size = (
  await db.execute(sql`select count(*)::int as n, sum(n)::bigint as days,
    pg_total_relation_size('wdp_work_series') + pg_total_relation_size('wdp_works') as bytes
    from wdp_work_series, unnest(lengths) as n`)
).rows[0];
line("wdp_storage", {
  series: size.n,
  storedDays: Number(size.days),
  sizeMB: Math.round((Number(size.bytes) / 1048576) * 10) / 10,
  targetMB: 50,
});

// ---- save 1,000 edited cells: 100 works × 10 days of their plan ----
const save = [];
const saveCpu = [];
for (let run = 0; run < RUNS; run++) {
  const cells = [];
  for (let w = 0; w < 100; w++) {
    const id = ids[(run * 100 + w * 37) % ids.length];
    for (let d = 0; d < 10; d++) {
      const day = new Date(Date.UTC(2025, 2, 3 + d + run)).toISOString().slice(0, 10);
      cells.push({ itemId: id, measure: "volume", kind: "plan", date: day, value: `${run + 1},${d}` });
    }
  }
  const { ms, cpuMs } = await timed(() =>
    inject("PATCH", `/schedules/${schedule.id}/wdp/update-many`, { versionId: version.id, cells }),
  );
  save.push(ms);
  saveCpu.push(cpuMs);
}
line("wdp_save_cells", { cells: 1000, ...stats(save, saveCpu), targetMs: 300 });

// ---- every work moves a week: its plans are spread again (the hook a calculation runs) ----
const redistribute = [];
const redistributeCpu = [];
let written = 0;
for (let run = 0; run < RUNS; run++) {
  const shift = run % 2 === 0 ? "7 days" : "-7 days";
  await db.execute(sql`update wbs_items set early_start = early_start + ${shift}::interval,
    early_finish = early_finish + ${shift}::interval where version_id = ${version.id} and type = 'work'`);
  const { ms, cpuMs, result } = await timed(() => db.transaction((tx) => redistributeMoved(tx, version.id, ids)));
  redistribute.push(ms);
  redistributeCpu.push(cpuMs);
  written = result?.series ?? 0;
}
line("wdp_redistribute", { seriesWritten: written, ...stats(redistribute, redistributeCpu), targetMs: 1000 });

// ---- the whole calculation when every work moves (start limits a week later), the hook included ----
const calc = [];
const calcCpu = [];
let outcome;
for (let run = 0; run < 3; run++) {
  const shift = run % 2 === 0 ? "7 days" : "-7 days";
  await db.execute(sql`update wbs_items set start_limit_date = start_limit_date + ${shift}::interval
    where version_id = ${version.id} and type = 'work'`);
  const t = await timed(() => calculateVersion(ctx, version.id));
  calc.push(t.ms);
  calcCpu.push(t.cpuMs);
  outcome = t.result;
}
line("wdp_calculate", { written: outcome.written, ...stats(calc, calcCpu), timings: outcome.timings });

// ---- the whole plan as XLSX: every work, three measures, every day of the span ----
// Peak memory: the resident size sampled every 20 ms while the export runs (its awaits let the timer fire).
const rssBefore = process.memoryUsage().rss;
let rssPeak = rssBefore;
const sampler = setInterval(() => {
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
}, 20);
const exported = await timed(() =>
  inject("POST", `/versions/${version.id}/wdp/export`, { measures: ["volume", "labour", "cost"] }),
);
clearInterval(sampler);
line("wdp_export_xlsx", {
  ms: Math.round(exported.ms),
  cpuMs: Math.round(exported.cpuMs),
  fileMB: Math.round(((exported.result?.size ?? 0) / 1048576) * 10) / 10,
  peakGrowthMB: Math.round((rssPeak - rssBefore) / 1048576),
});

await stop();
