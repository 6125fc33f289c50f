// The Gantt call at scale through the built server's HTTP handling (Fastify inject: auth, access, cache, encoding) on
// PGlite in a temporary folder (PostgreSQL when DATABASE_URL is set: a fresh database beside it, dropped at the end): a calculated version of BENCH_GANTT_ACTIVITIES works (100,000) with ~2.7 relations
// each (270,000). One JSON line per case: { case, rows, relations, medianMs, p95Ms, cpuMedianMs, jsonMB, gzipMB,
// brMB }.
//   changed: the version changed since the last call (its revision bumped; one activity renamed; 2,000 activities'
//     results rewritten), so the last build is patched with the rows written since, packed, serialized, compressed;
//   warm: the same version again (the answer comes from the cache);
//   toggled: the user collapsed or expanded a row (the version's common part comes from the cache);
//   calculation: an activity edited through the API, the version calculated (synchronous call), then its Gantt;
//   phases: where a whole build goes (the first call of a version on a process, or after a deletion).
//   node apps/server/bench/gantt.mjs
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync } from "node:zlib";
import { decodeGantt, encodeGanttShared } from "@planum/contracts";
import { sql } from "drizzle-orm";
import { cpuNow, freshPostgres } from "./bench-kit.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const serverRoot = path.resolve(here, "..");
const WORKS = Number(process.env.BENCH_GANTT_ACTIVITIES ?? 100_000);
const RUNS = Number(process.env.BENCH_GANTT_RUNS ?? 5);

if (!process.env.BENCH_NO_BUILD)
  spawnSync("npm", ["run", "build", "-w", "apps/server"], { cwd: path.resolve(serverRoot, "../.."), stdio: "ignore" });
const { buildApp } = await import("../dist/app.js");
const { loadConfig } = await import("../dist/platform/config.js");
const { openDatabase } = await import("../dist/platform/db.js");
const { calculateVersion } = await import("../dist/modules/workspace/calculation/calculate-version.js");

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "planum-bench-"));
const config = loadConfig({ NODE_ENV: "production", PLANUM_DATA_DIR: dataDir, PLANUM_LOG_LEVEL: "error" });
const postgres = await freshPostgres();
const database = await openDatabase({ databaseUrl: postgres?.url ?? null, dataDir });
const { app, ctx } = await buildApp({ ...config, logLevel: "error" }, database);
await app.ready();
const { db } = database;

