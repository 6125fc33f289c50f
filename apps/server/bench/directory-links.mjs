// Links of works to directory rows (issue 14) on the built server and the embedded database: 50,000 works of one
// version linked to the 1,000 rows of a work-type directory with two donors (unit, norm). One JSON line per case:
//   directory_link_works    — POST /versions/{id}/directory/create of 50,000 links with the donors' values copied in
//                             the same transaction, target ≤ 2 s
//   directory_donor_preview — every norm changed in the directory, then the preview of what the refresh changes
//   directory_donor_refresh — PATCH …/update-linked-value writing the 50,000 works' new norms (undoable), target ≤ 2 s
//   directory_donor_undo    — POST /versions/{id}/restore of that refresh (the 50,000 works' previous norms back)
//   node apps/server/bench/directory-links.mjs [works=50000]
// First run (load average 12 on the shared 2 cores): link 25.8 s wall / 6.5 s CPU, preview 8.9 s / 1.9 s, refresh
// 12.6 s / 3.1 s — over the 2 s target: the works' attributes cross to JavaScript and back as JSON and the undo
// record keeps all 50,000 previous attribute maps; doing the write in SQL alone is the next step.
// Then the refresh became SQL alone (the preview counted and checked in one query, the write one UPDATE … FROM, the
// undo one array per donor attribute instead of 50,000 maps). Measured at load average 13.6: preview 3.1 s wall /
// 1.0 s CPU, refresh 8.9 s / 3.0 s — the CPU barely moved: what remains is the embedded database rewriting 50,000
// rows of wbs_items (a new tuple each and its entries in the table's seven indexes), not the JSON travel. Still over
// the 2 s target; next: keep donor values beside the works (a table of its own) so a refresh rewrites narrow rows.
// Session 14, profiled statement by statement (EXPLAIN ANALYZE): the links' insert paid five foreign-key checks per
// row (item, directory, row, version, space: 6.8 of its 8.5 s), now two ((item, version, space) and row); the
// donors are one statement (`donorPass`: counted, checked and written in one pass, the keys known in JavaScript, no
// grouping per work) instead of a counting pass and a writing pass. Load 6–8, CPU before → after: link 10.2 → 7.3 s
// (the insert 4.5 → 2.9–3.4 s, the donors 4.3 → 3.0 s), preview 1.1 → 1.4 s (noise of the load), refresh 3.9 → 3.3 s
// (wall 23.9 → 13.7, 2.9 → 2.9, 10.8 → 7.0 s). What remains is per-row work in the embedded database: 50,000 index
// probes per join, the two checks per inserted link, and the new version of each of the 50,000 wbs_items rows.
// Session 16: the links lost both foreign keys (set-based integrity instead: the insert joins the works and rows, the
// deletes' statement triggers take the links; docs/architecture.md, "Links without per-row foreign keys"). CPU
// (PostgreSQL: this process and the server's), wall, load, before → after. PGlite: link 6.3 s / 18.2 s (load 12) →
// 4.8 s / 25.4 s (load 14); preview 1.4 s → 1.5 s; refresh 3.1 s (load 16). PostgreSQL
// (DATABASE_URL, load 10–11): link 2.97 s / 7.6 s → 2.95 s / 7.0 s, the links' insert statement alone
// 3.4 → 1.2 s wall; preview 0.6 → 0.7 s; refresh 1.38 s / 3.3 s → 1.45 s / 4.5 s (under 2 s of CPU). What remains of
// the link is the donors' pass writing 50,000 works (the same statement as the refresh, 2–3.5 s wall on PostgreSQL).
// Session 17 (dirs-links), profiled statement by statement: the donors' pass joined by one index probe per work into
// the rows and again into the works (PGlite keeps no statistics: 50,000 links planned as one) and checked 100,000
// values for what an attribute cannot hold. Now each linked row's donated values are one object built once, the check
// runs on those rows (only works linked to a doubtful row are looked at), and above 1,000 works the statement hashes
// (nested loops off, JIT off — on PostgreSQL the disabling cost made it JIT-compile 1.6 s —, work_mem 64MB, local to
// a savepoint); the update answers the new revisions (no read-back). The undo of a refresh picked each old value with
// `array -> i`, copying the whole array per work: minutes for 50,000 works (a 500 in the first try); now one unnest.
// CPU (PostgreSQL: this process and the server's) / wall, load 6: PostgreSQL link 1.93 s / 2.65 s, preview 0.34 s,
// refresh 0.96 s / 1.14 s (before, load 10–11: 2.95 s, 0.7 s, 1.45 s). PGlite link 3.5–5.0 s (the links' insert
// ~1.0–1.4 s, the donors ~1.9 s: a new version of each of 50,000 wide rows costs ~0.7 s alone), preview 0.47–0.66 s,
// refresh 1.27–1.56 s (before, load 14: 2.4–2.9 s). The link on PGlite stays over 2 s.
// Session 18 (dirs): the links' write hashes (`withHashJoins`) and inserts only works without a link, links there
// changing row in place (no speculative insertion per link). CPU, load 8–13, before → after: PostgreSQL link
// 2.37–2.80 s → 1.82–2.38 s (node ~0.45 s of it), refresh 0.78–1.33 s; PGlite link 4.5–5.2 s → 4.4–4.7 s, of which the
// donors' pass (50,000 new `wbs_items` row versions, six index entries each) is ~2 s and the links' insert ~0.9 s.
// Session 19 (dirs): the donors' update was 71 % HOT (pages full: the donated values lengthen the row; fillfactor 35
// made it 100 % but the refresh after it 82 %, end to end within noise — not kept); the check of values an attribute
// cannot hold starts from the doubtful rows (229 → 12 ms). CPU before → after: PGlite link 2.8–3.15 s (load 8–12) →
// 2.1–2.7 s (load 11–20), PostgreSQL 1.49 s (load 9) → 1.5–1.75 s (load 16–25). Under 2 s on PGlite needs the donors'
// values off `wbs_items` (directories/CONTEXT.md, "Not built yet").
import { benchApi, benchSchedule, cpuFields, jsonLine, timed } from "./bench-kit.mjs";
import { startBenchServer } from "./bench-server.mjs";
import { fiveByEight, seedWorks } from "./seed-works.mjs";

