// Printing benchmark (issue 16) on the built server and the embedded database (PGlite in a temporary folder):
// 1,000 works (and their 10 summaries) over two years, printed through the process's Chromium. One JSON line a case:
//   print_pdf      — POST /versions/{id}/print: A3 portrait, 6 pt, fitted to one page wide (~11 pages), target ≤ 10 s
//   print_preview  — POST /versions/{id}/preview of page 1, target ≤ 2 s
//   print_count    — POST /versions/{id}/print/count
// The first call starts Chromium: it is timed apart (`coldMs`), the cases are the warm runs. CPU: the bench process's
// (`cpuMs`, with the embedded database) and its Chromium processes' (`chromiumCpuMs`, from /proc).
//   node apps/server/bench/print.mjs [works=1000]
import { benchApi, benchSchedule, jsonLine, median, timed } from "./bench-kit.mjs";
import { startBenchServer } from "./bench-server.mjs";
import { fiveByEight, seedWorks } from "./seed-works.mjs";

const WORKS = Number(process.argv[2] ?? 1000);
const RUNS = 3;

const { app, database, stop } = await startBenchServer("planum-bench-print-");

const api = benchApi(app);
const inject = api.send;
const line = (name, extra) => jsonLine({ case: name, works: WORKS, ...extra });

await api.signUp();
const { spaceId } = api;
const { version } = await benchSchedule(api, { project: "Жилой дом", schedule: "ГПР" });
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
  const cpu = [];
  const chromium = [];
  let last = null;
  for (let k = 0; k < RUNS; k++) {
    const run = await timed(() => inject("POST", url, { ...body, ...extra }));
    samples.push(run.ms);
    cpu.push(run.cpuMs);
    chromium.push(run.childCpuMs);
    last = run.result;
  }
  line(name, {
    pages: Number(last.headers["x-print-pages"] ?? last.data?.pages),
    medianMs: Math.round(median(samples)),
    maxMs: Math.round(Math.max(...samples)),
    coldMs: name === "print_preview" ? Math.round(cold.ms) : undefined,
    // the server process's CPU (the embedded database's too) and its Chromium's
    cpuMs: Math.round(median(cpu)),
    chromiumCpuMs: Math.round(median(chromium)),
    answerKB: Math.round(last.bytes / 1024),
    targetMs: target,
  });
}
await stop();
