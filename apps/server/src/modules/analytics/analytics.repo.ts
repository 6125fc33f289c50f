import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  analyticsVersionBlocks,
  analyticsVersions,
  type StoredCounts,
  type StoredCurves,
  versions,
} from "../../db/schema/index.js";
import type { DbOrTx } from "../../platform/db.js";
import { execRows, intArray, textArray } from "../../platform/sql.js";

export type AnalyticsRow = typeof analyticsVersions.$inferSelect;

/** The stored analytics of versions (those never counted are absent). */
export async function readAnalytics(db: DbOrTx, spaceId: string, versionIds: string[]): Promise<AnalyticsRow[]> {
  if (versionIds.length === 0) return [];
  return db
    .select()
    .from(analyticsVersions)
    .where(and(eq(analyticsVersions.spaceId, spaceId), inArray(analyticsVersions.versionId, versionIds)));
}

/**
 * A change of the version was announced: its stored figures are behind until the next count, which does the parts
 * named (`block:<n>`, `all`, `counts`, `target`; see `analytics_versions.dirty`).
 */
export async function bumpGeneration(db: DbOrTx, spaceId: string, versionId: string, parts: string[]) {
  const asked = (generation: SQL) =>
    sql`(select coalesce(jsonb_object_agg(p, ${generation}), '{}'::jsonb) from unnest(${textArray(parts)}::text[]) as p)`;
  await db
    .insert(analyticsVersions)
    .values({ versionId, spaceId, generation: 1, dirty: asked(sql`1`) })
    .onConflictDoUpdate({
      target: analyticsVersions.versionId,
      set: {
        generation: sql`${analyticsVersions.generation} + 1`,
        dirty: sql`${analyticsVersions.dirty} || ${asked(sql`${analyticsVersions.generation} + 1`)}`,
      },
    });
}

/** The day sums stored for these blocks of a version (blocks never stored are absent). */
export async function readBlocks(db: DbOrTx, versionId: string, blocks: number[]): Promise<Map<number, StoredCurves>> {
  if (blocks.length === 0) return new Map();
  const rows = await db
    .select({ block: analyticsVersionBlocks.block, curves: analyticsVersionBlocks.curves })
    .from(analyticsVersionBlocks)
    .where(and(eq(analyticsVersionBlocks.versionId, versionId), inArray(analyticsVersionBlocks.block, blocks)));
  return new Map(rows.map((r) => [r.block, r.curves]));
}

/** Ids of a version's works in these blocks (id modulo `of`). */
export async function worksOfBlocks(db: DbOrTx, versionId: string, of: number, blocks: number[]): Promise<number[]> {
  const result = await execRows(
    db,
    sql`select id from wbs_items where version_id = ${versionId} and id % ${of} = any(${intArray(blocks)}::int[])`,
  );
  return (result.rows as { id: number }[]).map((r) => r.id);
}

/**
 * Stores a count that read the version at `generation`: its figures, the blocks it counted (all of them when
 * `allBlocks`, so blocks left without works go), and the parts asked up to that generation as done. A count that read
 * an older generation than the stored one (two counts overlapping) changes nothing: false.
 */
export async function storeAnalytics(
  tx: DbOrTx,
  spaceId: string,
  versionId: string,
  generation: number,
  figures: { statusDay: number; curves: StoredCurves; counts: StoredCounts },
  blocks: { counted: Map<number, StoredCurves>; allBlocks: boolean },
): Promise<boolean> {
  const done = sql`(select coalesce(jsonb_object_agg(key, value), '{}'::jsonb)
    from jsonb_each(${analyticsVersions.dirty}) where value::int > ${generation})`;
  const stored = await tx
    .insert(analyticsVersions)
    .values({ versionId, spaceId, generation, computedGeneration: generation, ...figures, computedAt: new Date() })
    .onConflictDoUpdate({
      target: analyticsVersions.versionId,
      set: { computedGeneration: generation, ...figures, computedAt: new Date(), dirty: done },
      setWhere: sql`${analyticsVersions.computedGeneration} <= ${generation}`,
    })
    .returning({ versionId: analyticsVersions.versionId });
  if (stored.length === 0) return false;
  const counted = [...blocks.counted];
  if (blocks.allBlocks) await tx.delete(analyticsVersionBlocks).where(eq(analyticsVersionBlocks.versionId, versionId));
  else if (counted.length)
    await tx.delete(analyticsVersionBlocks).where(
      and(
        eq(analyticsVersionBlocks.versionId, versionId),
        inArray(
          analyticsVersionBlocks.block,
          counted.map(([b]) => b),
        ),
      ),
    );
  const rows = counted.filter(([, curves]) => Object.keys(curves).length > 0);
  if (rows.length)
    await tx.insert(analyticsVersionBlocks).values(rows.map(([block, curves]) => ({ versionId, block, curves })));
  return true;
}

