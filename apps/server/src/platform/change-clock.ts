import { LRUCache } from "lru-cache";

/**
 * Counts the writes of the whole installation, so that what a process keeps in memory from the database (sessions,
 * memberships, version access, Gantt keys) is used only while nothing was written since it was read.
 *
 * The clock moves on every write this process commits (every request that is not a plain read, every space event,
 * every finished job) and, through the socket.io adapter, on every write of the other processes. So a read served
 * from memory is never older than the last write this process made, and at most as old as one message between
 * processes (milliseconds) for a write made elsewhere — the same delay as the real-time events themselves. Should a
 * message between processes be lost (the adapter's connection broke), kept readings expire on their own
 * (`KEEP_MS`): revoking a token or a membership takes effect everywhere within that time at the latest.
 */
export class ChangeClock {
  private ticks = 0;
  private publish: (() => void) | null = null;
  private publishing = false;

  /** The reading to take before reading the database; what was read is kept under it. */
  now(): number {
    return this.ticks;
  }

  /** Whether anything was written since `reading` was taken. */
  movedSince(reading: number): boolean {
    return this.ticks !== reading;
  }

  /** This process committed a write: every process forgets what it read before. */
  advance() {
    this.ticks++;
    if (!this.publish || this.publishing) return;
    // The writes of one turn of the event loop travel as one message.
    this.publishing = true;
    queueMicrotask(() => {
      this.publishing = false;
      this.publish?.();
    });
  }

  /** Another process committed a write. */
  advancedElsewhere() {
    this.ticks++;
  }

  /** Joins the clock to the other processes' (`publish` tells them this one moved). */
  connect(publish: (() => void) | null) {
    this.publish = publish;
  }
}

/** How long a reading kept in memory may be used at most, whatever the clock says. */
export const KEEP_MS = 5_000;

/** Values read from the database, kept while the change clock has not moved since they were read. */
export class ClockedCache<V extends object> {
  private readonly entries: LRUCache<string, { value: V; reading: number }>;
  /** Reads under way: a crowd missing the same key at once waits for one read instead of making its own. */
  private readonly loading = new Map<string, { reading: number; value: Promise<V | null> }>();

  constructor(
    private readonly clock: ChangeClock,
    max: number,
  ) {
    this.entries = new LRUCache({ max, ttl: KEEP_MS });
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.clock.movedSince(entry.reading)) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** The kept value, or `load`'s; nothing found (null) is not kept, so what appears is seen at once. */
  async through(key: string, load: () => Promise<V | null>): Promise<V | null> {
    const kept = this.get(key);
    if (kept) return kept;
    // Taken before the read: a write committed while it runs leaves the value stale, and the clock says so.
    const reading = this.clock.now();
    const running = this.loading.get(key);
    // Joined only if no write came since it started: otherwise it may answer what was true before that write.
    if (running && running.reading === reading) return running.value;
    const value = load().then((found) => {
      if (found) this.keep(key, found, reading);
      return found;
    });
    const entry = { reading, value };
    this.loading.set(key, entry);
    try {
      return await value;
    } finally {
      if (this.loading.get(key) === entry) this.loading.delete(key);
    }
  }

  /** Keeps what the caller has just read or written, under the reading it took before doing so. */
  keep(key: string, value: V, reading: number) {
    if (!this.clock.movedSince(reading)) this.entries.set(key, { value, reading });
  }

  delete(key: string) {
    this.entries.delete(key);
  }
}
