import type { HealthActivities, HealthRelations } from "@planum/formats";
import { eq, sql } from "drizzle-orm";
import { healthThresholds, versionHealth } from "../../../db/schema/index.js";
import type { VersionRow } from "../../../platform/access.js";
import type { DbOrTx } from "../../../platform/db.js";
import { execColumns } from "../../../platform/sql.js";
import { minutesSql } from "../../../platform/time.js";

const minutes = minutesSql;

/** A hard constraint in the DCMA sense: on a date, mandatory, or not later than (P6's start/finish on or before). */
const hard = (column: string) => `${column} in ('in_date', 'not_later', 'mandatory')`;

interface ItemColumns {
  id: number[];
  /** 1 for a work or a task (not a milestone): what the DCMA ratios count. */
  task: number[];
  done: number[];
  rem: number[];
  /** Places (0-based) of the activities with a hard constraint: few, so sent as a list. */
  hard: number[];
  tf: (number | null)[];
  ef: (number | null)[];
  as: (number | null)[];
  af: (number | null)[];
  bf: (number | null)[];
}

/**
 * What the DCMA checks read of a version, and nothing more: its activities (works, tasks and milestones: not sums,
 * not drafts) as columns of numbers in one query, its relations between them, and which of them have a resource.
 * Dates are minutes since 1970 and flags 0/1 (cheaper to cross than text and booleans); the few hard constraints,
 * leads, lags and other relation types come as lists; the baseline finish is the target finish.
 */
export async function readHealthRows(db: DbOrTx, version: Pick<VersionRow, "id">) {
  const c = await execColumns<ItemColumns>(
    db,
    sql`
    select json_build_object('id', coalesce(json_agg(id), '[]'), 'task', json_agg((type in ('work', 'task'))::int),
      'done', json_agg((status = 'completed')::int),
      'rem', json_agg(case when status = 'completed' then 0 else coalesce(remaining, duration) end),
      'hard', coalesce(json_agg(k - 1) filter (where ${sql.raw(hard("start_limit_type"))} or ${sql.raw(hard("finish_limit_type"))}), '[]'),
      'tf', json_agg(total_float), 'ef', json_agg(${minutes("early_finish")}),
      'as', json_agg(${minutes("actual_start")}), 'af', json_agg(${minutes("actual_finish")}),
      'bf', json_agg(${minutes("target_finish")})) as j
    from (select *, row_number() over () as k from wbs_items where version_id = ${version.id} and type not in ('sum', 'draft')) w`,
  );
  // Type and lag only where they are not a plain finish-to-start without lag: [place among the relations, type, lag].
  const r = await execColumns<{ a: number[]; b: number[]; x: [number, "fs" | "ss" | "ff" | "sf", number][] }>(
    db,
    sql`select json_build_object('a', coalesce(json_agg(predecessor_id), '[]'), 'b', coalesce(json_agg(successor_id), '[]'),
      'x', coalesce(json_agg(json_build_array(k - 1, type, lag)) filter (where type <> 'fs' or lag <> 0), '[]')) as j
    from (select predecessor_id, successor_id, type, lag, row_number() over () as k from relations where version_id = ${version.id}) r`,
  );
  const assigned = await execColumns<number[]>(
    db,
    sql`select coalesce(json_agg(distinct item_id), '[]') as j from assignments where version_id = ${version.id}`,
  );
  const n = c.id.length;
  const activities: HealthActivities = {
    task: c.task.map(Boolean),
    completed: c.done.map(Boolean),
    remaining: c.rem,
    hardConstraint: new Array(n).fill(false),
    totalFloat: c.tf,
    earlyFinish: c.ef,
    actualStart: c.as,
    actualFinish: c.af,
    baselineFinish: c.bf,
    assigned: new Array(n).fill(false),
  };
  for (const k of c.hard) activities.hardConstraint[k] = true;
  const place = new Map<number, number>();
  for (let k = 0; k < n; k++) place.set(c.id[k], k);
  for (const id of assigned) {
    const k = place.get(id);
    if (k !== undefined) activities.assigned[k] = true;
  }
  const odd = new Map<number, [string, number]>();
  for (const [k, type, lag] of r.x) odd.set(k, [type, lag]);
  // Relations to sums, drafts or other versions' works (external links) are no logic between two activities here.
  const relations: HealthRelations = { from: [], to: [], type: [], lag: [] };
  for (let k = 0; k < r.a.length; k++) {
    const from = place.get(r.a[k]);
    const to = place.get(r.b[k]);
    if (from === undefined || to === undefined) continue;
    const [type, lag] = odd.get(k) ?? ["fs", 0];
    relations.from.push(from);
    relations.to.push(to);
    relations.type.push(type.toUpperCase() as HealthRelations["type"][number]);
    relations.lag.push(lag);
  }
  return { ids: c.id, activities, relations, hasResources: assigned.length > 0 };
}

/** The schedule's own thresholds (only those it changed). */
export async function findThresholds(db: DbOrTx, scheduleId: string): Promise<Record<string, number>> {
  const [row] = await db
    .select({ thresholds: healthThresholds.thresholds })
    .from(healthThresholds)
    .where(eq(healthThresholds.scheduleId, scheduleId));
  return row?.thresholds ?? {};
}

export async function storeThresholds(
  db: DbOrTx,
  spaceId: string,
  scheduleId: string,
  thresholds: Record<string, number>,
) {
  await db
    .insert(healthThresholds)
    .values({ scheduleId, spaceId, thresholds })
    .onConflictDoUpdate({ target: healthThresholds.scheduleId, set: { thresholds, updatedAt: new Date() } });
}

export type StoredHealth = typeof versionHealth.$inferSelect;

export async function findStoredHealth(db: DbOrTx, versionId: string): Promise<StoredHealth | null> {
  const [row] = await db.select().from(versionHealth).where(eq(versionHealth.versionId, versionId));
  return row ?? null;
}

export async function storeHealth(db: DbOrTx, row: Omit<StoredHealth, "computedAt">) {
  const values = { ...row, computedAt: new Date() };
  await db.insert(versionHealth).values(values).onConflictDoUpdate({ target: versionHealth.versionId, set: values });
}

/** The kept summary judged again (new thresholds); a version never calculated keeps none. */
export async function updateSummary(db: DbOrTx, versionId: string, summary: StoredHealth["summary"]) {
  await db.update(versionHealth).set({ summary, computedAt: new Date() }).where(eq(versionHealth.versionId, versionId));
}
