import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../platform/db.js";
import { execColumns, intArray, textArray, withHashJoins } from "../../../platform/sql.js";

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

/** Above this many links a write joins by hashing (`withHashJoins`). */
const MANY_LINKS = 1000;

/**
 * Writes links (one per work and directory; a new row replaces the old one) and removes the unlinked; answers how
 * many were written. The links have no foreign keys (db/migrations/0066_link_triggers.sql): the statement itself keeps
 * only works of the version and space and rows of the directory, and locks those rows as a foreign key would (once
 * per row, not per link), so a row deleted meanwhile either waits for this transaction or is not linked. The works
 * need no lock: every change of a version's works holds its version row (`bumpVersion`), as the callers do before
 * this — which is also why a plain insert of the works without a link cannot meet another writer's: links already
 * there change row in place (an `on conflict do update` paid a speculative insertion per link: linking 50,000
 * works 0.75 → 0.45 s CPU on PostgreSQL, 1.3 → 0.9 s on PGlite, with `withHashJoins`).
 */
export async function writeLinks(
  db: DbOrTx,
  spaceId: string,
  versionId: string,
  directoryId: string,
  links: { itemId: number; rowId: string }[],
  unlinked: number[],
): Promise<number> {
  if (unlinked.length)
    await db.execute(sql`delete from wbs_directory_links where directory_id = ${directoryId}
      and version_id = ${versionId} and item_id = any(${intArray(unlinked)}::int[])`);
  if (links.length === 0) return 0;
  const rowIds = [...new Set(links.map((l) => l.rowId))];
  await db.execute(sql`select 1 from directory_rows where id = any(${textArray(rowIds)}::uuid[])
    and directory_id = ${directoryId} for key share`);
  const write = (tx: DbOrTx) =>
    execColumns<{ written: number }>(
      tx,
      sql`with given as materialized (
        select t.item, t.row from unnest(${intArray(links.map((l) => l.itemId))}::int[],
          ${textArray(links.map((l) => l.rowId))}::uuid[]) as t(item, row)
        join wbs_items w on w.id = t.item and w.version_id = ${versionId} and w.space_id = ${spaceId}
        join directory_rows r on r.id = t.row and r.directory_id = ${directoryId}),
      linked as materialized (
        select g.item, g.row, l.row_id as was from given g
        join wbs_directory_links l on l.item_id = g.item and l.directory_id = ${directoryId}
          and l.version_id = ${versionId}),
      moved as (update wbs_directory_links l set row_id = k.row from linked k
        where l.item_id = k.item and l.directory_id = ${directoryId} and k.was <> k.row),
      added as (insert into wbs_directory_links (item_id, directory_id, row_id, version_id, space_id)
        select g.item, ${directoryId}, g.row, ${versionId}, ${spaceId} from given g
        where not exists (select 1 from linked k where k.item = g.item))
      select json_build_object('written', (select count(*) from given)) as j`,
    );
  const { written } = links.length > MANY_LINKS ? await withHashJoins(db, write) : await write(db);
  return Number(written);
}

/**
 * Links of works that have none yet (a version being imported): plain inserts, without the look for an existing
 * link to replace that `writeLinks` makes for each row; only works of the version and rows of the directory.
 */
export async function insertLinks(
  db: DbOrTx,
  spaceId: string,
  versionId: string,
  directoryId: string,
  itemIds: number[],
  rowIds: string[],
) {
  await db.execute(sql`insert into wbs_directory_links (item_id, directory_id, row_id, version_id, space_id)
    select t.item, ${directoryId}, t.row, ${versionId}, ${spaceId}
    from unnest(${intArray(itemIds)}::int[], ${textArray(rowIds)}::uuid[]) as t(item, row)
    join wbs_items w on w.id = t.item and w.version_id = ${versionId} and w.space_id = ${spaceId}
    join directory_rows r on r.id = t.row and r.directory_id = ${directoryId}`);
}
