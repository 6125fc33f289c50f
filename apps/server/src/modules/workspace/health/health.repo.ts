import type { VersionHealth } from "@planum/contracts";
import type { HealthActivities, HealthRelations } from "@planum/formats";
import { and, eq, sql } from "drizzle-orm";
import { healthThresholds, versionHealth, versions } from "../../../db/schema/index.js";
import type { VersionRow } from "../../../platform/access.js";
import type { DbOrTx } from "../../../platform/db.js";
import { execColumns } from "../../../platform/sql.js";
import { minutesSql } from "../../../platform/time.js";
import type { HealthRows } from "./health-columns.js";

const minutes = minutesSql;

/** A hard constraint in the DCMA sense: on a date, mandatory, or not later than (P6's start/finish on or before). */
const hard = (column: string) => `${column} in ('in_date', 'not_later', 'mandatory')`;

interface ItemColumns {
  id: number[];
  rem: number[];
  tf: (number | null)[];
  ef: (number | null)[];
  /** Ids of the few: milestones (not tasks), completed works, hard constraints. */
  ms: number[];
  done: number[];
  hard: number[];
  /** [id, actual start, actual finish, target finish] of the works with any of them (minutes or null). */
  dates: [number, number | null, number | null, number | null][];
}

/**
 * What the DCMA checks read of a version, and nothing more: its activities (works, tasks and milestones: not sums,
 * not drafts) in one query — remaining duration, total float and early finish as columns, everything that most works
 * lack (progress, target dates, hard constraints, being a milestone) as lists of places — its relations, and which
 * activities have a resource. Dates are minutes since 1970; the baseline finish is the target finish.
 */
export async function readHealthRows(
  db: DbOrTx,
  version: Pick<VersionRow, "id">,
  assignedIds?: readonly number[],
): Promise<HealthRows> {
  const c = await execColumns<ItemColumns>(
    db,
    sql`
    select json_build_object('id', coalesce(json_agg(id), '[]'),
      'rem', json_agg(case status when 'completed' then 0 when 'not_started' then duration else coalesce(remaining, duration) end),
      'tf', json_agg(total_float), 'ef', json_agg(${minutes("early_finish")}),
      'ms', coalesce(json_agg(id) filter (where type not in ('work', 'task')), '[]'),
      'done', coalesce(json_agg(id) filter (where status = 'completed'), '[]'),
      'hard', coalesce(json_agg(id) filter (where ${sql.raw(hard("start_limit_type"))} or ${sql.raw(hard("finish_limit_type"))}), '[]'),
      'dates', coalesce(json_agg(json_build_array(id, ${minutes("actual_start")}, ${minutes("actual_finish")}, ${minutes("target_finish")}))
        filter (where actual_start is not null or actual_finish is not null or target_finish is not null), '[]')) as j
    from wbs_items where version_id = ${version.id} and type not in ('sum', 'draft')`,
  );
  // Type and lag only where they are not a plain finish-to-start without lag: [predecessor, successor, type, lag].
  const r = await execColumns<{ a: number[]; b: number[]; x: [number, number, "fs" | "ss" | "ff" | "sf", number][] }>(
    db,
    sql`select json_build_object('a', coalesce(json_agg(predecessor_id), '[]'), 'b', coalesce(json_agg(successor_id), '[]'),
      'x', coalesce(json_agg(json_build_array(predecessor_id, successor_id, type, lag)) filter (where type <> 'fs' or lag <> 0), '[]')) as j
    from relations where version_id = ${version.id}`,
  );
  const assigned = assignedIds ?? (await readAssignedIds(db, version.id));
  const n = c.id.length;
  const activities: HealthActivities = {
    task: new Array(n).fill(true),
    completed: new Array(n).fill(false),
    remaining: c.rem,
    hardConstraint: new Array(n).fill(false),
    totalFloat: c.tf,
    earlyFinish: c.ef,
    actualStart: new Array(n).fill(null),
    actualFinish: new Array(n).fill(null),
    baselineFinish: new Array(n).fill(null),
    assigned: new Array(n).fill(false),
  };
  const place = new Map<number, number>();
  for (let k = 0; k < n; k++) place.set(c.id[k], k);
  const at = (id: number) => place.get(id) ?? -1;
  for (const id of c.ms) activities.task[at(id)] = false;
  for (const id of c.done) activities.completed[at(id)] = true;
  for (const id of c.hard) activities.hardConstraint[at(id)] = true;
  for (const [id, as, af, bf] of c.dates) {
    const k = at(id);
    activities.actualStart[k] = as;
    activities.actualFinish[k] = af;
    activities.baselineFinish[k] = bf;
  }
  for (const id of assigned) {
    const k = place.get(id);
    if (k !== undefined) activities.assigned[k] = true;
  }
  // The few relations that are not a plain FS without lag, by predecessor then successor (a pair is unique).
  const odd = new Map<number, Map<number, [string, number]>>();
  for (const [from, to, type, lag] of r.x) {
    const bySuccessor = odd.get(from) ?? new Map<number, [string, number]>();
    bySuccessor.set(to, [type, lag]);
    odd.set(from, bySuccessor);
  }
  // Relations to sums, drafts or other versions' works (external links) are no logic between two activities here.
  const relations: HealthRelations = { from: [], to: [], type: [], lag: [] };
  for (let k = 0; k < r.a.length; k++) {
    const from = place.get(r.a[k]);
    const to = place.get(r.b[k]);
    if (from === undefined || to === undefined) continue;
    const [type, lag] = odd.get(r.a[k])?.get(r.b[k]) ?? ["fs", 0];
    relations.from.push(from);
    relations.to.push(to);
    relations.type.push(type.toUpperCase() as HealthRelations["type"][number]);
    relations.lag.push(lag);
  }
  return { ids: c.id, activities, relations, hasResources: assigned.length > 0 };
}

