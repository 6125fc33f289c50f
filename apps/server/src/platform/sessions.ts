import { and, eq, lt, ne, or, sql } from "drizzle-orm";
import { sessions, users } from "../db/schema/index.js";
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

export class SessionStore {
  /** Every request resolves its token: prepared once, planned once per connection. */
  private readonly byToken;

  constructor(
    private readonly db: Db,
    private readonly options: { tokenTtlHours: number; idleMinutes: number },
  ) {
    this.byToken = db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, sql.placeholder("hash")))
      .prepare(UNNAMED);
  }

  async create(userId: string, meta: { ip?: string; userAgent?: string }) {
    const token = newToken();
    const expiresAt = new Date(Date.now() + this.options.tokenTtlHours * 3_600_000);
    await this.db.insert(sessions).values({
      tokenHash: hashToken(token),
      userId,
      expiresAt,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 500),
    });
    return { token, expiresAt };
  }

  /**
   * Resolves a bearer token. Expired sessions, and sessions idle for longer than the system's idle time-out, are
   * deleted and reported as such, so the browser can tell idleness from a bad token.
   */
  async resolve(token: string): Promise<AuthContext | "expired" | null> {
    const rows = await this.byToken.execute({ hash: hashToken(token) });
    const row = rows[0];
    if (!row) return null;
    const now = Date.now();
    const idleLimit = row.session.lastSeenAt.getTime() + this.options.idleMinutes * 60_000;
    if (row.session.expiresAt.getTime() <= now || idleLimit <= now) {
      await this.db.delete(sessions).where(eq(sessions.id, row.session.id));
      return "expired";
    }
    if (now - row.session.lastSeenAt.getTime() > LAST_SEEN_WRITE_INTERVAL_MS) {
      await this.db
        .update(sessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(sessions.id, row.session.id));
    }
    return { user: row.user, sessionId: row.session.id, lastSeenAt: row.session.lastSeenAt };
  }

  async revoke(sessionId: string) {
    await this.db.delete(sessions).where(eq(sessions.id, sessionId));
  }

  /** Ends every session of a user except, optionally, the one making the change. */
  async revokeAllOf(userId: string, exceptSessionId?: string) {
    await this.db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), exceptSessionId ? ne(sessions.id, exceptSessionId) : sql`true`));
  }

  async deleteStale() {
    const idleCutoff = new Date(Date.now() - this.options.idleMinutes * 60_000);
    await this.db.delete(sessions).where(or(lt(sessions.expiresAt, new Date()), lt(sessions.lastSeenAt, idleCutoff)));
  }
}
