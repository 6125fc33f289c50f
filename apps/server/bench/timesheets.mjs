// Timesheet benchmark (issue 13) on the built server and the embedded database (PGlite in a temporary folder):
// a person is a labour resource assigned to 50 works of a 2,000-work version; their week of 50 lines is saved.
//   timesheet_save_week — PATCH /schedules/{id}/timesheet/update with 50 lines of 7 days, changed each run
//                         (HTTP, median of 9 runs), target ≤ 200 ms
//   timesheet_read_week — GET /users/timesheet/grouped of that week (for context)
//   node apps/server/bench/timesheets.mjs
import { sql } from "drizzle-orm";
import { benchApi, benchSchedule, jsonLine, median, timed } from "./bench-kit.mjs";
import { startBenchServer } from "./bench-server.mjs";

const WORKS = 2_000;
const LINES = 50;
const RUNS = 9;

const { app, database, stop } = await startBenchServer("planum-bench-timesheets-");
const { db } = database;

const api = benchApi(app);
const inject = api.call;
const line = (name, extra) => jsonLine({ case: name, lines: LINES, works: WORKS, ...extra });

await api.signUp();
const { spaceId } = api;
const { schedule, version } = await benchSchedule(api);
const me = await inject("GET", "/users/who-am-i");
const resource = await inject("POST", `/space/${spaceId}/resources`, {
  code: "ME",
  name: "Bench Mark",
  kind: "labor",
  unit: "h",
  userId: me.id ?? me.user?.id,
});

// 2,000 works under 20 summaries; the person is assigned to every 40th (50 works).
const base = Number((await db.execute(sql`select coalesce(max(id), 0) + 1 as b from wbs_items`)).rows[0].b);
await db.execute(sql`insert into wbs_items (id, space_id, version_id, sort_order, type, code, name)
  select ${base}::int + g, ${spaceId}::uuid, ${version.id}::uuid, g, 'sum', 'S' || g, 'Summary ' || g
  from generate_series(0, 19) g`);
await db.execute(sql`insert into wbs_items (id, space_id, version_id, parent_id, sort_order, type, code, name, duration)
  select ${base + 20}::int + g, ${spaceId}::uuid, ${version.id}::uuid, ${base}::int + g / 100, g, 'work', 'W' || g,
    'Work ' || g, 4800
  from generate_series(0, ${WORKS - 1}) g`);
await db.execute(sql`select setval(pg_get_serial_sequence('wbs_items', 'id'), (select max(id) from wbs_items))`);
const assigned = Array.from({ length: LINES }, (_, k) => base + 20 + k * 40);
await db.execute(sql`insert into assignments (space_id, version_id, item_id, resource_id, budgeted_units, remaining_units)
  select ${spaceId}::uuid, ${version.id}::uuid, i, ${resource.id}::uuid, 80, 80
  from unnest(${`{${assigned.join(",")}}`}::int[]) i`);

const DAY = 86_400_000;
const today = Math.floor(Date.now() / DAY);
const week = new Date((today - ((today + 3) % 7) - 7) * DAY).toISOString().slice(0, 10);
// Hours of a run: every line changes (a quarter hour more on Monday each run), a day stays under 24 hours in all.
const body = (run) => ({
  versionId: version.id,
  week,
  lines: assigned.map((wbsId, k) => ({
    wbsId,
    hours: [0.25 * ((run + k) % 2) + 0.25, 0.25, 0.25, 0.25, 0.25, 0, 0],
  })),
});

await inject("PATCH", `/schedules/${schedule.id}/timesheet/update`, body(0)); // warm-up: first insert of the lines
const saves = [];
const cpu = [];
for (let run = 1; run <= RUNS; run++) {
  const t = await timed(() => inject("PATCH", `/schedules/${schedule.id}/timesheet/update`, body(run)));
  saves.push(t.ms);
  cpu.push(t.cpuMs);
}
line("timesheet_save_week", {
  medianMs: Math.round(median(saves)),
  maxMs: Math.round(Math.max(...saves)),
  cpuMs: Math.round(median(cpu)),
  targetMs: 200,
});
const reads = [];
for (let run = 0; run < 5; run++)
  reads.push((await timed(() => inject("GET", `/users/timesheet/grouped?week=${week}`))).ms);
line("timesheet_read_week", { medianMs: Math.round(median(reads)) });
await stop();
