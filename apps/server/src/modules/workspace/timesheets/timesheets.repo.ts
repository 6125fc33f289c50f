import { and, eq, inArray, sql } from "drizzle-orm";
import { assignments, timesheetLines, users } from "../../../db/schema/index.js";
import type { DbOrTx } from "../../../platform/db.js";
import { execRows, intArray } from "../../../platform/sql.js";

export type LineRow = typeof timesheetLines.$inferSelect;

/** A work someone may enter hours on or decide on, with where it sits and the assignment its hours feed. */
export interface WorkRef {
  itemId: number;
  versionId: string;
  versionLabel: string;
  scheduleId: string;
  scheduleName: string;
  projectId: string;
  projectName: string;
  code: string;
  name: string;
  percentComplete: number;
  parent: { id: number; code: string; name: string } | null;
  curatorId: string | null;
  executorId: string | null;
}

/** The person's assignment on a work (a labour resource that is their user). */
export interface PersonAssignment {
  id: string;
  budgetedUnits: number;
  actualUnits: number;
  remainingUnits: number;
}

/** The name shown for a user: last and first name, else the login. */
export const personName = sql<string>`coalesce(nullif(trim(u.last_name || ' ' || u.first_name), ''), u.login)`;

const workColumns = sql`w.id as "itemId", w.version_id as "versionId", v.label as "versionLabel",
  v.schedule_id as "scheduleId", s.name as "scheduleName", s.project_id as "projectId", pr.name as "projectName",
  w.code, w.name, w.percent_complete as "percentComplete",
  case when p.id is null then null else json_build_object('id', p.id, 'code', p.code, 'name', p.name) end as parent,
  wp.curator_id as "curatorId", wp.executor_id as "executorId"`;
const workJoins = sql`join versions v on v.id = w.version_id
  join schedules s on s.id = v.schedule_id
  join eps_nodes pr on pr.id = s.project_id
  left join wbs_items p on p.id = w.parent_id
  left join work_people wp on wp.item_id = w.id`;

/**
 * Works of the space the user may enter hours on: assigned to a labour resource that is their user, or theirs as
 * executor; works of target versions (frozen copies to compare with) are left out. Optionally one version.
 */
export async function assignedWorks(
  db: DbOrTx,
  spaceId: string,
  userId: string,
  filter: { versionId?: string; itemIds?: number[] } = {},
): Promise<(WorkRef & { assignment: PersonAssignment | null; executor: boolean })[]> {
  const parts = [sql`w.space_id = ${spaceId}`, sql`w.type not in ('sum', 'draft')`, sql`v.kind <> 'target'`];
  if (filter.versionId) parts.push(sql`w.version_id = ${filter.versionId}`);
  if (filter.itemIds) parts.push(sql`w.id = any(${intArray(filter.itemIds)}::int[])`);
  const result = await execRows(
    db,
    sql`with mine as (
        select a.item_id from assignments a join resources r on r.id = a.resource_id
        where a.space_id = ${spaceId} and r.space_id = ${spaceId} and r.user_id = ${userId}
        union select item_id from work_people where space_id = ${spaceId} and executor_id = ${userId})
      select ${workColumns},
        (select json_build_object('id', a.id, 'budgetedUnits', a.budgeted_units, 'actualUnits', a.actual_units,
            'remainingUnits', a.remaining_units)
          from assignments a join resources r on r.id = a.resource_id
          where a.item_id = w.id and r.user_id = ${userId} order by a.created_at, a.id limit 1) as assignment,
        coalesce(wp.executor_id = ${userId}, false) as executor
      from mine join wbs_items w on w.id = mine.item_id ${workJoins}
      where ${sql.join(parts, sql` and `)}
      order by pr.name, s.name, v.label, w.sort_order, w.id`,
  );
  return result.rows as (WorkRef & { assignment: PersonAssignment | null; executor: boolean })[];
}

/** Works of a version by id, as lines and decisions name them. */
export async function worksById(db: DbOrTx, spaceId: string, itemIds: number[]): Promise<Map<number, WorkRef>> {
  if (itemIds.length === 0) return new Map();
  const result = await execRows(
    db,
    sql`select ${workColumns} from wbs_items w ${workJoins}
      where w.space_id = ${spaceId} and w.id = any(${intArray([...new Set(itemIds)])}::int[])`,
  );
  return new Map((result.rows as WorkRef[]).map((w) => [w.itemId, w]));
}

