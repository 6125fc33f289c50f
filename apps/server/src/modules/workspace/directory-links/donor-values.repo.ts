import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../platform/db.js";
import { execColumns, intArray, textArray, withHashJoins } from "../../../platform/sql.js";

type Value = string | number | boolean | null;

/** Whether the value of attribute `a` in the object `o` is one the attribute cannot hold (of another type, not in its list). */
const misfits = (o: SQL) => sql`(
  (a.type = 'list' and not (a.list ? (${o} ->> a.key)))
  or (a.type in ('number', 'money', 'percentage') and jsonb_typeof(${o} -> a.key) <> 'number')
  or (a.type = 'boolean' and jsonb_typeof(${o} -> a.key) <> 'boolean')
  or (a.type in ('string', 'date', 'list') and jsonb_typeof(${o} -> a.key) <> 'string'))`;

/** Above this many works a pass joins by hashing (see `donorPass`). */
const MANY_WORKS = 1000;

/** A donor as `linkSettingsOf` answers it: a directory's column copied into a work attribute of that type. */
export interface Donor {
  directoryId: string;
  columnId: string;
  attributeId: string;
  attributeName: string;
  attributeType: string;
  attributeList: unknown;
}

export interface DonorPass {
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
  /** Written only: the changed works' ids, their new revisions and, attribute by attribute (`keys`), the values they had. */
  ids: number[];
  revisions: number[];
  keys: string[];
  before: Value[][];
}

/**
 * The donors' values on a version's linked works, in one statement whatever their number: each work's new attributes
 * are built on its own row (its link and row of each directory joined, the donors' keys known here, so no value
 * travels or is grouped per work), compared with what it has, counted, checked against the attributes' types, and —
 * with `write`, unless a value is bad — written (revisions move on), answering the previous values for the undo.
 * A work linked to two directories filling one attribute takes the later directory's value.
 */
