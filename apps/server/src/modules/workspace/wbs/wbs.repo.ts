import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { calendars, wbsItems } from "../../../db/schema/index.js";
import type { DbOrTx } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import { execRows } from "../../../platform/sql.js";
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
