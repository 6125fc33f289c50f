import { sql } from "drizzle-orm";
import type { AppContext } from "../../../platform/context.js";
import type { DbOrTx } from "../../../platform/db.js";
import type { JobContext } from "../../../platform/jobs.js";
import { execRows } from "../../../platform/sql.js";
import { addNotices, announceNotices } from "../../notices/notify.js";
import { dateOf, dayOf } from "../wdp/wdp-days.js";
import { lastWeek } from "./timesheet-week.js";

export const REMINDER_JOB = "timesheet_reminders";

/**
 * People who have not filled in a finished week: for every work of a non-target version that was under way that week
 * (started by its Sunday, not finished before its Monday) and is assigned to them — as a labour resource that is their
 * user, or as its executor — with no hours entered for it that week. Live spaces only.
 */
async function unfilled(db: DbOrTx, week: string) {
  const monday = dateOf(dayOf(week));
  const nextMonday = dateOf(dayOf(week) + 7);
  const { rows } = await execRows(
    db,
    sql`with people as (
        select a.space_id, a.item_id, r.user_id from assignments a join resources r on r.id = a.resource_id
        where r.user_id is not null
        union select space_id, item_id, executor_id from work_people where executor_id is not null)
      select p.space_id as "spaceId", p.user_id as "userId", w.id as "itemId", w.version_id as "versionId",
        v.schedule_id as "scheduleId", s.project_id as "projectId", w.code, w.name
      from people p
      join wbs_items w on w.id = p.item_id
      join versions v on v.id = w.version_id and v.kind <> 'target'
      join schedules s on s.id = v.schedule_id
      join spaces sp on sp.id = p.space_id and sp.deleted_at is null
      join space_members m on m.space_id = p.space_id and m.user_id = p.user_id
      where coalesce(w.actual_start, w.early_start) < ${nextMonday}::timestamp
        and coalesce(w.actual_finish, w.early_finish) >= ${monday}::timestamp
        and not exists (select 1 from timesheet_lines l where l.user_id = p.user_id and l.item_id = w.id
          and l.week = ${week} and (l.status <> 'draft'
            or exists (select 1 from jsonb_array_elements_text(l.hours) h where h::float8 > 0)))`,
  );
  return rows as {
    spaceId: string;
    userId: string;
    itemId: number;
    versionId: string;
    scheduleId: string;
    projectId: string;
    code: string;
    name: string;
  }[];
}

/**
 * Reminds everyone of the works they have not filled in for a week (`task_need_actual_by_timesheet`, in their bell;
 * by e-mail in the digest of whoever asked for the kind). Each reminder has a dedupe key per week, work and person,
 * so a second run of the same week — another process, a retry — adds nothing.
 */
export async function remindTimesheets(ctx: Pick<AppContext, "db" | "realtime">, week: string) {
  const list = await unfilled(ctx.db, week);
  const rows = await addNotices(
    ctx.db,
    list.map((w) => ({
      spaceId: w.spaceId,
      userId: w.userId,
      kind: "task_need_actual_by_timesheet" as const,
      scheduleId: w.scheduleId,
      versionId: w.versionId,
      projectId: w.projectId,
      wbsId: w.itemId,
      params: { work: w.name, code: w.code, date: week },
      dedupeKey: `timesheet:${week}:${w.itemId}:${w.userId}`,
    })),
  );
  announceNotices(ctx, rows);
  return { week, reminded: rows.length };
}

export function runReminders(ctx: Pick<AppContext, "db" | "realtime">, { job }: JobContext) {
  const week = typeof job.payload?.week === "string" ? job.payload.week : lastWeek();
  return remindTimesheets(ctx, week);
}

/**
 * Once a day per process the last finished week is checked (the reminder job is queued): a week's reminders go out on
 * the first day after it, and a process started later in the week still sends what is missing (dedupe keys keep it
 * to one reminder per work and person).
 */
export function reminderTicker(ctx: Pick<AppContext, "jobs">) {
  let lastDay = "";
  return async () => {
    const day = new Date().toISOString().slice(0, 10);
    if (day === lastDay) return;
    lastDay = day;
    await ctx.jobs.enqueue(REMINDER_JOB, { payload: { week: lastWeek() } });
  };
}
