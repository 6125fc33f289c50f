import { sql } from "drizzle-orm";
import type { AppContext } from "../../platform/context.js";
import type { DbOrTx } from "../../platform/db.js";
import { execRows } from "../../platform/sql.js";
import { addNotices, announceNotices, type NewNotice } from "../notices/notify.js";

interface MovedWork {
  spaceId: string;
  scheduleId: string;
  itemId: number;
  name: string;
  code: string;
  finish: string;
  executorId: string | null;
  curatorId: string | null;
}

/**
 * A calculation that moves works of a schedule's actual version tells their executors and curators the new planned
 * finish (`assignment_date_change_plan`), inside the calculation's transaction (platform/dates-written.ts); the bells
 * ring after the commit. Other versions are drafts and what-ifs: nobody is told of them. One query for the moved
 * works' people, names and finishes, and chunked inserts (notify.ts), however many works moved.
 */
export async function noticesOfMovedWorks(
  ctx: Pick<AppContext, "db" | "realtime">,
  tx: DbOrTx,
  versionId: string,
  movedIds: number[],
) {
  const { rows } = await execRows(
    tx,
    sql`select w.space_id as "spaceId", v.schedule_id as "scheduleId", w.id as "itemId", w.name, w.code,
           to_char(w.early_finish, 'YYYY-MM-DD') as finish, wp.executor_id as "executorId", wp.curator_id as "curatorId"
      from work_people wp
      join wbs_items w on w.id = wp.item_id and w.version_id = wp.version_id
      join versions v on v.id = w.version_id and v.kind = 'actual'
     where wp.version_id = ${versionId} and wp.item_id = any(${`{${movedIds.join(",")}}`}::int[])
       and w.early_finish is not null`,
  );
  const list: NewNotice[] = [];
  for (const work of rows as MovedWork[]) {
    const people = new Set([work.executorId, work.curatorId].filter((id): id is string => !!id));
    for (const userId of people)
      list.push({
        spaceId: work.spaceId,
        userId,
        kind: "assignment_date_change_plan",
        scheduleId: work.scheduleId,
        versionId,
        wbsId: work.itemId,
        params: { work: work.name, code: work.code, date: work.finish },
      });
  }
  if (!list.length) return undefined;
  const added = await addNotices(tx, list);
  return () => announceNotices(ctx, added);
}
