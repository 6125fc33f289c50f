import type { NoticeKind } from "@planum/contracts";
import { eq, sql } from "drizzle-orm";
import { noticeDailyRuns } from "../../db/schema/index.js";
import { type Grant, memberGrant, requireAt } from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import type { DbOrTx } from "../../platform/db.js";
import type { JobContext } from "../../platform/jobs.js";
import { execRows } from "../../platform/sql.js";
import { addNotices, announceNotices, type NewNotice } from "./notify.js";

export const UPCOMING_JOB = "notices_upcoming_works";

/**
 * How far ahead "about to start / finish" looks: today and the next three days. A notice a day or two ahead leaves
 * time to get people and material on site; three days make Friday's run cover Monday's starts, so a weekend never
 * hides one. Further ahead the dates of a live schedule still move with every calculation.
 */
export const UPCOMING_DAYS = 4;

/** A work of an actual version starting or finishing inside the horizon. */
export interface UpcomingWork {
  spaceId: string;
  versionId: string;
  scheduleId: string;
  projectId: string;
  projectPath: string;
  itemId: number;
  name: string;
  code: string;
  scheduleName: string;
  kind: Extract<NoticeKind, "task_will_start" | "task_will_finish">;
  day: string;
}

/**
 * Who hears of a work about to start or finish besides those who asked for these kinds in their settings. Modules
 * that know a work's people (assignments: its executors and curators) register here; each answers user ids per work.
 */
export type WorkRecipients = (db: DbOrTx, works: UpcomingWork[]) => Promise<Map<UpcomingWork, string[]>>;
const workRecipients: WorkRecipients[] = [];
export function registerWorkRecipients(provider: WorkRecipients) {
  if (!workRecipients.includes(provider)) workRecipients.push(provider);
}

/**
 * Other notices the daily job adds for its day: modules that know about them (assignments: approaching, late, facts
 * to enter) register a generator answering the notices, each with a dedupe key of its own.
 */
export type DailyNotices = (db: DbOrTx, day: string, horizonDays: number) => Promise<NewNotice[]>;
const dailyNotices: DailyNotices[] = [];
export function registerDailyNotices(generator: DailyNotices) {
  if (!dailyNotices.includes(generator)) dailyNotices.push(generator);
}

type Deps = Pick<AppContext, "db" | "realtime" | "jobs">;

/** Queues today's run once across all processes: the first to insert today's row enqueues the job. */
export async function queueDailyRun(deps: Deps, now = new Date()) {
  const day = now.toISOString().slice(0, 10);
  const [won] = await deps.db
    .insert(noticeDailyRuns)
    .values({ day })
    .onConflictDoNothing()
    .returning({ day: noticeDailyRuns.day });
  if (!won) return null;
  try {
    const job = await deps.jobs.enqueue(UPCOMING_JOB, { payload: { day } });
    await deps.db.update(noticeDailyRuns).set({ jobId: job.id }).where(eq(noticeDailyRuns.day, day));
    return job;
  } catch (error) {
    // Not queued (the queue is not started yet, the database hiccuped): give the day back to the next tick.
    await deps.db.delete(noticeDailyRuns).where(eq(noticeDailyRuns.day, day));
    throw error;
  }
}

