import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "../db/schema/index.js";

export type Schema = typeof schema;
/** One type for both drivers: every query is written once, in the PostgreSQL dialect, through Drizzle. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: "embedded" | "postgres";
  close(): Promise<void>;
}

/** apps/server, found from this file whether it runs from src (tests) or dist (production). */
export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const migrationsFolder = path.join(serverRoot, "src/db/migrations");

/**
 * Opens the database: PostgreSQL when a URL is given, otherwise PGlite (PostgreSQL compiled to WASM) in the data
 * folder, or in memory for `memory://`. Applies pending migrations before returning.
 */
export async function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string;
  /** Shared buffers of the embedded database (PLANUM_PG_SHARED_BUFFERS), e.g. "64MB". */
  sharedBuffers?: string;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    await migrateNodePg(db as never, { migrationsFolder });
    return { db, kind: "postgres", close: () => pool.end() };
  }
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
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: "embedded", close: () => client.close() };
}