export async function donorPass(
  db: DbOrTx,
  input: {
    versionId: string;
    donors: Donor[];
    itemIds: number[] | undefined;
    limit: number;
    write: boolean;
  },
): Promise<DonorPass> {
  const { versionId, donors } = input;
  const directoryIds = [...new Set(donors.map((d) => d.directoryId))];
  const keys = [...new Set(donors.map((d) => d.attributeId))];
  const joins: SQL[] = [];
  const removed: SQL[] = [];
  const added: SQL[] = [];
  // a directory row's donated values as one object (null values left out)
  const donated = (directoryId: string, r: SQL) =>
    sql`jsonb_strip_nulls(jsonb_build_object(${sql.join(
      donors
        .filter((d) => d.directoryId === directoryId)
        .map((d) => sql`${d.attributeId}::text, ${r}."values" -> ${d.columnId}::text`),
      sql`, `,
    )}))`;
  directoryIds.forEach((directoryId, i) => {
    const l = sql.raw(`l${i}`);
    const r = sql.raw(`r${i}`);
    const own = donors.filter((d) => d.directoryId === directoryId);
    joins.push(sql`left join wbs_directory_links ${l} on ${l}.item_id = w.id and ${l}.directory_id = ${directoryId}
      left join directory_rows ${r} on ${r}.id = ${l}.row_id`);
    // a work not linked to this directory keeps what it has in the directory's attributes
    removed.push(
      sql` - (case when ${r}.id is null then '{}'::text[] else ${textArray(own.map((d) => d.attributeId))}::text[] end)`,
    );
    added.push(sql` || ${donated(directoryId, r)}`);
  });
  const only = (alias: string) =>
    input.itemIds ? sql`and ${sql.raw(alias)}.item_id = any(${intArray(input.itemIds)}::int[])` : sql``;
  // One directory (a link, a refresh of it, a WBS built from it): the links lead, no work is looked up twice, and
  // each row's donated values are built once (1,000 rows), not once per work linked to it (50,000); so is the check
  // of what an attribute cannot hold (`doubtful`): only works linked to a doubtful row are looked at for `bad`.
  const one = directoryIds.length === 1;
  const rows = one
    ? sql`donated as materialized (select r0.id, ${donated(directoryIds[0], sql.raw("r0"))} as donated
          from directory_rows r0 where r0.directory_id = ${directoryIds[0]} and r0.id in (
            select l0.row_id from wbs_directory_links l0
            where l0.version_id = ${versionId} and l0.directory_id = ${directoryIds[0]} ${only("l0")})),
        doubtful as (select distinct v.id from donated v cross join attrs a where v.donated ? a.key
          and ${misfits(sql`v.donated`)}),`
    : sql``;
  const linked = one
    ? sql`select w.id, w.code, w.name, w.attrs as before, (w.attrs - ${textArray(keys)}::text[]) || v.donated as after,
            l0.row_id
          from wbs_directory_links l0 join donated v on v.id = l0.row_id join wbs_items w on w.id = l0.item_id
          where l0.version_id = ${versionId} and l0.directory_id = ${directoryIds[0]} and w.version_id = ${versionId}
            ${only("l0")}`
    : sql`select w.id, w.code, w.name, w.attrs as before, (w.attrs ${sql.join(removed, sql``)}) ${sql.join(added, sql``)} as after,
            null::uuid as row_id
          from wbs_items w ${sql.join(joins, sql` `)}
          where w.version_id = ${versionId} and w.id in (
            select x.item_id from wbs_directory_links x
            where x.version_id = ${versionId} and x.directory_id = any(${textArray(directoryIds)}::uuid[]) ${only("x")})`;
  // one entry per attribute: what a value must be to fit it (the listing of the changes and the check read it)
  const attributes = JSON.stringify(
    keys.map((key) => {
      const d = donors.find((x) => x.attributeId === key)!;
      return { key, name: d.attributeName, type: d.attributeType, list: d.attributeList ?? [] };
    }),
  );
  const changedValues = keys.map(
    (key) => sql`(d.before -> ${key}::text is distinct from d.after -> ${key}::text)::int`,
  );
  // one aggregate pass over the written rows: the arrays share its order, so none needs sorting
  const keyColumns = keys.map((key, k) => sql`, ${`k${k}`}::text, json_agg(before -> ${key}::text)`);
  const write = input.write
    ? sql`, upd as (
        update wbs_items w set attrs = d.after, revision = w.revision + 1
        from diff d where w.id = d.id and w.version_id = ${versionId} and not exists (select 1 from bad)
        returning w.id, w.revision, d.before),
      undo as (select json_build_object('ids', coalesce(json_agg(id), '[]'::json),
        'revisions', coalesce(json_agg(revision), '[]'::json) ${sql.join(keyColumns, sql``)}) as u from upd)`
    : sql`, undo as (select null::json as u)`;
  // Many works: hash joins over the version's works and the directory's rows, not one index probe per work into each
  // (the embedded database keeps no statistics, so its planner takes 50,000 links for one and would even scan the
  // rows' values once per link), and the changed works kept in memory.
  const many = input.itemIds === undefined || input.itemIds.length > MANY_WORKS;
  const pass = (tx: DbOrTx) =>
    execColumns<Omit<DonorPass, "keys" | "before" | "revisions"> & { undo: Record<string, unknown> | null }>(
      tx,
      sql`with attrs as (select * from jsonb_to_recordset(${attributes}::jsonb) as a(key text, name text, type text, list jsonb)),
      ${rows}
      diff as materialized (
        -- offset 0: the new attributes are built once per work, not again for the comparison
        select id, code, name, before, after, row_id from (${linked} offset 0) s where after is distinct from before),
      bad as (
        select d.id, d.code, a.name as attribute, d.after ->> a.key as value
        from ${one ? sql`doubtful x join diff d on d.row_id = x.id` : sql`diff d`} cross join attrs a
        where d.after -> a.key is distinct from d.before -> a.key and d.after ? a.key and ${misfits(sql`d.after`)}
        order by d.id limit 1)
      ${write}
      select json_build_object(
        'works', (select count(*) from diff),
        'values', (select coalesce(sum(${sql.join(changedValues, sql` + `)}), 0) from diff d),
        'changes', (select coalesce(json_agg(c), '[]'::json) from (
          select d.id as "itemId", d.code, d.name, a.key as "attributeId", a.name as "attributeName",
            d.before -> a.key as before, d.after -> a.key as after
          from (select * from diff order by id limit ${input.limit}) d cross join attrs a
          where d.after -> a.key is distinct from d.before -> a.key
          order by d.id, a.name limit ${input.limit}) c),
        'bad', (select row_to_json(b) from (select code, attribute, value from bad) b),
        'undo', (select u from undo)) as j`,
    );
  const found = many ? await withHashJoins(db, pass) : await pass(db);
  const undo = found.undo;
  return {
    works: Number(found.works),
    values: Number(found.values),
    changes: found.changes,
    bad: found.bad,
    ids: (undo?.ids as number[] | undefined) ?? [],
    revisions: (undo?.revisions as number[] | undefined) ?? [],
    keys,
    before: keys.map((_, k) => (undo?.[`k${k}`] as Value[] | undefined) ?? []),
  };
}
