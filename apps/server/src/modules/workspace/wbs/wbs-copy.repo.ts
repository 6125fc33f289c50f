import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../platform/db.js";
import { execRows, intArray } from "../../../platform/sql.js";

/** Columns copied as they are when rows are duplicated (ids, tree position and revision are assigned anew). */
const COPIED_COLUMNS = [
  "type",
  "code",
  "name",
  "calendar_id",
  "duration",
  "start_limit_type",
  "start_limit_date",
  "finish_limit_type",
  "finish_limit_date",
  "in_scope",
  "status",
  "percent_complete",
  "actual_start",
  "actual_finish",
  "remaining",
  "baseline_duration",
  "base_intensity",
  "target_duration",
  "target_start",
  "target_finish",
  "planned_volume",
  "actual_volume",
  "planned_labour",
  "actual_labour",
  "planned_cost",
  "actual_cost",
  "measure",
  "attrs",
  "early_start",
  "early_finish",
  "late_start",
  "late_finish",
  "total_float",
  "free_float",
  "critical",
  "duration_type",
  "percent_complete_type",
  "resource_dependent",
  "expected_finish",
  "suspend_date",
  "resume_date",
  "notes",
  "alap",
  "manual_start",
  "manual_finish",
  "elapsed",
  "splits",
];
const columnList = sql.raw(COPIED_COLUMNS.join(", "));
const sourceColumns = sql.raw(COPIED_COLUMNS.map((c) => `s.${c}`).join(", "));

export interface CopyRowsInput {
  spaceId: string;
  fromVersionId: string;
  toVersionId: string;
  /** Items to copy with their whole subtrees; null copies the whole version. */
  ids: number[] | null;
  /** Parent of the copied top rows (null = root). */
  rootParentId: number | null;
  /** Copied top rows get sort orders rootOrderStart + step, + 2 step, … in their original order. */
  rootOrderStart: number;
  rootOrderStep?: number;
}

/**
 * Duplicates WBS rows (subtrees), the relations among them and the works' work-done plans, assignments, people, directory links and origins, a few statements however
 * many rows: new ids come from the identity sequence inside SQL, so nothing travels through JavaScript. A whole-version copy also keeps the
 * external relations (predecessors in other versions). Returns the new ids of the copied top rows.
 */
