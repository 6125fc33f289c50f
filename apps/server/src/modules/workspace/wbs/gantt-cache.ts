import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gunzip, gzip } from "node:zlib";
import { Negotiator } from "@fastify/accept-negotiator";
import { encodeExpanded, type GanttSharedWire } from "@planum/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import type { VersionScope } from "../../../platform/access.js";
import { type ChangeClock, ClockedCache } from "../../../platform/change-clock.js";
import type { Db } from "../../../platform/db.js";
import {
  readCollapsedIds,
  readGanttSnapshot,
  readGanttStamp,
  type GanttStamp as Stamp,
  storeGanttSnapshot,
} from "./gantt.repo.js";
import { buildGanttBase, expandedColumn, type GanttBase, packGanttBase, patchGanttBase } from "./gantt-columns.js";

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);
const brotliAsync = promisify(brotliCompress);

/**
 * The compressions are made on the first request that asks for each, once per answer, at fast settings: a Gantt of
 * 100,000 activities is ~19 MB of JSON, and an answer after an edit waits for its compression. Measured on that
 * answer: brotli quality 2 takes about a third of quality 5's time for 2.4 MB instead of 2.0 MB; gzip level 1 a fifth
 * of the default level's (6) for 3.7 MB instead of 3.3 MB.
 */
const COMPRESS = {
  br: (json: Buffer) =>
    brotliAsync(json, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 2, [constants.BROTLI_PARAM_SIZE_HINT]: json.length },
    }),
  gzip: (json: Buffer) => gzipAsync(json, { level: 1 }),
};
type Encoding = keyof typeof COMPRESS;

/** One answer as sent: the JSON envelope once serialized, and its compressed forms as they are asked for. */
interface Entry {
  etag: string;
  json: Buffer;
  /** Compressions made or under way: concurrent requests for one encoding wait for the same one. */
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
  /** Bytes of the finished compressions (the cache's size of the entry). */
  encodedBytes: number;
}

/**
 * The part of an answer that is the same for every user (all but `expanded`): the JSON envelope up to the end of
 * the last shared field, and the row ids in answer order (to write the user's `expanded` column).
 */
interface Shared {
  head: Buffer;
  ids: number[];
}

/**
 * Versions whose last build is kept to be patched (see GanttBase): a build after a change then reads only the rows
 * written since. About 50 MB each at 100,000 activities, so only the few built last.
 */
const BASES = 4;

/** How long a version's last build waits, with no build after it, before it is kept in the database. */
const KEEP_AFTER_MS = 500;

const entrySize = (entry: Entry) => entry.json.length + entry.encodedBytes;
const sharedSize = (shared: Shared) => shared.head.length + shared.ids.length * 8;

/**
 * The Gantt answer of an unchanged version is served from memory. Its key is read from the database (and kept until
 * the next write anywhere, see ChangeClock), never invalidated by hand, so several server processes on one database
 * agree:
 * - the version row that the access check has just loaded: `revision` (every change inside the version and every
 *   calculation bumps it), `calc_status` (also moved by calculation settings without a revision), the dates;
 * - the space's calendars (their edits do not touch versions): the row versions (`xmin`) of all of them;
 * - the caller's collapsed rows (`expanded` is per user): a digest of their ids.
 * The answer less `expanded` is kept under the key without the last part, so another user of the version, or the
 * same user after expanding or collapsing a row, gets an answer without the version being read again.
 * The database's part is read once per version for all its readers (the digests of every user who collapsed rows), so
 * a crowd opening one schedule costs one query, not one per person.
 * Nothing else shapes the answer: attribute values are sent as stored, whatever the caller's attribute access. Should
 * the answer come to depend on the caller's rights, that must join the key, or one user's answer reaches another.
 */
