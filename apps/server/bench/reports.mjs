// Reports benchmark (issue 16) on the built server and the embedded database (PGlite in a temporary folder):
// 10,000 works (and their summaries) read through the workspace's Gantt and written as XLSX. One JSON line a case:
//   report_template — POST /reports/{id}/run/xlsx: a form with a title, one row per work and a SUM, target ≤ 3 s
//   report_listing  — POST /versions/{id}/report/listing: the built-in listing as XLSX, target ≤ 3 s
//   report_master   — POST /versions/{id}/report/master/xlsx: six columns sorted by finish, totals, target ≤ 3 s
//   report_template_pdf — the form as PDF (its layout read back, drawn page by page by pdfkit), target ≤ 3 s
//   report_listing_pdf — the built-in listing as PDF (its header on every page), target ≤ 3 s
//   node apps/server/bench/reports.mjs [works=10000]
import os from "node:os";
import ExcelJS from "exceljs";
import { benchApi, benchSchedule, jsonLine, median, timed } from "./bench-kit.mjs";
import { startBenchServer } from "./bench-server.mjs";
import { fiveByEight, seedWorks } from "./seed-works.mjs";

const WORKS = Number(process.argv[2] ?? 10_000);
const RUNS = 3;

const { app, database, stop } = await startBenchServer("planum-bench-reports-");
const api = benchApi(app);
const inject = api.send;

await api.signUp();
const { spaceId } = api;
const { project, version } = await benchSchedule(api, { project: "Жилой дом", schedule: "ГПР" });
const calendar = (await inject("POST", "/calendars", fiveByEight)).data;
await seedWorks(database.db, { spaceId, versionId: version.id, calendarId: calendar.id, works: WORKS });

const wb = new ExcelJS.Workbook();
const ws = wb.addWorksheet("Форма");
ws.getCell("A1").value = "Отчёт: {{project}}, {{schedule}}, {{version}}";
ws.getRow(3).values = ["Код", "Работа", "Начало", "Окончание", "Дней", "%"];
ws.getRow(4).values = [
  "{{work.code}}",
  "{{work.name}}",
  "{{work.start}}",
  "{{work.finish}}",
  "{{work.duration}}",
  "{{work.progress}}",
];
ws.getRow(5).values = ["Итого", "{{count}}", "", "", "{{sum:work.duration}}", ""];
const template = Buffer.from(await wb.xlsx.writeBuffer());
const boundary = "----planum-bench";
const payload = Buffer.concat([
  Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="form.xlsx"\r\n\r\n`),
  template,
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);
const report = await api.call("POST", `/reports/add?epsId=${project.id}&name=Bench`, payload, {
  "content-type": `multipart/form-data; boundary=${boundary}`,
});

for (const [name, url, body] of [
  ["report_template", `/reports/${report.id}/run/xlsx`, { versionId: version.id }],
  ["report_listing", `/versions/${version.id}/report/listing`, { format: "xlsx" }],
  [
    "report_master",
    `/versions/${version.id}/report/master/xlsx`,
    { columns: ["code", "name", "start", "finish", "duration", "totalFloat"], sortBy: "finish" },
  ],
  ["report_template_pdf", `/reports/${report.id}/run/pdf`, { versionId: version.id }],
  ["report_listing_pdf", `/versions/${version.id}/report/listing`, { format: "pdf" }],
]) {
  const samples = [];
  const cpu = [];
  let last = null;
  // the first run reads the Gantt cold; the cases are the median of all runs, the first shown apart
  let firstMs = 0;
  for (let k = 0; k < RUNS; k++) {
    const run = await timed(() => inject("POST", url, body));
    if (k === 0) firstMs = run.ms;
    samples.push(run.ms);
    cpu.push(run.cpuMs);
    last = run.result;
  }
  jsonLine({
    case: name,
    works: WORKS,
    medianMs: Math.round(median(samples)),
    firstMs: Math.round(firstMs),
    cpuMs: Math.round(median(cpu)),
    answerKB: Math.round(last.bytes / 1024),
    targetMs: 3_000,
    loadAverage: os.loadavg()[0].toFixed(1),
  });
}
await stop();
