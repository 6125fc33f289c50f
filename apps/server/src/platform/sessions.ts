import { and, eq, inArray, lt, ne, or, sql } from "drizzle-orm";
import { sessions, users } from "../db/schema/index.js";
import { batchedReader } from "./batched-reader.js";
import { type ChangeClock, ClockedCache } from "./change-clock.js";
import { type Db, UNNAMED } from "./db.js";
import { hashToken, newToken } from "./tokens.js";

export type UserRow = typeof users.$inferSelect;

export interface AuthContext {
  user: UserRow;
  sessionId: string;
  /** When the session was last used before this request: the idle time-out is measured from it. */
  lastSeenAt: Date;
}

/** Writes last-seen at most this often, so reading pages does not turn into a write per request. */
const LAST_SEEN_WRITE_INTERVAL_MS = 30_000;

type SessionRow = { session: typeof sessions.$inferSelect; user: UserRow };

/** Sessions (and their users) kept in memory per process: the busiest readers stay well under this. */
const KEPT_SESSIONS = 20_000;

export class SessionStore {
  /** Every request resolves its token: prepared once, planned once per connection. */
  private readonly byToken;
  /** Sessions read since the last write anywhere (see ChangeClock): a crowd of readers costs no query per request. */
  private readonly kept: ClockedCache<SessionRow>;
  /** The tokens of a crowd not kept (yet, or any more) are read together. */
  private readonly readBatched;
  /** The last-seen writes of a crowd go together too (one UPDATE for many sessions, not one each). */
  private readonly touchBatched;

  constructor(
    private readonly db: Db,
    private readonly options: { tokenTtlHours: number; idleMinutes: number },
    private readonly clock: ChangeClock,
  ) {
    this.byToken = db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, sql.placeholder("hash")))
      .prepare(UNNAMED);
    this.kept = new ClockedCache(clock, KEPT_SESSIONS);
    this.readBatched = batchedReader(async (hashes) => {
      const rows = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(inArray(sessions.tokenHash, [...new Set(hashes)]));
      return new Map(rows.map((row) => [row.session.tokenHash, row]));
    });
    this.touchBatched = batchedReader(async (ids) => {
      await db
        .update(sessions)
        .set({ lastSeenAt: new Date() })
        .where(inArray(sessions.id, [...new Set(ids)]));
      return new Map(ids.map((id) => [id, true]));
    });
  }

  private async read(hash: string): Promise<SessionRow | null> {
    return (await this.byToken.execute({ hash }))[0] ?? null;
  }

  private ended(row: SessionRow, now: number) {
    const idleLimit = row.session.lastSeenAt.getTime() + this.options.idleMinutes * 60_000;
    return row.session.expiresAt.getTime() <= now || idleLimit <= now;
  }

  /**
   * Starts a session and keeps it, read back with its user as every call reads it: the first call made with the new
   * token reads nothing (a crowd that has just signed in does not queue on the database).
   */
  async create(userId: string, meta: { ip?: string; userAgent?: string }) {
    const token = newToken();
    const tokenHash = hashToken(token);
    const expiresAt = new Date(Date.now() + this.options.tokenTtlHours * 3_600_000);
    const reading = this.clock.now();
    await this.db
      .insert(sessions)
      .values({ tokenHash, userId, expiresAt, ip: meta.ip, userAgent: meta.userAgent?.slice(0, 500) });
    const row = await this.read(tokenHash);
    if (row) this.kept.keep(tokenHash, row, reading);
    return { token, expiresAt };
  }

  /**
   * Resolves a bearer token. Expired sessions, and sessions idle for longer than the system's idle time-out, are
   * deleted and reported as such, so the browser can tell idleness from a bad token.
   */
  async resolve(token: string): Promise<AuthContext | "expired" | null> {
    const hash = hashToken(token);
    let row = await this.kept.through(hash, () => this.readBatched(hash));
    if (!row) return null;
    const now = Date.now();
    if (this.ended(row, now)) {
      // A kept row may have missed uses through other processes since: only the database says it ended.
      this.kept.delete(hash);
      row = await this.read(hash);
      if (!row) return null;
      if (this.ended(row, now)) {
        await this.db.delete(sessions).where(eq(sessions.id, row.session.id));
        return "expired";
      }
    }
    const lastSeenAt = row.session.lastSeenAt;
    if (now - lastSeenAt.getTime() > LAST_SEEN_WRITE_INTERVAL_MS) {
      await this.touchBatched(row.session.id);
      // The kept row follows the database (no other reader's answer depends on when a session was last used).
      row.session.lastSeenAt = new Date(now);
    }
    return { user: row.user, sessionId: row.session.id, lastSeenAt };
  }

  async revoke(sessionId: string) {
    await this.db.delete(sessions).where(eq(sessions.id, sessionId));
    this.clock.advance();
  }

  /** Ends every session of a user except, optionally, the one making the change. */
  async revokeAllOf(userId: string, exceptSessionId?: string) {
    await this.db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), exceptSessionId ? ne(sessions.id, exceptSessionId) : sql`true`));
    this.clock.advance();
  }

  async deleteStale() {
    const idleCutoff = new Date(Date.now() - this.options.idleMinutes * 60_000);
    await this.db.delete(sessions).where(or(lt(sessions.expiresAt, new Date()), lt(sessions.lastSeenAt, idleCutoff)));
  }
}
