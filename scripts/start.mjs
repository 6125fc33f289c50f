#!/usr/bin/env node
// `npm start`: builds whatever is missing or older than its sources, then serves Planum (API, web app, sockets).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Newest modification time under a folder, skipping build output and dependencies. */
function newest(dir) {
  let latest = 0;
  if (!fs.existsSync(dir)) return latest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
}

const targets = [
  { workspace: "packages/engine", output: "packages/engine/dist/index.js" },
  { workspace: "packages/contracts", output: "packages/contracts/dist/index.js" },
  { workspace: "packages/formats", output: "packages/formats/dist/index.js" },
  { workspace: "apps/server", output: "apps/server/dist/main.js", inputs: ["apps/server/src", "packages"] },
  {
    workspace: "apps/web",
    output: "apps/web/dist/index.html",
    inputs: ["apps/web/src", "apps/web/index.html", "packages/contracts/src"],
  },
];

for (const target of targets) {
  const output = path.join(root, target.output);
  const built = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
  const inputs = (target.inputs ?? [`${target.workspace}/src`]).map((p) => path.join(root, p));
  const changed = Math.max(
    ...inputs.map((p) => (fs.existsSync(p) && fs.statSync(p).isFile() ? fs.statSync(p).mtimeMs : newest(p))),
  );
  if (built && built >= changed) continue;
  console.log(`Building ${target.workspace}…`);
  const result = spawnSync("npm", ["run", "build", "-w", target.workspace], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawnSync(
  process.execPath,
  [path.join(root, "apps/server/bin/planum.js"), "serve", ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: "inherit",
  },
);
process.exit(server.status ?? 0);
