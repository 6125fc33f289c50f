import { eq, inArray } from "drizzle-orm";
import { jobs } from "../db/schema/index.js";
import type { Db, DbOrTx } from "./db.js";

export type JobRow = typeof jobs.$inferSelect;

export interface JobContext {
  job: JobRow;
  /** Records progress (0–100) and an optional message; handlers also push it to the browser themselves. */
  progress(percent: number, message?: string): Promise<void>;
  /**
   * Marks the job completed with its result inside the transaction that commits the job's effect, so the two commit
   * together: a process killed after that commit leaves a completed job, never a done effect with a failed job. A
   * handler that does not call it is completed when it returns (it must then be safe to run again).
   */
  complete(tx: DbOrTx, result?: Record<string, unknown>): Promise<void>;
  /** Aborted when somebody asks the job to stop (`/batch-processing/stop`), whichever process runs it. */
  signal: AbortSignal;
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
  private readonly running = new Map<string, AbortController>();

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

  /** Asks a job to stop wherever it runs; its handler sees `signal.aborted`. False when it is not running. */
  async requestStop(id: string): Promise<boolean> {
    const controller = this.running.get(id);
    controller?.abort();
    return Boolean(controller);
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
    const [current] = await this.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, row.id));
    if (current?.status === "completed" || current?.status === "error") return;
    await update({ status: "in_process" });
    let completed = false;
    const controller = new AbortController();
    this.running.set(row.id, controller);
    try {
      const result = await handler({
        job: row,
        progress: (percent, message) => update({ progress: Math.round(percent), message: message ?? null }),
        complete: async (tx, result) => {
          await tx
            .update(jobs)
            .set({ status: "completed", progress: 100, result: result ?? null, updatedAt: new Date() })
            .where(eq(jobs.id, row.id));
          completed = true;
        },
        signal: controller.signal,
      });
      if (!completed) await update({ status: "completed", progress: 100, result: result ?? null });
    } catch (error) {
      await update({ status: "error", error: error instanceof Error ? error.message : String(error) }).catch(() => {});
    } finally {
      this.running.delete(row.id);
    }
  }
}
