// Links of works to directory rows (issue 14) on the built server and the embedded database: 50,000 works of one
// version linked to the 1,000 rows of a work-type directory with two donors (unit, norm). One JSON line per case:
//   directory_link_works    — POST /versions/{id}/directory/create of 50,000 links with the donors' values copied in
//                             the same transaction, target ≤ 2 s
//   directory_donor_preview — every norm changed in the directory, then the preview of what the refresh changes
//   directory_donor_refresh — PATCH …/update-linked-value writing the 50,000 works' new norms (undoable), target ≤ 2 s
//   node apps/server/bench/directory-links.mjs [works=50000]
// First run (load average 12 on the shared 2 cores): link 25.8 s wall / 6.5 s CPU, preview 8.9 s / 1.9 s, refresh
// 12.6 s / 3.1 s — over the 2 s target: the works' attributes cross to JavaScript and back as JSON and the undo
// record keeps all 50,000 previous attribute maps; doing the write in SQL alone is the next step.
import os from "node:os";
import { startBenchServer } from "./bench-server.mjs";
import { fiveByEight, seedWorks } from "./seed-works.mjs";

const WORKS = Number(process.argv[2] ?? 50_000);
const ROWS = 1000;
const { app, database, stop } = await startBenchServer("planum-bench-directory-links-");
const { db } = database;

let token = "";
let spaceId = null;
const inject = async (method, url, payload) => {
  const headers = {
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(spaceId ? { "x-space-id": spaceId } : {}),
  };
  const response = await app.inject({ method, url: `/api/v1${url}`, headers, payload });
  if (response.statusCode !== 200)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  return response.json().data;
};
const timed = async (fn) => {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await fn();
  const c = process.cpuUsage(c0);
  return { ms: Math.round(performance.now() - t0), cpuMs: Math.round((c.user + c.system) / 1000), result };
};
const load = () => Math.round(os.loadavg()[0] * 10) / 10;
const line = (name, extra) =>
  process.stdout.write(`${JSON.stringify({ case: name, works: WORKS, rows: ROWS, ...extra, loadAverage: load() })}\n`);

token = (
  await inject("POST", "/users/register-and-login", {
    lastName: "Bench",
    firstName: "Mark",
    email: "bench@example.com",
    login: "bench",
    password: "bench-password",
    passwordConfirm: "bench-password",
    secretQuestion: "Q?",
    secretAnswer: "A",
    acceptPrivacyPolicy: true,
  })
).token;
spaceId = (await inject("POST", "/space/create", { name: "Bench", type: "corporate" })).id;
const root = await inject("POST", "/eps/create", { name: "Bench", key: "BENCH" });
const facility = await inject("POST", "/facilities/create", { parentId: root.id, name: "Site" });
const project = await inject("POST", `/facilities/${facility.id}/project/create`, { name: "Project" });
const schedule = await inject("POST", `/projects/${project.id}/schedules/create`, { name: "Schedule" });
const version = await inject("POST", `/schedules/${schedule.id}/versions/create`, {
  label: "Bench",
  projectStart: "2025-01-13T08:00",
});
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
line("directory_link_works", { ms: link.ms, cpuMs: link.cpuMs, linked: link.result.linked, targetMs: 2000 });

await inject("PUT", `${base}/update/all`, {
  update: rowIds.map((id, k) => ({ id, values: { [norm]: (k % 100) / 10 + 0.5 } })),
});
const preview = await timed(() =>
  inject("PATCH", `/versions/${version.id}/directory/update-linked-value`, { preview: true }),
);
line("directory_donor_preview", { ms: preview.ms, cpuMs: preview.cpuMs, values: preview.result.values });
const refresh = await timed(() => inject("PATCH", `/versions/${version.id}/directory/update-linked-value`, {}));
line("directory_donor_refresh", {
  ms: refresh.ms,
  cpuMs: refresh.cpuMs,
  values: refresh.result.values,
  targetMs: 2000,
});
await stop();
