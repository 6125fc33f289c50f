// Schedule workspace benchmarks on the built server (apps/server/dist): PGlite in a temporary folder, or PostgreSQL
// when DATABASE_URL is set (a fresh database is made beside the one named and dropped at the end).
// One JSON line per case: { case, activities, medianMs, p95Ms, payloadMB? }.
//   node apps/server/bench/workspace-calc.mjs [activities=100000] [ganttActivities=50000]
//   BENCH_ONLY=upload,calc,seeded,gantt,health picks parts (all by default); BENCH_UPLOADS=3 uploads of the XER.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { generateXerBytes } from "../../../packages/formats/bench/generate-xer.mjs";
import { buildApp } from "../dist/app.js";
import { calculateVersion } from "../dist/modules/workspace/calculation/calculate-version.js";
import { buildGanttColumns } from "../dist/modules/workspace/wbs/gantt-columns.js";
import { loadConfig } from "../dist/platform/config.js";
import { DatesWritten } from "../dist/platform/dates-written.js";
import { openDatabase } from "../dist/platform/db.js";
import { cpuNow, freshPostgres } from "./bench-kit.mjs";
import { healthCases } from "./health-cases.mjs";

const ACTIVITIES = Number(process.argv[2] ?? 100_000);
const GANTT_ACTIVITIES = Number(process.argv[3] ?? 50_000);
const RUNS = 5;
const ONLY = new Set((process.env.BENCH_ONLY ?? "upload,calc,seeded,gantt,health").split(","));
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 3);
const DB_NAME = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";

function stats(samples, cpu) {
  const median = (values) => {
    const s = [...values].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor(0.5 * s.length))];
  };
  const s = [...samples].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return {
    medianMs: Math.round(at(0.5)),
    p95Ms: Math.round(at(0.95)),
    ...(cpu ? { cpuMs: Math.round(median(cpu)) } : {}),
  };
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