/** Lines of a user for a week (all versions), by item id. */
export async function userWeekLines(db: DbOrTx, spaceId: string, userId: string, week: string) {
  return db
    .select()
    .from(timesheetLines)
    .where(and(eq(timesheetLines.spaceId, spaceId), eq(timesheetLines.userId, userId), eq(timesheetLines.week, week)));
}

/** Writes a user's lines of a week in one statement: new ones inserted, stored ones given their hours and status. */
export async function upsertLines(
  tx: DbOrTx,
  rows: {
    spaceId: string;
    versionId: string;
    itemId: number;
    userId: string;
    week: string;
    hours: number[];
    status: LineRow["status"];
  }[],
) {
  if (rows.length === 0) return [];
  return tx
    .insert(timesheetLines)
    .values(rows.map((row) => ({ ...row, submittedAt: row.status === "submitted" ? new Date() : null })))
    .onConflictDoUpdate({
      target: [timesheetLines.userId, timesheetLines.itemId, timesheetLines.week],
      set: {
        hours: sql`excluded.hours`,
        status: sql`excluded.status`,
        submittedAt: sql`excluded.submitted_at`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
}

export async function deleteLine(tx: DbOrTx, spaceId: string, id: string) {
  await tx.delete(timesheetLines).where(and(eq(timesheetLines.spaceId, spaceId), eq(timesheetLines.id, id)));
}

export async function findLine(db: DbOrTx, spaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(timesheetLines)
    .where(and(eq(timesheetLines.spaceId, spaceId), eq(timesheetLines.id, id)));
  return row ?? null;
}

/** Lines by id in one version, locked for a decision. */
export async function lockLines(tx: DbOrTx, spaceId: string, versionId: string, ids: string[]) {
  return tx
    .select()
    .from(timesheetLines)
    .where(
      and(
        eq(timesheetLines.spaceId, spaceId),
        eq(timesheetLines.versionId, versionId),
        inArray(timesheetLines.id, ids),
      ),
    )
    .for("update");
}

export async function decideLines(
  tx: DbOrTx,
  ids: string[],
  decision: { status: "APPROVED" | "DECLINED"; decidedBy: string; decidedFor: string | null; comment: string | null },
) {
  await tx
    .update(timesheetLines)
    .set({
      status: decision.status,
      decidedBy: decision.decidedBy,
      decidedFor: decision.decidedFor,
      decidedAt: new Date(),
      decisionComment: decision.comment,
      updatedAt: new Date(),
    })
    .where(inArray(timesheetLines.id, ids));
}

/** Lines with their people's names: of a version (decisions) or of the space's week (grouped views). */
export async function linesWithPeople(
  db: DbOrTx,
  spaceId: string,
  filter: { versionId?: string; week?: string; statuses?: LineRow["status"][]; itemId?: number },
) {
  const parts = [sql`l.space_id = ${spaceId}`];
  if (filter.versionId) parts.push(sql`l.version_id = ${filter.versionId}`);
  if (filter.week) parts.push(sql`l.week = ${filter.week}`);
  if (filter.itemId) parts.push(sql`l.item_id = ${filter.itemId}`);
  if (filter.statuses) parts.push(sql`l.status = any(${`{${filter.statuses.join(",")}}`}::text[])`);
  const result = await execRows(
    db,
    sql`select l.id, l.version_id as "versionId", l.item_id as "itemId", l.user_id as "userId", l.week, l.hours,
        l.status, l.decision_comment as "decisionComment", ${personName} as "userName",
        case when l.decided_by is null then null
          else json_build_object('id', d.id, 'name', coalesce(nullif(trim(d.last_name || ' ' || d.first_name), ''), d.login))
        end as "decidedBy",
        case when l.decided_for is null then null
          else json_build_object('id', f.id, 'name', coalesce(nullif(trim(f.last_name || ' ' || f.first_name), ''), f.login))
        end as "decidedFor",
        (select json_build_object('id', a.id, 'budgetedUnits', a.budgeted_units, 'actualUnits', a.actual_units,
            'remainingUnits', a.remaining_units)
          from assignments a join resources r on r.id = a.resource_id
          where a.item_id = l.item_id and r.user_id = l.user_id order by a.created_at, a.id limit 1) as assignment,
        exists (select 1 from work_people wp where wp.item_id = l.item_id and wp.executor_id = l.user_id) as executor
      from timesheet_lines l join users u on u.id = l.user_id left join users d on d.id = l.decided_by
        left join users f on f.id = l.decided_for
      where ${sql.join(parts, sql` and `)}
      order by l.week desc, "userName", l.item_id`,
  );
  return result.rows as {
    id: string;
    versionId: string;
    itemId: number;
    userId: string;
    week: string;
    hours: number[];
    status: LineRow["status"];
    decisionComment: string | null;
    userName: string;
    decidedBy: { id: string; name: string } | null;
    decidedFor: { id: string; name: string } | null;
    assignment: PersonAssignment | null;
    executor: boolean;
  }[];
}

/** Adds approved hours to the person's assignment: actual grows, remaining shrinks (never below zero). */
export async function addActualUnits(tx: DbOrTx, assignmentId: string, hours: number) {
  await tx
    .update(assignments)
    .set({
      actualUnits: sql`round((${assignments.actualUnits} + ${hours})::numeric, 6)::float8`,
      remainingUnits: sql`greatest(0, round((${assignments.remainingUnits} - ${hours})::numeric, 6)::float8)`,
      // Hours approved are costed from the rates: a file's stated actual cost no longer describes them.
      actualCost: null,
      remainingCost: null,
      revision: sql`${assignments.revision} + 1`,
    })
    .where(eq(assignments.id, assignmentId));
}

/**
 * % complete of works whose progress is measured by units (P6's "units" % complete type): actual over actual plus
 * remaining units of their assignments. Other works' progress follows their facts (the planning tab's scenarios).
 */
export async function refreshUnitsProgress(tx: DbOrTx, versionId: string, itemIds: number[]) {
  if (itemIds.length === 0) return;
  await tx.execute(sql`
    update wbs_items w set percent_complete = least(100, round((100 * t.actual / t.total)::numeric, 2)::real),
      status = case when w.status = 'not_started' then 'in_progress' else w.status end,
      revision = w.revision + 1
    from (select item_id, sum(actual_units) as actual, sum(actual_units + remaining_units) as total
          from assignments where version_id = ${versionId} and item_id = any(${intArray(itemIds)}::int[])
          group by item_id) t
    where w.id = t.item_id and w.version_id = ${versionId} and w.percent_complete_type = 'units' and t.total > 0`);
}

/** Users holding each of these specialties in the space. */
export async function specialtiesOfUsers(db: DbOrTx, spaceId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  const result = await execRows(
    db,
    sql`select us.user_id as "userId", us.specialty_id as "specialtyId", sp.name
      from user_specialties us join specialties sp on sp.id = us.specialty_id
      where us.space_id = ${spaceId} and us.user_id = any(${`{${userIds.join(",")}}`}::uuid[])`,
  );
  return result.rows as { userId: string; specialtyId: string; name: string }[];
}

/** People of the version who may enter hours: users of its labour resources' assignments and its executors. */
export async function versionPeople(db: DbOrTx, spaceId: string, versionId: string) {
  const result = await execRows(
    db,
    sql`select x.user_id as "id", ${personName} as name, count(distinct x.item_id)::int as works from (
        select r.user_id, a.item_id from assignments a join resources r on r.id = a.resource_id
        where a.space_id = ${spaceId} and a.version_id = ${versionId} and r.user_id is not null
        union select executor_id, item_id from work_people
        where space_id = ${spaceId} and version_id = ${versionId} and executor_id is not null) x
      join users u on u.id = x.user_id group by x.user_id, u.last_name, u.first_name, u.login order by name`,
  );
  return result.rows as { id: string; name: string; works: number }[];
}

/** A user's name as lines show it: last and first name, else the login. */
export async function userName(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db
    .select({ lastName: users.lastName, firstName: users.firstName, login: users.login })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return "";
  return `${row.lastName} ${row.firstName}`.trim() || row.login;
}
