import { randomUUID } from "node:crypto";
import os from "node:os";
import { eq, sql } from "drizzle-orm";
import { serverProcesses } from "../db/schema/index.js";
import type { Db } from "./db.js";

export type ProcessRole = "all" | "web" | "worker";

/** How often a process says it is alive, and after how long without a word another process takes over its jobs. */
export const HEARTBEAT_MS = 5_000;
export const PRESUMED_DEAD_SECONDS = 20;

/**
 * This process as the others see it: a row of `server_processes` refreshed every few seconds. A job whose runner's
 * row went quiet (the process was killed, its machine lost) is taken over by a live worker (platform/jobs.ts).
 */
export class ProcessRegistry {
  readonly id = randomUUID();
  /** Set when the process begins to stop: the health check says so, so a load balancer sends nothing new here. */
  draining = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    readonly role: ProcessRole,
  ) {}

  async start() {
    await this.db
      .insert(serverProcesses)
      .values({ id: this.id, role: this.role, host: os.hostname(), pid: process.pid });
    this.timer = setInterval(() => {
      this.beat().catch(() => {});
    }, HEARTBEAT_MS);
    this.timer.unref();
  }

  private async beat() {
    const updated = await this.db
      .update(serverProcesses)
      .set({ seenAt: sql`now()` })
      .where(eq(serverProcesses.id, this.id))
      .returning({ id: serverProcesses.id });
    // Declared dead after a long pause (and its jobs taken over): come back as alive, the fence in jobs keeps order.
    if (updated.length === 0) {
      await this.db
        .insert(serverProcesses)
        .values({ id: this.id, role: this.role, host: os.hostname(), pid: process.pid });
    }
    // Rows of processes gone for an hour only clutter the table.
    await this.db.delete(serverProcesses).where(sql`${serverProcesses.seenAt} < now() - interval '1 hour'`);
  }

  /** A process that stops cleanly says so at once, so its jobs need not wait for the heartbeat to go quiet. */
  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.db.delete(serverProcesses).where(eq(serverProcesses.id, this.id));
  }
}
