// Linking a model's elements to works by a rule (issue 20): 100,000 elements of a converted model, each with the
// property "Pset_Planum.WorkCode" naming one of 100,000 works of the version, tied by
// POST /versions/{id}/3d/link/{linkId}/create-relations {rule} on the built server and the embedded database.
// Target: 100,000 elements ≤ 2 s. One JSON line: wall and CPU time of the call, the ties made.
//   node apps/server/bench/bim-links.mjs [elements=100000]
// Session 16: the ties lost their three foreign keys (link, model, work: three index probes and row locks per tie);
// the insert selects elements of the link's models and works of its version and space, the link, models and version
// are locked once, and the deletes' statement triggers take the ties (docs/architecture.md, "Links without per-row
// foreign keys"). Before: 8.8 s CPU on PGlite (session 15). After, PostgreSQL (DATABASE_URL, CPU of
// this process and the server's): 1.06 s CPU / 1.78 s wall at load 7.8; PGlite 3.1 s CPU / 2.9 s wall at load 2.6 —
// still over the 2 s there: what remains is the embedded database's hash join and insert of 100,000 rows (heap, two
// indexes, the conflict probe).
// Session 17, statement by statement on PGlite (rolled back, load 12–13): the match (select) 0.63 s CPU; the insert
// with `on conflict do nothing` 2.6–3.0 s, without it 1.3 s — the speculative insertion probes and marks every row
// again. New ties are now what a hash anti-join finds missing, the link's row locked against concurrent inserts:
// the call 2.04 s CPU / 5.8 s wall at load 17.7 (before 3.5 s CPU / 10.5 s wall at load 15.5); re-running the rule
// (nothing new) 0.44 s CPU. At a calmer moment: PGlite 2.10 s CPU / 2.2 s wall at load 4.9 (just over the 2 s: the
// match 0.6 s and the heap and two indexes of 100,000 rows remain); PostgreSQL 1.18 s CPU / 1.94 s wall at load 6.2
// (session 16 1.06 s at load 7.8: PostgreSQL's conflict probe was cheap, the anti-join changes little there).
// Session 18: EXPLAIN (ANALYZE) showed nested loops, not hash joins (no statistics on PGlite: 100,000 index probes
// into the works' codes and 100,000 into the ties' key); the rule's statement now runs under withHashJoins. PGlite
// 1.96 s CPU / 6.2 s wall at load 15.8, 1.92 s / 4.6 s at load 12.2 (the build before: 3.73 s CPU / 11.1 s wall at
// load 10.7); PostgreSQL 0.88 s CPU / 2.5 s wall at load 16.1.
import { sql } from "drizzle-orm";
import { benchApi, benchSchedule, jsonLine, timed } from "./bench-kit.mjs";
import { startBenchServer } from "./bench-server.mjs";
import { fiveByEight, seedWorks } from "./seed-works.mjs";

const ELEMENTS = Number(process.argv[2] ?? 100_000);
const { app, database, stop } = await startBenchServer("planum-bench-bim-links-");
const { db } = database;
const api = benchApi(app);

await api.signUp();
const { spaceId } = api;
const { project, version } = await benchSchedule(api);
const calendar = await api.call("POST", "/calendars", fiveByEight);
await seedWorks(db, { spaceId, versionId: version.id, calendarId: calendar.id, works: ELEMENTS });
// A converted model as the conversion leaves it: the row and its objects (no file is read by the rule).
const model = (
  await db.execute(sql`insert into bim_models (space_id, project_id, name, ifc_schema, status, progress, size, element_count)
    values (${spaceId}::uuid, ${project.id}::uuid, 'bench.ifc', 'IFC4', 'completed', 100, 0, ${ELEMENTS}) returning id`)
).rows[0].id;
await db.execute(sql`insert into bim_elements (model_id, express_id, global_id, ifc_type, name, has_geometry, properties)
  select ${model}::uuid, g, lpad(g::text, 22, '0'), 'IfcWall', 'Wall ' || g, true,
    jsonb_build_object('Pset_Planum.WorkCode', 'W' || g, 'Pset_Planum.FireRating', 'EI60')
  from generate_series(1, ${ELEMENTS}) g`);
const link = await api.call("POST", `/projects/${project.id}/3d/link/save`, {
  name: "Bench",
  versionId: version.id,
  modelIds: [model],
});
const { ms, cpuMs, result } = await timed(() =>
  api.call("POST", `/versions/${version.id}/3d/link/${link.id}/create-relations`, {
    rule: { property: "Pset_Planum.WorkCode", equals: "code" },
  }),
);
jsonLine({
  case: "bim_link_by_rule",
  elements: ELEMENTS,
  ties: result.created,
  wallMs: Math.round(ms),
  cpuMs: Math.round(cpuMs),
});
await stop();
