import { eq, inArray } from "drizzle-orm";
import { jobs } from "../db/schema/index.js";
import type { Db } from "./db.js";

export type JobRow = typeof jobs.$inferSelect;

export interface JobContext {
  job: JobRow;
  /** Records progress (0–100) and an optional message; handlers also push it to the browser themselves. */
  progress(percent: number, message?: string): Promise<void>;
}

export type JobHandler = (context: JobContext) => Promise<Record<string, unknown> | undefined>;

/**
 * Persisted background jobs run in this process. A job is a row first, so a restart finds the unfinished ones and
 * runs them again (handlers are written to be re-runnable); any process can run any job, because the state is in
 * the database. One job runs at a time per process: the machine has two cores and the API must stay responsive.
 */
export class Jobs {
  private readonly handlers = new Map<string, JobHandler>();
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly db: Db) {}

  register(type: string, handler: JobHandler) {
    this.handlers.set(type, handler);
  }

  async enqueue(type: string, input: { spaceId?: string; userId?: string; payload?: Record<string, unknown> }) {
    if (!this.handlers.has(type)) throw new Error(`No handler for job type ${type}`);
    const [row] = await this.db
      .insert(jobs)
      .values({ type, spaceId: input.spaceId, createdBy: input.userId, payload: input.payload ?? {} })
      .returning();
    this.schedule(row);
    return row;
  }

  async get(id: string) {
    const [row] = await this.db.select().from(jobs).where(eq(jobs.id, id));
    return row ?? null;
  }

  /** Re-runs jobs a previous process left queued or half done. */
  async resumeUnfinished() {
    const rows = await this.db
      .select()
      .from(jobs)
      .where(inArray(jobs.status, ["queued", "in_process"]));
    for (const row of rows) if (this.handlers.has(row.type)) this.schedule(row);
  }

  /** Resolves when every scheduled job has finished (tests and graceful shutdown). */
  async idle() {
    let current: Promise<void>;
    do {
      current = this.queue;
      await current;
    } while (current !== this.queue);
  }

  private schedule(row: JobRow) {
    this.queue = this.queue.then(() => this.run(row));
  }

  private async run(row: JobRow) {
    const handler = this.handlers.get(row.type)!;
    const update = async (values: Partial<JobRow>) => {
      await this.db
        .update(jobs)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(jobs.id, row.id));
    };
    await update({ status: "in_process" });
    try {
      const result = await handler({
        job: row,
        progress: (percent, message) => update({ progress: Math.round(percent), message: message ?? null }),
      });
      await update({ status: "completed", progress: 100, result: result ?? null });
    } catch (error) {
      await update({ status: "error", error: error instanceof Error ? error.message : String(error) }).catch(() => {});
    }
  }
}
