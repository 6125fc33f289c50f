import type { Health } from "@planum/contracts";
import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db.js";
import type { ProcessRegistry } from "../../platform/processes.js";
import type { Storage } from "../../platform/storage.js";

/** How long the health check waits for the database or the store before calling it unreachable. */
const CHECK_TIMEOUT_MS = 5_000;

function withinTimeout(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  return Promise.race([
    work.then(
      () => true,
      () => false,
    ),
    late,
  ]).finally(() => clearTimeout(timer));
}

/** Whether this process can serve: its database and its file store answer, and it is not draining. */
export class HealthService {
  constructor(
    private readonly deps: { db: Db; storage: Storage; process: ProcessRegistry; version: string },
    private readonly timeoutMs = CHECK_TIMEOUT_MS,
  ) {}

  async check(): Promise<Health> {
    const [database, storage] = await Promise.all([
      withinTimeout(this.deps.db.execute(sql`select 1`), this.timeoutMs),
      this.deps.storage.reachable(this.timeoutMs),
    ]);
    const reachable = database && storage;
    return {
      status: this.deps.process.draining ? "draining" : reachable ? "ok" : "unavailable",
      version: this.deps.version,
      database: database ? "ok" : "unreachable",
      storage: storage ? "ok" : "unreachable",
    };
  }
}
