// The common start of the benches that drive the built server on the embedded database: the server built (tsc),
// a fresh PGlite in a temporary data folder, the app built on it and ready. `stop` closes both and removes the folder.
// With DATABASE_URL (a PostgreSQL server where it may create databases) the bench runs on a fresh database of that
// server instead, dropped at `stop`; when the server runs on this machine, `timed` adds its CPU.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freshPostgres } from "./bench-kit.mjs";

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export async function startBenchServer(prefix = "planum-bench-") {
  // Type errors elsewhere do not stop tsc's emit, so a present dist is enough.
  spawnSync("npm", ["run", "build", "-w", "apps/server"], { cwd: path.resolve(serverRoot, "../.."), stdio: "ignore" });
  if (!fs.existsSync(path.join(serverRoot, "dist/app.js"))) {
    console.error("apps/server/dist is missing: npm run build -w apps/server failed");
    process.exit(1);
  }
  const { buildApp } = await import("../dist/app.js");
  const { loadConfig } = await import("../dist/platform/config.js");
  const { openDatabase } = await import("../dist/platform/db.js");

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const config = loadConfig({ NODE_ENV: "production", PLANUM_DATA_DIR: dataDir, PLANUM_LOG_LEVEL: "error" });
  const fresh = await freshPostgres();
  const database = await openDatabase({ databaseUrl: fresh?.url ?? null, dataDir });
  const { app, ctx, startBackground, stopBackground } = await buildApp({ ...config, logLevel: "error" }, database);
  await app.ready();
  let background = false;
  /** Starts the job workers (a bench of what jobs do after a call); `stop` stops them. */
  const startJobs = async () => {
    await startBackground();
    background = true;
  };
  const stop = async () => {
    if (background) await stopBackground(0);
    await app.close();
    await database.close();
    await fresh?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { app, ctx, database, stop, startJobs };
}
