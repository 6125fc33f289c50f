import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../platform/db.js";
import { execColumns, intArray, textArray } from "../../../platform/sql.js";

type Value = string | number | boolean | null;

/** Works of a version among these ids, and rows of a directory among these ids (what a link may name). */
export async function existing(
  db: DbOrTx,
  versionId: string,
  itemIds: number[],
  directoryId: string,
  rowIds: string[],
) {
  const found = await execColumns<{ items: number[] | null; rows: string[] | null }>(
    db,
    sql`select json_build_object(
      'items', (select json_agg(id) from wbs_items where version_id = ${versionId} and id = any(${intArray(itemIds)}::int[])),
      'rows', (select json_agg(id) from directory_rows where directory_id = ${directoryId}
               and id = any(${textArray(rowIds)}::uuid[]))) as j`,
  );
  return { items: new Set(found.items ?? []), rows: new Set(found.rows ?? []) };
}

/** Ids of a version's works by code, and of a directory's rows by code (for assignment by key). */
export async function idsByCode(db: DbOrTx, versionId: string, directoryId: string) {
  const found = await execColumns<{
    wc: string[] | null;
    wi: number[] | null;
    rc: string[] | null;
    ri: string[] | null;
  }>(
    db,
    sql`select json_build_object(
      'wc', (select json_agg(code order by id) from wbs_items where version_id = ${versionId} and code <> ''),
      'wi', (select json_agg(id order by id) from wbs_items where version_id = ${versionId} and code <> ''),
      'rc', (select json_agg(code) from directory_rows where directory_id = ${directoryId}),
      'ri', (select json_agg(id) from directory_rows where directory_id = ${directoryId})) as j`,
  );
  const works = new Map<string, number>();
  (found.wc ?? []).forEach((code, i) => {
    // a code used twice names its first work, as the Gantt lists them
    if (!works.has(code)) works.set(code, found.wi![i]);
  });
  const rows = new Map((found.rc ?? []).map((code, i) => [code, found.ri![i]]));
  return { works, rows };
}

/** Writes links (one per work and directory; a new row replaces the old one) and removes the unlinked. */
export async function writeLinks(
  db: DbOrTx,
  spaceId: string,
  versionId: string,
  directoryId: string,
  links: { itemId: number; rowId: string }[],
  unlinked: number[],
) {
  if (unlinked.length)
    await db.execute(sql`delete from wbs_directory_links where directory_id = ${directoryId}
      and version_id = ${versionId} and item_id = any(${intArray(unlinked)}::int[])`);
  if (links.length)
    await db.execute(sql`insert into wbs_directory_links (item_id, directory_id, row_id, version_id, space_id)
      select item, ${directoryId}, row, ${versionId}, ${spaceId}
      from unnest(${intArray(links.map((l) => l.itemId))}::int[], ${textArray(links.map((l) => l.rowId))}::uuid[]) as t(item, row)
      on conflict (item_id, directory_id) do update set row_id = excluded.row_id`);
}

/** A version's links to the given directories with the rows' code, name and values. */
export async function versionLinks(db: DbOrTx, versionId: string, directoryIds: string[]) {
  if (directoryIds.length === 0) return { item: [], dir: [], row: [], code: [], name: [], values: [] };
  const found = await execColumns<{
    item: number[] | null;
    dir: string[] | null;
    row: string[] | null;
    code: string[] | null;
    name: string[] | null;
    values: Record<string, Value>[] | null;
  }>(
    db,
    sql`select json_build_object('item', json_agg(l.item_id order by l.item_id), 'dir', json_agg(l.directory_id order by l.item_id),
      'row', json_agg(r.id order by l.item_id), 'code', json_agg(r.code order by l.item_id),
      'name', json_agg(r.name order by l.item_id), 'values', json_agg(r.values order by l.item_id)) as j
      from wbs_directory_links l join directory_rows r on r.id = l.row_id
      where l.version_id = ${versionId} and l.directory_id = any(${textArray(directoryIds)}::uuid[])`,
  );
  return {
    item: found.item ?? [],
    dir: found.dir ?? [],
    row: found.row ?? [],
    code: found.code ?? [],
    name: found.name ?? [],
    values: found.values ?? [],
  };
}

