import { eq, sql } from "drizzle-orm";
import { analyticsDailyRuns } from "../../db/schema/index.js";
import type { AppContext } from "../../platform/context.js";
import type { DbOrTx } from "../../platform/db.js";
import { execRows } from "../../platform/sql.js";

export const DAILY_JOB = "analytics_daily";
const DAY_MS = 86_400_000;

type Deps = Pick<AppContext, "db" | "jobs">;

/** Queues today's recount once across all processes: the first to insert today's row enqueues the job. */
export async function queueDailyRecount(deps: Deps, now = new Date()) {
  const day = now.toISOString().slice(0, 10);
  const [won] = await deps.db
    .insert(analyticsDailyRuns)
    .values({ day })
    .onConflictDoNothing()
    .returning({ day: analyticsDailyRuns.day });
  if (!won) return null;
  try {
    const job = await deps.jobs.enqueue(DAILY_JOB, { payload: { day } });
    await deps.db.update(analyticsDailyRuns).set({ jobId: job.id }).where(eq(analyticsDailyRuns.day, day));
    return job;
  } catch (error) {
    // Not queued (the queue is not started yet, the database hiccuped): give the day back to the next tick.
    await deps.db.delete(analyticsDailyRuns).where(eq(analyticsDailyRuns.day, day));
    throw error;
  }
}

/**
 * Versions whose counts follow the calendar (no data date: late starts and finishes are counted to today) and were
 * counted on an earlier day: their counts are asked again (the `counts` part; their day sums stay). Answers them.
 */
export async function staleByTheDay(db: DbOrTx, day: string): Promise<{ versionId: string; spaceId: string }[]> {
  const today = Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
  const result = await execRows(
    db,
    sql`update analytics_versions a set generation = a.generation + 1,
        dirty = a.dirty || jsonb_build_object('counts', a.generation + 1)
      from versions v
      where v.id = a.version_id and v.data_date is null and a.computed_generation >= 0 and a.status_day < ${today}
      returning a.version_id, a.space_id`,
  );
  return (result.rows as { version_id: string; space_id: string }[]).map((r) => ({
    versionId: r.version_id,
    spaceId: r.space_id,
  }));
}
