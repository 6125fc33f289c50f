// A version's assignments (issue 14's cap check): 100,000 works, each with one resource assigned, read whole by
// GET /assignment?versionId= — the filter runs in SQL and nothing is capped. One JSON line per case:
//   assignments_version — the version's 100,000 assignments (HTTP: query, join, DTOs, JSON)
//   assignments_resource — one resource's share (the same query filtered by resource)
//   node apps/server/bench/assignments.mjs [works=100000]
import { sql } from "drizzle-orm";
import { benchApi, benchSchedule, jsonLine, stats, timed } from "./bench-kit.mjs";
import { startBenchServer } from "./bench-server.mjs";
import { fiveByEight, seedWorks } from "./seed-works.mjs";

const WORKS = Number(process.argv[2] ?? 100_000);
const RESOURCES = 50;
const RUNS = 3;

const { app, database, stop } = await startBenchServer("planum-bench-assignments-");
const { db } = database;
const api = benchApi(app);
await api.signUp();
const { spaceId } = api;
const { version } = await benchSchedule(api);
const calendar = (await api.send("POST", "/calendars", fiveByEight)).data;
await seedWorks(db, { spaceId, versionId: version.id, calendarId: calendar.id, works: WORKS });
const resources = (
  await db.execute(sql`insert into resources (space_id, code, name, kind, unit)
    select ${spaceId}::uuid, 'R' || k, 'Crew ' || k, 'labor', 'h' from generate_series(1, ${RESOURCES}) k returning id`)
).rows.map((r) => r.id);
await db.execute(sql`insert into assignments (space_id, version_id, item_id, resource_id, budgeted_units,
    remaining_units, units_per_day, curve)
  select ${spaceId}::uuid, ${version.id}::uuid, w.id, (${`{${resources.join(",")}}`}::uuid[])[1 + (w.rn % ${RESOURCES})],
    8, 8, 8, 'evenly'
  from (select id, row_number() over (order by id) as rn from wbs_items
        where version_id = ${version.id}::uuid and type = 'work') w`);
process.stderr.write(`seeded ${WORKS} assignments\n`);

for (const [name, url, expected] of [
  ["assignments_version", `/assignment?versionId=${version.id}`, WORKS],
  ["assignments_resource", `/assignment?resourceId=${resources[0]}`, Math.floor(WORKS / RESOURCES)],
]) {
  const samples = [];
  const cpu = [];
  let count = 0;
  let bytes = 0;
  for (let k = 0; k < RUNS; k++) {
    const run = await timed(() => api.send("GET", url));
    samples.push(run.ms);
    cpu.push(run.cpuMs);
    count = run.result.data.length;
    bytes = run.result.bytes;
  }
  if (count < expected) throw new Error(`${name}: ${count} assignments answered, ${expected} expected`);
  jsonLine({
    case: name,
    works: WORKS,
    assignments: count,
    ...stats(samples, cpu),
    answerKB: Math.round(bytes / 1024),
  });
}
await stop();
