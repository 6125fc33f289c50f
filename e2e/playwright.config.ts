import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.PLANUM_E2E_PORT || 3210);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "planum-e2e-"));

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  outputDir: "artifacts/results",
  // CI runs the API suite beside this one on two cores: a test of ~25 s can pass a minute there.
  timeout: process.env.CI ? 90_000 : 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // CI also writes a JSON report, from which scripts/e2e-summary.mjs prints the failures at the end of its log.
  reporter: process.env.PLANUM_E2E_REPORT
    ? [["list"], ["json", { outputFile: process.env.PLANUM_E2E_REPORT }]]
    : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: "only-on-failure",
    // Recording a trace doubled the browser suite's CPU (66 → 24 s of Chromium, 42 → 14 s of the runner, on four
    // specs): CI records one only when it tries a failed test again, a developer's run keeps the failed ones.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: {
      executablePath: process.env.PLANUM_CHROMIUM || "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
      ],
    },
  },
  webServer: {
    command: "node apps/server/bin/planum.js serve",
    cwd: path.resolve(process.cwd()),
    url: `http://127.0.0.1:${port}/api/v1/health-check`,
    reuseExistingServer: false,
    // a loaded machine (shared CI runners) can take longer to migrate a fresh database: more than a minute was seen at
    // a load of 12–24 on two cores
    timeout: Number(process.env.PLANUM_E2E_SERVER_TIMEOUT || 180_000),
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      PLANUM_DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      // A test vendor's key (its private half is fixtures/licence-vendor-test-key.pem, for tests only), and the login
      // of the licences spec's system administrator (the first account of the run belongs to whichever spec ran first).
      PLANUM_LICENCE_PUBLIC_KEY: "MCowBQYDK2VwAyEAAgRi3dIrFVUkAmhZ4VO5jiyGXj2xF+g7MJjM2c23udg=",
      PLANUM_SYSTEM_ADMINS: "e2e-licences",
    },
  },
});