/** The version as analytics need it, and its schedule's latest target version (the baseline), if any. */
export async function versionWithTarget(db: DbOrTx, spaceId: string, versionId: string) {
  const [version] = await db
    .select({ id: versions.id, scheduleId: versions.scheduleId, kind: versions.kind, dataDate: versions.dataDate })
    .from(versions)
    .where(and(eq(versions.spaceId, spaceId), eq(versions.id, versionId)));
  if (!version) return null;
  const [target] = await db
    .select({ id: versions.id })
    .from(versions)
    .where(and(eq(versions.scheduleId, version.scheduleId), eq(versions.kind, "target")))
    .orderBy(desc(versions.createdAt))
    .limit(1);
  return { ...version, targetId: target && target.id !== version.id ? target.id : null };
}

/** The current ("actual") version of each schedule given; a schedule without one uses its newest version. */
export async function currentVersions(db: DbOrTx, spaceId: string, scheduleIds: string[]) {
  if (scheduleIds.length === 0) return [];
  const rows = await db
    .selectDistinctOn([versions.scheduleId], { id: versions.id, scheduleId: versions.scheduleId })
    .from(versions)
    .where(
      and(eq(versions.spaceId, spaceId), inArray(versions.scheduleId, scheduleIds), sql`${versions.kind} <> 'target'`),
    )
    .orderBy(versions.scheduleId, sql`${versions.kind} = 'actual' desc`, desc(versions.createdAt));
  return rows;
}

/**
 * Works of a version counted in one statement: by status, critical, late against their target dates; delays in
 * calendar days of the finish (actual, else early) after the target finish. `statusDay` decides what is late.
 */
export async function countWorks(
  db: DbOrTx,
  versionId: string,
  statusDay: number,
  /** Only these works (a WBS node's); all when absent. */
  itemIds?: number[],
): Promise<StoredCounts> {
  const status = sql`(date '1970-01-01' + ${statusDay}::int)::timestamp`;
  const only = itemIds ? sql`and id = any(${intArray(itemIds)}::int[])` : sql``;
  const result = await execRows(
    db,
    sql`with w as (
        select status, critical, target_start, target_finish,
          extract(epoch from coalesce(actual_finish, early_finish) - target_finish) / 86400 as delay
        from wbs_items where version_id = ${versionId} and type not in ('sum', 'draft') ${only})
      select count(*)::int as works,
        count(*) filter (where status = 'not_started')::int as not_started,
        count(*) filter (where status = 'in_progress')::int as in_progress,
        count(*) filter (where status = 'completed')::int as completed,
        count(*) filter (where critical)::int as critical,
        count(*) filter (where delay > 0)::int as delayed,
        coalesce(max(delay) filter (where delay > 0), 0)::float8 as max_delay,
        coalesce(sum(delay) filter (where delay > 0), 0)::float8 as total_delay,
        count(*) filter (where status = 'not_started' and target_start < ${status})::int as late_start,
        count(*) filter (where status <> 'completed' and target_finish < ${status})::int as late_finish
      from w`,
  );
  const r = result.rows[0] as Record<string, number>;
  return {
    works: r.works,
    notStarted: r.not_started,
    inProgress: r.in_progress,
    completed: r.completed,
    critical: r.critical,
    delayed: r.delayed,
    maxDelayDays: Math.round(r.max_delay * 10) / 10,
    totalDelayDays: Math.round(r.total_delay * 10) / 10,
    lateStart: r.late_start,
    lateFinish: r.late_finish,
  };
}

