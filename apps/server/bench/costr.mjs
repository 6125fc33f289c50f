// Cost estimate benchmarks (issue 19) on the built server and the embedded database (PGlite in a temporary folder):
// an estimate of 20,000 positions in 100 sections, as an XLSX file. One JSON line per case, wall time and CPU time:
//   estimate_upload    — POST …/estimates/upload until its job has completed (read, check, write), target ≤ 5 s
//   estimate_recompute — PUT /costr/coefficients/{id} of a coefficient applied to the whole estimate: every position
//                        priced again and written, target ≤ 1 s
//   update_costs       — POST /versions/{id}/update-costs with 10,000 calculated works each linked to two positions:
//                        planned figures and four work-done plans per work written, undo recorded, target ≤ 1 s
// CPU time is this process's (PGlite runs in it) and, with DATABASE_URL (a fresh database is made beside the one
// named and dropped at the end), the PostgreSQL server's as well, shown apart as dbCpuMs.
//   [DATABASE_URL=postgres://…] node apps/server/bench/costr.mjs [positions=20000]
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { writeXlsxRows } from "@planum/formats";
import { sql } from "drizzle-orm";
import { benchApi, freshPostgres, jsonLine, timed } from "./bench-kit.mjs";
import { fiveByEight, seedWorks } from "./seed-works.mjs";

const POSITIONS = Number(process.argv[2] ?? 20_000);
const SECTIONS = 100;
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
spawnSync("npm", ["run", "build", "-w", "apps/server"], { cwd: path.resolve(serverRoot, "../.."), stdio: "ignore" });
const { buildApp } = await import("../dist/app.js");
const { loadConfig } = await import("../dist/platform/config.js");
const { openDatabase } = await import("../dist/platform/db.js");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "planum-bench-costr-"));
const config = loadConfig({ NODE_ENV: "production", PLANUM_DATA_DIR: dataDir, PLANUM_LOG_LEVEL: "error" });
const postgres = await freshPostgres();
const database = await openDatabase({ databaseUrl: postgres?.url ?? null, dataDir });
// Uploads are written by a job: the background workers run here as in the server.
const { app, startBackground, stopBackground } = await buildApp({ ...config, logLevel: "error" }, database);
await app.ready();
await startBackground();

const api = benchApi(app);
const line = (name, extra) =>
  jsonLine({ case: name, database: postgres ? "PostgreSQL" : "PGlite", positions: POSITIONS, ...extra });
try {
  await api.signUp();
  const root = await api.call("POST", "/eps/create", { name: "Bench", key: "BENCH" });
  const facility = await api.call("POST", "/facilities/create", { parentId: root.id, name: "Site" });
  const project = await api.call("POST", `/facilities/${facility.id}/project/create`, { name: "Project" });
  for (const code of ["m3", "m2", "t", "pcs"])
    await api.call("POST", "/costr/measures", { code, name: code, kind: "volume" });

  const units = ["m3", "m2", "t", "pcs"];
  const sheet = [
    ["No", "Norm code", "Name", "Unit", "Quantity", "Wages", "Machines", "Materials", "Overheads", "Profit"],
  ];
  const perSection = POSITIONS / SECTIONS;
  for (let k = 0; k < POSITIONS; k++) {
    if (k % perSection === 0) sheet.push([null, null, `Section ${k / perSection + 1}`]);
    sheet.push([k + 1, `GESN01-01-${String(k).padStart(5, "0")}`, `Work ${k}`, units[k % 4], 1 + (k % 50)]);
    sheet[sheet.length - 1].push(100 + (k % 900), 50 + (k % 300), 1000 + (k % 5000), 12 + (k % 90), 8 + (k % 40));
  }
  const bytes = Buffer.from(await writeXlsxRows(sheet, { header: 1 }));
  const boundary = "----planum-bench";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="estimate.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const upload = await timed(async () => {
    const { jobId } = await api.call("POST", `/projects/${project.id}/estimates/upload`, payload, {
      "content-type": `multipart/form-data; boundary=${boundary}`,
    });
    // The job's row says when it has ended: polled, as the screen does between events.
    for (;;) {
      const job = await api.call("GET", `/jobs/${jobId}`);
      if (job.status === "completed") return job;
      if (job.status === "error") throw new Error(job.error);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  line("estimate_upload", {
    ms: Math.round(upload.ms),
    cpuMs: Math.round(upload.cpuMs),
    dbCpuMs: upload.dbCpuMs,
    fileMB: Math.round(bytes.length / 1e5) / 10,
    targetMs: 5000,
  });

  const [estimate] = await api.call("GET", `/projects/${project.id}/estimates`);
  const coefficient = await api.call("POST", "/costr/coefficients", {
    code: "IDX",
    name: "Indexation",
    kind: "indexation",
    value: 1.1,
    parts: ["wages", "machines", "materials"],
  });
  await api.call("POST", `/projects/${project.id}/estimates/${estimate.id}/coefficients`, {
    coefficientId: coefficient.id,
  });
  const recompute = await timed(() =>
    api.call("PUT", `/costr/coefficients/${coefficient.id}`, {
      code: "IDX",
      name: "Indexation",
      kind: "indexation",
      value: 1.2,
      parts: ["wages", "machines", "materials"],
    }),
  );
  line("estimate_recompute", {
    ms: Math.round(recompute.ms),
    cpuMs: Math.round(recompute.cpuMs),
    dbCpuMs: recompute.dbCpuMs,
    targetMs: 1000,
  });

  // ---- update-costs into 10,000 works: each linked to two positions, half of each ----
  const WORKS = 10_000;
  const { db } = database;
  const schedule = await api.call("POST", `/projects/${project.id}/schedules/create`, { name: "Costs" });
  const version = await api.call("POST", `/schedules/${schedule.id}/versions/create`, {
    label: "Bench",
    projectStart: "2025-01-13T08:00",
  });
  const calendar = await api.call("POST", "/calendars", fiveByEight);
  const works = await seedWorks(db, {
    spaceId: api.spaceId,
    versionId: version.id,
    calendarId: calendar.id,
    works: WORKS,
  });
  // Links straight into the database (by hand through the API would be 20,000 calls): work k takes half of positions
  // 2k and 2k + 1 (sort order) of the estimate.
  await db.execute(sql`insert into estimate_links (space_id, position_id, version_id, item_id, share)
    select ${api.spaceId}::uuid, p.id, ${version.id}::uuid, (${`{${works.join(",")}}`}::int[])[p.sort_order / 2 + 1], 0.5
    from estimate_positions p where p.estimate_id = ${estimate.id} and p.sort_order < ${2 * WORKS}`);
  const costs = await timed(() => api.call("POST", `/versions/${version.id}/update-costs`, {}));
  line("update_costs", {
    linkedWorks: costs.result.works,
    ms: Math.round(costs.ms),
    cpuMs: Math.round(costs.cpuMs),
    dbCpuMs: costs.dbCpuMs,
    targetMs: 1000,
  });
} finally {
  await stopBackground(0);
  await app.close();
  await database.close();
  await postgres?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
