import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "../db/schema/index.js";

export type Schema = typeof schema;
/** One type for both databases: every query is written once, in the PostgreSQL dialect, through Drizzle. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

/**
 * Name of a Drizzle prepared query: built once, sent unnamed. A named statement would live in the database session,
 * and on the embedded database all pool connections share PGlite's one session, so a second connection preparing
 * the same name fails.
 */
export const UNNAMED = "";

export interface Database {
  db: Db;
  /** The connection pool behind `db`: the job queue and the socket adapter use it too. */
  pool: pg.Pool;
  /** Connection settings for a client of its own (the socket adapter's LISTEN connection). */
  connection: pg.PoolConfig;
  kind: "embedded" | "postgres";
  close(): Promise<void>;
}

/** apps/server, found from this file whether it runs from src (tests) or dist (production). */
export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const migrationsFolder = path.join(serverRoot, "src/db/migrations");

/**
 * Any number of processes may start together on an empty or an older database: the first to take this
 * session-level advisory lock migrates, the others wait for it and then find nothing left to do.
 */
const MIGRATION_LOCK = 0x706c616e; // "plan"

/**
 * Opens the database and applies pending migrations. With a URL it is that PostgreSQL server; otherwise PGlite
 * (PostgreSQL compiled to WebAssembly) in the data folder, or in memory for `memory://`, served in-process over a
 * Unix socket with pglite-socket — so the server, the job queue and tests speak to both through one driver (`pg`).
 */
export async function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string;
  /** Shared buffers of the embedded database (PLANUM_PG_SHARED_BUFFERS), e.g. "64MB". */
  sharedBuffers?: string;
  /** Connections of the pool (each process holds this many at most). */
  poolSize?: number;
}): Promise<Database> {
  const embedded = options.databaseUrl ? null : await serveEmbedded(options);
  const connection: pg.PoolConfig = embedded
    ? { host: embedded.socketDir, port: embedded.port, user: "postgres", database: "postgres" }
    : { connectionString: options.databaseUrl! };
  const pool = new pg.Pool({ ...connection, max: options.poolSize ?? 10 });
  // An idle client that loses its server (a restart, a network cut) must not take the process down with it.
  pool.on("error", () => {});
  const db = drizzle(pool, { schema }) as unknown as Db;
  try {
    await migrateLocked(pool);
  } catch (error) {
    await pool.end();
    await embedded?.close();
    throw error;
  }
  return {
    db,
    pool,
    connection,
    kind: embedded ? "embedded" : "postgres",
    close: async () => {
      await pool.end();
      await embedded?.close();
    },
  };
}

async function migrateLocked(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client, { schema }) as never, { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** The embedded database behind a Unix socket of its own (`<dir>/.s.PGSQL.<port>`, the name `pg` looks for). */
async function serveEmbedded(options: { dataDir: string; sharedBuffers?: string }) {
  // PostgreSQL's default 128 MB of shared buffers live inside PGlite's WebAssembly memory for the whole life of the
  // process; 64 MB keeps a resting server near 300 MB while holding the pages of a 100k-activity version.
  const startParams = [...PGlite.defaultStartParams, "-c", `shared_buffers=${options.sharedBuffers ?? "64MB"}`];
  let client: PGlite;
  if (options.dataDir === "memory://") client = new PGlite({ startParams });
  else {
    const dir = path.join(options.dataDir, "pgdata");
    fs.mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, { startParams });
  }
  await client.waitReady;
  // Socket paths are limited to ~100 bytes, so the socket lives in a short temporary folder, not the data folder.
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), "planum-pg-"));
  const port = 5432;
  const server = new PGLiteSocketServer({
    db: client as never,
    path: path.join(socketDir, `.s.PGSQL.${port}`),
    // The server queues statements of all connections on the one PGlite session, keeping a transaction's
    // statements together; several connections let the pool and the job queue wait on it independently.
    maxConnections: 32,
  });
  await server.start();
  return {
    socketDir,
    port,
    close: async () => {
      await server.stop();
      await client.close();
      fs.rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
