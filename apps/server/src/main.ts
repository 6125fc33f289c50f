import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app.js";
import { loadConfig } from "./platform/config.js";
import { openDatabase, serverRoot } from "./platform/db.js";

/** Starts Planum: database (migrated), HTTP API, web app, sockets and job workers. */
export async function startServer(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(env);
  if (!config.webDist) {
    const built = path.resolve(serverRoot, "../web/dist");
    if (fs.existsSync(path.join(built, "index.html"))) config.webDist = built;
  }
  if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, "pgdata", "PG_VERSION"))) {
    // Creating the embedded cluster and migrating it grows PGlite's WebAssembly memory to ~800 MB, which the process
    // never gives back: do it in a short-lived child, so the server starts at its resting size.
    const cli = fileURLToPath(new URL("../bin/planum.js", import.meta.url));
    execFileSync(process.execPath, [cli, "migrate"], { env: process.env, stdio: ["ignore", "ignore", "inherit"] });
  }
  const database = await openDatabase(config);
  const { app, ctx, attachRealtime } = await buildApp(config, database);
  attachRealtime();
  await app.listen({ port: config.port, host: config.host });
  await ctx.jobs.resumeUnfinished();
  const sweep = setInterval(() => ctx.sessions.deleteStale().catch(() => {}), 10 * 60_000);
  sweep.unref();

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    clearInterval(sweep);
    await ctx.realtime.close();
    await app.close();
    await ctx.jobs.idle();
    await database.close();
  };
  return { app, ctx, config, database, shutdown };
}
