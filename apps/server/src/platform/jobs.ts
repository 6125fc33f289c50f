import { createHash } from "node:crypto";
import { and, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type pg from "pg";
import PgBoss from "pg-boss";
import { jobs } from "../db/schema/index.js";
import type { Db, DbOrTx } from "./db.js";
import { PRESUMED_DEAD_SECONDS, type ProcessRegistry } from "./processes.js";

export type JobRow = typeof jobs.$inferSelect;
export type JobStatusRow = Omit<JobRow, "payload">;

/**
 * Every column but the payload: a payload may hold a whole parsed file (an estimate of 20,000 positions is megabytes
 * of JSON), and a status polled while the job runs must not carry it back each time.
 */
const { payload: _payload, ...statusColumns } = getTableColumns(jobs);

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
  /**
   * Records a partial result (and progress) inside the transaction that commits one step's effect, so an attempt
   * that takes the job over finds in `job.result` what is already done and does not do it twice.
   */
  checkpoint(tx: DbOrTx, result: Record<string, unknown>, percent?: number): Promise<void>;
  /** Aborted when somebody asks the job to stop (`/batch-processing/stop`), whichever process runs it. */
  signal: AbortSignal;
}

export type JobHandler = (context: JobContext) => Promise<Record<string, unknown> | undefined>;

/** A job's completion refused because another process took the job over meanwhile: its transaction rolls back. */
export class JobTakenOver extends Error {
  constructor(id: string) {
    super(`Job ${id} was taken over by another process`);
  }
}

export interface JobsOptions {
  db: Db;
  /** How pg-boss reaches the database (its own small pool, so queue polling never waits behind API queries). */
  connection: pg.PoolConfig;
  process: ProcessRegistry;
  /** pg-boss queue of this installation; tests give each server its own so they never run each other's jobs. */
  queue: string;
  /** False in a process of role `web`: it enqueues, workers run. */
  runWorkers: boolean;
  log: (message: string) => void;
  /** Called when a job has ended (completed, failed or handed over): its writes are committed or rolled back. */
  ended?: () => void;
}

const SUPERVISE_MS = 5_000;
const STOP_POLL_MS = 1_000;

/**
 * Background jobs on pg-boss. The `jobs` row is what users see (status, progress, result); pg-boss carries the job to
 * a worker in any process (fetching with SKIP LOCKED, so one worker takes it). A worker first *claims* the row — it
 * must still be queued, or held by a process whose heartbeat went quiet — counting the attempt; only that attempt may
 * record progress or complete it. So no job runs twice at once, a dead process's job is taken over (every live worker
 * looks for such jobs every few seconds and hands them back to pg-boss), a finished job is never run again, and an
 * effect committed together with its completion (`complete(tx)`) happens exactly once.
 */
export class Jobs {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly boss: PgBoss;
  private workerId: string | null = null;
  private supervisor: NodeJS.Timeout | null = null;
  /** Jobs this instance enqueued (tests wait for them) and the one it runs (drain hands it back). */
  private readonly mine = new Set<string>();
  private running: {
    id: string;
    attempt: number;
    type: string;
    done: Promise<void>;
    stop: AbortController;
  } | null = null;
  private started = false;
  /**
   * Jobs enqueued before the queue was started (a module's timer may tick first): their rows exist, their messages
   * are sent by start(). Sent earlier, pg-boss dropped them silently and the supervisor found them a minute later.
   */
  private readonly unsent: string[] = [];

  constructor(private readonly options: JobsOptions) {
    this.boss = new PgBoss({
      ...(options.connection as PgBoss.DatabaseOptions),
      max: 3,
      application_name: "planum-jobs",
      // Jobs past this are failed by pg-boss; a live handler is then fenced off by its attempt (see claim).
      expireInHours: 6,
      retryLimit: 0,
      // Takeovers are ours (heartbeats); pg-boss's own monitors only archive and clean up.
      monitorStateIntervalSeconds: 60,
      maintenanceIntervalSeconds: 120,
      archiveCompletedAfterSeconds: 3_600,
      deleteAfterDays: 2,
      schedule: false,
    });
    this.boss.on("error", (error) => options.log(`job queue: ${error.message}`));
  }

  register(type: string, handler: JobHandler) {
    this.handlers.set(type, handler);
  }

