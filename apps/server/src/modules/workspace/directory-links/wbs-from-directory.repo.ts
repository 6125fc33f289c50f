import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../platform/db.js";
import { execColumns, textArray } from "../../../platform/sql.js";

/** A new work's duration: one 8-hour day, as a work added by hand or pasted. */
const WORK_MINUTES = 480;

/**
 * The rows that become WBS items and where: `roots` selects `(id, parent_item)` — the top rows and the item each goes
 * under (null: the version's top) — and their subtrees follow. A root inside another root's subtree is no top.
 */
function chosenRows(directoryId: string, roots: SQL): SQL {
  return sql`with recursive roots(id, parent_item) as (${roots}),
    sel(id) as (
      select id from roots
      union
      select r.id from directory_rows r join sel on r.parent_id = sel.id where r.directory_id = ${directoryId})
    select r.id as row_id, r.parent_id as parent_row, ro.parent_item,
      (ro.id is not null and (r.parent_id is null or r.parent_id not in (select id from sel))) as top,
      exists (select 1 from directory_rows c where c.parent_id = r.id) as sum,
      row_number() over (order by r.sort_key collate "C") as rn, r.code, r.name
    from directory_rows r join sel on sel.id = r.id left join roots ro on ro.id = r.id
    where r.directory_id = ${directoryId}`;
}

/** Roots of `copy-wbs`: the chosen rows (or the directory's top rows), all under `parentId`. */
export function copyRoots(directoryId: string, rowIds: string[] | undefined, parentId: number | null): SQL {
  const which = rowIds ? sql`id = any(${textArray(rowIds)}::uuid[])` : sql`parent_id is null`;
  return sql`select id, ${parentId}::int from directory_rows where directory_id = ${directoryId} and ${which}`;
}

/**
 * Roots of `sync-with-list`: rows not yet in the version whose parent row is linked to a sum of it (a row added to
 * a branch the version was built from); each goes under that sum (the first, if several are linked to the row).
 */
export function newRowRoots(versionId: string, directoryId: string): SQL {
  const unlinked = sql`not exists (select 1 from wbs_directory_links x where x.row_id = r.id
    and x.version_id = ${versionId} and x.directory_id = ${directoryId})`;
  // a new top row goes where the version keeps the directory's other top rows (the first of them in the WBS), and
  // only into a version built from the directory (one linking a top row)
  return sql`(select distinct on (r.id) r.id, s.id from directory_rows r
    join wbs_directory_links l on l.row_id = r.parent_id and l.version_id = ${versionId} and l.directory_id = ${directoryId}
    join wbs_items s on s.id = l.item_id and s.type = 'sum'
    where r.directory_id = ${directoryId} and ${unlinked}
    order by r.id, s.id)
    union all
    select r.id, top.parent_id from directory_rows r, (
      select w.parent_id from wbs_directory_links l join directory_rows t on t.id = l.row_id and t.parent_id is null
        join wbs_items w on w.id = l.item_id
      where l.version_id = ${versionId} and l.directory_id = ${directoryId}
      order by w.sort_order, w.id limit 1) top
    where r.directory_id = ${directoryId} and r.parent_id is null and ${unlinked}`;
}

/**
 * Items built from rows since deleted from the directory, with their subtrees (what `sync-with-list` removes), in WBS
 * order.
 */
function orphansSql(versionId: string, directoryId: string): SQL {
  return sql`with recursive lost(id) as (
      select o.item_id from wbs_directory_origins o
      where o.version_id = ${versionId} and o.directory_id = ${directoryId}
        and not exists (select 1 from directory_rows r where r.id = o.row_id)
      union
      select w.id from wbs_items w join lost on w.parent_id = lost.id where w.version_id = ${versionId})
    select w.id, w.code, w.name from wbs_items w join lost on lost.id = w.id`;
}

/** Ids of the items `sync-with-list` removes (rows deleted from the directory, and what lies under their items). */
export async function orphanIds(db: DbOrTx, versionId: string, directoryId: string) {
  const found = await execColumns<{ ids: number[] | null }>(
    db,
    sql`select json_build_object('ids', json_agg(id order by id)) as j from (${orphansSql(versionId, directoryId)}) x`,
  );
  return found.ids ?? [];
}

/** Ids of the chosen rows that belong to the directory (a row of another directory is refused by the caller). */
export async function rowsOfDirectory(db: DbOrTx, directoryId: string, rowIds: string[]) {
  const found = await execColumns<{ ids: string[] | null }>(
    db,
    sql`select json_build_object('ids', json_agg(id)) as j from directory_rows
      where directory_id = ${directoryId} and id = any(${textArray(rowIds)}::uuid[])`,
  );
  return new Set(found.ids ?? []);
}

/**
 * Creates the items of the chosen rows in a few statements whatever their number (ids from the identity sequence in
 * SQL): sums for rows with children, works for leaves, in the directory's order after the version's last item, each
 * linked to its row. Answers the counts and the new ids (the tops first, in order).
 */
