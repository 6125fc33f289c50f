import { sql } from "drizzle-orm";
import { ACTIVITY_SLOTS_PER_DAY, userActivityDays } from "../db/schema/index.js";
import type { Db } from "./db.js";

const SLOT_MS = (24 * 60 * 60_000) / ACTIVITY_SLOTS_PER_DAY;
/** Rows written by one statement at most (a flush of a crowd is a few statements, not one per member). */
const ROWS_PER_STATEMENT = 500;

interface Counted {
  spaceId: string;
  userId: string;
  day: string;
  calls: number;
  slots: Uint8Array;
}

/**
 * The members' use of their spaces, counted by the request pipeline (the access gate admits a member's call and
 * tells this recorder). A call costs a map lookup and a bit set in memory; every `flushMs` the process writes what it
 * counted in one upsert per member and day, batched, which adds the calls and ORs the five-minute slots — so the
 * counts of several processes add up and a slot two of them saw counts once. Counted calls not yet flushed are lost
 * if the process dies: activity is a statistic, the pipeline never waits on it.
 */
export class ActivityRecorder {
  private pending = new Map<string, Counted>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly flushMs: number,
    private readonly log: (error: unknown) => void = () => {},
  ) {}

  /** A call of `userId` admitted into `spaceId` now. */
  record(spaceId: string, userId: string, at = Date.now()) {
    const day = new Date(at).toISOString().slice(0, 10);
    const key = `${spaceId} ${userId} ${day}`;
    let counted = this.pending.get(key);
    if (!counted) {
      counted = { spaceId, userId, day, calls: 0, slots: new Uint8Array(ACTIVITY_SLOTS_PER_DAY) };
      this.pending.set(key, counted);
    }
    counted.calls++;
    counted.slots[Math.floor((at % 86_400_000) / SLOT_MS)] = 1;
  }

  start() {
    if (this.flushMs <= 0 || this.timer) return;
    this.timer = setInterval(() => this.flush().catch(this.log), this.flushMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is still counted. */
  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush().catch(this.log);
  }

  /** Writes what this process counted so far (readers call it first, so a member's own calls show at once). */
  flush(): Promise<void> {
    // One flush at a time: a second waits for the first and then writes what came meanwhile.
    this.flushing = this.flushing.catch(() => {}).then(() => this.write());
    return this.flushing;
  }

  private async write() {
    if (this.pending.size === 0) return;
    const rows = [...this.pending.values()];
    this.pending = new Map();
    try {
      for (let at = 0; at < rows.length; at += ROWS_PER_STATEMENT)
        await this.db
          .insert(userActivityDays)
          .values(
            rows.slice(at, at + ROWS_PER_STATEMENT).map((row) => ({
              spaceId: row.spaceId,
              userId: row.userId,
              day: row.day,
              calls: row.calls,
              slots: row.slots.join(""),
            })),
          )
          .onConflictDoUpdate({
            target: [userActivityDays.spaceId, userActivityDays.day, userActivityDays.userId],
            set: {
              calls: sql`${userActivityDays.calls} + excluded.calls`,
              slots: sql`${userActivityDays.slots} | excluded.slots`,
            },
          });
    } catch (error) {
      // A member or space deleted meanwhile (foreign key) or a database hiccup: the counts are dropped, not retried
      // forever — the next calls are counted again.
      this.log(error);
    }
  }
}
