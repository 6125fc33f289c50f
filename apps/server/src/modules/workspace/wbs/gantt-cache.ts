import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { Negotiator } from "@fastify/accept-negotiator";
import { sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import type { VersionScope } from "../../../platform/access.js";
import { type ChangeClock, ClockedCache } from "../../../platform/change-clock.js";
import type { Db } from "../../../platform/db.js";
import { execRows } from "../../../platform/sql.js";
import { buildGanttColumns } from "./gantt-columns.js";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
// Quality 5: most of brotli's gain over gzip at a small share of its maximum (11) effort.
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

/** One answer as sent: the JSON envelope once serialized, its compressed forms (brotli made on first demand). */
interface Entry {
  etag: string;
  json: Buffer;
  gzip: Buffer;
  br?: Buffer;
}

/** The row versions of the space's calendars and a digest of the caller's collapsed rows. */
interface Stamp {
  calendars: string;
  collapsed: string;
}

const entrySize = (entry: Entry) => entry.json.length + entry.gzip.length + (entry.br?.length ?? 0);

/**
 * The Gantt answer of an unchanged version is served from memory. Its key is read from the database (and kept until
 * the next write anywhere, see ChangeClock), never invalidated by hand, so several server processes on one database
 * agree:
 * - the version row that the access check has just loaded: `revision` (every change inside the version and every
 *   calculation bumps it), `calc_status` (also moved by calculation settings without a revision), the dates;
 * - the space's calendars (their edits do not touch versions): the row versions (`xmin`) of all of them;
 * - the caller's collapsed rows (`expanded` is per user): a digest of their ids.
 * Nothing else shapes the answer: attribute values are sent as stored, whatever the caller's attribute access. Should
 * the answer come to depend on the caller's rights, that must join the key, or one user's answer reaches another.
 */
export class GanttCache {
  private readonly entries: LRUCache<string, Entry>;
  /** Builds under way: a crowd opening the same version waits for one build instead of making its own. */
  private readonly building = new Map<string, Promise<Entry>>();
  private readonly encodings = new Negotiator({ supportedValues: ["br", "gzip"] });
  /** The database's part of the key per version and user. */
  private readonly stamps: ClockedCache<Stamp>;

  constructor(
    private readonly db: Db,
    maxBytes: number,
    clock: ChangeClock,
  ) {
    this.entries = new LRUCache({ maxSize: maxBytes, sizeCalculation: entrySize });
    this.stamps = new ClockedCache(clock, 10_000);
  }

  /** Answers the request (200 in the encoding asked for, or 304 to a matching If-None-Match). Access is checked. */
  async answer(scope: VersionScope, request: FastifyRequest, reply: FastifyReply) {
    const key = await this.key(scope);
    const entry = this.entries.get(key) ?? (await this.build(key, scope));
    reply.header("etag", entry.etag).header("cache-control", "private, no-cache").header("vary", "accept-encoding");
    if (matches(request.headers["if-none-match"], entry.etag)) return reply.code(304).send();
    const encoding = this.encodings.negotiate(String(request.headers["accept-encoding"] ?? ""));
    reply.type("application/json; charset=utf-8");
    if (encoding === "br") return reply.header("content-encoding", "br").send(await this.brotli(key, entry));
    if (encoding === "gzip") return reply.header("content-encoding", "gzip").send(entry.gzip);
    return reply.send(entry.json);
  }

  private async key(scope: VersionScope) {
    const { version, grant } = scope;
    const stamp = await this.stamps.through(`${version.id} ${grant.userId}`, () => this.stamp(scope));
    if (!stamp) throw new Error("the Gantt key query answered no row");
    return [
      version.id,
      version.revision,
      version.calcStatus,
      version.calculatedAt?.toISOString() ?? "",
      version.projectStart,
      version.dataDate ?? "",
      stamp.calendars,
      stamp.collapsed,
    ].join("|");
  }

  private async stamp({ version, grant }: VersionScope): Promise<Stamp> {
    const result = await execRows(
      this.db,
      sql`
      select (select coalesce(string_agg(id::text || '.' || xmin::text, ',' order by id), '')
                from calendars where space_id = ${version.spaceId}) as calendars,
             (select coalesce(md5(string_agg(item_id::text, ',' order by item_id)), '')
                from wbs_item_flags where version_id = ${version.id} and user_id = ${grant.userId} and not expanded)
               as collapsed`,
    );
    return result.rows[0] as Stamp;
  }

  private build(key: string, scope: VersionScope): Promise<Entry> {
    const running = this.building.get(key);
    if (running) return running;
    const made = (async () => {
      const data = await buildGanttColumns(this.db, scope.version, scope.grant.userId);
      const json = Buffer.from(JSON.stringify({ success: true, data }));
      // The ETag names the bytes: equal answers of different processes or users carry the same one.
      const etag = `"${createHash("sha256").update(json).digest("base64url").slice(0, 32)}"`;
      const entry: Entry = { etag, json, gzip: await gzipAsync(json) };
      this.entries.set(key, entry);
      return entry;
    })().finally(() => this.building.delete(key));
    this.building.set(key, made);
    return made;
  }

  private async brotli(key: string, entry: Entry) {
    if (!entry.br) {
      entry.br = await brotliAsync(entry.json, BROTLI);
      // Stored again so that the cache counts the new bytes.
      if (this.entries.peek(key) === entry) this.entries.set(key, entry);
    }
    return entry.br;
  }
}

/** If-None-Match lists ETags (or `*`); a weak one (`W/"…"`) matches too, as RFC 9110 says for GET. */
function matches(header: string | string[] | undefined, etag: string) {
  if (!header) return false;
  const tags = (Array.isArray(header) ? header.join(",") : header).split(",").map((tag) => tag.trim());
  return tags.some((tag) => tag === "*" || tag === etag || tag === `W/${etag}`);
}
