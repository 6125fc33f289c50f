import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app.js";
import { loadConfig } from "./platform/config.js";
import { openDatabase, serverRoot } from "./platform/db.js";

/**
 * Starts Planum: database (migrated), then by role (PLANUM_ROLE) the HTTP API, web app and sockets (`web`), the job
 * workers (`worker`), or all of them (`all`, the default and the only role on the embedded database).
 */
export async function startServer(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(env);
  if (!config.databaseUrl && config.role !== "all") {
    throw new Error(
      "PLANUM_ROLE web or worker needs a PostgreSQL database (DATABASE_URL): the embedded one serves one process",
    );
  }
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
  const { app, ctx, attachRealtime, startBackground, stopBackground } = await buildApp(config, database);
  const serving = config.role !== "worker";
  if (serving) {
    attachRealtime();
    await app.listen({ port: config.port, host: config.host });
  } else {
    ctx.realtime.startDetached();
    await app.ready();
  }
  await startBackground();
  const sweep = setInterval(() => ctx.sessions.deleteStale().catch(() => {}), 10 * 60_000);
  sweep.unref();

  let closing: Promise<void> | null = null;
  /**
   * SIGTERM drains: stop taking jobs and let the running one finish (or hand it to another process after
   * PLANUM_DRAIN_SECONDS), finish the requests in flight, close the sockets (their browsers reconnect to another
   * process behind the load balancer), then the database.
   */
  const shutdown = () => {
    closing ??= (async () => {
      clearInterval(sweep);
      await stopBackground();
      await ctx.realtime.close();
      // A request that never ends (one waiting for a job the stopped workers will not run) would keep its connection,
      // and with it the process, open for ever: after the drain time the connections still open are cut.
      const cut = setTimeout(() => app.server.closeAllConnections(), config.drainSeconds * 1000);
      await app.close();
      clearTimeout(cut);
      await database.close();
    })();
    return closing;
  };
  return { app, ctx, config, database, shutdown };
}
