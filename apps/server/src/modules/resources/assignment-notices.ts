import type { NoticeKind } from "@planum/contracts";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db.js";
import { execRows } from "../../platform/sql.js";
import type { NewNotice } from "../notices/notify.js";

/**
 * Notices to the person of a resource about its assignments (spec notice kinds `assignment_*`). A resource is a
 * person when it names a member (`resources.user_id`); only assignments on works of a schedule's actual version are
 * told (other versions are drafts and what-ifs), never to the person who made the change.
 */
interface AssignedWork {
  spaceId: string;
  userId: string;
  scheduleId: string;
  versionId: string;
  itemId: number;
  name: string;
  code: string;
  kind: NoticeKind;
  day: string | null;
}

function toNotices(rows: AssignedWork[], byUserId: string | null, daily: boolean): NewNotice[] {
  return rows
    .filter((row) => row.userId !== byUserId)
    .map((row) => ({
      spaceId: row.spaceId,
      userId: row.userId,
      kind: row.kind,
      byUserId,
      scheduleId: row.scheduleId,
      versionId: row.versionId,
      wbsId: row.itemId,
      params: { work: row.name, code: row.code, ...(row.day ? { date: row.day } : {}) },
      // the daily kinds are told once per assignment's work and day, however often the job runs
      dedupeKey: daily ? `${row.kind}:${row.versionId}:${row.itemId}:${row.day}` : null,
    }));
}

/** `assignment_created` / `assignment_changed` for these assignments, to their resources' people. */
export async function changedAssignmentNotices(
  db: DbOrTx,
  kind: Extract<NoticeKind, "assignment_created" | "assignment_changed">,
  spaceId: string,
  byUserId: string,
  assignmentIds: string[],
): Promise<NewNotice[]> {
  if (!assignmentIds.length) return [];
  const { rows } = await execRows(
    db,
    sql`select a.space_id as "spaceId", r.user_id as "userId", v.schedule_id as "scheduleId", a.version_id as "versionId",
           w.id as "itemId", w.name, w.code, ${kind} as kind, to_char(w.early_finish, 'YYYY-MM-DD') as day
      from assignments a
      join resources r on r.id = a.resource_id and r.user_id is not null
      join versions v on v.id = a.version_id and v.kind = 'actual'
      join wbs_items w on w.id = a.item_id and w.version_id = a.version_id
     where a.space_id = ${spaceId} and a.id = any(${`{${assignmentIds.join(",")}}`}::uuid[])`,
  );
  return toNotices(rows as AssignedWork[], byUserId, false);
}

/**
 * The daily kinds of `day` (YYYY-MM-DD), for works of actual versions with a person assigned:
 * `assignment_date_approaching` — not completed and planned to finish today or in the next three days;
 * `assignment_date_delay` — not completed though planned to have finished before today;
 * `assignment_date_add_fact` — planned to be under way yesterday with nothing done on the assignment yet.
 */
export async function dailyAssignmentNotices(db: DbOrTx, day: string, horizonDays: number): Promise<NewNotice[]> {
  const { rows } = await execRows(
    db,
    sql`
    with d as (select ${day}::timestamp as today)
    select a.space_id as "spaceId", r.user_id as "userId", v.schedule_id as "scheduleId", a.version_id as "versionId",
           w.id as "itemId", w.name, w.code, e.kind, to_char(e.at, 'YYYY-MM-DD') as day
      from assignments a
      join resources r on r.id = a.resource_id and r.user_id is not null
      join versions v on v.id = a.version_id and v.kind = 'actual'
      join spaces sp on sp.id = a.space_id and sp.deleted_at is null
      join wbs_items w on w.id = a.item_id and w.version_id = a.version_id
      cross join d
      cross join lateral (values
        ('assignment_date_approaching', case when w.status <> 'completed' and w.early_finish >= d.today
           and w.early_finish < d.today + make_interval(days => ${horizonDays}) then w.early_finish end),
        ('assignment_date_delay', case when w.status <> 'completed' and w.early_finish < d.today
           then w.early_finish end),
        ('assignment_date_add_fact', case when w.status <> 'completed' and a.actual_units = 0
           and w.early_start < d.today and w.early_finish >= d.today - interval '1 day'
           then d.today - interval '1 day' end)
      ) as e(kind, at)
     where e.at is not null`,
  );
  return toNotices(rows as AssignedWork[], null, true);
}
