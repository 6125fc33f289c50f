import { and, asc, eq, sql } from "drizzle-orm";
import { versions } from "../../../db/schema/index.js";
import type { DbOrTx } from "../../../platform/db.js";
import { execColumns, intArray, textArray } from "../../../platform/sql.js";

type Value = string | number | boolean | null;

/** One attribute's values on a version's works (those that have one), in work order, as columns. */
export async function attributeValues(db: DbOrTx, versionId: string, attributeId: string, itemIds?: number[]) {
  const only = itemIds ? sql`and id = any(${intArray(itemIds)}::int[])` : sql``;
  const found = await execColumns<{
    id: number[] | null;
    code: string[] | null;
    name: string[] | null;
    v: Value[] | null;
  }>(
    db,
    sql`select json_build_object('id', json_agg(id order by id), 'code', json_agg(code order by id),
        'name', json_agg(name order by id), 'v', json_agg(attrs -> ${attributeId} order by id)) as j
      from wbs_items where version_id = ${versionId} and attrs ? ${attributeId} ${only}`,
  );
  return { id: found.id ?? [], code: found.code ?? [], name: found.name ?? [], value: found.v ?? [] };
}

/** Writes one attribute's new values (null removes it) on these works in one UPDATE; revisions move on. */
export async function writeAttributeValues(
  db: DbOrTx,
  versionId: string,
  attributeId: string,
  ids: number[],
  values: Value[],
) {
  await db.execute(sql`update wbs_items w
    set attrs = case when t.v = 'null'::jsonb then w.attrs - ${attributeId}::text
      else w.attrs || jsonb_build_object(${attributeId}::text, t.v) end,
      revision = w.revision + 1
    from unnest(${intArray(ids)}::int[], ${textArray(values.map((v) => JSON.stringify(v)))}::jsonb[]) as t(id, v)
    where w.id = t.id and w.version_id = ${versionId}`);
}

/** The unlocked versions of a schedule, oldest first: what a run over the whole schedule changes. */
export function unlockedVersions(db: DbOrTx, spaceId: string, scheduleId: string) {
  return db
    .select()
    .from(versions)
    .where(and(eq(versions.spaceId, spaceId), eq(versions.scheduleId, scheduleId), eq(versions.locked, false)))
    .orderBy(asc(versions.createdAt), asc(versions.id));
}
