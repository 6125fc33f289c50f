// Directory benchmarks (issue 14) on the built server and the embedded database (PGlite in a temporary folder):
// a work-type directory of 100,000 rows (1,000 groups of 99 rows, a list, a number and a date column). One JSON line
// per case, wall time and the process's CPU time (the database runs in this process):
//   directory_upload — POST …/upload of the whole XLSX into the empty directory (HTTP), target ≤ 5 s
//   directory_upload_csv — the same rows as CSV into a second, empty directory, target ≤ 5 s
//   directory_open   — what the screen asks for on opening: GET /directory, the first page of rows, values/invalid,
//                      target ≤ 1 s
//   directory_search — GET …/rows?search= of one code among them, target ≤ 100 ms
//   node apps/server/bench/directories.mjs [rows=100000]
import { writeXlsxRows } from "@planum/formats";
import { benchApi, cpuFields, jsonLine, median, timed } from "./bench-kit.mjs";
import { startBenchServer } from "./bench-server.mjs";

const ROWS = Number(process.argv[2] ?? 100_000);
const RUNS = 5;
const { app, stop } = await startBenchServer("planum-bench-directories-");

const api = benchApi(app);
const inject = api.call;
const line = (name, extra) => jsonLine({ case: name, rows: ROWS, ...extra });
const repeat = async (fn) => {
  const samples = [];
  for (let k = 0; k < RUNS; k++) samples.push(await timed(fn));
  return {
    medianMs: Math.round(median(samples.map((s) => s.ms))),
    cpuMs: Math.round(median(samples.map((s) => s.cpuMs))),
  };
};

await api.signUp();
const root = await inject("POST", "/eps/create", { name: "Bench", key: "BENCH" });
const directory = await inject("POST", `/eps/${root.id}/directory/create`, {
  name: "Work types",
  kind: "worktype",
  columns: [
    { name: "Unit", type: "list", listValues: ["m3", "m2", "t", "pcs"] },
    { name: "Norm", type: "number" },
    { name: "Since", type: "date" },
  ],
});
const base = `/eps/${root.id}/directory/${directory.id}`;

// The workbook: groups first, each followed by its rows (a parent always comes before its children in the file).
const units = ["m3", "m2", "t", "pcs"];
const sheet = [["Code", "Name", "Parent", "Unit", "Norm", "Since"]];
const GROUP = 100;
for (let k = 0; k < ROWS; k++) {
  const group = `G${String(Math.floor(k / GROUP)).padStart(4, "0")}`;
  if (k % GROUP === 0) sheet.push([group, `Group ${group}`, null, null, null, null]);
  else
    sheet.push([
      `W${String(k).padStart(6, "0")}`,
      `Work ${k}`,
      group,
      units[k % 4],
      (k % 1000) / 10,
      new Date(Date.UTC(2025, k % 12, 1 + (k % 28))),
    ]);
}
const bytes = Buffer.from(await writeXlsxRows(sheet, { header: 1 }));
const boundary = "----planum-bench";
const uploadFile = async (url, name, content) => {
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  global.gc?.();
  return timed(() => inject("POST", url, payload, { "content-type": `multipart/form-data; boundary=${boundary}` }));
};
const upload = await uploadFile(`${base}/upload`, "types.xlsx", bytes);
line("directory_upload", {
  ms: Math.round(upload.ms),
  ...cpuFields(upload),
  fileMB: Math.round(bytes.length / 1e5) / 10,
  created: upload.result.created,
  targetMs: 5000,
});

const open = await repeat(async () => {
  await inject("GET", "/directory");
  await inject("GET", `${base}/rows?offset=0&limit=200`);
  await inject("GET", `${base}/values/invalid`);
});
line("directory_open", { ...open, targetMs: 1000 });
const scroll = await repeat(() => inject("GET", `${base}/rows?offset=${Math.floor(ROWS / 2)}&limit=200`));
line("directory_scroll_page", { ...scroll });
const target = `W${String(ROWS - 7).padStart(6, "0")}`;
const search = await repeat(async () => {
  const page = await inject("GET", `${base}/rows?search=${target}`);
  if (page.total !== 1) throw new Error(`search found ${page.total}`);
});
line("directory_search", { ...search, targetMs: 100 });

// The same rows as CSV (dates as the spec's dd.mm.yyyy, decimal commas) into a second directory of the same columns.
const second = await inject("POST", `/eps/${root.id}/directory/create`, {
  name: "Work types (CSV)",
  kind: "worktype",
  columns: directory.columns.map((c) => ({ name: c.name, type: c.type, listValues: c.listValues })),
});
const csvCell = (cell) =>
  cell instanceof Date
    ? `${String(cell.getUTCDate()).padStart(2, "0")}.${String(cell.getUTCMonth() + 1).padStart(2, "0")}.${cell.getUTCFullYear()}`
    : typeof cell === "number"
      ? String(cell).replace(".", ",")
      : (cell ?? "");
const csv = Buffer.from(sheet.map((row) => row.map(csvCell).join(";")).join("\n"));
const csvUpload = await uploadFile(`/eps/${root.id}/directory/${second.id}/upload`, "types.csv", csv);
line("directory_upload_csv", {
  ms: Math.round(csvUpload.ms),
  ...cpuFields(csvUpload),
  fileMB: Math.round(csv.length / 1e5) / 10,
  created: csvUpload.result.created,
  targetMs: 5000,
});
await stop();
