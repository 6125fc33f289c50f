// Printing benchmark (issue 16) on the built server and the embedded database (PGlite in a temporary folder):
// 1,000 works (and their 10 summaries) over two years, printed through the process's Chromium. One JSON line a case:
//   print_pdf      — POST /versions/{id}/print: A3 portrait, 6 pt, fitted to one page wide (~11 pages), target ≤ 10 s
//   print_preview  — POST /versions/{id}/preview of page 1, target ≤ 2 s
//   print_count    — POST /versions/{id}/print/count
// The first call starts Chromium: it is timed apart (`coldMs`), the cases are the warm runs.
//   node apps/server/bench/print.mjs [works=1000]
import os from "node:os";
import { startBenchServer } from "./bench-server.mjs";
import { fiveByEight, seedWorks } from "./seed-works.mjs";

const WORKS = Number(process.argv[2] ?? 1000);
const RUNS = 3;

const { app, database, stop } = await startBenchServer("planum-bench-print-");

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
  const json = response.headers["content-type"]?.toString().includes("json");
  return { data: json ? response.json().data : null, bytes: response.rawPayload.length, headers: response.headers };
};
const timed = async (fn) => {
  const t0 = performance.now();
  const result = await fn();
  return { ms: performance.now() - t0, result };
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () => Math.round(os.loadavg()[0] * 10) / 10;
const line = (name, extra) =>
  process.stdout.write(`${JSON.stringify({ case: name, works: WORKS, ...extra, loadAverage: load() })}\n`);

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
).data.token;
spaceId = (await inject("POST", "/space/create", { name: "Bench", type: "corporate" })).data.id;
const root = (await inject("POST", "/eps/create", { name: "Bench", key: "BENCH" })).data;
const facility = (await inject("POST", "/facilities/create", { parentId: root.id, name: "Site" })).data;
const project = (await inject("POST", `/facilities/${facility.id}/project/create`, { name: "Жилой дом" })).data;
const schedule = (await inject("POST", `/projects/${project.id}/schedules/create`, { name: "ГПР" })).data;
const version = (
  await inject("POST", `/schedules/${schedule.id}/versions/create`, {
    label: "Bench",
    projectStart: "2025-01-13T08:00",
  })
).data;
const calendar = (await inject("POST", "/calendars", fiveByEight)).data;
await seedWorks(database.db, { spaceId, versionId: version.id, calendarId: calendar.id, works: WORKS });

const body = {
  format: {
    paper: "A3",
    orientation: "portrait",
    widthMm: 420,
    heightMm: 297,
    margins: { top: 10, right: 10, bottom: 10, left: 10 },
    bands: {
      firstHeader: null,
      header: { left: "[project]", center: "[schedule] · [version]", right: "[dataDate]" },
      footer: { left: "[user]", center: "[printedAt]", right: "[page] / [pages]" },
      lastFooter: null,
    },
    textSizePt: 6,
  },
  pagesWide: 1,
  repeatHeader: true,
};
const base = `/versions/${version.id}`;
const cold = await timed(() => inject("POST", `${base}/preview`, { ...body, page: 1 }));
for (const [name, url, extra, target] of [
  ["print_pdf", `${base}/print`, {}, 10_000],
  ["print_preview", `${base}/preview`, { page: 1 }, 2_000],
  ["print_count", `${base}/print/count`, {}, 1_000],
]) {
  const samples = [];
  let last = null;
  for (let k = 0; k < RUNS; k++) {
    const run = await timed(() => inject("POST", url, { ...body, ...extra }));
    samples.push(run.ms);
    last = run.result;
  }
  line(name, {
    pages: Number(last.headers["x-print-pages"] ?? last.data?.pages),
    medianMs: Math.round(median(samples)),
    maxMs: Math.round(Math.max(...samples)),
    coldMs: name === "print_preview" ? Math.round(cold.ms) : undefined,
    answerKB: Math.round(last.bytes / 1024),
    targetMs: target,
  });
}
await stop();
