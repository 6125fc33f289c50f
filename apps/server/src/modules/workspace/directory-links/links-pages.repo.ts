import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../platform/db.js";
import { execColumns, likePattern, textArray } from "../../../platform/sql.js";

type Value = string | number | boolean | null;

export interface LinksPageQuery {
  /** The page's first link comes after this (work id, directory id). */
  after?: { itemId: number; directoryId: string };
  limit: number;
  itemId?: number;
  directoryId?: string;
  search?: string;
}

/**
 * One page of a version's links to the given directories, in (work id, directory id) order — the links' primary key,
 * so a page after a cursor is one index range whatever the version's size (keyset, not offset). One more link than
 * the page is read to know whether another page follows. Answered as columns (one JSON value of arrays).
 */
export async function linksPage(db: DbOrTx, versionId: string, directoryIds: string[], query: LinksPageQuery) {
  const conditions: SQL[] = [
    sql`l.version_id = ${versionId}`,
    sql`l.directory_id = any(${textArray(directoryIds)}::uuid[])`,
  ];
  if (query.after)
    conditions.push(sql`(l.item_id, l.directory_id) > (${query.after.itemId}::int, ${query.after.directoryId}::uuid)`);
  if (query.itemId !== undefined) conditions.push(sql`l.item_id = ${query.itemId}`);
  if (query.directoryId) conditions.push(sql`l.directory_id = ${query.directoryId}`);
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(sql`(w.code ilike ${pattern} or w.name ilike ${pattern}
      or r.code ilike ${pattern} or r.name ilike ${pattern})`);
  }
  const found = await execColumns<{
    item: number[] | null;
    wcode: string[] | null;
    wname: string[] | null;
    dir: string[] | null;
    row: string[] | null;
    code: string[] | null;
    name: string[] | null;
    values: Record<string, Value>[] | null;
  }>(
    db,
    sql`select json_build_object('item', json_agg(p.item_id order by p.item_id, p.directory_id),
      'wcode', json_agg(p.wcode order by p.item_id, p.directory_id),
      'wname', json_agg(p.wname order by p.item_id, p.directory_id),
      'dir', json_agg(p.directory_id order by p.item_id, p.directory_id),
      'row', json_agg(p.row_id order by p.item_id, p.directory_id),
      'code', json_agg(p.code order by p.item_id, p.directory_id),
      'name', json_agg(p.name order by p.item_id, p.directory_id),
      'values', json_agg(p.values order by p.item_id, p.directory_id)) as j
      from (select l.item_id, l.directory_id, w.code as wcode, w.name as wname, l.row_id, r.code, r.name, r.values
        from wbs_directory_links l
        join directory_rows r on r.id = l.row_id
        join wbs_items w on w.id = l.item_id
        where ${sql.join(conditions, sql` and `)}
        order by l.item_id, l.directory_id
        limit ${query.limit + 1}) p`,
  );
  const item = found.item ?? [];
  const more = item.length > query.limit;
  const count = Math.min(item.length, query.limit);
  return {
    item: item.slice(0, count),
    workCode: (found.wcode ?? []).slice(0, count),
    workName: (found.wname ?? []).slice(0, count),
    dir: (found.dir ?? []).slice(0, count),
    row: (found.row ?? []).slice(0, count),
    code: (found.code ?? []).slice(0, count),
    name: (found.name ?? []).slice(0, count),
    values: (found.values ?? []).slice(0, count),
    more,
  };
}

/**
 * The linked attributes' values of a version's linked works, per directory: the works' ids and, per linked attribute
 * (id → the row's column), the values in the same order. Only these cross: no row ids, codes or names.
 */
export async function linkedValues(
  db: DbOrTx,
  versionId: string,
  linked: { directoryId: string; id: string; columnId: string }[],
) {
  const byDirectory = new Map<string, { id: string; columnId: string }[]>();
  for (const l of linked) byDirectory.set(l.directoryId, [...(byDirectory.get(l.directoryId) ?? []), l]);
  const answer: { id: string; items: number[]; values: Record<string, Value[]> }[] = [];
  for (const [directoryId, columns] of byDirectory) {
    const fields = columns.map(
      (c, k) => sql`, ${`v${k}`}::text, json_agg(r.values -> ${c.columnId}::text order by l.item_id)`,
    );
    const found = await execColumns<Record<string, (number | Value)[] | null>>(
      db,
      sql`select json_build_object('items', json_agg(l.item_id order by l.item_id)${sql.join(fields, sql``)}) as j
        from wbs_directory_links l join directory_rows r on r.id = l.row_id
        where l.version_id = ${versionId} and l.directory_id = ${directoryId}`,
    );
    answer.push({
      id: directoryId,
      items: (found.items as number[] | null) ?? [],
      values: Object.fromEntries(columns.map((c, k) => [c.id, (found[`v${k}`] as Value[] | null) ?? []])),
    });
  }
  return answer;
}