const call = async (url, token, spaceId, method = "GET", payload = undefined, headers = {}) => {
  const response = await app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${token}`, ...(spaceId ? { "x-space-id": spaceId } : {}), ...headers },
    payload,
  });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  return response;
};
const session = (
  await call("/users/register-and-login", "", null, "POST", {
    lastName: "Bench",
    firstName: "Gantt",
    email: "gantt@example.com",
    login: "gantt",
    password: "bench-password",
    passwordConfirm: "bench-password",
    secretQuestion: "Q?",
    secretAnswer: "A",
    acceptPrivacyPolicy: true,
  })
).json().data;
const token = session.token;
const space = (await call("/space/create", token, null, "POST", { name: "Bench", type: "corporate" })).json().data;

const one = async (query) => (await db.execute(query)).rows[0];
const project = await one(
  sql`insert into eps_nodes (space_id, kind, name, path) values (${space.id}, 'project', 'P', '/') returning id`,
);
const schedule = await one(
  sql`insert into schedules (space_id, project_id, name) values (${space.id}, ${project.id}, 'S') returning id`,
);
const DAY = [
  ["08:00", "12:00"],
  ["13:00", "17:00"],
];
const SHIFTS = [
  ["07:00", "12:00"],
  ["13:00", "19:00"],
];
await db.execute(sql`update calendars set week = ${JSON.stringify([DAY, DAY, DAY, DAY, DAY, [], []])}::jsonb
  where space_id = ${space.id}`);
let standard = await one(sql`select id from calendars where space_id = ${space.id} and is_default`);
if (!standard)
  standard = await one(sql`insert into calendars (space_id, name, is_default, week)
    values (${space.id}, '5x8', true, ${JSON.stringify([DAY, DAY, DAY, DAY, DAY, [], []])}::jsonb) returning id`);
const shifts = await one(sql`insert into calendars (space_id, name, week)
  values (${space.id}, '2 shifts', ${JSON.stringify([SHIFTS, SHIFTS, SHIFTS, SHIFTS, SHIFTS, SHIFTS, []])}::jsonb)
  returning id`);
const version = await one(sql`insert into versions (space_id, schedule_id, label, project_start)
  values (${space.id}, ${schedule.id}, 'Bench', '2025-01-13T08:00') returning id`);

const seedStart = performance.now();
const roots = Math.ceil(WORKS / 10_000);
const sums = Math.ceil(WORKS / 100);
const base = (await one(sql`select coalesce(max(id), 0) + 1 as b from wbs_items`)).b;
await db.execute(sql`select setseed(0.42)`);
await db.execute(sql`insert into wbs_items (id, space_id, version_id, parent_id, sort_order, type, code, name)
  select ${base}::int + g, ${space.id}::uuid, ${version.id}::uuid, null, g, 'sum', 'R' || g, 'Очередь ' || g
  from generate_series(0, ${roots - 1}) g`);
await db.execute(sql`insert into wbs_items (id, space_id, version_id, parent_id, sort_order, type, code, name)
  select ${base + roots}::int + g, ${space.id}::uuid, ${version.id}::uuid, ${base}::int + g / 100, g, 'sum', 'W' || g,
         'Захватка ' || g
  from generate_series(0, ${sums - 1}) g`);
const first = base + roots + sums;
await db.execute(sql`insert into wbs_items (id, space_id, version_id, parent_id, sort_order, type, code, name, duration,
    calendar_id, percent_complete)
  select ${first}::int + g, ${space.id}::uuid, ${version.id}::uuid, ${base + roots}::int + g / 100, g,
         case when g % 50 = 49 then 'milestone_finish' else 'work' end, 'A' || (g * 10), 'Монтаж конструкций ' || g,
         case when g % 50 = 49 then 0 else 60 * (1 + floor(random() * 40))::int end,
         case when g % 10 = 0 then ${shifts.id}::uuid else null end, 0
  from generate_series(0, ${WORKS - 1}) g`);
await db.execute(sql`select setval(pg_get_serial_sequence('wbs_items', 'id'), (select max(id) from wbs_items))`);
// Crews chain ten works in a row; every work also waits for up to two of the 4,000 before it (acyclic).
await db.execute(sql`insert into relations (space_id, version_id, predecessor_id, successor_id, type, lag)
  select ${space.id}::uuid, ${version.id}::uuid, ${first}::int + g - 1, ${first}::int + g, 'fs', 0
  from generate_series(1, ${WORKS - 1}) g where g % 10 <> 0`);
for (let k = 0; k < 2; k++) {
  await db.execute(sql`insert into relations (space_id, version_id, predecessor_id, successor_id, type, lag)
    select ${space.id}::uuid, ${version.id}::uuid, ${first}::int + p, ${first}::int + g,
           (array['fs','ss','ff','sf'])[1 + floor(random() * 4)::int], (floor(random() * 16)::int - 4) * 60
    from (select g, greatest(0, g - 2 - floor(random() * 4000)::int) as p from generate_series(2, ${WORKS - 1}) g
          where random() < 0.92) x
    on conflict do nothing`);
}
const relationCount = (await one(sql`select count(*)::int as n from relations where version_id = ${version.id}`)).n;
await calculateVersion(ctx, version.id);
process.stderr.write(
  `seeded and calculated ${WORKS} works, ${relationCount} relations in ${Math.round(performance.now() - seedStart)} ms\n`,
);

function stats(samples, cpu) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  const c = [...cpu].sort((a, b) => a - b);
  return { medianMs: Math.round(at(0.5)), p95Ms: Math.round(at(0.95)), cpuMedianMs: Math.round(c[c.length >> 1]) };
}
const mb = (n) => +(n / 1048576).toFixed(2);
const url = `/versions/${version.id}/gantt`;
const rows = WORKS + roots + sums;

/**
 * Timed Gantt calls (wall and this process's CPU, which with the embedded database is all of it: the machine is
 * shared, so the CPU time is the comparable figure). `before` runs ahead of each call, untimed.
 */
async function measure(before, encoding, skipFirst = false) {
  const samples = [];
  const cpu = [];
  let last;
  for (let k = 0; k < RUNS + 1; k++) {
    await before?.(k);
    const t0 = performance.now();
    const c0 = cpuNow();
    last = await call(url, token, space.id, "GET", undefined, { "accept-encoding": encoding });
    // The first warm call builds the entry; it is not a warm sample.
    if (!skipFirst || k > 0) {
      samples.push(performance.now() - t0);
      cpu.push(cpuNow() - c0);
    }
  }
  return { samples, cpu, last };
}

// The first call of the version on this process: read and built whole.
const firstCall = { samples: [], cpu: [] };
{
  const t0 = performance.now();
  const c0 = cpuNow();
  await call(url, token, space.id, "GET", undefined, { "accept-encoding": "br, gzip" });
  firstCall.samples.push(performance.now() - t0);
  firstCall.cpu.push(cpuNow() - c0);
}

// The version changed without a row changing (its revision bumped): the last build is patched with nothing.
const bumped = await measure(async () => {
  await db.execute(sql`update versions set revision = revision + 1 where id = ${version.id}`);
  // A write outside a request: the server's memory of the version (access, Gantt key) must learn of it.
  ctx.changes.advance();
}, "br, gzip");
const body = bumped.last.rawPayload;
const json =
  bumped.last.headers["content-encoding"] === "br" ? brotliDecompressSync(body) : Buffer.from(bumped.last.body);
const data = decodeGantt(JSON.parse(json.toString("utf8")).data);
if (data.ids.length !== rows) throw new Error(`bench sanity: ${data.ids.length} rows, expected ${rows}`);
const gz = await call(url, token, space.id, "GET", undefined, { "accept-encoding": "gzip" });
const sizes = { jsonMB: mb(json.length), gzipMB: mb(gz.rawPayload.length), brMB: mb(body.length) };
const line = (name, { samples, cpu }) =>
  process.stdout.write(
    `${JSON.stringify({ case: name, rows, relations: relationCount, ...stats(samples, cpu), ...sizes })}\n`,
  );
line("gantt call, version not built before on this process (whole build + compress), br", firstCall);
line("gantt call, changed version, no row changed (patch + compress), br", bumped);

// A user renames an activity through the API: the next call reads that row and rewrites its place.
const work = first + 500;
const edited = await measure(async (k) => {
  const revision = (await one(sql`select revision from wbs_items where id = ${work}`)).revision;
  await call(`/versions/${version.id}/wbs/${work}/update`, token, space.id, "PATCH", { revision, name: `Монтаж ${k}` });
}, "br, gzip");
line("gantt call after one activity edited (patch + compress), br", edited);

// Every 50th activity's results rewritten, as a calculation after an edit writes the rows it moved.
const moved = await measure(async (k) => {
  await db.execute(sql`update wbs_items set total_float = coalesce(total_float, 0) + ${k + 1}
    where version_id = ${version.id} and id % 50 = 0`);
  await db.execute(sql`update versions set revision = revision + 1 where id = ${version.id}`);
  ctx.changes.advance();
}, "br, gzip");
line("gantt call after 2,000 activities' results rewritten (patch + compress), br", moved);
line("gantt call, unchanged version (cache), br", await measure(null, "br, gzip", true));
line("gantt call, unchanged version (cache), gzip", await measure(null, "gzip", true));

// The user collapses or expands a summary (a write, so the answer is new), the version itself is unchanged.
const toggled = await measure(async (k) => {
  await call(`/versions/${version.id}/wbs/expand`, token, space.id, "PATCH", { ids: [base], value: k % 2 === 1 });
}, "br, gzip");
line("gantt call after a row collapsed or expanded (version unchanged), br", toggled);

// The user's path of issue 10: an activity's duration edited through the API, the version calculated (the synchronous
// call: read, engine, write, health), then the Gantt asked for right after (patched with what the two wrote).
const calculated = { samples: [], cpu: [] };
const afterCalculation = { samples: [], cpu: [] };
for (let k = 0; k < RUNS; k++) {
  const id = first + 700 + 13 * k;
  const row = await one(sql`select revision, duration from wbs_items where id = ${id}`);
  await call(`/versions/${version.id}/wbs/${id}/update`, token, space.id, "PATCH", {
    revision: row.revision,
    duration: row.duration + 480,
  });
  let t0 = performance.now();
  let c0 = cpuNow();
  await call(`/versions/${version.id}/timetable/calculate/synchronous`, token, space.id, "PATCH", {});
  calculated.samples.push(performance.now() - t0);
  calculated.cpu.push(cpuNow() - c0);
  t0 = performance.now();
  c0 = cpuNow();
  await call(url, token, space.id, "GET", undefined, { "accept-encoding": "br, gzip" });
  afterCalculation.samples.push(performance.now() - t0);
  afterCalculation.cpu.push(cpuNow() - c0);
  // The critical path test job that follows a calculation runs meanwhile, as between a user's clicks.
  await new Promise((resolve) => setTimeout(resolve, 2000));
}
line("calculation after one activity edited through the API (synchronous call)", calculated);
line("gantt call right after that calculation (patch + compress), br", afterCalculation);

// Where a build goes: the database's columns, their arrangement in tree order, their packing (gantt-wire), the JSON
// text, its compressions (at the cache's settings: gzip level 1, brotli quality 2).
const { readGanttSource } = await import("../dist/modules/workspace/wbs/gantt.repo.js");
const { buildGanttShared } = await import("../dist/modules/workspace/wbs/gantt-columns.js");
const { gzipSync, brotliCompressSync, constants } = await import("node:zlib");
const versionRow = await one(sql`select revision, calc_status from versions where id = ${version.id}`);
const scopeVersion = {
  id: version.id,
  spaceId: space.id,
  revision: versionRow.revision,
  calcStatus: versionRow.calc_status,
  projectStart: "2025-01-13T08:00",
  dataDate: null,
};
// build = the whole builder less its reads (sql, measured on their own just before).
const phases = { sql: [], build: [], encode: [], stringify: [], gzip: [], brotli: [] };
for (let k = 0; k < RUNS; k++) {
  let t = performance.now();
  await readGanttSource(db, scopeVersion);
  phases.sql.push(performance.now() - t);
  t = performance.now();
  const built = await buildGanttShared(db, scopeVersion);
  phases.build.push(performance.now() - t - phases.sql[k]);
  t = performance.now();
  const wire = encodeGanttShared(built);
  phases.encode.push(performance.now() - t);
  t = performance.now();
  const text = Buffer.from(JSON.stringify({ success: true, data: wire }));
  phases.stringify.push(performance.now() - t);
  t = performance.now();
  gzipSync(text, { level: 1 });
  phases.gzip.push(performance.now() - t);
  t = performance.now();
  brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 2 } });
  phases.brotli.push(performance.now() - t);
}
const median = (samples) => Math.round([...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]);
process.stdout.write(
  `${JSON.stringify({ case: "gantt build phases (median ms)", rows, ...Object.fromEntries(Object.entries(phases).map(([k, v]) => [k, median(v)])) })}\n`,
);

await app.close();
await database.close();
await postgres?.drop();
fs.rmSync(dataDir, { recursive: true, force: true });
