#!/usr/bin/env node
// Type-checks every workspace, tests included, without writing build output. Each project keeps tsc's incremental
// state under node_modules/.cache/typecheck, so a second check after a small change (a rebase, a landing) re-reads
// only what changed; a clean clone has no cache and checks everything.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const projects = [
  "packages/engine/tsconfig.json",
  "packages/contracts/tsconfig.json",
  "packages/formats/tsconfig.json",
  "apps/server/tsconfig.check.json",
  // the server as it is built (declarations on, tests out): errors only the build meets, such as a type it cannot name
  "apps/server/tsconfig.json",
  "apps/web/tsconfig.json",
  "e2e/tsconfig.json",
];
const cacheDir = path.join(root, "node_modules/.cache/typecheck");
let failed = false;
for (const project of projects) {
  const buildInfo = path.join(cacheDir, `${project.replaceAll("/", "_")}.tsbuildinfo`);
  const args = ["tsc", "-p", project, "--noEmit", "--incremental", "--tsBuildInfoFile", buildInfo];
  const result = spawnSync("npx", args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`Type errors in ${project}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