/** The items of the version that have a resource assigned, in id order. */
export function readAssignedIds(db: DbOrTx, versionId: string): Promise<number[]> {
  return execColumns<number[]>(
    db,
    sql`select coalesce(json_agg(item_id order by item_id), '[]') as j
      from (select distinct item_id from assignments where version_id = ${versionId}) as assigned`,
  );
}

/** The version's revision, its row locked until the transaction ends (a calculation's end updates that row). */
export async function lockedRevision(db: DbOrTx, versionId: string): Promise<number | null> {
  const [row] = await db
    .select({ revision: versions.revision })
    .from(versions)
    .where(eq(versions.id, versionId))
    .for("update");
  return row?.revision ?? null;
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

export type StoredHealth = Omit<typeof versionHealth.$inferSelect, "health">;

/** The version's kept health without its kept answer (which is read only when its key matches: `findKeptHealth`). */
export async function findStoredHealth(db: DbOrTx, versionId: string): Promise<StoredHealth | null> {
  const [row] = await db
    .select({
      versionId: versionHealth.versionId,
      criticalPathTest: versionHealth.criticalPathTest,
      summary: versionHealth.summary,
      healthKey: versionHealth.healthKey,
      computedAt: versionHealth.computedAt,
    })
    .from(versionHealth)
    .where(eq(versionHealth.versionId, versionId));
  return row ?? null;
}

/** The health panel's answer kept for the version under `key`, or null when none is kept under it. */
export async function findKeptHealth(db: DbOrTx, versionId: string, key: string): Promise<VersionHealth | null> {
  const [row] = await db
    .select({ health: versionHealth.health })
    .from(versionHealth)
    .where(and(eq(versionHealth.versionId, versionId), eq(versionHealth.healthKey, key)));
  return row?.health ?? null;
}

/** Keeps the version's health; without `health` (a calculation's summary) any answer kept before is dropped. */
export async function storeHealth(
  db: DbOrTx,
  row: Omit<StoredHealth, "computedAt" | "healthKey"> & { health?: VersionHealth; healthKey?: string },
) {
  const values = { ...row, health: row.health ?? null, healthKey: row.healthKey ?? null, computedAt: new Date() };
  await db.insert(versionHealth).values(values).onConflictDoUpdate({ target: versionHealth.versionId, set: values });
}

/** The kept summary judged again (new thresholds) with the answer it came from; a version never calculated keeps none. */
export async function updateSummary(
  db: DbOrTx,
  versionId: string,
  summary: StoredHealth["summary"],
  kept: { health: VersionHealth; healthKey: string },
) {
  await db
    .update(versionHealth)
    .set({ summary, ...kept, computedAt: new Date() })
    .where(eq(versionHealth.versionId, versionId));
}
