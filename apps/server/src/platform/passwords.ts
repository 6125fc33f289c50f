import { availableParallelism } from "node:os";
import { Piscina } from "piscina";
import { AppError } from "./errors.js";
import type { PasswordTask } from "./password-worker.js";

/** Threads that hash by default: every core but one, which stays with the API's event loop (and the database). */
export const defaultHashThreads = () => Math.max(1, availableParallelism() - 1);

// Built, the worker is the compiled file beside this one; under Vitest (TypeScript sources) it loads through tsx.
const fromSources = import.meta.url.endsWith(".ts");
const WORKER = new URL(fromSources ? "./password-worker.ts" : "./password-worker.js", import.meta.url).href;

/**
 * Password and secret-answer hashing (argon2id) in a bounded pool of worker threads. A hash costs tens of
 * milliseconds of a core: on the libuv thread pool (the async calls of @node-rs/argon2) a burst of sign-ins took
 * every core and that pool's four threads, which file and compression work share, from the API. Here they take at
 * most `threads` cores at a lowered priority, and beyond `queueLimit` waiting calls the caller is told to come back
 * (ServerBusy, 503 with Retry-After) instead of waiting for minutes.
 */
export class Passwords {
  private readonly pool: Piscina<PasswordTask, string | boolean>;
  private readonly threads: number;
  private readonly queueLimit: number;

  constructor(options: { threads: number; queueLimit: number }) {
    this.threads = options.threads;
    this.queueLimit = options.queueLimit;
    this.pool = new Piscina({
      filename: WORKER,
      minThreads: options.threads,
      maxThreads: options.threads,
      // A worker's lower priority lets the event loop have a core when it needs one (Linux, with @napi-rs/nice).
      niceIncrement: 10,
      execArgv: fromSources ? ["--import", "tsx"] : [],
    });
  }

  async hash(secret: string): Promise<string> {
    return (await this.run({ op: "hash", secret })) as string;
  }

  /** False for no stored hash; ServerBusy (never false) when the queue is full, so it is not counted as a failure. */
  async verify(hashed: string | null, secret: string): Promise<boolean> {
    if (!hashed) return false;
    return (await this.run({ op: "verify", hashed, secret })) as boolean;
  }

  close() {
    return this.pool.destroy();
  }

  private async run(task: PasswordTask) {
    const waiting = this.pool.queueSize;
    if (waiting >= this.queueLimit) {
      // About when the queue ahead will have been worked off (a task's mean run time; 50 ms before any ran).
      const taskMs = this.pool.histogram.runTime.mean || 50;
      const seconds = Math.max(1, Math.ceil((waiting * taskMs) / this.threads / 1000));
      throw new AppError("ServerBusy", { seconds });
    }
    return this.pool.run(task);
  }
}

/** Secret answers are compared without regard to case or surrounding spaces: people retype them from memory. */
export const normalizeSecretAnswer = (answer: string) => answer.trim().toLocaleLowerCase();
