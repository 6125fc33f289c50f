// Schedule workspace benchmarks on the built server (apps/server/dist) and PGlite in a temporary folder.
// One JSON line per case: { case, activities, medianMs, p95Ms, payloadMB? }.
//   node apps/server/bench/workspace-calc.mjs [activities=100000] [ganttActivities=50000]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { calculateVersion } from "../dist/modules/workspace/calculation/calculate-version.js";
import { buildGanttColumns } from "../dist/modules/workspace/wbs/gantt-columns.js";
import { openDatabase } from "../dist/platform/db.js";

const ACTIVITIES = Number(process.argv[2] ?? 100_000);
const GANTT_ACTIVITIES = Number(process.argv[3] ?? 50_000);
const RUNS = 5;

function stats(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { medianMs: Math.round(at(0.5)), p95Ms: Math.round(at(0.95)) };
}

const TWO_SHIFTS = [
  ["07:00", "12:00"],
  ["13:00", "19:00"],
];
const DAY = [
  ["08:00", "12:00"],
  ["13:00", "17:00"],
];

/** A space, a project with a schedule, two calendars with holidays, and one version of `works` activities. */
async function seed(db, works) {
  const one = async (query) => (await db.execute(query)).rows[0];
  const user =
    await one(sql`insert into users (login, email, last_name, first_name, password_hash, secret_question, secret_answer_hash)
    values (${`bench${works}`}, ${`bench${works}@example.com`}, 'Bench', 'Bench', 'x', 'q', 'a') returning id`);
  const space = await one(
    sql`insert into spaces (name, type, created_by) values ('Bench', 'site', ${user.id}) returning id`,
  );
  const project = await one(
    sql`insert into eps_nodes (space_id, kind, name, path) values (${space.id}, 'project', 'P', '/') returning id`,
  );
  const schedule = await one(
    sql`insert into schedules (space_id, project_id, name) values (${space.id}, ${project.id}, 'S') returning id`,
  );
  const holidays = [];
  for (let y = 2025; y <= 2032; y++)
    for (const md of ["01-01", "01-02", "05-01", "05-09", "06-12", "11-04"])
      holidays.push({ date: `${y}-${md}`, intervals: [] });
  await one(sql`insert into calendars (space_id, name, is_default, week, exceptions)
    values (${space.id}, '5x8', true, ${JSON.stringify([DAY, DAY, DAY, DAY, DAY, [], []])}::jsonb, ${JSON.stringify(holidays)}::jsonb) returning id`);
  const cal2 = await one(sql`insert into calendars (space_id, name, week, exceptions)
    values (${space.id}, '2 shifts', ${JSON.stringify([TWO_SHIFTS, TWO_SHIFTS, TWO_SHIFTS, TWO_SHIFTS, TWO_SHIFTS, TWO_SHIFTS, []])}::jsonb,
            ${JSON.stringify(holidays)}::jsonb) returning id`);
  const version = await one(sql`insert into versions (space_id, schedule_id, label, project_start)
    values (${space.id}, ${schedule.id}, 'Bench', '2025-01-13T08:00') returning id`);
  // WBS: 1 root per 10,000 works, a sum per 100 works under it.
  const sums = Math.ceil(works / 100);
  const roots = Math.ceil(works / 10_000);
  const base = (await one(sql`select coalesce(max(id), 0) + 1 as b from wbs_items`)).b;
  await db.execute(sql`select setseed(0.42)`);
  await db.execute(sql`insert into wbs_items (id, space_id, version_id, parent_id, sort_order, type, code, name)
    select ${base}::int + g, ${space.id}::uuid, ${version.id}::uuid, null, g, 'sum', 'R' || g, 'Очередь ' || g
    from generate_series(0, ${roots - 1}) g`);
  await db.execute(sql`insert into wbs_items (id, space_id, version_id, parent_id, sort_order, type, code, name)
    select ${base + roots}::int + g, ${space.id}::uuid, ${version.id}::uuid, ${base}::int + g / 100, g, 'sum', 'W' || g, 'Захватка ' || g
    from generate_series(0, ${sums - 1}) g`);
  const first = base + roots + sums;
  await db.execute(sql`insert into wbs_items (id, space_id, version_id, parent_id, sort_order, type, code, name, duration, calendar_id)
    select ${first}::int + g, ${space.id}::uuid, ${version.id}::uuid, ${base + roots}::int + g / 100, g,
           case when g % 50 = 49 then 'milestone_finish' else 'work' end, 'A' || (g * 10), 'Работа ' || g,
           case when g % 50 = 49 then 0 else 60 * (1 + floor(random() * 40))::int end,
           case when g % 10 = 0 then ${cal2.id}::uuid else null end
    from generate_series(0, ${works - 1}) g`);
  await db.execute(sql`select setval(pg_get_serial_sequence('wbs_items', 'id'), (select max(id) from wbs_items))`);
  // ~1.5 relations per activity, every type, predecessors always earlier (acyclic): crews chain ten works in a row,
  // and half the works also wait for one of the 4,000 before them, so the network spans a few years like a real one.
  await db.execute(sql`insert into relations (space_id, version_id, predecessor_id, successor_id, type, lag)
    select ${space.id}::uuid, ${version.id}::uuid, ${first}::int + g - 1, ${first}::int + g, 'fs', 0
    from generate_series(1, ${works - 1}) g where g % 10 <> 0`);
  await db.execute(sql`insert into relations (space_id, version_id, predecessor_id, successor_id, type, lag)
    select ${space.id}::uuid, ${version.id}::uuid, ${first}::int + p, ${first}::int + g,
           (array['fs','ss','ff','sf'])[1 + floor(random() * 4)::int], (floor(random() * 16)::int - 4) * 60
    from (select g, greatest(0, g - 2 - floor(random() * 4000)::int) as p from generate_series(2, ${works - 1}) g
          where random() < 0.6) x
    on conflict do nothing`);
  const [v] = (await db.execute(sql`select * from versions where id = ${version.id}`)).rows;
  return { versionId: version.id, userId: user.id, row: v };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "planum-bench-"));
