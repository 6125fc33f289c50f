import type { VersionKind } from "@planum/contracts";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { versions, wbsItems } from "../../../db/schema/index.js";
import type { VersionRow } from "../../../platform/access.js";
import type { DbOrTx } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import { execRows } from "../../../platform/sql.js";

/** The versions' SQL: every query of a version goes by its id, found inside the caller's space by the access rule. */

/**
 * Counts a change inside the version and, unless it cannot move a date (`datesMayMove: false`: a name, a note),
 * marks its dates as stale. Inside the change's transaction, so the revision and the rows move together; the row
 * lock also orders concurrent edits of one version, and a lock set meanwhile is still honoured.
 */
export async function bumpVersion(tx: DbOrTx, versionId: string, datesMayMove = true): Promise<number> {
  const [row] = await tx
    .update(versions)
    .set({
      revision: sql`${versions.revision} + 1`,
      ...(datesMayMove && {
        calcStatus: sql`case when ${versions.calcStatus} = 'in_process' then 'in_process' else 'not_calculated' end`,
      }),
    })
    .where(and(eq(versions.id, versionId), eq(versions.locked, false)))
    .returning({ revision: versions.revision });
  if (row) return row.revision;
  // Locked between the access check and this transaction: refuse like any edit of a locked version.
  const [locked] = await tx.select({ label: versions.label }).from(versions).where(eq(versions.id, versionId));
  throw locked ? new AppError("VersionLocked", { label: locked.label }) : new AppError("NotFound");
}

export function versionsOfSchedule(db: DbOrTx, spaceId: string, scheduleId: string) {
  return db
    .select()
    .from(versions)
    .where(and(eq(versions.spaceId, spaceId), eq(versions.scheduleId, scheduleId)))
    .orderBy(asc(versions.createdAt), asc(versions.id));
}

export async function findVersion(db: DbOrTx, spaceId: string, id: string): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(versions)
    .where(and(eq(versions.spaceId, spaceId), eq(versions.id, id)));
  return row;
}

/**
 * The kind a new version of the schedule gets: the first one becomes the actual version (a schedule always has
 * exactly one once it has versions), and a new actual version takes that status from the previous one.
 */
export async function claimKind(tx: DbOrTx, scheduleId: string, asked: VersionKind): Promise<VersionKind> {
  const [actual] = await tx
    .select({ id: versions.id })
    .from(versions)
    .where(and(eq(versions.scheduleId, scheduleId), eq(versions.kind, "actual")));
  const kind = !actual && asked === "version" ? "actual" : asked;
  if (kind === "actual" && actual) await tx.update(versions).set({ kind: "version" }).where(eq(versions.id, actual.id));
  return kind;
}

export async function insertVersion(tx: DbOrTx, values: typeof versions.$inferInsert): Promise<VersionRow> {
  const [created] = await tx.insert(versions).values(values).returning();
  return created;
}

export async function updateVersion(
  db: DbOrTx,
  id: string,
  set: Partial<typeof versions.$inferInsert> | Record<string, unknown>,
): Promise<VersionRow> {
  const [row] = await db.update(versions).set(set).where(eq(versions.id, id)).returning();
  return row;
}

/** New project start or data date: the version counts a change and its dates are stale. */
export function updateVersionDates(db: DbOrTx, id: string, body: { projectStart?: string; dataDate?: string | null }) {
  return updateVersion(db, id, {
    ...(body.projectStart !== undefined ? { projectStart: body.projectStart } : {}),
    ...(body.dataDate !== undefined ? { dataDate: body.dataDate } : {}),
    revision: sql`${versions.revision} + 1`,
    calcStatus: "not_calculated",
  });
}

/** Makes the version the schedule's actual one; the previous actual version becomes a plain version. */
export async function makeActual(tx: DbOrTx, scheduleId: string, id: string): Promise<VersionRow> {
  await tx
    .update(versions)
    .set({ kind: "version" })
    .where(and(eq(versions.scheduleId, scheduleId), eq(versions.kind, "actual"), ne(versions.id, id)));
  return updateVersion(tx, id, { kind: "actual" });
}

export async function deleteVersions(db: DbOrTx, spaceId: string, ids: string[]) {
  await db.delete(versions).where(and(eq(versions.spaceId, spaceId), inArray(versions.id, ids)));
}

const emptyWork = (versionId: string) =>
  and(eq(wbsItems.versionId, versionId), inArray(wbsItems.type, ["task", "work"]), eq(wbsItems.duration, 0));

/** Works and tasks without a duration (the first 1000 by code) and how many there are in all. */
export async function emptyWorks(db: DbOrTx, versionId: string) {
  const items = await db
    .select({ id: wbsItems.id, code: wbsItems.code, name: wbsItems.name })
    .from(wbsItems)
    .where(emptyWork(versionId))
    .orderBy(asc(wbsItems.code), asc(wbsItems.id))
    .limit(1000);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(wbsItems).where(emptyWork(versionId));
  return { count: count.n, items };
}

/** The named version of the schedule, or its latest target version. */
export async function targetVersion(db: DbOrTx, spaceId: string, scheduleId: string, id: string | undefined) {
  const [target] = await db
    .select()
    .from(versions)
    .where(
      and(
        eq(versions.spaceId, spaceId),
        eq(versions.scheduleId, scheduleId),
        id ? eq(versions.id, id) : eq(versions.kind, "target"),
      ),
    )
    .orderBy(sql`${versions.createdAt} desc`)
    .limit(1);
  return target;
}

/** Every item takes the duration and calculated dates of the target version's item with the same code. */
export async function copyTargetDates(tx: DbOrTx, targetId: string, versionId: string) {
  const updated = await execRows(
    tx,
    sql`
    update wbs_items w set target_duration = t.duration, target_start = t.early_start, target_finish = t.early_finish,
           revision = w.revision + 1
    from (select distinct on (code) code, duration, early_start, early_finish from wbs_items
          where version_id = ${targetId} and code <> '' order by code, id) t
    where w.version_id = ${versionId} and w.code = t.code
    returning w.id, w.revision`,
  );
  return updated.rows as { id: number; revision: number }[];
}
