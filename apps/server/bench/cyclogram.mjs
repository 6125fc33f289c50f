// Cyclogram benchmark (issue 16) on the built server and the embedded database (PGlite in a temporary folder):
// 5,000 works (the bench schedule: two years, calculated) over 100 floors of a number attribute, 50 work types by
// name. One JSON line: GET /versions/{id}/cyclogram/{attrId} — the data of the first paint (target: first paint
// ≤ 1 s, the canvas drawing adding a few milliseconds), first call and warm median.
//   node apps/server/bench/cyclogram.mjs [works=5000] [locations=100]
import { sql } from "drizzle-orm";
import { benchApi, benchSchedule, jsonLine, median, timed } from "./bench-kit.mjs";
import { startBenchServer } from "./bench-server.mjs";
import { fiveByEight, seedWorks } from "./seed-works.mjs";

const WORKS = Number(process.argv[2] ?? 5000);
const LOCATIONS = Number(process.argv[3] ?? 100);
const RUNS = 5;

const { app, database, stop } = await startBenchServer("planum-bench-cyclogram-");
const api = benchApi(app);
await api.signUp();
const { spaceId } = api;
const { schedule, version } = await benchSchedule(api, { project: "Жилой дом", schedule: "Поточный график" });
const calendar = (await api.send("POST", "/calendars", fiveByEight)).data;
const floor = (await api.send("POST", `/schedules/${schedule.id}/attributes`, { name: "Этаж", type: "number" })).data;
// the floors and work types go in before anything reads the version's Gantt
await seedWorks(database.db, { spaceId, versionId: version.id, calendarId: calendar.id, works: WORKS });
await database.db.execute(sql`
  UPDATE wbs_items SET
    attrs = jsonb_build_object(${floor.id}::text, (id % ${LOCATIONS}) + 1),
    name = 'Вид работ ' || ((id / 7) % 50)
  WHERE version_id = ${version.id} AND type = 'work'`);
await database.db.execute(sql`UPDATE versions SET revision = revision + 1 WHERE id = ${version.id}`);

const url = `/versions/${version.id}/cyclogram/${floor.id}`;
const first = await timed(() => api.send("GET", url));
const runs = [];
let answer = first.result;
for (let k = 0; k < RUNS; k++) {
  const run = await timed(() => api.send("GET", url));
  runs.push(run);
  answer = run.result;
}
const data = answer.data;
jsonLine({
  case: "cyclogram",
  works: WORKS,
  locations: data.locations.length,
  lines: data.lines.length,
  crossings: data.crossings.length,
  idle: data.idle.length,
  firstMs: Math.round(first.ms),
  medianMs: Math.round(median(runs.map((r) => r.ms))),
  medianCpuMs: Math.round(median(runs.map((r) => r.cpuMs))),
});
await stop();
