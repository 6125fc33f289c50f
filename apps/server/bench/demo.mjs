// The demo space: what the demo job does in its transaction (the structure, then the building schedule planned,
// baselined, progressed and calculated three times) on the embedded database, per language.
// One JSON line per case: { case, runs, medianMs, p95Ms }.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const serverRoot = path.resolve(here, "..");
const RUNS = Number(process.env.BENCH_DEMO_RUNS ?? 10);

spawnSync("npm", ["run", "build", "-w", "apps/server"], { cwd: path.resolve(serverRoot, "../.."), stdio: "ignore" });
if (!fs.existsSync(path.join(serverRoot, "dist/app.js"))) {
  console.error("apps/server/dist is missing: npm run build -w apps/server failed");
  process.exit(1);
}
const { buildApp } = await import("../dist/app.js");
const { loadConfig } = await import("../dist/platform/config.js");
const { openDatabase } = await import("../dist/platform/db.js");
const { seedDemoStructure } = await import("../dist/modules/structure/structure-demo.js");
const { seedDemoWorkspace } = await import("../dist/modules/spaces/demo-schedule.js");

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "planum-bench-"));
const config = loadConfig({ NODE_ENV: "production", PLANUM_DATA_DIR: dataDir, PLANUM_LOG_LEVEL: "error" });
const database = await openDatabase({ databaseUrl: null, dataDir });
const { app } = await buildApp({ ...config, logLevel: "error" }, database);
await app.ready();

const inject = async (method, url, token, payload) => {
  const headers = { ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const response = await app.inject({ method, url: `/api/v1${url}`, headers, payload });
  if (response.statusCode !== 200)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  return response.json().data;
};
const session = await inject("POST", "/users/register-and-login", "", {
  lastName: "Bench",
  firstName: "Mark",
  email: "bench@example.com",
  login: "bench",
  password: "bench-password",
  passwordConfirm: "bench-password",
  secretQuestion: "Q?",
  secretAnswer: "A",
  acceptPrivacyPolicy: true,
});
const token = session.token;
const userId = session.user.id;

function stats(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { medianMs: +at(0.5).toFixed(1), p95Ms: +at(0.95).toFixed(1) };
}

for (const language of ["ru", "en", "fr"]) {
  const samples = [];
  for (let i = 0; i < RUNS + 1; i++) {
    const space = await inject("POST", "/space/create", token, { name: `Demo ${language} ${i}`, type: "corporate" });
    const start = performance.now();
    await database.db.transaction(async (tx) => {
      const scheduleId = await seedDemoStructure(tx, space.id, userId, { language });
      await seedDemoWorkspace(tx, space.id, userId, { language, scheduleId });
    });
    if (i > 0) samples.push(performance.now() - start); // the first run warms up
  }
  process.stdout.write(`${JSON.stringify({ case: `demo filling (${language})`, runs: RUNS, ...stats(samples) })}\n`);
}

await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
