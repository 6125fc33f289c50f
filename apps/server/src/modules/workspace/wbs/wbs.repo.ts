import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { calendars, wbsItemFlags, wbsItems } from "../../../db/schema/index.js";
import type { DbOrTx } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import { execRows, intArray } from "../../../platform/sql.js";
import { staleRevision, toWbsDto, type WbsRow } from "./wbs-dto.js";

/**
 * Locks the addressed rows of a version for the change and checks the revisions the client holds. A missing row is
 * 404 (another version's or space's ids too); a stale one is 409 with the rows as they are now.
 */
export async function lockRows(tx: DbOrTx, versionId: string, refs: { id: number; revision: number }[]) {
  const ids = [...new Set(refs.map((ref) => ref.id))];
  const rows = await tx
    .select()
    .from(wbsItems)
    .where(and(eq(wbsItems.versionId, versionId), inArray(wbsItems.id, ids)))
    .for("update");
  if (rows.length !== ids.length) throw new AppError("NotFound");
  const byId = new Map(rows.map((row) => [row.id, row]));
  const stale = refs.filter((ref) => byId.get(ref.id)!.revision !== ref.revision);
  if (stale.length > 0) {
    const current = stale.map((ref) => toWbsDto(byId.get(ref.id)!));
    throw staleRevision("wbs_item", current, stale[0].id, byId.get(stale[0].id)!.revision);
  }
  return refs.map((ref) => byId.get(ref.id)!);
}

export async function lockRow(tx: DbOrTx, versionId: string, id: number, revision: number) {
  return (await lockRows(tx, versionId, [{ id, revision }]))[0];
}

export async function findItem(tx: DbOrTx, versionId: string, id: number): Promise<WbsRow | null> {
  const [row] = await tx
    .select()
    .from(wbsItems)
    .where(and(eq(wbsItems.versionId, versionId), eq(wbsItems.id, id)));
  return row ?? null;
}

/** A sum item of the version to put children under (null = root), else 400 InvalidParent. */
export async function requireSumParent(tx: DbOrTx, versionId: string, parentId: number | null | undefined) {
  if (parentId == null) return null;
  const parent = await findItem(tx, versionId, parentId);
  if (parent?.type !== "sum") throw new AppError("InvalidParent");
  return parent;
}

/** Siblings under a parent in display order (sort order, then id). */
export async function siblings(tx: DbOrTx, versionId: string, parentId: number | null) {
  return tx
    .select({ id: wbsItems.id, sortOrder: wbsItems.sortOrder, revision: wbsItems.revision, type: wbsItems.type })
    .from(wbsItems)
    .where(
      and(
        eq(wbsItems.versionId, versionId),
        parentId === null ? isNull(wbsItems.parentId) : eq(wbsItems.parentId, parentId),
      ),
    )
    .orderBy(asc(wbsItems.sortOrder), asc(wbsItems.id));
}

/**
 * The sort order that places a row at `index` among `list` (which excludes the row itself). Orders are floats, so a
 * row slips between two neighbours without renumbering the others.
 */
export function orderAt(list: { sortOrder: number }[], index: number): number {
  if (list.length === 0) return 1;
  if (index <= 0) return list[0].sortOrder - 1;
  if (index >= list.length) return list[list.length - 1].sortOrder + 1;
  return (list[index - 1].sortOrder + list[index].sortOrder) / 2;
}

/** Ids of the rows and all their descendants. */
export async function subtreeIds(tx: DbOrTx, versionId: string, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const result = await execRows(
    tx,
    sql`
    with recursive t(id) as (
      select id from wbs_items where version_id = ${versionId} and id = any(${`{${ids.join(",")}}`}::int[])
      union select w.id from wbs_items w join t on w.parent_id = t.id)
    select id from t`,
  );
  return (result.rows as { id: number }[]).map((row) => row.id);
}

/** Ancestors of a row, root first. */
export async function ancestors(tx: DbOrTx, versionId: string, id: number) {
  const result = await execRows(
    tx,
    sql`
    with recursive a(id, parent_id, code, name, type, depth) as (
      select id, parent_id, code, name, type, 0 from wbs_items where version_id = ${versionId} and id = ${id}
      union all select w.id, w.parent_id, w.code, w.name, w.type, a.depth + 1 from wbs_items w join a on w.id = a.parent_id)
    select id, code, name, type from a order by depth desc`,
  );
  return result.rows as { id: number; code: string; name: string; type: string }[];
}

export async function requireCalendar(tx: DbOrTx, spaceId: string, calendarId: string | null | undefined) {
  if (!calendarId) return;
  const [row] = await tx
    .select({ id: calendars.id })
    .from(calendars)
    .where(and(eq(calendars.spaceId, spaceId), eq(calendars.id, calendarId)));
  if (!row) throw new AppError("InvalidValue", { field: "calendarId" });
}

/** Rows of the version in sort order: all of them, or the children of one parent (null = the root level). */
export function listItems(db: DbOrTx, versionId: string, parentId?: number | null) {
  const where =
    parentId === undefined
      ? eq(wbsItems.versionId, versionId)
      : and(
          eq(wbsItems.versionId, versionId),
          parentId === null ? isNull(wbsItems.parentId) : eq(wbsItems.parentId, parentId),
        );
  return db.select().from(wbsItems).where(where).orderBy(asc(wbsItems.sortOrder), asc(wbsItems.id));
}

/** How many rows the version holds. */
export async function countItems(tx: DbOrTx, versionId: string): Promise<number> {
  const [n] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(wbsItems)
    .where(eq(wbsItems.versionId, versionId));
  return n.n;
}