const WORKS = Number(process.argv[2] ?? 50_000);
const ROWS = 1000;
const { app, database, stop } = await startBenchServer("planum-bench-directory-links-");
const { db } = database;

const api = benchApi(app);
const inject = api.call;
const line = (name, extra) => jsonLine({ case: name, works: WORKS, rows: ROWS, ...extra });

await api.signUp();
const { spaceId } = api;
const { project, schedule, version } = await benchSchedule(api);
const calendar = await inject("POST", "/calendars", fiveByEight);
const works = await seedWorks(db, { spaceId, versionId: version.id, calendarId: calendar.id, works: WORKS });

const directory = await inject("POST", `/eps/${project.id}/directory/create`, {
  name: "Work types",
  kind: "worktype",
  columns: [
    { name: "Unit", type: "list", listValues: ["m3", "m2", "t", "pcs"] },
    { name: "Norm", type: "number" },
  ],
});
const [unit, norm] = directory.columns.map((c) => c.id);
const base = `/eps/${project.id}/directory/${directory.id}`;
const units = ["m3", "m2", "t", "pcs"];
const created = await inject("PUT", `${base}/update/all`, {
  create: Array.from({ length: ROWS }, (_, k) => ({
    code: `W${String(k).padStart(4, "0")}`,
    name: `Work type ${k}`,
    values: { [unit]: units[k % 4], [norm]: (k % 100) / 10 },
  })),
});
const rowIds = created.created.map((r) => r.id);
const unitAttr = await inject("POST", `/schedules/${schedule.id}/attributes`, {
  name: "Unit",
  type: "list",
  listValues: units,
});
const normAttr = await inject("POST", `/schedules/${schedule.id}/attributes`, { name: "Norm", type: "number" });
await inject("POST", `${base}/donor/create`, { columnId: unit, attributeId: unitAttr.id });
await inject("POST", `${base}/donor/create`, { columnId: norm, attributeId: normAttr.id });

const links = works.map((itemId, k) => ({ itemId, rowId: rowIds[k % ROWS] }));
const link = await timed(() =>
  inject("POST", `/versions/${version.id}/directory/create`, { directoryId: directory.id, links, applyDonors: true }),
);
line("directory_link_works", {
  ms: Math.round(link.ms),
  ...cpuFields(link),
  linked: link.result.linked,
  targetMs: 2000,
});

await inject("PUT", `${base}/update/all`, {
  update: rowIds.map((id, k) => ({ id, values: { [norm]: (k % 100) / 10 + 0.5 } })),
});
const preview = await timed(() =>
  inject("PATCH", `/versions/${version.id}/directory/update-linked-value`, { preview: true }),
);
line("directory_donor_preview", {
  ms: Math.round(preview.ms),
  ...cpuFields(preview),
  values: preview.result.values,
});
const refresh = await timed(() => inject("PATCH", `/versions/${version.id}/directory/update-linked-value`, {}));
line("directory_donor_refresh", {
  ms: Math.round(refresh.ms),
  ...cpuFields(refresh),
  values: refresh.result.values,
  targetMs: 2000,
});
const undo = await timed(() => inject("POST", `/versions/${version.id}/restore`, {}));
line("directory_donor_undo", { ms: Math.round(undo.ms), ...cpuFields(undo) });
await stop();