export class GanttCache {
  private readonly entries: LRUCache<string, Entry>;
  /** Builds under way: a crowd opening the same version waits for one build instead of making its own. */
  private readonly building = new Map<string, Promise<Entry>>();
  /** The users' common part of the answers, by the key less the collapsed rows; and those under way. */
  private readonly shared: LRUCache<string, Shared>;
  private readonly sharing = new Map<string, Promise<Shared>>();
  private readonly encodings = new Negotiator({ supportedValues: ["br", "gzip"] });
  /** The database's part of the key per version. */
  private readonly stamps: ClockedCache<Stamp>;
  /** The last build of each of the versions built last, and the build under way per version (one at a time). */
  private readonly bases = new LRUCache<string, GanttBase>({ max: BASES });
  private readonly baseTurns = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Db,
    maxBytes: number,
    clock: ChangeClock,
  ) {
    this.entries = new LRUCache({ maxSize: maxBytes, sizeCalculation: entrySize });
    this.shared = new LRUCache({ maxSize: Math.max(1, Math.floor(maxBytes / 2)), sizeCalculation: sharedSize });
    this.stamps = new ClockedCache(clock, 10_000);
  }

  /**
   * Builds waiting to be kept in the database (`gantt_snapshots`), the last one per version: written once the version
   * has had no new build for KEEP_AFTER_MS, off the answer's path. Writing each build as it was made cost the answer
   * after every change a gzip of 4.3 MB and a 1.7 MB row (~0.1–0.3 s on PGlite at 100k rows), for the benefit of a
   * process that has not built the version yet; a version being edited makes a build per change, and only its last
   * one is worth keeping. Writes go one at a time.
   */
  private readonly toKeep = new Map<string, { timer: NodeJS.Timeout; write: () => Promise<void> }>();
  private keeping: Promise<unknown> = Promise.resolve();

  /** Answers the request (200 in the encoding asked for, or 304 to a matching If-None-Match). Access is checked. */
  async answer(scope: VersionScope, request: FastifyRequest, reply: FastifyReply) {
    const { common, key } = await this.key(scope);
    const entry = this.entries.get(key) ?? (await this.build(key, common, scope));
    reply.header("etag", entry.etag).header("cache-control", "private, no-cache").header("vary", "accept-encoding");
    if (matches(request.headers["if-none-match"], entry.etag)) return reply.code(304).send();
    const encoding = this.encodings.negotiate(String(request.headers["accept-encoding"] ?? ""));
    reply.type("application/json; charset=utf-8");
    if (encoding === "br" || encoding === "gzip")
      return reply.header("content-encoding", encoding).send(await this.encoded(key, entry, encoding));
    return reply.send(entry.json);
  }

  private async key(scope: VersionScope) {
    const { version, grant } = scope;
    const stamp = await this.stamps.through(version.id, () => this.stamp(version));
    if (!stamp) throw new Error("the Gantt key query answered no row");
    const common = [
      version.id,
      version.revision,
      version.calcStatus,
      version.calculatedAt?.toISOString() ?? "",
      version.projectStart,
      version.dataDate ?? "",
      stamp.calendars,
    ].join("|");
    return { common, key: `${common}|${stamp.collapsed[grant.userId] ?? ""}` };
  }

  private stamp(version: VersionScope["version"]): Promise<Stamp> {
    return readGanttStamp(this.db, version.spaceId, version.id);
  }

  private build(key: string, common: string, scope: VersionScope): Promise<Entry> {
    const running = this.building.get(key);
    if (running) return running;
    const made = (async () => {
      const shared = this.shared.get(common) ?? (await this.buildShared(common, scope));
      const collapsed = await readCollapsedIds(this.db, scope.version.id, scope.grant.userId);
      const expanded = JSON.stringify(encodeExpanded(expandedColumn(shared.ids, collapsed)));
      const json = Buffer.concat([shared.head, Buffer.from(`,"expanded":${expanded}}}`)]);
      // The ETag names the bytes: equal answers of different processes or users carry the same one.
      const etag = `"${createHash("sha256").update(json).digest("base64url").slice(0, 32)}"`;
      const entry: Entry = { etag, json, encoded: {}, encodedBytes: 0 };
      this.entries.set(key, entry);
      return entry;
    })().finally(() => this.building.delete(key));
    this.building.set(key, made);
    return made;
  }

  private buildShared(common: string, scope: VersionScope): Promise<Shared> {
    const running = this.sharing.get(common);
    if (running) return running;
    const made = (async () => {
      const shared = (await this.snapshot(scope.version, common)) ?? (await this.buildAndKeep(scope.version, common));
      this.shared.set(common, shared);
      return shared;
    })().finally(() => this.sharing.delete(common));
    this.sharing.set(common, made);
    return made;
  }

  /** The common part as the database keeps it under `common`, when some process built it (none: null). */
  private async snapshot(version: VersionScope["version"], common: string): Promise<Shared | null> {
    const kept = await readGanttSnapshot(this.db, version.id, common);
    if (!kept) return null;
    const ids = new Int32Array(kept.ids.length >> 2);
    for (let k = 0; k < ids.length; k++) ids[k] = kept.ids.readInt32LE(k * 4);
    return { head: await gunzipAsync(kept.head), ids: Array.from(ids) };
  }

  /**
   * The common part built (patched or whole), to be kept in the database for the processes that did not build it
   * (see `toKeep`).
   */
  private async buildAndKeep(version: VersionScope["version"], common: string): Promise<Shared> {
    const { wire, ids } = await this.columns(version);
    // `{"success":true,"data":{…}}` less its two closing braces: the user's `expanded` and those follow.
    const text = JSON.stringify({ success: true, data: wire });
    const shared: Shared = { head: Buffer.from(text.slice(0, -2)), ids };
    this.keepLater(version, common, shared);
    return shared;
  }

  /** Keeps `shared` in the database once the version has been quiet for KEEP_AFTER_MS (see `toKeep`). */
  private keepLater(version: Pick<VersionScope["version"], "id" | "spaceId">, common: string, shared: Shared) {
    clearTimeout(this.toKeep.get(version.id)?.timer);
    const write = async () => {
      const { ids } = shared;
      const idBytes = Buffer.alloc(ids.length * 4);
      for (let k = 0; k < ids.length; k++) idBytes.writeInt32LE(ids[k], k * 4);
      // Kept for the others only: a failure to keep it (the version deleted meanwhile) fails no answer.
      await storeGanttSnapshot(this.db, version, common, {
        head: await gzipAsync(shared.head, { level: 1 }),
        ids: idBytes,
      }).catch(() => undefined);
    };
    const timer = setTimeout(() => {
      if (this.toKeep.get(version.id)?.timer !== timer) return;
      this.toKeep.delete(version.id);
      this.keeping = this.keeping.then(write);
    }, KEEP_AFTER_MS);
    timer.unref();
    this.toKeep.set(version.id, { timer, write });
  }

  /** Writes the builds waiting to be kept now, and waits for every write under way (the server closing). */
  async flush() {
    for (const { timer, write } of this.toKeep.values()) {
      clearTimeout(timer);
      this.keeping = this.keeping.then(write);
    }
    this.toKeep.clear();
    await this.keeping;
  }

  /**
   * The version's columns now: its last build patched with the rows written since, else built whole. Builds of one
   * version take turns, since a patch writes into the last build; a failed one is forgotten, so the next builds whole.
   */
  private columns(version: VersionScope["version"]): Promise<{ wire: GanttSharedWire; ids: number[] }> {
    return this.inTurn(version.id, async () => {
      const base = this.bases.get(version.id);
      this.bases.delete(version.id);
      const next = base ? await patchGanttBase(this.db, version, base) : await buildGanttBase(this.db, version);
      // Packed in the same turn, so the next patch of the version re-packs only what it changes after this packing.
      const wire = packGanttBase(next);
      this.bases.set(version.id, next);
      // A copy of the ids: the next patch of the version writes into the columns.
      return { wire, ids: next.shared.ids.slice() };
    });
  }

  /**
   * `use` of the version's rows and relations now, from its kept build patched with the rows written since (no
   * packing: the next Gantt answer re-packs what changed), or undefined when no build of it is kept here — nothing
   * is built for the caller. `use` runs inside the turn: what it keeps must not be the build's own arrays, which the
   * next patch writes into. The health panel reads the version this way (issue 21).
   */
  current<T>(version: VersionScope["version"], use: (base: GanttBase) => T): Promise<T | undefined> {
    if (!this.bases.has(version.id) && !this.baseTurns.has(version.id)) return Promise.resolve(undefined);
    return this.inTurn(version.id, async () => {
      const base = this.bases.get(version.id);
      if (!base) return undefined;
      this.bases.delete(version.id);
      const next = await patchGanttBase(this.db, version, base);
      this.bases.set(version.id, next);
      return use(next);
    });
  }

  /** Runs `step` after the version's turn under way (failed or not), as the version's turn. */
  private inTurn<T>(versionId: string, step: () => Promise<T>): Promise<T> {
    const previous = this.baseTurns.get(versionId);
    const turn = (async () => {
      await previous?.catch(() => undefined);
      return step();
    })();
    this.baseTurns.set(versionId, turn);
    const forget = () => {
      if (this.baseTurns.get(versionId) === turn) this.baseTurns.delete(versionId);
    };
    turn.then(forget, forget);
    return turn;
  }

  private encoded(key: string, entry: Entry, encoding: Encoding): Promise<Buffer> {
    let made = entry.encoded[encoding];
    if (!made) {
      made = COMPRESS[encoding](entry.json).then((bytes) => {
        entry.encodedBytes += bytes.length;
        // Stored again so that the cache counts the new bytes.
        if (this.entries.peek(key) === entry) this.entries.set(key, entry);
        return bytes;
      });
      entry.encoded[encoding] = made;
      // A failed compression is not kept: the next request tries again.
      made.catch(() => {
        if (entry.encoded[encoding] === made) delete entry.encoded[encoding];
      });
    }
    return made;
  }
}

/** If-None-Match lists ETags (or `*`); a weak one (`W/"…"`) matches too, as RFC 9110 says for GET. */
function matches(header: string | string[] | undefined, etag: string) {
  if (!header) return false;
  const tags = (Array.isArray(header) ? header.join(",") : header).split(",").map((tag) => tag.trim());
  return tags.some((tag) => tag === "*" || tag === etag || tag === `W/${etag}`);
}
