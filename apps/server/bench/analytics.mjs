// Analytics benchmarks (issue 15) on the built server and the embedded database: a version of 100,000 works over two
// years (plans of money, cost, labour and volume over each work's days, facts of the first half), counted once, then
// served. One JSON line per case:
//   analytics_count  — the analytics_version job's count of everything (reads every series: a calculation, a first
//                      count), for context
//   analytics_edit   — the job's count after one work's fact changed (its block only)
//   analytics_edits  — 20 facts entered in a row through the API, each announced: the CPU of the calls and of the
//                      counts they queued until the figures are fresh, and how many counts ran
//   analytics_series — GET /analytics/version/{id}/series (cost S-curve per day), target ≤ 300 ms
//   analytics_stats  — GET /analytics/version/{id}/stats (counts, totals of four measures, earned value)
//   analytics_indicators — ten indicators (two reading others) recomputed for the version, as each count does,
//                      target ≤ 2 s; and GET /analytics/version/{id}/indicator
//   node apps/server/bench/analytics.mjs [works=100000]
import { sql } from "drizzle-orm";
import { benchApi, benchSchedule, jsonLine, stats, timed } from "./bench-kit.mjs";
import { startBenchServer } from "./bench-server.mjs";
import { fiveByEight, seedWorks } from "./seed-works.mjs";

const WORKS = Number(process.argv[2] ?? 100_000);
const RUNS = 7;

const { app, database, stop, startJobs } = await startBenchServer("planum-bench-analytics-");
const { recountVersion, blockParts } = await import("../dist/modules/analytics/analytics-recount.js");
const { bumpGeneration, readAnalytics } = await import("../dist/modules/analytics/analytics.repo.js");
const { storeIndicatorValues } = await import("../dist/modules/analytics/indicator-values.js");
const { writeSeries } = await import("../dist/modules/workspace/wdp/wdp-store.js");
const { db } = database;

const api = benchApi(app);
const inject = api.call;
const line = (name, extra) => jsonLine({ case: name, works: WORKS, ...extra });

await api.signUp();
const { spaceId } = api;
const { version, schedule } = await benchSchedule(api);
const calendar = await inject("POST", "/calendars", fiveByEight);
await seedWorks(db, { spaceId, versionId: version.id, calendarId: calendar.id, works: WORKS });
// Status a year in (set after the calculation, which would otherwise schedule the unstarted works after it).
await db.execute(sql`update versions set data_date = '2026-01-12 08:00' where id = ${version.id}`);

// Plans: each work's quantity evenly over its calendar days, stored through the module's writer (the distribution has
// its own bench); facts: the plan's days up to the data date.
const t0 = performance.now();
const STATUS_DAY = Math.floor(Date.UTC(2026, 0, 12) / 86_400_000);
const works = (
  await db.execute(sql`select id, (early_start::date - date '1970-01-01') as d0,
    greatest(1, early_finish::date - early_start::date + 1) as n, planned_volume as pv, planned_labour as pl,
    planned_cost as pc from wbs_items where version_id = ${version.id} and type = 'work'`)
).rows;
const rows = [];
for (const w of works) {
  for (const [measure, total] of [
    ["volume", w.pv],
    ["labour", w.pl],
    ["cost", w.pc],
    ["distributed_price", w.pc * 1.2],
  ]) {
    const day = Math.round((total / w.n) * 1000) / 1000;
    const values = new Array(w.n).fill(day);
    rows.push({ itemId: w.id, measure, kind: "plan", startDay: w.d0, values, total: day * w.n });
    const done = Math.min(w.n, STATUS_DAY - w.d0 + 1);
    if (done > 0)
      rows.push({
        itemId: w.id,
        measure,
        kind: "fact",
        startDay: w.d0,
        values: values.slice(0, done),
        total: day * done,
      });
  }
}
await db.transaction((tx) => writeSeries(tx, spaceId, version.id, rows));
const series = rows.length;
process.stderr.write(`wrote ${series} series in ${Math.round(performance.now() - t0)} ms\n`);

// ---- the job's count ----
const count = [];
const countCpu = [];
for (let run = 0; run < 3; run++) {
  await bumpGeneration(db, spaceId, version.id, ["all"]);
  const t = await timed(() => recountVersion(db, spaceId, version.id));
  count.push(t.ms);
  countCpu.push(t.cpuMs);
}
line("analytics_count", { series, ...stats(count, countCpu) });