function multipart(name, bytes) {
  const boundary = "----planum-bench";
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(bytes),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * The server path through the built app (Fastify inject: routing, auth, multipart, the job queue): an XER of
 * ACTIVITIES activities and ~2.7 relations each uploaded as a job until the new version is listed, then the
 * calculation of the imported versions (the file's dates → the engine's: nearly every row written) and a
 * recalculation after one edit, both through the synchronous calculate call (reading and writing included).
 */
async function serverPath(database, dataDir) {
  const env = {
    NODE_ENV: "production",
    PLANUM_DATA_DIR: dataDir,
    PLANUM_LOG_LEVEL: "error",
    PLANUM_MAX_UPLOAD_MB: "500",
  };
  const config = loadConfig(env);
  const { app, startBackground, stopBackground } = await buildApp({ ...config, logLevel: "error" }, database);
  await app.ready();
  await startBackground();
  try {
    const call = async (method, url, token, spaceId, payload, headers = {}) => {
      const response = await app.inject({
        method,
        url: `/api/v1${url}`,
        headers: { authorization: `Bearer ${token}`, ...(spaceId ? { "x-space-id": spaceId } : {}), ...headers },
        payload,
      });
      if (response.statusCode !== 200)
        throw new Error(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
      return response.json().data;
    };
    const session = await call("POST", "/users/register-and-login", "", null, {
      lastName: "Bench",
      firstName: "Mark",
      email: "bench-upload@example.com",
      login: "benchupload",
      password: "bench-password",
      passwordConfirm: "bench-password",
      secretQuestion: "Q?",
      secretAnswer: "A",
      acceptPrivacyPolicy: true,
    });
    const token = session.token;
    const space = await call("POST", "/space/create", token, null, { name: "Bench", type: "corporate" });
    const { db } = database;
    const one = async (query) => (await db.execute(query)).rows[0];
    const project = await one(
      sql`insert into eps_nodes (space_id, kind, name, path) values (${space.id}, 'project', 'P', '/') returning id`,
    );
    const schedule = await one(
      sql`insert into schedules (space_id, project_id, name) values (${space.id}, ${project.id}, 'S') returning id`,
    );
    const xer = generateXerBytes(ACTIVITIES, { relationsPerActivity: 2.7 });
    const body = multipart("bench.xer", xer.bytes);
    const fileMB = +(xer.bytes.length / 1048576).toFixed(1);
    const versionIds = [];
    if (ONLY.has("upload") || ONLY.has("calc")) {
      const samples = [];
      const cpuSamples = [];
      const detailSamples = [];
      const detailCpu = [];
      for (let k = 0; k < UPLOADS; k++) {
        const before = new Set(
          (await call("GET", `/schedules/${schedule.id}/versions`, token, space.id)).map((v) => v.id),
        );
        const c0 = cpuNow();
        const t0 = performance.now();
        const { jobId } = await call(
          "POST",
          `/schedules/${schedule.id}/versions/upload`,
          token,
          space.id,
          body.payload,
          { "content-type": body.contentType },
        );
        let found = null;
        while (!found) {
          const job = await call("GET", `/interchange/jobs/${jobId}`, token, space.id);
          if (job.status === "failed" || job.status === "error") throw new Error(`upload failed: ${job.error}`);
          if (job.status === "completed") {
            const list = await call("GET", `/schedules/${schedule.id}/versions`, token, space.id);
            found = list.find((v) => !before.has(v.id)) ?? null;
          }
          if (!found) await new Promise((resolve) => setTimeout(resolve, 20));
        }
        samples.push(performance.now() - t0);
        cpuSamples.push(cpuNow() - c0);
        versionIds.push(found.id);
        // its relations, assignments and code links follow by the import_details job: until the version reads complete
        const d0 = cpuNow();
        const t1 = performance.now();
        for (let v = found; v?.detailsStatus === "importing_details"; ) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          v = (await call("GET", `/schedules/${schedule.id}/versions`, token, space.id)).find((x) => x.id === found.id);
          if (v?.detailsStatus === "details_failed") throw new Error(`details failed: ${v.detailsError}`);
        }
        detailSamples.push(performance.now() - t1);
        detailCpu.push(cpuNow() - d0);
      }
      const relations = (
        await db.execute(sql`select count(*)::int as n from relations where version_id = ${versionIds[0]}`)
      ).rows[0].n;
      process.stdout.write(
        `${JSON.stringify({ case: `XER upload 100k until version visible (${DB_NAME})`, activities: ACTIVITIES, relations, fileMB, runs: samples.length, ...stats(samples, cpuSamples) })}\n`,
      );
      process.stdout.write(
        `${JSON.stringify({ case: `XER upload 100k: its relations, assignments and code links after the version shows (${DB_NAME})`, activities: ACTIVITIES, runs: detailSamples.length, ...stats(detailSamples, detailCpu) })}\n`,
      );
      if (ONLY.has("calc")) {
        const calculate = (versionId) =>
          call("PATCH", `/versions/${versionId}/timetable/calculate/synchronous`, token, space.id, {});
        const first = [];
        const firstCpu = [];
        let outcome;
        for (const versionId of versionIds) {
          const c0 = cpuNow();
          const t0 = performance.now();
          outcome = await calculate(versionId);
          first.push(performance.now() - t0);
          firstCpu.push(cpuNow() - c0);
        }
        process.stdout.write(
          `${JSON.stringify({ case: `calculation 100k incl. DB read and write, after import (${DB_NAME})`, activities: outcome.activities, relations: outcome.relations, runs: first.length, ...stats(first, firstCpu), last: outcome.timings, written: outcome.written })}\n`,
        );
        const warm = [];
        const warmCpu = [];
        const target = versionIds[0];
        for (let k = 0; k < RUNS; k++) {
          await db.execute(
            sql`update wbs_items set duration = duration + 60 where id = (select min(id) from wbs_items where version_id = ${target} and type = 'task' and status = 'not_started')`,
          );
          const c0 = cpuNow();
          const t0 = performance.now();
          outcome = await calculate(target);
          warm.push(performance.now() - t0);
          warmCpu.push(cpuNow() - c0);
        }
        process.stdout.write(
          `${JSON.stringify({ case: `calculation 100k incl. DB read and write, after one edit (${DB_NAME})`, activities: outcome.activities, relations: outcome.relations, ...stats(warm, warmCpu), last: outcome.timings, written: outcome.written })}\n`,
        );
      }
    }
  } finally {
    await stopBackground(1000);
    await app.close();
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "planum-bench-"));
const postgres = await freshPostgres();
const database = await openDatabase({ databaseUrl: postgres?.url ?? null, dataDir: dir });
try {
  const { db } = database;
  // The seeded versions have no work-done plans or people that follow moved dates: their calculation has no hooks.
  const calculation = { db, datesWritten: new DatesWritten() };
  if (ONLY.has("upload") || ONLY.has("calc")) await serverPath(database, dir);
  if (ONLY.has("seeded")) {
    const big = await seed(db, ACTIVITIES);
    const relations = (
      await db.execute(sql`select count(*)::int as n from relations where version_id = ${big.versionId}`)
    ).rows[0].n;
    // First calculation: no stored results, every row is written.
    const cold = [];
    const coldCpu = [];
    let outcome;
    for (let k = 0; k < 3; k++) {
      await db.execute(
        sql`update wbs_items set early_start = null, total_float = null where version_id = ${big.versionId}`,
      );
      const c0 = cpuNow();
      const t0 = performance.now();
      outcome = await calculateVersion(calculation, big.versionId);
      cold.push(performance.now() - t0);
      coldCpu.push(cpuNow() - c0);
    }
    process.stdout.write(
      `${JSON.stringify({ case: `server calculation, first (all rows written), ${DB_NAME}`, activities: ACTIVITIES, relations, ...stats(cold, coldCpu), last: outcome.timings, written: outcome.written })}\n`,
    );
    // Recalculation after an edit: one work's duration changes, only the rows whose results moved are written.
    const warm = [];
    const warmCpu = [];
    for (let k = 0; k < RUNS; k++) {
      await db.execute(
        sql`update wbs_items set duration = duration + 60 where id = (select min(id) from wbs_items where version_id = ${big.versionId} and type = 'work')`,
      );
      const c0 = cpuNow();
      const t0 = performance.now();
      outcome = await calculateVersion(calculation, big.versionId);
      warm.push(performance.now() - t0);
      warmCpu.push(cpuNow() - c0);
    }
    process.stdout.write(
      `${JSON.stringify({ case: `server recalculation after an edit, ${DB_NAME}`, activities: ACTIVITIES, relations, ...stats(warm, warmCpu), last: outcome.timings, written: outcome.written })}\n`,
    );
  }
  if (ONLY.has("gantt")) {
    const mid = await seed(db, GANTT_ACTIVITIES);
    await calculateVersion(calculation, mid.versionId);
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
      `${JSON.stringify({ case: `gantt columns build + JSON (${DB_NAME})`, activities: rows, ...stats(ganttSamples), payloadMB })}\n`,
    );
    process.stdout.write(
      `${JSON.stringify({ case: "gantt payload JSON.parse (node)", activities: rows, ...stats(decodeSamples), payloadMB })}\n`,
    );
  }
  if (ONLY.has("health")) {
    // Schedule health (issue 21, target ≤ 500 ms for 100k): see health-cases.mjs.
    const { row } = await healthCases({ db, seed, stats, cpuNow, activities: ACTIVITIES, runs: RUNS, dbName: DB_NAME });
    // BENCH_HEALTH_PARTS=1: where the time goes (the columns read, the checks judged) and what the calculation now
    // adds for health (the critical path test's second engine pass).
    if (process.env.BENCH_HEALTH_PARTS) {
      const { readHealthRows } = await import("../dist/modules/workspace/health/health.repo.js");
      const { dcmaChecks } = await import("@planum/formats");
      const { criticalPathTest, scheduleColumns } = await import("@planum/engine");
      const { calculationInput } = await import("../dist/modules/workspace/calculation/calculation-input.js");
      const { readSettings } = await import("../dist/modules/workspace/calculation/calculate-settings.service.js");
      const { execColumns } = await import("../dist/platform/sql.js");
      const cpuOf = async (fn) => {
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        const out = await fn();
        const c = process.cpuUsage(c0);
        return { out, ms: Math.round(performance.now() - t0), cpu: Math.round((c.user + c.system) / 1000) };
      };
      const rows = (await cpuOf(() => readHealthRows(db, row))).out;
      const parts = {};
      for (let k = 0; k < 3; k++) {
        parts.read = await cpuOf(() => readHealthRows(db, row));
        parts.itemsOnly = await cpuOf(() =>
          execColumns(
            db,
            sql`select json_build_object('id', json_agg(id), 'tf', json_agg(total_float)) as j from wbs_items where version_id = ${row.id}`,
          ),
        );
        parts.checks = await cpuOf(() =>
          dcmaChecks(rows.activities, rows.relations, { dayMinutes: 480, hasResources: false }),
        );
      }
      const rowsMs = JSON.stringify(
        Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, { ms: v.ms, cpu: v.cpu }])),
      );
      const { input } = await calculationInput(db, row, await readSettings(db, row.scheduleId));
      const result = scheduleColumns(input);
      const t = performance.now();
      criticalPathTest(input, result);
      process.stderr.write(
        `parts ${rowsMs}, critical path test (engine pass) ${Math.round(performance.now() - t)} ms\n`,
      );
    }
  }
} finally {
  await database.close();
  await postgres?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
}
