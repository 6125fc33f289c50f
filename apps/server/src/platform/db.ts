import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketHandler, PGLiteSocketServer } from "@electric-sql/pglite-socket";
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
  /**
   * An in-memory embedded database starts from this tarball of a migrated one (`writeMigratedTemplate`) instead of
   * running every migration; a missing file is ignored.
   */
  template?: string;
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

/**
 * Writes a migrated, empty embedded database as a tarball (PGlite's `dumpDataDir`) to `file`. Test servers start from
 * it (`template`): loading it costs ~0.7 s of CPU, running every migration again ~5 s (this machine, 38 migrations).
 */
export async function writeMigratedTemplate(file: string): Promise<void> {
  const embedded = await serveEmbedded({ dataDir: "memory://" });
  try {
    const pool = new pg.Pool({
      host: embedded.socketDir,
      port: embedded.port,
      user: "postgres",
      database: "postgres",
      max: 1,
    });
    try {
      await migrateLocked(pool);
    } finally {
      await pool.end();
    }
    const dump = await embedded.client.dumpDataDir("none");
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await embedded.close();
  }
}

/** The embedded database behind a Unix socket of its own (`<dir>/.s.PGSQL.<port>`, the name `pg` looks for). */
async function serveEmbedded(options: { dataDir: string; sharedBuffers?: string; template?: string }) {
  // PostgreSQL's default 128 MB of shared buffers live inside PGlite's WebAssembly memory for the whole life of the
  // process; 64 MB keeps a resting server near 300 MB while holding the pages of a 100k-activity version.
  const startParams = [...PGlite.defaultStartParams, "-c", `shared_buffers=${options.sharedBuffers ?? "64MB"}`];
  // Extensions the migrations create: PGlite ships them compiled, but loads only those named here.
  const extensions = { pg_trgm };
  let client: PGlite;
  if (options.dataDir === "memory://") {
    const template = options.template && fs.existsSync(options.template) ? fs.readFileSync(options.template) : null;
    client = new PGlite({ startParams, extensions, ...(template ? { loadDataDir: new Blob([template]) } : {}) });
  } else {
    const dir = path.join(options.dataDir, "pgdata");
    fs.mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, { startParams, extensions });
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
  keepStatementsTogether((server as unknown as { queryQueue: SocketQueryQueue }).queryQueue, client);
  await server.start();
  return {
    socketDir,
    port,
    client,
    close: async () => {
      await server.stop();
      await client.close();
      fs.rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

/** The private statement queue of pglite-socket 0.2 (`QueryQueueManager`), as far as it is touched here. */
interface SocketQueryQueue {
  queue: {
    handlerId: number;
    message: Uint8Array;
    resolve(n: number): void;
    reject(e: unknown): void;
    onData(d: Uint8Array): void;
  }[];
  processing: boolean;
  lastHandlerId: number | null;
  processQueue(): Promise<void>;
  clearQueueForHandler(handlerId: number): void;
}

/**
 * pglite-socket keeps a transaction's messages together but otherwise takes the protocol messages of all connections
 * in arrival order, so one connection's Parse / Bind / Execute of an unnamed statement can interleave with
 * another's on PGlite's one session ("bind message supplies 3 parameters, but prepared statement "" requires 1").
 * This replaces its queue processing with the same loop that also keeps a connection's extended-protocol messages
 * together up to their Sync (or a simple Query), as one PostgreSQL session would see them.
 */
function keepStatementsTogether(queue: SocketQueryQueue, pglite: PGlite) {
  const SYNC = 0x53; // 'S'
  const QUERY = 0x51; // 'Q'
  let openSequence = false;
  const clear = queue.clearQueueForHandler.bind(queue);
  // A connection gone in the middle of its messages must not hold the session for ever.
  queue.clearQueueForHandler = (handlerId: number) => {
    clear(handlerId);
    if (queue.lastHandlerId === handlerId && openSequence) {
      openSequence = false;
      void queue.processQueue();
    }
  };
  queue.processQueue = async function processQueue() {
    if (queue.processing || queue.queue.length === 0) return;
    queue.processing = true;
    try {
      while (queue.queue.length > 0) {
        const held = (openSequence || pglite.isInTransaction()) && queue.lastHandlerId !== null;
        const index = held ? queue.queue.findIndex((item) => item.handlerId === queue.lastHandlerId) : 0;
        // The connection holding the session has not sent its next message yet: wait for it (its enqueue restarts us).
        if (index === -1) break;
        const [item] = queue.queue.splice(index, 1);
        let bytes = 0;
        try {
          await pglite.runExclusive(() =>
            pglite.execProtocolRawStream(item.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
        } catch (error) {
          openSequence = false;
          item.reject(error);
          return;
        }
        const type = item.message[0];
        // Startup messages have no type byte (they begin with a length); they never open a sequence either.
        openSequence = item.message.length > 0 && type !== SYNC && type !== QUERY && isTypedMessage(item.message);
        queue.lastHandlerId = item.handlerId;
        item.resolve(bytes);
      }
    } finally {
      queue.processing = false;
    }
  };
}

/** The private state of pglite-socket 0.2's connection handler (`PGLiteSocketHandler`) touched here. */
interface SocketHandlerState {
  messageBuffer: Buffer;
  handleData(data: Buffer): Promise<number> | number;
  /** Chunks of one large message still arriving, its bytes so far and its whole length (ours). */
  gathering?: { chunks: Buffer[]; bytes: number; length: number };
}

/** Below this a message is joined chunk by chunk as pglite-socket does (a few copies of a small buffer). */
const GATHER_FROM_BYTES = 1 << 20;

/**
 * pglite-socket appends every chunk the socket delivers (64 KB) to the bytes still unparsed with `Buffer.concat`,
 * so a message of n bytes is copied n / 64 KB times over: a 10 MB bulk insert (`unnest` of 25,000 rows) cost about
 * a second of CPU in copies alone, more than PGlite took to run it. Once the unparsed bytes begin a typed message of
 * a megabyte or more, its chunks are kept in a list and joined once, when the message is whole.
 */
function gatherLargeMessages(handler: { prototype: unknown }) {
  const proto = handler.prototype as SocketHandlerState;
  const handleData = proto.handleData;
  proto.handleData = function gatheredHandleData(this: SocketHandlerState, data: Buffer) {
    const gathering = this.gathering;
    if (gathering) {
      gathering.chunks.push(data);
      gathering.bytes += data.length;
      if (gathering.bytes < gathering.length) return 0;
      this.gathering = undefined;
      return handleData.call(this, Buffer.concat(gathering.chunks, gathering.bytes));
    }
    const handled = handleData.call(this, data);
    const rest = this.messageBuffer;
    // A typed message (type byte, then its length without the type byte); startup messages are small.
    if (rest && rest.length >= 5) {
      const length = rest.readInt32BE(1) + 1;
      if (length >= GATHER_FROM_BYTES && rest.length < length) {
        this.gathering = { chunks: [rest], bytes: rest.length, length };
        this.messageBuffer = Buffer.alloc(0);
      }
    }
    return handled;
  };
}
gatherLargeMessages(PGLiteSocketHandler);

/** A protocol message with a type byte: its length after the type byte matches what the message holds. */
function isTypedMessage(message: Uint8Array) {
  if (message.length < 5) return false;
  const length = ((message[1] << 24) | (message[2] << 16) | (message[3] << 8) | message[4]) >>> 0;
  return length + 1 === message.length;
}