  async start() {
    await this.boss.start();
    await this.boss.createQueue(this.options.queue, { name: this.options.queue, retryLimit: 0 });
    this.started = true;
    for (const jobId of this.unsent.splice(0)) await this.dispatch(jobId, 0);
    if (!this.options.runWorkers) return;
    this.workerId = await this.boss.work<{ jobId: string }>(
      this.options.queue,
      { pollingIntervalSeconds: 1, batchSize: 1 },
      async ([message]) => {
        if (message) await this.run(message.data.jobId);
      },
    );
    await this.supervise();
    this.supervisor = setInterval(() => {
      this.supervise().catch((error) => this.options.log(`job supervisor: ${error.message}`));
    }, SUPERVISE_MS);
    this.supervisor.unref();
  }

  async enqueue(type: string, input: { spaceId?: string; userId?: string; payload?: Record<string, unknown> }) {
    if (!this.handlers.has(type)) throw new Error(`No handler for job type ${type}`);
    const payload = input.payload ?? {};
    const [row] = await this.options.db
      .insert(jobs)
      .values({ type, spaceId: input.spaceId, createdBy: input.userId, payload })
      .returning(statusColumns);
    this.mine.add(row.id);
    if (this.started) await this.dispatch(row.id, 0);
    else this.unsent.push(row.id);
    return { ...row, payload } as JobRow;
  }

  /**
   * A job whose row commits with the caller's transaction (its effect's precondition, e.g. the version it completes):
   * `send` it after that commit. Sent before, a worker could claim it before its row exists; never sent (the process
   * died between commit and send), the supervisor finds it queued a minute later and sends it.
   */
  async enqueueIn(
    tx: DbOrTx,
    type: string,
    input: { spaceId?: string; userId?: string | null; payload?: Record<string, unknown> },
  ) {
    if (!this.handlers.has(type)) throw new Error(`No handler for job type ${type}`);
    const [row] = await tx
      .insert(jobs)
      .values({ type, spaceId: input.spaceId, createdBy: input.userId, payload: input.payload ?? {} })
      .returning({ id: jobs.id });
    return row;
  }

  /** Sends a job made by `enqueueIn` once its transaction has committed. */
  async send(jobId: string) {
    this.mine.add(jobId);
    if (this.started) await this.dispatch(jobId, 0);
    else this.unsent.push(jobId);
  }

  async get(id: string) {
    const [row] = await this.options.db.select().from(jobs).where(eq(jobs.id, id));
    return row ?? null;
  }

  /** A job's row without its payload: what a caller polling its status needs. */
  async status(id: string): Promise<JobStatusRow | null> {
    const [row] = await this.options.db.select(statusColumns).from(jobs).where(eq(jobs.id, id));
    return row ?? null;
  }

  /**
   * Asks a job to stop wherever it runs: the flag is in its row, which the running process watches; a job not yet
   * started sees it when it starts. False when the job has already ended.
   */
  async requestStop(id: string): Promise<boolean> {
    const rows = await this.options.db
      .update(jobs)
      .set({ stopRequested: true, updatedAt: new Date() })
      .where(and(eq(jobs.id, id), inArray(jobs.status, ["queued", "in_process"])))
      .returning({ id: jobs.id });
    // The process running the job stops it at once; any other process sees the flag at its next look at the row.
    if (rows.length > 0 && this.running?.id === id) this.running.stop.abort();
    return rows.length > 0;
  }

