import fs from "node:fs";
import path from "node:path";
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
