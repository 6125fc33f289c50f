#!/usr/bin/env node
// `npm run dev`: the server rebuilt and restarted on change (port 3000), and Vite's dev server with hot reload
// (port 5173, proxying /api and /socket.io to the server). Ctrl+C stops both.
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const build = spawnSync("npm", ["run", "build:packages"], { cwd: root, stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);
spawnSync("npx", ["tsc", "-p", "apps/server/tsconfig.json"], { cwd: root, stdio: "inherit" });

const children = [
  spawn("npx", ["tsc", "-p", "apps/server/tsconfig.json", "--watch", "--preserveWatchOutput"], {
    cwd: root,
    stdio: "inherit",
  }),
  spawn(process.execPath, ["--watch-path=apps/server/dist", "apps/server/bin/planum.js", "serve"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "development", PLANUM_WEB_DIST: "" },
  }),
  spawn("npm", ["run", "dev", "-w", "apps/web"], { cwd: root, stdio: "inherit" }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