/** Every row of a version, locked for the change (a paste over rows in tree order). */
export function lockAllItems(tx: DbOrTx, versionId: string): Promise<WbsRow[]> {
  return tx.select().from(wbsItems).where(eq(wbsItems.versionId, versionId)).for("update");
}

export async function insertItem(tx: DbOrTx, values: typeof wbsItems.$inferInsert): Promise<WbsRow> {
  const [row] = await tx.insert(wbsItems).values(values).returning();
  return row;
}

/** Sets the fields of a row locked in its version first, and counts the change in its revision. */
export async function updateItem(
  tx: DbOrTx,
  id: number,
  set: Partial<typeof wbsItems.$inferInsert> | Record<string, unknown>,
): Promise<WbsRow> {
  const [row] = await tx
    .update(wbsItems)
    .set({ ...set, revision: sql`${wbsItems.revision} + 1` })
    .where(eq(wbsItems.id, id))
    .returning();
  return row;
}

/** Moves a row under a parent at a place, counting the change in its revision. */
export async function placeItem(tx: DbOrTx, id: number, parentId: number | null, sortOrder: number) {
  await tx
    .update(wbsItems)
    .set({ parentId, sortOrder, revision: sql`${wbsItems.revision} + 1` })
    .where(eq(wbsItems.id, id));
}

/** The children of a row (locked in its version first), locked for the change. */
export function lockChildren(tx: DbOrTx, id: number): Promise<WbsRow[]> {
  return tx.select().from(wbsItems).where(eq(wbsItems.parentId, id)).for("update");
}

/** Which of these ids are rows of the version. */
export function existingIds(tx: DbOrTx, versionId: string, ids: number[]) {
  return tx
    .select({ id: wbsItems.id })
    .from(wbsItems)
    .where(and(eq(wbsItems.versionId, versionId), inArray(wbsItems.id, ids)));
}

/** The current revisions of rows (found in their version first). */
export function revisionsOf(tx: DbOrTx, ids: number[]) {
  // One array parameter: `inArray` makes a parameter of each id, slow to build and send for 10,000 rows (update-costs).
  return tx
    .select({ id: wbsItems.id, revision: wbsItems.revision })
    .from(wbsItems)
    .where(sql`${wbsItems.id} = any(${intArray(ids)}::int[])`);
}

/** Whether a row (locked in its version first) has a child. */
export async function hasChild(tx: DbOrTx, id: number): Promise<boolean> {
  const [child] = await tx.select({ id: wbsItems.id }).from(wbsItems).where(eq(wbsItems.parentId, id)).limit(1);
  return Boolean(child);
}

/** Deletes rows (found in their version first) in chunks of 10,000 ids. */
export async function deleteItems(tx: DbOrTx, ids: number[]) {
  for (let i = 0; i < ids.length; i += 10_000) {
    await tx.delete(wbsItems).where(inArray(wbsItems.id, ids.slice(i, i + 10_000)));
  }
}

/** Rows of the version whose code or name matches the `ilike` pattern, by code. */
export function searchItems(db: DbOrTx, versionId: string, pattern: string, limit: number) {
  return db
    .select({
      id: wbsItems.id,
      code: wbsItems.code,
      name: wbsItems.name,
      type: wbsItems.type,
      parentId: wbsItems.parentId,
    })
    .from(wbsItems)
    .where(
      and(
        eq(wbsItems.versionId, versionId),
        or(sql`${wbsItems.code} ilike ${pattern}`, sql`${wbsItems.name} ilike ${pattern}`),
      ),
    )
    .orderBy(asc(wbsItems.code), asc(wbsItems.id))
    .limit(limit);
}

/** Rows of the version counted by type. */
export function countByType(db: DbOrTx, versionId: string) {
  return db
    .select({ type: wbsItems.type, n: sql<number>`count(*)::int` })
    .from(wbsItems)
    .where(eq(wbsItems.versionId, versionId))
    .groupBy(wbsItems.type);
}

/** Children, predecessors and successors of a row found in its version first. */
export async function itemCounts(db: DbOrTx, id: number) {
  const counts = await execRows(
    db,
    sql`
    select (select count(*)::int from wbs_items where parent_id = ${id}) as children,
           (select count(*)::int from relations where successor_id = ${id}) as predecessors,
           (select count(*)::int from relations where predecessor_id = ${id}) as successors`,
  );
  const [c] = counts.rows as { children: number; predecessors: number; successors: number }[];
  return c;
}

/** The user's flags on rows of the version. */
export function userFlags(db: DbOrTx, versionId: string, userId: string) {
  return db
    .select({ itemId: wbsItemFlags.itemId, expanded: wbsItemFlags.expanded, checked: wbsItemFlags.checked })
    .from(wbsItemFlags)
    .where(and(eq(wbsItemFlags.versionId, versionId), eq(wbsItemFlags.userId, userId)));
}

/** Stores the user's expanded or checked flag of rows (only rows of this version are touched); returns how many. */
export async function setUserFlags(
  db: DbOrTx,
  versionId: string,
  userId: string,
  flag: "expanded" | "checked",
  ids: number[],
  value: boolean,
): Promise<number> {
  const column = sql.raw(flag);
  const result = await execRows(
    db,
    sql`
    insert into wbs_item_flags (user_id, item_id, version_id, ${column})
    select ${userId}::uuid, id, version_id, ${value} from wbs_items
    where version_id = ${versionId} and id = any(${intArray(ids)}::int[])
    on conflict (user_id, item_id) do update set ${column} = excluded.${column}
    returning item_id`,
  );
  return result.rows.length;
}