/** Works of one of the sets a widget counts (the dashboard's way to the works behind a figure); at most `limit`. */
export async function worksOfSet(
  db: DbOrTx,
  versionId: string,
  query: { set: string; from?: string; to?: string },
  statusDay: number,
  limit: number,
  /** Only these works (a WBS node's); all when absent. */
  itemIds?: number[],
) {
  const only = itemIds ? sql`and id = any(${intArray(itemIds)}::int[])` : sql``;
  const status = sql`(date '1970-01-01' + ${statusDay}::int)::timestamp`;
  const delay = sql`extract(epoch from coalesce(actual_finish, early_finish) - target_finish) / 86400`;
  const where = {
    critical: sql`critical`,
    delayed: sql`${delay} > 0`,
    not_started: sql`status = 'not_started'`,
    in_progress: sql`status = 'in_progress'`,
    completed: sql`status = 'completed'`,
    late_start: sql`status = 'not_started' and target_start < ${status}`,
    late_finish: sql`status <> 'completed' and target_finish < ${status}`,
    behind: sql`((status = 'not_started' and coalesce(target_start, early_start) < ${status})
      or (status <> 'completed' and coalesce(target_finish, early_finish) < ${status}))`,
    // A work under way in the days: begun before the last one ends, not finished before the first one begins.
    in_period: sql`coalesce(actual_start, early_start) < (${query.to ?? ""}::date + 1)::timestamp
      and coalesce(actual_finish, early_finish) >= ${query.from ?? ""}::date::timestamp`,
  }[query.set];
  if (!where) return [];
  const result = await execRows(
    db,
    sql`select id, code, name, ${delay}::float8 as delay from wbs_items
      where version_id = ${versionId} and type not in ('sum', 'draft') and ${where} ${only}
      order by ${delay} desc nulls last, sort_order, id limit ${limit}`,
  );
  return (result.rows as { id: number; code: string; name: string; delay: number | null }[]).map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    delayDays: r.delay === null ? null : Math.round(r.delay * 10) / 10,
  }));
}

/**
 * The works of a version under a WBS row, the row itself when it is a work (their ids and codes; sums and drafts
 * left out); null when the row is not the version's.
 */
export async function worksUnder(
  db: DbOrTx,
  spaceId: string,
  versionId: string,
  itemId: number,
): Promise<{ id: number; code: string }[] | null> {
  const result = await execRows(
    db,
    sql`with recursive t as (
        select id, type, code from wbs_items where id = ${itemId} and version_id = ${versionId} and space_id = ${spaceId}
        union all
        select w.id, w.type, w.code from wbs_items w join t on w.parent_id = t.id where w.version_id = ${versionId})
      select id, type, code from t`,
  );
  const rows = result.rows as { id: number; type: string; code: string }[];
  if (rows.length === 0) return null;
  return rows.filter((r) => r.type !== "sum" && r.type !== "draft").map((r) => ({ id: r.id, code: r.code }));
}

/** Ids of a version's works with these codes (a target version's works matching a WBS node's of its schedule). */
export async function worksByCodes(db: DbOrTx, versionId: string, codes: string[]): Promise<number[]> {
  if (codes.length === 0) return [];
  const result = await execRows(
    db,
    sql`select id from wbs_items where version_id = ${versionId} and type not in ('sum', 'draft')
      and code = any(${textArray(codes)}::text[])`,
  );
  return (result.rows as { id: number }[]).map((r) => r.id);
}

/** The version itself and, when it is a target version, the other versions of its schedule (it is their baseline). */
export async function versionsAffectedBy(db: DbOrTx, spaceId: string, versionId: string): Promise<string[]> {
  const result = await execRows(
    db,
    sql`select o.id from versions v join versions o on o.schedule_id = v.schedule_id
      where v.id = ${versionId} and v.space_id = ${spaceId} and (o.id = v.id or (v.kind = 'target' and o.kind <> 'target'))`,
  );
  return (result.rows as { id: string }[]).map((r) => r.id);
}

/**
 * The schedules below a structure node (its path, "/id/…/"), or of the whole space when `path` is null: those of
 * the projects in the subtree.
 */
export async function schedulesUnder(db: DbOrTx, spaceId: string, path: string | null): Promise<string[]> {
  const under = path === null ? sql`true` : sql`p.path like ${`${path}%`}`;
  const result = await execRows(
    db,
    sql`select s.id from schedules s join eps_nodes p on p.id = s.project_id
      where s.space_id = ${spaceId} and p.space_id = ${spaceId} and ${under} order by p.path, s.sort_order, s.id`,
  );
  return (result.rows as { id: string }[]).map((r) => r.id);
}
