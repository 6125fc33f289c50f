import { and, eq, gt, lt } from "drizzle-orm";
import { ssoRequests, userIdentities, users } from "../../db/schema/index.js";
import type { Db, DbOrTx } from "../../platform/db.js";
import type { UserRow } from "../../platform/sessions.js";

export type SsoRequestRow = typeof ssoRequests.$inferSelect;

/** The SQL of single sign-on: sign-ins on their way through a provider, and the identities linked to users. */
export class SsoRepo {
  constructor(private readonly db: Db) {}

  async saveRequest(row: SsoRequestRow) {
    // Requests never answered (the person closed the tab) are dropped by the next sign-in rather than a sweeper.
    await this.db.delete(ssoRequests).where(lt(ssoRequests.expiresAt, new Date()));
    await this.db.insert(ssoRequests).values(row);
  }

  /** Takes the live request of this state out, so an answer can be used once only (a replay finds nothing). */
  async takeRequest(stateHash: string, provider: string): Promise<SsoRequestRow | null> {
    const [row] = await this.db
      .delete(ssoRequests)
      .where(
        and(
          eq(ssoRequests.stateHash, stateHash),
          eq(ssoRequests.provider, provider),
          gt(ssoRequests.expiresAt, new Date()),
        ),
      )
      .returning();
    return row ?? null;
  }

  async userOfIdentity(issuer: string, subject: string): Promise<UserRow | null> {
    const [row] = await this.db
      .select({ user: users })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)));
    return row?.user ?? null;
  }

  /** Links an identity to a user; a link made meanwhile by a parallel sign-in of the same person stays as it is. */
  async link(issuer: string, subject: string, userId: string, db: DbOrTx = this.db) {
    await db.insert(userIdentities).values({ issuer, subject, userId }).onConflictDoNothing();
  }
}