export async function insertItemsFromRows(
  tx: DbOrTx,
  input: { spaceId: string; versionId: string; directoryId: string; roots: SQL },
) {
  await tx.execute(sql`drop table if exists pg_temp.dir_wbs_map`);
  // The sequence is looked up once (a scalar subquery), not for every row (see reserveIds in platform/bulk-insert.ts).
  await tx.execute(sql`create temp table dir_wbs_map on commit drop as
    select c.*, nextval((select pg_get_serial_sequence('wbs_items', 'id'))::regclass)::int as new_id
    from (${chosenRows(input.directoryId, input.roots)}) c order by c.rn`);
  await tx.execute(sql`
    insert into wbs_items (id, space_id, version_id, parent_id, sort_order, revision, type, code, name, duration, attrs)
    select m.new_id, ${input.spaceId}::uuid, ${input.versionId}::uuid,
      case when m.top then m.parent_item else pm.new_id end, base.o + m.rn, 1,
      case when m.sum then 'sum' else 'work' end, m.code, m.name, case when m.sum then 0 else ${WORK_MINUTES}::int end,
      '{}'::jsonb
    from dir_wbs_map m left join dir_wbs_map pm on pm.row_id = m.parent_row,
      (select coalesce(max(sort_order), 0) as o from wbs_items where version_id = ${input.versionId}) base
    order by m.rn`);
  await tx.execute(sql`
    insert into wbs_directory_links (item_id, directory_id, row_id, version_id, space_id)
    select new_id, ${input.directoryId}::uuid, row_id, ${input.versionId}::uuid, ${input.spaceId}::uuid from dir_wbs_map`);
  await tx.execute(sql`
    insert into wbs_directory_origins (item_id, directory_id, row_id, version_id, space_id)
    select new_id, ${input.directoryId}::uuid, row_id, ${input.versionId}::uuid, ${input.spaceId}::uuid from dir_wbs_map`);
  return execColumns<{ sums: number; works: number; topIds: number[]; ids: number[] }>(
    tx,
    sql`select json_build_object(
      'sums', count(*) filter (where sum), 'works', count(*) filter (where not sum),
      'topIds', coalesce(json_agg(new_id order by rn) filter (where top), '[]'::json),
      'ids', coalesce(json_agg(new_id order by rn), '[]'::json)) as j from dir_wbs_map`,
  );
}

/** Linked items whose code or name differ from their row's (what `sync-with-list` renames). */
function renamedSql(versionId: string, directoryId: string): SQL {
  return sql`select w.id, w.code, w.name, r.code as new_code, r.name as new_name
    from wbs_directory_links l join wbs_items w on w.id = l.item_id join directory_rows r on r.id = l.row_id
    where l.version_id = ${versionId} and l.directory_id = ${directoryId} and (w.code <> r.code or w.name <> r.name)`;
}

/** What `sync-with-list` would rename and add: whole counts, the first `limit` of each. */
export async function syncPreview(db: DbOrTx, versionId: string, directoryId: string, limit: number) {
  return execColumns<{
    renamed: number;
    added: number;
    removed: number;
    renames: { itemId: number; code: string; name: string; newCode: string; newName: string }[];
    additions: { code: string; name: string; parentCode: string }[];
    removals: { itemId: number; code: string; name: string }[];
  }>(
    db,
    sql`with gone as (${orphansSql(versionId, directoryId)}),
      ren as (${renamedSql(versionId, directoryId)}),
      adds as (${chosenRows(directoryId, newRowRoots(versionId, directoryId))})
      select json_build_object(
        'renamed', (select count(*) from ren),
        'added', (select count(*) from adds),
        'removed', (select count(*) from gone),
        'removals', (select coalesce(json_agg(x), '[]'::json) from (
          select g.id as "itemId", g.code, g.name from gone g join wbs_items w on w.id = g.id
          order by w.sort_order, g.id limit ${limit}) x),
        'renames', (select coalesce(json_agg(x), '[]'::json) from (
          select id as "itemId", code, name, new_code as "newCode", new_name as "newName" from ren order by id
          limit ${limit}) x),
        'additions', (select coalesce(json_agg(x), '[]'::json) from (
          select a.code, a.name, coalesce(s.code, p.code, '') as "parentCode"
          from adds a left join wbs_items s on a.top and s.id = a.parent_item
          left join directory_rows p on not a.top and p.id = a.parent_row
          order by a.rn limit ${limit}) x)) as j`,
  );
}

/** Gives linked items their rows' codes and names; answers the renamed ids. */
export async function renameFromRows(tx: DbOrTx, versionId: string, directoryId: string) {
  const found = await execColumns<{ ids: number[] | null }>(
    tx,
    sql`with ren as (${renamedSql(versionId, directoryId)}),
      upd as (update wbs_items w set code = ren.new_code, name = ren.new_name, revision = w.revision + 1
        from ren where w.id = ren.id returning w.id)
      select json_build_object('ids', json_agg(id order by id)) as j from upd`,
  );
  return found.ids ?? [];
}

/** Ids of the linked items `renameFromRows` would change (read first, for the undo's copy of the rows). */
export async function renamedIds(db: DbOrTx, versionId: string, directoryId: string) {
  const found = await execColumns<{ ids: number[] | null }>(
    db,
    sql`select json_build_object('ids', json_agg(id order by id)) as j from (${renamedSql(versionId, directoryId)}) x`,
  );
  return found.ids ?? [];
}