// One work's Monday fact moved, as the work-done plans write it, then the count the change queues.
const edit = [];
const editCpu = [];
const started = works.filter((w) => w.d0 < STATUS_DAY);
for (let run = 0; run < 7; run++) {
  const w = started[(run * 7919) % started.length];
  const value = 1 + run;
  await db.transaction((tx) =>
    writeSeries(tx, spaceId, version.id, [
      { itemId: w.id, measure: "volume", kind: "fact", startDay: w.d0, values: [value], total: value },
    ]),
  );
  await bumpGeneration(db, spaceId, version.id, blockParts([w.id]));
  const t = await timed(() => recountVersion(db, spaceId, version.id));
  edit.push(t.ms);
  editCpu.push(t.cpuMs);
}
line("analytics_edit", stats(edit, editCpu));

// 20 facts entered through the API one after the other; every call announces wdp_updated and the service queues
// counts (one at a time per version: changes during a count ride on the next one). Ends when the figures are fresh.
await startJobs();
const since = (await db.execute(sql`select now()::text as t`)).rows[0].t;
const burst = await timed(async () => {
  for (let k = 0; k < 20; k++) {
    const w = started[(k * 104_729) % started.length];
    await inject("PATCH", `/schedules/${schedule.id}/wdp/update-many`, {
      versionId: version.id,
      cells: [
        {
          itemId: w.id,
          measure: "volume",
          kind: "fact",
          date: new Date(w.d0 * 86_400_000).toISOString().slice(0, 10),
          value: 2 + k,
        },
      ],
    });
  }
  for (;;) {
    const [row] = await readAnalytics(db, spaceId, [version.id]);
    const open = (
      await db.execute(sql`select count(*)::int as n from jobs where type = 'analytics_version'
      and status in ('queued', 'in_process')`)
    ).rows[0].n;
    if (row.computedGeneration >= row.generation && open === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});
const ran = (
  await db.execute(sql`select count(*)::int as n from jobs where type = 'analytics_version'
  and created_at >= ${since}::timestamptz and status = 'completed' and coalesce(result->>'counted', '') <> 'false'`)
).rows[0].n;
line("analytics_edits", {
  edits: 20,
  counts: ran,
  ms: Math.round(burst.ms),
  cpuMs: Math.round(burst.cpuMs),
});

// ---- indicators: recomputed from the stored figures (every count does it in its transaction) ----
for (const [key, formula] of [
  ["pace", "spi * 100"],
  ["efficiency", "cpi"],
  ["delay_share", "delayed / works"],
  ["critical_share", "critical / works"],
  ["cost_done", "fact_cost / plan_cost"],
  ["on_date", "fact_volume / on_date_volume"],
  ["overrun", "eac - bac"],
  ["late", "late_start + late_finish"],
  ["health", "min(pace / 100, efficiency)"],
  ["alarm", "max(delay_share, critical_share) * 100"],
])
  await inject("POST", `/schedules/${schedule.id}/indicators/create`, { key, name: key, formula });
const recompute = [];
const recomputeCpu = [];
for (let run = 0; run < RUNS; run++) {
  const t = await timed(() => db.transaction((tx) => storeIndicatorValues(tx, spaceId, version.id)));
  recompute.push(t.ms);
  recomputeCpu.push(t.cpuMs);
}
line("analytics_indicators", { indicators: 10, ...stats(recompute, recomputeCpu), targetMs: 2000 });

// ---- served ----
for (const [name, url, target] of [
  ["analytics_series", `/analytics/version/${version.id}/series?measure=cost`, 300],
  ["analytics_stats", `/analytics/version/${version.id}/stats`, undefined],
  ["analytics_indicator", `/analytics/version/${version.id}/indicator`, undefined],
]) {
  const ms = [];
  const cpu = [];
  let days = 0;
  for (let run = 0; run < RUNS; run++) {
    const t = await timed(() => inject("GET", url));
    ms.push(t.ms);
    cpu.push(t.cpuMs);
    days = t.result.periods?.length ?? 0;
  }
  line(name, { ...(days ? { days } : {}), ...stats(ms, cpu), ...(target ? { targetMs: target } : {}) });
}

await stop();
