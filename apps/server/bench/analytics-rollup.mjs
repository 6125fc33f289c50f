// Analytics roll-up benchmark (issue 15): a project of 50 schedules whose current versions hold 10,000 works each
// (500,000 works), read as the node panel's dashboard reads it. The roll-up reads only the versions' precomputed rows
// (analytics_versions, counted by the analytics_version job — its own cost is measured by analytics.mjs), so the rows
// are written here directly: two years of daily plan, fact, target and earned sums of four measures per version.
//   analytics_rollup_series — GET /analytics/project/{id}/series (cost S-curve per day of 50 versions), target ≤ 1 s
//   analytics_rollup_stats  — GET /analytics/project/{id}/stats (counts, totals, earned value), target ≤ 1 s
//   node apps/server/bench/analytics-rollup.mjs [schedules=50]
import { sql } from "drizzle-orm";
import { benchApi, jsonLine, stats } from "./bench-kit.mjs";
import { startBenchServer } from "./bench-server.mjs";

const SCHEDULES = Number(process.argv[2] ?? 50);
const WORKS_PER_VERSION = 10_000;
const RUNS = 7;

const { app, database, stop } = await startBenchServer("planum-bench-analytics-rollup-");
const { db } = database;
const api = benchApi(app);
const inject = api.call;

await api.signUp();
const { spaceId } = api;
const root = await inject("POST", "/eps/create", { name: "Bench", key: "BENCH" });
const facility = await inject("POST", "/facilities/create", { parentId: root.id, name: "Site" });
const project = await inject("POST", `/facilities/${facility.id}/project/create`, { name: "Project" });

// Two years of days from 13.01.2025 in the shape of an S: little at the start and the end, most in the middle.
const FIRST = Math.floor(Date.UTC(2025, 0, 13) / 86_400_000);
const DAYS = 730;
const curve = (total, shift = 0, upTo = DAYS) => {
  const values = [];
  for (let k = 0; k < Math.min(DAYS, upTo); k++) {
    const x = (k + 0.5) / DAYS;
    values.push(Math.round(total * 6 * x * (1 - x) * (1 / DAYS) * 1000) / 1000);
  }
  return { start: FIRST + shift, values };
};
const STATUS = FIRST + 365;
for (let i = 0; i < SCHEDULES; i++) {
  const schedule = await inject("POST", `/projects/${project.id}/schedules/create`, { name: `Schedule ${i + 1}` });
  const version = await inject("POST", `/schedules/${schedule.id}/versions/create`, {
    label: "Current",
    projectStart: "2025-01-13T08:00",
  });
  const curves = {};
  for (const [measure, total] of [
    ["money", 12e8],
    ["cost", 1e9],
    ["labour", 4e6],
    ["volume", 2e5],
  ])
    curves[measure] = { plan: curve(total), fact: curve(total * 1.05, 3, 365), target: curve(total, -7) };
  curves.cost.earned = curve(1e9, 10, 360);
  const counts = {
    works: WORKS_PER_VERSION,
    notStarted: 4000,
    inProgress: 2000,
    completed: 4000,
    critical: 900,
    delayed: 1200,
    maxDelayDays: 45,
    totalDelayDays: 9000,
    lateStart: 300,
    lateFinish: 500,
  };
  await db.execute(sql`insert into analytics_versions (version_id, space_id, generation, computed_generation, status_day,
      curves, counts, computed_at)
    values (${version.id}, ${spaceId}, 0, 0, ${STATUS}, ${JSON.stringify(curves)}::jsonb, ${JSON.stringify(counts)}::jsonb, now())
    on conflict (version_id) do update set generation = 0, computed_generation = 0, status_day = excluded.status_day,
      curves = excluded.curves, counts = excluded.counts`);
}

for (const [name, url] of [
  ["analytics_rollup_series", `/analytics/project/${project.id}/series?measure=cost`],
  ["analytics_rollup_stats", `/analytics/project/${project.id}/stats`],
]) {
  const ms = [];
  const cpu = [];
  let answer;
  for (let run = 0; run < RUNS; run++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    answer = await inject("GET", url);
    ms.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const works = answer.count?.works ?? SCHEDULES * WORKS_PER_VERSION;
  jsonLine({ case: name, schedules: SCHEDULES, works, ...stats(ms, cpu), targetMs: 1000 });
}

await stop();
