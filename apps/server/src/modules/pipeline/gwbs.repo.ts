import { and, asc, eq, sql } from "drizzle-orm";
import { gwbsItems, schedules, versions } from "../../db/schema/index.js";
import type { DbOrTx } from "../../platform/db.js";
import { execRows, nullableArray, textArray } from "../../platform/sql.js";

export type GwbsRow = typeof gwbsItems.$inferSelect;

const ofProject = (spaceId: string, projectId: string) =>
  and(eq(gwbsItems.spaceId, spaceId), eq(gwbsItems.projectId, projectId));

export async function readItems(db: DbOrTx, spaceId: string, projectId: string) {
  return db.select().from(gwbsItems).where(ofProject(spaceId, projectId)).orderBy(asc(gwbsItems.code));
}

export async function insertItem(tx: DbOrTx, values: typeof gwbsItems.$inferInsert) {
  const [row] = await tx.insert(gwbsItems).values(values).onConflictDoNothing().returning({ id: gwbsItems.id });
  return row?.id ?? null;
}

export async function updateItem(
  tx: DbOrTx,
  spaceId: string,
  projectId: string,
  id: string,
  values: Pick<GwbsRow, "parentId" | "code" | "name">,
) {
  await tx
    .update(gwbsItems)
    .set(values)
    .where(and(ofProject(spaceId, projectId), eq(gwbsItems.id, id)));
}

/** Deletes the item; its children go with it (the parent foreign key cascades). */
export async function deleteItem(tx: DbOrTx, spaceId: string, projectId: string, id: string) {
  const gone = await tx
    .delete(gwbsItems)
    .where(and(ofProject(spaceId, projectId), eq(gwbsItems.id, id)))
    .returning({ id: gwbsItems.id });
  return gone.length;
}

/** The project's counted schedules: one version each, the actual one, else the newest. */
export async function countedVersions(db: DbOrTx, spaceId: string, projectId: string): Promise<string[]> {
  const rows = await db
    .selectDistinctOn([schedules.id], { versionId: versions.id })
    .from(schedules)
    .innerJoin(versions, eq(versions.scheduleId, schedules.id))
    .where(and(eq(schedules.spaceId, spaceId), eq(schedules.projectId, projectId)))
    .orderBy(schedules.id, sql`(${versions.kind} = 'actual') desc`, sql`${versions.createdAt} desc`);
  return rows.map((r) => r.versionId);
}

export interface MatchedWork {
  gwbsId: string;
  workId: number;
  start: string | null;
  finish: string | null;
  percent: number;
  duration: number;
}

/**
 * Each work (not a sum or draft) of the versions with each general-WBS item whose code is the work's own code or one
 * of its parents'. One recursive walk of the versions' trees carrying the codes of the path.
 */
export async function matchedWorks(
  db: DbOrTx,
  spaceId: string,
  projectId: string,
  versionIds: string[],
): Promise<MatchedWork[]> {
  if (!versionIds.length) return [];
  const result = await execRows(
    db,
    sql`
    with recursive tree as (
      select w.id, w.type, array[w.code] as codes, w.early_start, w.early_finish, w.actual_start, w.actual_finish,
             w.percent_complete, w.duration
        from wbs_items w
       where w.space_id = ${spaceId} and w.version_id = any(${textArray(versionIds)}::uuid[]) and w.parent_id is null
      union all
      select c.id, c.type, t.codes || c.code, c.early_start, c.early_finish, c.actual_start, c.actual_finish,
             c.percent_complete, c.duration
        from wbs_items c join tree t on c.parent_id = t.id
    )
    select g.id as "gwbsId", t.id as "workId",
           to_char(coalesce(t.actual_start, t.early_start), 'YYYY-MM-DD') as start,
           to_char(coalesce(t.actual_finish, t.early_finish), 'YYYY-MM-DD') as finish,
           t.percent_complete as percent, t.duration
      from tree t
      join gwbs_items g on g.space_id = ${spaceId} and g.project_id = ${projectId} and g.code = any(t.codes)
     where t.type not in ('sum', 'draft')`,
  );
  return (result.rows as unknown as MatchedWork[]).map((r) => ({
    ...r,
    workId: Number(r.workId),
    percent: Number(r.percent),
    duration: Number(r.duration),
  }));
}

export interface CountedItem {
  id: string;
  start: string | null;
  finish: string | null;
  progress: number | null;
  works: number;
}

/** Writes a count of every item of the project in one statement. */
export async function storeCount(tx: DbOrTx, spaceId: string, projectId: string, counted: CountedItem[]) {
  if (!counted.length) return;
  await tx.execute(sql`
    update gwbs_items g
       set start = c.start, finish = c.finish, progress = c.progress, works = c.works, calculated_at = now()
      from unnest(
             ${textArray(counted.map((c) => c.id))}::uuid[],
             ${textArray(counted.map((c) => c.start))}::text[],
             ${textArray(counted.map((c) => c.finish))}::text[],
             ${nullableArray(counted.map((c) => c.progress))}::float8[],
             ${nullableArray(counted.map((c) => c.works))}::int[]
           ) as c(id, start, finish, progress, works)
     where g.id = c.id and g.space_id = ${spaceId} and g.project_id = ${projectId}`);
}