/** Works of actual versions of live spaces whose start (not started yet) or finish (not done yet) falls in the horizon. */
async function upcomingWorks(db: DbOrTx, day: string): Promise<UpcomingWork[]> {
  const { rows } = await execRows(
    db,
    sql`
    with horizon as (select ${day}::timestamp as first, ${day}::timestamp + make_interval(days => ${UPCOMING_DAYS}) as last)
    select w.space_id, w.version_id, v.schedule_id, s.project_id, p.path as project_path, w.id as item_id, w.name,
           w.code, s.name as schedule_name, e.kind, to_char(e.at, 'YYYY-MM-DD') as day
    from wbs_items w
    join versions v on v.id = w.version_id and v.kind = 'actual'
    join schedules s on s.id = v.schedule_id
    join eps_nodes p on p.id = s.project_id
    join spaces sp on sp.id = w.space_id and sp.deleted_at is null
    cross join horizon h
    cross join lateral (values
      ('task_will_start', case when w.status = 'not_started' and w.type <> 'milestone_finish' then w.early_start end),
      ('task_will_finish', case when w.status <> 'completed' and w.type <> 'milestone_start' then w.early_finish end)
    ) as e(kind, at)
    where w.type in ('task', 'work', 'milestone_start', 'milestone_finish')
      and e.at >= h.first and e.at < h.last`,
  );
  return (rows as Record<string, string | number>[]).map((row) => ({
    spaceId: String(row.space_id),
    versionId: String(row.version_id),
    scheduleId: String(row.schedule_id),
    projectId: String(row.project_id),
    projectPath: String(row.project_path),
    itemId: Number(row.item_id),
    name: String(row.name),
    code: String(row.code),
    scheduleName: String(row.schedule_name),
    kind: row.kind as UpcomingWork["kind"],
    day: String(row.day),
  }));
}

/** Members who asked for `task_will_start` / `task_will_finish` by name in a setting, per space. */
async function subscribers(db: DbOrTx, spaceIds: string[]) {
  if (spaceIds.length === 0) return [];
  const { rows } = await execRows(
    db,
    sql`select distinct space_id, user_id, kind from notice_settings
        cross join lateral jsonb_array_elements_text(kinds) as k(kind)
        where kind in ('task_will_start', 'task_will_finish')
          and space_id in (${sql.join(
            spaceIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
  );
  return rows as { space_id: string; user_id: string; kind: string }[];
}

/**
 * The daily job: notices of the works about to start or finish, to the members who asked for them (and may read the
 * schedule) and to those the registered providers name. Each notice carries a dedupe key (kind, work, day), so a
 * second run of a day, or a work still in the horizon tomorrow with the same date, adds nothing twice.
 */
export async function runUpcomingWorks(deps: Deps, { job, complete }: JobContext) {
  const { db } = deps;
  const day = String(job.payload.day);
  const works = await upcomingWorks(db, day);
  const recipients = new Map<UpcomingWork, Set<string>>(works.map((work) => [work, new Set()]));
  const grants = new Map<string, Grant | null>();
  const readable = new Map<string, boolean>();
  for (const sub of await subscribers(db, [...new Set(works.map((work) => work.spaceId))])) {
    const key = `${sub.user_id} ${sub.space_id}`;
    if (!grants.has(key)) grants.set(key, await memberGrant(db, sub.space_id, sub.user_id));
    const grant = grants.get(key);
    if (!grant) continue;
    for (const work of works) {
      if (work.spaceId !== sub.space_id || work.kind !== sub.kind) continue;
      const canKey = `${key} ${work.scheduleId}`;
      if (!readable.has(canKey)) {
        const lineage = [...work.projectPath.split("/").filter(Boolean), work.scheduleId];
        readable.set(
          canKey,
          await requireAt(db, grant, "schedule:read", lineage).then(
            () => true,
            () => false,
          ),
        );
      }
      if (readable.get(canKey)) recipients.get(work)?.add(sub.user_id);
    }
  }
  for (const provider of workRecipients) {
    for (const [work, userIds] of await provider(db, works)) for (const id of userIds) recipients.get(work)?.add(id);
  }
  const list: NewNotice[] = [];
  for (const [work, userIds] of recipients) {
    for (const userId of userIds) {
      list.push({
        spaceId: work.spaceId,
        userId,
        kind: work.kind,
        scheduleId: work.scheduleId,
        versionId: work.versionId,
        wbsId: work.itemId,
        projectId: work.projectId,
        params: { work: work.name, code: work.code, schedule: work.scheduleName, date: work.day },
        dedupeKey: `${work.kind}:${work.versionId}:${work.itemId}:${work.day}`,
      });
    }
  }
  for (const generator of dailyNotices) list.push(...(await generator(db, day, UPCOMING_DAYS)));
  const rows = await db.transaction(async (tx) => {
    const added = await addNotices(tx, list);
    await complete(tx, { works: works.length, notices: added.length });
    return added;
  });
  announceNotices(deps, rows);
  return undefined;
}