export async function copyWbsRows(tx: DbOrTx, input: CopyRowsInput): Promise<{ topIds: number[]; count: number }> {
  const selection =
    input.ids === null
      ? sql`select id from wbs_items where version_id = ${input.fromVersionId}`
      : sql`select w.id from wbs_items w where w.version_id = ${input.fromVersionId} and w.id = any(${intArray(input.ids)}::int[])
            union
            select w.id from wbs_items w join sel on w.parent_id = sel.id`;
  await tx.execute(sql`drop table if exists pg_temp.wbs_copy_map`);
  // The sequence is looked up once (a scalar subquery), not in the catalogue for every copied row (see reserveIds).
  await tx.execute(sql`
    create temp table wbs_copy_map on commit drop as
    with recursive sel(id) as (${selection})
    select s.id as old_id, nextval((select pg_get_serial_sequence('wbs_items', 'id'))::regclass)::int as new_id, s.parent_id as old_parent,
           s.sort_order, (s.parent_id is null or s.parent_id not in (select id from sel)) as top,
           row_number() over (order by (s.parent_id is null or s.parent_id not in (select id from sel)) desc, s.sort_order, s.id) as rn
    from wbs_items s where s.id in (select id from sel)`);
  await tx.execute(sql`
    insert into wbs_items (id, space_id, version_id, parent_id, sort_order, revision, ${columnList})
    select m.new_id, ${input.spaceId}::uuid, ${input.toVersionId}::uuid,
           case when m.top then ${input.rootParentId}::int else pm.new_id end,
           case when m.top then ${input.rootOrderStart}::float8 + m.rn * ${input.rootOrderStep ?? 1}::float8 else m.sort_order end, 1, ${sourceColumns}
    from wbs_copy_map m join wbs_items s on s.id = m.old_id left join wbs_copy_map pm on pm.old_id = m.old_parent
    order by m.rn`);
  const externals =
    input.ids === null
      ? sql`union all
          select r.predecessor_id, b.new_id, r.type, r.lag, r.lag_calendar from relations r
          join wbs_copy_map b on b.old_id = r.successor_id
          where r.version_id = ${input.fromVersionId} and r.predecessor_id not in (select old_id from wbs_copy_map)`
      : sql``;
  await tx.execute(sql`
    insert into relations (space_id, version_id, predecessor_id, successor_id, type, lag, lag_calendar)
    select ${input.spaceId}::uuid, ${input.toVersionId}::uuid, p, s, t, l, c from (
      select a.new_id as p, b.new_id as s, r.type as t, r.lag as l, r.lag_calendar as c from relations r
      join wbs_copy_map a on a.old_id = r.predecessor_id join wbs_copy_map b on b.old_id = r.successor_id
      ${externals}
    ) x`);
  // The works' work-done plans (plan, fact, approved plan of every measure) and planning rows go with them, as their
  // progress columns do: a copied version (a target too) is the schedule as it stood, days included.
  await tx.execute(sql`
    insert into wdp_work_series (item_id, kind, space_id, version_id, measures, starts, lengths, totals, days)
    select m.new_id, s.kind, ${input.spaceId}::uuid, ${input.toVersionId}::uuid, s.measures, s.starts, s.lengths, s.totals,
      s.days
    from wdp_work_series s join wbs_copy_map m on m.old_id = s.item_id where s.version_id = ${input.fromVersionId}`);
  await tx.execute(sql`
    insert into wdp_works (item_id, space_id, version_id, status, mode, options, updated_at)
    select m.new_id, ${input.spaceId}::uuid, ${input.toVersionId}::uuid, w.status, w.mode, w.options, now()
    from wdp_works w join wbs_copy_map m on m.old_id = w.item_id where w.version_id = ${input.fromVersionId}`);
  // Their resource assignments (units, curve, stated costs) and their executor and curator go with them too: a copy
  // keeps who does the work. A resource of another space is not carried (a copy into another space has none of them).
  await tx.execute(sql`
    insert into assignments (space_id, version_id, item_id, resource_id, budgeted_units, actual_units, remaining_units,
      units_per_day, curve, budgeted_cost, actual_cost, remaining_cost)
    select ${input.spaceId}::uuid, ${input.toVersionId}::uuid, m.new_id, a.resource_id, a.budgeted_units, a.actual_units,
      a.remaining_units, a.units_per_day, a.curve, a.budgeted_cost, a.actual_cost, a.remaining_cost
    from assignments a join wbs_copy_map m on m.old_id = a.item_id
    join resources r on r.id = a.resource_id and r.space_id = ${input.spaceId}::uuid
    where a.version_id = ${input.fromVersionId} order by a.created_at, a.id`);
  await tx.execute(sql`
    insert into work_people (item_id, version_id, space_id, executor_id, curator_id)
    select m.new_id, ${input.toVersionId}::uuid, ${input.spaceId}::uuid, p.executor_id, p.curator_id
    from work_people p join wbs_copy_map m on m.old_id = p.item_id where p.version_id = ${input.fromVersionId}`);
  // Their links to directory rows go with them (a copied work keeps its work type and location); a directory of
  // another space is not carried.
  await tx.execute(sql`
    insert into wbs_directory_links (item_id, directory_id, row_id, version_id, space_id)
    select m.new_id, l.directory_id, l.row_id, ${input.toVersionId}::uuid, ${input.spaceId}::uuid
    from wbs_directory_links l join wbs_copy_map m on m.old_id = l.item_id
    join directories d on d.id = l.directory_id and d.space_id = ${input.spaceId}::uuid
    where l.version_id = ${input.fromVersionId}`);
  // and the rows they were built from, so that a sync of the copy with its directory removes the items of rows
  // deleted since, as it does in the version built from it
  await tx.execute(sql`
    insert into wbs_directory_origins (item_id, directory_id, row_id, version_id, space_id)
    select m.new_id, o.directory_id, o.row_id, ${input.toVersionId}::uuid, ${input.spaceId}::uuid
    from wbs_directory_origins o join wbs_copy_map m on m.old_id = o.item_id
    join directories d on d.id = o.directory_id and d.space_id = ${input.spaceId}::uuid
    where o.version_id = ${input.fromVersionId}`);
  const tops = await execRows(tx, sql`select new_id from wbs_copy_map where top order by rn`);
  const count = await execRows(tx, sql`select count(*)::int as n from wbs_copy_map`);
  return {
    topIds: (tops.rows as { new_id: number }[]).map((row) => row.new_id),
    count: (count.rows as { n: number }[])[0].n,
  };
}