const database = await openDatabase({ databaseUrl: null, dataDir: dir });
try {
  const { db } = database;
  const big = await seed(db, ACTIVITIES);
  const relations = (
    await db.execute(sql`select count(*)::int as n from relations where version_id = ${big.versionId}`)
  ).rows[0].n;
  // First calculation: no stored results, every row is written.
  const cold = [];
  let outcome;
  for (let k = 0; k < 3; k++) {
    await db.execute(
      sql`update wbs_items set early_start = null, total_float = null where version_id = ${big.versionId}`,
    );
    const t0 = performance.now();
    outcome = await calculateVersion(db, big.versionId);
    cold.push(performance.now() - t0);
  }
  process.stdout.write(
    `${JSON.stringify({ case: "server calculation, first (all rows written), PGlite", activities: ACTIVITIES, relations, ...stats(cold), last: outcome.timings, written: outcome.written })}\n`,
  );
  // Recalculation after an edit: one work's duration changes, only the rows whose results moved are written.
  const warm = [];
  for (let k = 0; k < RUNS; k++) {
    await db.execute(
      sql`update wbs_items set duration = duration + 60 where id = (select min(id) from wbs_items where version_id = ${big.versionId} and type = 'work')`,
    );
    const t0 = performance.now();
    outcome = await calculateVersion(db, big.versionId);
    warm.push(performance.now() - t0);
  }
  process.stdout.write(
    `${JSON.stringify({ case: "server recalculation after an edit, PGlite", activities: ACTIVITIES, relations, ...stats(warm), last: outcome.timings, written: outcome.written })}\n`,
  );

  const mid = await seed(db, GANTT_ACTIVITIES);
  await calculateVersion(db, mid.versionId);
  const [row] = (await db.execute(sql`select * from versions where id = ${mid.versionId}`)).rows;
  const version = {
    id: row.id,
    spaceId: row.space_id,
    projectStart: row.project_start,
    dataDate: row.data_date,
    calcStatus: row.calc_status,
    revision: row.revision,
  };
  const ganttSamples = [];
  let payload = "";
  for (let k = 0; k < RUNS; k++) {
    const t0 = performance.now();
    payload = JSON.stringify({ success: true, data: await buildGanttColumns(db, version, mid.userId) });
    ganttSamples.push(performance.now() - t0);
  }
  const decodeSamples = [];
  for (let k = 0; k < RUNS; k++) {
    const t0 = performance.now();
    JSON.parse(payload);
    decodeSamples.push(performance.now() - t0);
  }
  const rows = GANTT_ACTIVITIES + Math.ceil(GANTT_ACTIVITIES / 100) + Math.ceil(GANTT_ACTIVITIES / 10_000);
  const payloadMB = +(Buffer.byteLength(payload) / 1048576).toFixed(2);
  process.stdout.write(
    `${JSON.stringify({ case: "gantt columns build + JSON (PGlite)", activities: rows, ...stats(ganttSamples), payloadMB })}\n`,
  );
  process.stdout.write(
    `${JSON.stringify({ case: "gantt payload JSON.parse (node)", activities: rows, ...stats(decodeSamples), payloadMB })}\n`,
  );
} finally {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
