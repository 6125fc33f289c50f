#!/usr/bin/env node
// `npm run test:e2e`: builds Planum, then drives Debian's Chromium through the browser tests. Playwright starts a
// fresh server on a loopback port with an empty data folder (see playwright.config.ts) and stops it afterwards.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const chromium = process.env.PLANUM_CHROMIUM || "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  console.error(
    `Browser tests need Chromium at ${chromium}.\nInstall it with:  sudo apt-get update && sudo apt-get install -y chromium\n` +
      "(or point PLANUM_CHROMIUM at another Chromium binary).",
  );
  process.exit(1);
}

const run = (command, args) => spawnSync(command, args, { cwd: root, stdio: "inherit" }).status ?? 1;
if (run("npm", ["run", "build"]) !== 0) process.exit(1);
process.exit(run("npx", ["playwright", "test", "-c", "e2e/playwright.config.ts", ...process.argv.slice(2)]));
