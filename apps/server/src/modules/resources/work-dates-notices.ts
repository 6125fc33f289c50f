import { sql } from "drizzle-orm";
import type { AppContext } from "../../platform/context.js";
import type { DbOrTx } from "../../platform/db.js";
import { delegationDay } from "../../platform/delegation.js";
import { execRows, intArray } from "../../platform/sql.js";
import { announceGroups, type NoticeGroup } from "../notices/notify.js";

/**
 * A calculation that moves works of a schedule's actual version tells their executors and curators the new planned
 * finish (`assignment_date_change_plan`), inside the calculation's transaction (platform/dates-written.ts); the bells
 * ring after the commit, one event per person however many of their works moved. Other versions are drafts and
 * what-ifs: nobody is told of them.
 *
 * One INSERT … SELECT, however many works moved: a calculation moves thousands at once, and building the rows in
 * JavaScript (notify.ts `addNotices`) cost ~10 s for 10,000 of them on the embedded database. The moved ids come
 * as a set to join (`unnest`), not an `= any(array)` filter, which the planner tests against every id of the array
 * for each work (10,000 × 10,000 comparisons, 8 s). It keeps the rules of
 * `addNotices` for this kind: one notice per person and work (executor and curator may be the same person), and a
 * copy for whoever stands in today for a recipient under a delegation of `assignments` or `notices`, unless the
 * delegate is told of the same work in their own right. E-mail follows from the digest job, as for every notice.
 */
export async function noticesOfMovedWorks(
  ctx: Pick<AppContext, "db" | "realtime">,
  tx: DbOrTx,
  versionId: string,
  movedIds: number[],
) {
  const { rows } = await execRows(
    tx,
    sql`with moved as (
        select w.space_id, v.schedule_id, w.id, w.name, w.code, to_char(w.early_finish, 'YYYY-MM-DD') as finish,
               wp.executor_id, wp.curator_id
          from unnest(${intArray(movedIds)}::int[]) as m(id)
          join work_people wp on wp.item_id = m.id and wp.version_id = ${versionId}
          join wbs_items w on w.id = wp.item_id and w.version_id = wp.version_id
          join versions v on v.id = w.version_id and v.kind = 'actual'
         where w.early_finish is not null
      ), own as (
        select distinct m.space_id, p.user_id, m.schedule_id, m.id, m.name, m.code, m.finish
          from moved m cross join lateral (values (m.executor_id), (m.curator_id)) as p(user_id)
         where p.user_id is not null
      ), copies as (
        select distinct on (d.to_user_id, o.id) o.space_id, d.to_user_id as user_id, o.user_id as for_user_id,
               o.schedule_id, o.id, o.name, o.code, o.finish
          from own o
          join delegations d on d.space_id = o.space_id and d.from_user_id = o.user_id
               and d.starts_on <= ${delegationDay()} and d.ends_on >= ${delegationDay()}
               and (d.duties @> '["assignments"]'::jsonb or d.duties @> '["notices"]'::jsonb)
         where not exists (select 1 from own mine where mine.user_id = d.to_user_id and mine.id = o.id)
         order by d.to_user_id, o.id, o.user_id
      ), added as (
        insert into notices (space_id, user_id, for_user_id, kind, schedule_id, version_id, wbs_id, params)
        select space_id, user_id, for_user_id, 'assignment_date_change_plan', schedule_id, ${versionId}::uuid, id,
               jsonb_build_object('work', name, 'code', code, 'date', finish)
          from (select space_id, user_id, null::uuid as for_user_id, schedule_id, id, name, code, finish from own
                union all
                select space_id, user_id, for_user_id, schedule_id, id, name, code, finish from copies) as told
        returning id, space_id, user_id
      )
      select space_id as "spaceId", user_id as "userId", array_agg(id) as ids from added group by space_id, user_id`,
  );
  const groups = (rows as { spaceId: string; userId: string; ids: string[] | string }[]).map(
    (row): NoticeGroup => ({ ...row, byUserId: null, ids: uuidList(row.ids) }),
  );
  if (!groups.length) return undefined;
  return () =>
    void announceGroups(ctx, groups, "created").catch(() => {
      // A lost announcement only delays the bell until the next read of the page; the notices are committed.
    });
}

/** A uuid[] arrives as an array from PostgreSQL and as its text `{a,b}` from the embedded database's raw rows. */
function uuidList(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  return value.length > 2 ? value.slice(1, -1).split(",") : [];
}
