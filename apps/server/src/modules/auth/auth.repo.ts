import { eq, inArray } from "drizzle-orm";
import { authThrottle } from "../../db/schema/index.js";
import type { Db } from "../../platform/db.js";

export type ThrottleRow = typeof authThrottle.$inferSelect;

/** The SQL of sign-in throttling: failure counters per key (an account or an address), shared by every process. */
export class AuthRepo {
  constructor(private readonly db: Db) {}

  counters(keys: string[]): Promise<ThrottleRow[]> {
    return this.db.select().from(authThrottle).where(inArray(authThrottle.key, keys));
  }

  async counter(key: string): Promise<ThrottleRow | null> {
    const [row] = await this.db.select().from(authThrottle).where(eq(authThrottle.key, key));
    return row ?? null;
  }

  /** Writes a counter; the window restarts only when `windowStartedAt` is given. */
  async saveCounter(row: { key: string; failures: number; blockedUntil: Date | null; windowStartedAt?: Date }) {
    const { key, failures, blockedUntil, windowStartedAt } = row;
    await this.db
      .insert(authThrottle)
      .values({ key, failures, blockedUntil, windowStartedAt: windowStartedAt ?? new Date() })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: { failures, blockedUntil, ...(windowStartedAt ? { windowStartedAt } : {}) },
      });
  }

  async clear(key: string) {
    await this.db.delete(authThrottle).where(eq(authThrottle.key, key));
  }
}
