// Resource usage benchmark (issue 13) on the built server and the embedded database (PGlite in a temporary folder):
// 1,000 resources (20 groups of 49 crews, 8 units a day on weekdays) and 10,000 works over two years on a 5×8
// calendar, each work with one crew assigned (8 units a day, evenly). One JSON line per case:
//   usage_day    — GET /resource/usage by day over the two years (HTTP: load, spread, sum, pack), target ≤ 1 s
//   usage_week   — the same by week
//   usage_works  — GET /resource/{group}/wbs-by-assignment for one week of a group (the works behind a bar)
//   node apps/server/bench/resource-usage.mjs [works=10000]
import { sql } from "drizzle-orm";
import { benchApi, benchSchedule, jsonLine, stats, timed } from "./bench-kit.mjs";
import { startBenchServer } from "./bench-server.mjs";
import { fiveByEight, seedWorks } from "./seed-works.mjs";

const WORKS = Number(process.argv[2] ?? 10_000);
const GROUPS = 20;
const CREWS_PER_GROUP = 49;
const RUNS = 5;

const { app, database, stop } = await startBenchServer("planum-bench-usage-");
const { db } = database;

const api = benchApi(app);
const inject = api.send;
const line = (name, extra) =>
  jsonLine({ case: name, resources: GROUPS * (CREWS_PER_GROUP + 1), works: WORKS, ...extra });

await api.signUp();
const { spaceId } = api;
const { version } = await benchSchedule(api);
const calendar = (await inject("POST", "/calendars", fiveByEight)).data;
await seedWorks(db, { spaceId, versionId: version.id, calendarId: calendar.id, works: WORKS });

// ---- 1,000 resources: 20 groups of 49 crews; each work gets one crew ----
const groupIds = [];
const crewIds = [];
for (let g = 0; g < GROUPS; g++) {
  const group = (
    await db.execute(sql`insert into resources (space_id, code, name, kind, unit)
      values (${spaceId}::uuid, ${`G${g + 1}`}, ${`Group ${g + 1}`}, 'labor', 'h') returning id`)
  ).rows[0].id;
  groupIds.push(group);
  const crews = await db.execute(sql`insert into resources (space_id, parent_id, code, name, kind, unit, availability)
    select ${spaceId}::uuid, ${group}::uuid, ${`G${g + 1}-C`} || k, 'Crew ' || k, 'labor', 'h',
      '[{"from":"2025-01-01","maxUnitsPerDay":8}]'::jsonb
    from generate_series(1, ${CREWS_PER_GROUP}) k returning id`);
  for (const row of crews.rows) crewIds.push(row.id);
}
await db.execute(sql`insert into assignments (space_id, version_id, item_id, resource_id, budgeted_units,
    remaining_units, units_per_day, curve)
  select ${spaceId}::uuid, ${version.id}::uuid, w.id, (${`{${crewIds.join(",")}}`}::uuid[])[1 + (w.rn % ${crewIds.length})],
    w.duration / 60.0, w.duration / 60.0, 8, 'evenly'
  from (select id, duration, row_number() over (order by id) as rn from wbs_items
        where version_id = ${version.id}::uuid and type = 'work') w`);
process.stderr.write(`seeded ${crewIds.length + groupIds.length} resources and their assignments\n`);

const range = "from=2025-01-13&to=2027-01-12";
for (const [name, url] of [
  ["usage_day", `/resource/usage?scale=day&${range}`],
  ["usage_week", `/resource/usage?scale=week&${range}`],
  ["usage_works", `/resource/${groupIds[0]}/wbs-by-assignment?from=2025-06-02&to=2025-06-08`],
]) {
  await inject("GET", url);
  const samples = [];
  const cpu = [];
  let bytes = 0;
  for (let k = 0; k < RUNS; k++) {
    const run = await timed(() => inject("GET", url));
    samples.push(run.ms);
    cpu.push(run.cpuMs);
    bytes = run.result.bytes;
  }
  line(name, { days: 730, ...stats(samples, cpu), answerKB: Math.round(bytes / 1024), targetMs: 1000 });
}
await stop();