  /** Resolves when every job this instance enqueued has ended (tests). */
  async idle() {
    while (this.mine.size > 0) {
      const open = await this.options.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(inArray(jobs.id, [...this.mine]), inArray(jobs.status, ["queued", "in_process"])));
      const openIds = new Set(open.map((row) => row.id));
      for (const id of this.mine) if (!openIds.has(id)) this.mine.delete(id);
      if (this.mine.size > 0) await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /**
   * Stops taking jobs and lets the running one finish for up to `graceMs`; a job still running then is handed back
   * (queued again for another process), and its late completion here is refused by the attempt fence.
   */
  async drain(graceMs: number) {
    if (!this.started) return;
    if (this.supervisor) clearInterval(this.supervisor);
    this.supervisor = null;
    if (this.workerId) await this.boss.offWork({ id: this.workerId }).catch(() => {});
    this.workerId = null;
    const running = this.running;
    if (running) {
      const finished = await Promise.race([
        running.done.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), graceMs).unref()),
      ]);
      if (!finished) await this.handBack(running.id, running.attempt);
    }
  }

  async stop() {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: false, wait: true }).catch(() => {});
  }

  /** Puts a job in the queue for its next attempt. The pg-boss id is derived from it, so sending twice is one job. */
  private async dispatch(jobId: string, attempt: number) {
    const id = attempt === 0 ? jobId : derivedId(jobId, attempt);
    await this.boss.send(this.options.queue, { jobId }, { id });
    if (this.workerId) this.boss.notifyWorker(this.workerId);
  }

  private async handBack(jobId: string, attempt: number) {
    const rows = await this.options.db
      .update(jobs)
      .set({ status: "queued", runnerId: null, updatedAt: new Date() })
      .where(and(eq(jobs.id, jobId), eq(jobs.attempt, attempt), eq(jobs.status, "in_process")))
      .returning({ attempt: jobs.attempt });
    if (rows.length > 0) await this.dispatch(jobId, attempt);
  }

  /** Hands back to the queue the jobs whose runner is gone, and queued jobs whose message was lost. */
  private async supervise() {
    const orphans = await this.options.db.execute(sql`
      select j.id, j.attempt from jobs j
      left join server_processes p on p.id = j.runner_id and p.seen_at > now() - make_interval(secs => ${PRESUMED_DEAD_SECONDS})
      where (j.status = 'in_process' and p.id is null)
         or (j.status = 'queued' and j.updated_at < now() - interval '1 minute')`);
    for (const row of (orphans as unknown as { rows: { id: string; attempt: number }[] }).rows) {
      await this.dispatch(row.id, row.attempt);
    }
  }

  /** Takes the job for this process if nobody live holds it; null when it is finished or another process runs it. */
  private async claim(jobId: string): Promise<JobRow | null> {
    const me = this.options.process.id;
    const [row] = await this.options.db
      .update(jobs)
      .set({ status: "in_process", runnerId: me, attempt: sql`${jobs.attempt} + 1`, updatedAt: new Date() })
      .where(
        and(
          eq(jobs.id, jobId),
          sql`(${jobs.status} = 'queued' or (${jobs.status} = 'in_process' and not exists (
            select 1 from server_processes p where p.id = ${jobs.runnerId}
              and p.seen_at > now() - make_interval(secs => ${PRESUMED_DEAD_SECONDS}))))`,
        ),
      )
      .returning();
    return row ?? null;
  }

  private async run(jobId: string) {
    const row = await this.claim(jobId);
    if (!row) return;
    const handler = this.handlers.get(row.type);
    let release!: () => void;
    const ours = and(eq(jobs.id, row.id), eq(jobs.attempt, row.attempt), eq(jobs.status, "in_process"));
    const update = (values: Partial<JobRow>) =>
      this.options.db
        .update(jobs)
        .set({ ...values, updatedAt: new Date() })
        .where(ours)
        .returning({ id: jobs.id });
    const controller = new AbortController();
    if (row.stopRequested) controller.abort();
    this.running = {
      id: row.id,
      attempt: row.attempt,
      type: row.type,
      done: new Promise((r) => (release = r)),
      stop: controller,
    };
    const watch = setInterval(async () => {
      const [current] = await this.options.db
        .select({ stop: jobs.stopRequested })
        .from(jobs)
        .where(eq(jobs.id, row.id))
        .catch(() => []);
      if (current?.stop) controller.abort();
    }, STOP_POLL_MS);
    watch.unref();
    let completed = false;
    try {
      if (!handler) throw new Error(`No handler for job type ${row.type}`);
      const result = await handler({
        job: row,
        progress: async (percent, message) => {
          await update({ progress: Math.round(percent), message: message ?? null });
        },
        complete: async (tx, result) => {
          const done = await tx
            .update(jobs)
            .set({ status: "completed", progress: 100, result: result ?? null, updatedAt: new Date() })
            .where(ours)
            .returning({ id: jobs.id });
          if (done.length === 0) throw new JobTakenOver(row.id);
          completed = true;
        },
        checkpoint: async (tx, result, percent) => {
          const saved = await tx
            .update(jobs)
            .set({ result, ...(percent === undefined ? {} : { progress: Math.round(percent) }), updatedAt: new Date() })
            .where(ours)
            .returning({ id: jobs.id });
          if (saved.length === 0) throw new JobTakenOver(row.id);
        },
        signal: controller.signal,
      });
      if (!completed) await update({ status: "completed", progress: 100, result: result ?? null });
    } catch (error) {
      if (!(error instanceof JobTakenOver)) {
        await update({ status: "error", error: error instanceof Error ? error.message : String(error) }).catch(
          () => {},
        );
      }
    } finally {
      clearInterval(watch);
      this.running = null;
      this.options.ended?.();
      release();
    }
  }
}

/** A stable UUID for a job's n-th attempt, so that every process handing it back sends the same pg-boss job. */
function derivedId(jobId: string, attempt: number): string {
  const hex = createHash("sha256").update(`${jobId}:${attempt}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