/** The donors' values for a version's linked works, one per work and donor attribute (null: the row has none). */
function donated(versionId: string, directoryIds: string[], itemIds: number[] | undefined): SQL {
  const items: SQL = itemIds ? sql`and l.item_id = any(${intArray(itemIds)}::int[])` : sql``;
  return sql`select l.item_id, d.attribute_id::text as key, nullif(r.values -> d.column_id::text, 'null'::jsonb) as after
    from wbs_directory_links l
    join directory_donors d on d.directory_id = l.directory_id
    join directory_rows r on r.id = l.row_id
    where l.version_id = ${versionId} and l.directory_id = any(${textArray(directoryIds)}::uuid[]) ${items}`;
}

export interface DonorChanges {
  works: number;
  values: number;
  changes: {
    itemId: number;
    code: string;
    name: string;
    attributeId: string;
    attributeName: string;
    before: Value;
    after: Value;
  }[];
  /** The first value its attribute cannot hold (a list entry the attribute lacks, a value of another type). */
  bad: { code: string; attribute: string; value: string } | null;
}

/**
 * What the donors would change, counted and checked in SQL: how many works and values, the first `limit` changes
 * (work, attribute, before → after) and the first value its attribute cannot hold. Nothing travels per work.
 */
export async function donorChanges(
  db: DbOrTx,
  versionId: string,
  directoryIds: string[],
  itemIds: number[] | undefined,
  limit: number,
) {
  return execColumns<DonorChanges>(
    db,
    sql`with given as (${donated(versionId, directoryIds, itemIds)}),
      diff as (
        select w.id, w.code, w.name, g.key, nullif(w.attrs -> g.key, 'null'::jsonb) as before, g.after
        from given g join wbs_items w on w.id = g.item_id and w.version_id = ${versionId}
        where nullif(w.attrs -> g.key, 'null'::jsonb) is distinct from g.after)
      select json_build_object(
        'works', (select count(distinct id) from diff),
        'values', (select count(*) from diff),
        'changes', (select coalesce(json_agg(c), '[]'::json) from (
          select d.id as "itemId", d.code, d.name, d.key as "attributeId", coalesce(a.name, d.key) as "attributeName",
            d.before, d.after
          from diff d left join attributes a on a.id::text = d.key order by d.id, a.name limit ${limit}) c),
        'bad', (select row_to_json(b) from (
          select d.code, a.name as attribute, d.after #>> '{}' as value
          from diff d join attributes a on a.id::text = d.key
          where d.after is not null and (
            (a.type = 'list' and not (a.list_values ? (d.after #>> '{}')))
            or (a.type in ('number', 'money', 'percentage') and jsonb_typeof(d.after) <> 'number')
            or (a.type = 'boolean' and jsonb_typeof(d.after) <> 'boolean')
            or (a.type in ('string', 'date', 'list') and jsonb_typeof(d.after) <> 'string'))
          order by d.id limit 1) b)) as j`,
  );
}

/**
 * Writes the donors' values into the linked works in one `UPDATE … FROM` (revisions move on) and answers what the
 * undo needs: the changed works' ids and, column by column, the donor attributes' values they had.
 */
export async function writeDonorValues(
  db: DbOrTx,
  versionId: string,
  directoryIds: string[],
  itemIds: number[] | undefined,
  keys: string[],
) {
  const columns = keys.map((key, k) => sql`, ${`k${k}`}::text, json_agg(before -> ${key} order by id)`);
  const found = await execColumns<Record<string, (number | Value)[] | null>>(
    db,
    sql`with given as (${donated(versionId, directoryIds, itemIds)}),
      next as (select item_id as id, jsonb_object_agg(key, after) as given from given group by item_id),
      old as (
        select w.id, w.attrs as before,
          (w.attrs - array(select jsonb_object_keys(n.given))) || jsonb_strip_nulls(n.given) as after
        from next n join wbs_items w on w.id = n.id and w.version_id = ${versionId}),
      upd as (
        update wbs_items w set attrs = o.after, revision = w.revision + 1
        from old o where w.id = o.id and o.after is distinct from o.before
        returning w.id, o.before)
      select json_build_object('ids', json_agg(id order by id)${sql.join(columns, sql``)}) as j from upd`,
  );
  const ids = (found.ids ?? []) as number[];
  return { ids, keys, values: keys.map((_, k) => (found[`k${k}`] ?? []) as Value[]) };
}
