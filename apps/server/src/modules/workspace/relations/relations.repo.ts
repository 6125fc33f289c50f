import type { LagCalendar, LinkType, WeekShifts } from "@planum/contracts";
import { and, eq, sql } from "drizzle-orm";
import { relations, wbsItems } from "../../../db/schema/index.js";
import type { DbOrTx } from "../../../platform/db.js";
import { execRows } from "../../../platform/sql.js";
import { wallClockSql } from "../../../platform/time.js";

/** The relations' SQL: every query is filtered by the space or by a version found inside it by the access rule. */

export type RelationDbRow = typeof relations.$inferSelect;

/** A row of the relations tab: the relation and the work at its other end. */
export interface ListedRow {
  id: number;
  version_id: string;
  revision: number;
  predecessor_id: number;
  successor_id: number;
  type: LinkType;
  lag: number;
  lag_calendar: LagCalendar | null;
  direction: "predecessor" | "successor";
  item_id: number;
  item_version: string;
  status: string;
  code: string;
  name: string;
  start: string | null;
  finish: string | null;
  project: string | null;
  schedule: string | null;
  free_float: number | null;
  total_float: number | null;
  progress: number;
  /** Weeks of the calendars that turn minutes into days: the other end's, both ends', the space default's. */
  other_week: WeekShifts | null;
  pred_week: WeekShifts | null;
  succ_week: WeekShifts | null;
  default_week: WeekShifts | null;
  /** The schedule's lag calendar setting (null: none stored, P6's default). */
  setting_lag_calendar: LagCalendar | null;
}

/** A row of the links query; ids of works are integers, of versions and schedules UUIDs. */
export interface LinkRow {
  id: number;
  type: LinkType;
  lag: number;
  version_id: string;
  pred_id: number;
  pred_code: string;
  pred_name: string;
  pred_version: string;
  pred_schedule: string;
  pred_schedule_name: string;
  succ_id: number;
  succ_code: string;
  succ_name: string;
  succ_version: string;
  succ_schedule: string;
  succ_schedule_name: string;
}

/**
 * With an item, its predecessors and successors described by the other end; without, every relation of the version
 * seen from its successor.
 */
export async function listRelations(db: DbOrTx, spaceId: string, versionId: string, itemId?: number) {
  const ends = itemId
    ? sql`select r.*, 'predecessor' as direction, r.predecessor_id as item_id from relations r
            where r.space_id = ${spaceId} and r.successor_id = ${itemId}
          union all
          select r.*, 'successor' as direction, r.successor_id as item_id from relations r
            where r.space_id = ${spaceId} and r.predecessor_id = ${itemId}`
    : sql`select r.*, 'predecessor' as direction, r.predecessor_id as item_id from relations r
            where r.space_id = ${spaceId} and r.version_id = ${versionId}`;
  const result = await execRows(
    db,
    sql`
    select e.id, e.version_id, e.revision, e.predecessor_id, e.successor_id, e.type, e.lag, e.lag_calendar, e.direction,
           e.item_id, o.version_id as item_version, o.status, o.code, o.name,
           ${wallClockSql("coalesce(o.actual_start, o.early_start)")} as start,
           ${wallClockSql("coalesce(o.actual_finish, o.early_finish)")} as finish,
           p.name as project, s.name as schedule, o.free_float, o.total_float, o.percent_complete as progress,
           coalesce(oc.week, dc.week) as other_week, coalesce(pc.week, dc.week) as pred_week,
           coalesce(sc.week, dc.week) as succ_week, dc.week as default_week, cs.lag_calendar as setting_lag_calendar
    from (${ends}) e
    join wbs_items o on o.id = e.item_id
    join versions v on v.id = o.version_id
    join schedules s on s.id = v.schedule_id
    left join eps_nodes p on p.id = s.project_id
    left join wbs_items pi on pi.id = e.predecessor_id and pi.space_id = ${spaceId}
    left join wbs_items si on si.id = e.successor_id and si.space_id = ${spaceId}
    left join calendars oc on oc.id = o.calendar_id and oc.space_id = ${spaceId}
    left join calendars pc on pc.id = pi.calendar_id and pc.space_id = ${spaceId}
    left join calendars sc on sc.id = si.calendar_id and sc.space_id = ${spaceId}
    left join lateral (select week from calendars
                       where space_id = ${spaceId} and is_default order by created_at limit 1) dc on true
    left join versions rv on rv.id = e.version_id
    left join calculate_settings cs on cs.schedule_id = rv.schedule_id
    where o.space_id = ${spaceId}
    order by e.direction, o.code, e.id`,
  );
  return result.rows as unknown as ListedRow[];
}

/** The successor end of a new relation: a work of the version. */
export async function findSuccessor(tx: DbOrTx, versionId: string, id: number) {
  const [row] = await tx
    .select({ id: wbsItems.id, type: wbsItems.type })
    .from(wbsItems)
    .where(and(eq(wbsItems.versionId, versionId), eq(wbsItems.id, id)));
  return row;
}

/** The predecessor end of a new relation: a work of any version of the space. */
export async function findPredecessor(tx: DbOrTx, spaceId: string, id: number) {
  const [row] = await tx
    .select({ id: wbsItems.id, type: wbsItems.type, versionId: wbsItems.versionId })
    .from(wbsItems)
    .where(and(eq(wbsItems.spaceId, spaceId), eq(wbsItems.id, id)));
  return row;
}

/** Edges (predecessor → successor) between works of the version, to look for a loop. */
export async function versionEdges(tx: DbOrTx, versionId: string) {
  const edges = await execRows(
    tx,
    sql`
    select r.predecessor_id as a, r.successor_id as b from relations r
    join wbs_items w on w.id = r.predecessor_id and w.version_id = ${versionId}
    where r.version_id = ${versionId}`,
  );
  return edges.rows as { a: number; b: number }[];
}

/** Codes of works by id, to name a loop. */
export async function itemCodes(tx: DbOrTx, ids: number[]) {
  const result = await execRows(
    tx,
    sql`select id, code from wbs_items where id = any(${`{${[...new Set(ids)].join(",")}}`}::int[])`,
  );
  return result.rows as { id: number; code: string }[];
}

export async function insertRelation(tx: DbOrTx, values: typeof relations.$inferInsert): Promise<RelationDbRow> {
  const [row] = await tx.insert(relations).values(values).returning();
  return row;
}

/** A relation of the version, locked for the change. */
export async function lockRelation(tx: DbOrTx, versionId: string, id: number): Promise<RelationDbRow | undefined> {
  const [row] = await tx
    .select()
    .from(relations)
    .where(and(eq(relations.versionId, versionId), eq(relations.id, id)))
    .for("update");
  return row;
}

/** Sets the fields and counts the change; the relation was locked in the version first. */
export async function updateRelation(
  tx: DbOrTx,
  id: number,
  fields: { type?: LinkType; lag?: number; lagCalendar?: LagCalendar | null },
): Promise<RelationDbRow> {
  const [row] = await tx
    .update(relations)
    .set({ ...fields, revision: sql`${relations.revision} + 1` })
    .where(eq(relations.id, id))
    .returning();
  return row;
}

/** Deletes a relation locked in the version first. */
export async function deleteRelation(tx: DbOrTx, id: number) {
  await tx.delete(relations).where(eq(relations.id, id));
}

/** Relations of the space whose two ends sit in different schedules, one of them the given schedule. */
export async function scheduleLinks(db: DbOrTx, spaceId: string, scheduleId: string) {
  const result = await execRows(
    db,
    sql`
    select r.id, r.type, r.lag, r.version_id,
           a.id as pred_id, a.code as pred_code, a.name as pred_name, va.id as pred_version, sa.id as pred_schedule,
           sa.name as pred_schedule_name,
           b.id as succ_id, b.code as succ_code, b.name as succ_name, vb.id as succ_version, sb.id as succ_schedule,
           sb.name as succ_schedule_name
    from relations r
    join wbs_items a on a.id = r.predecessor_id join versions va on va.id = a.version_id join schedules sa on sa.id = va.schedule_id
    join wbs_items b on b.id = r.successor_id join versions vb on vb.id = b.version_id join schedules sb on sb.id = vb.schedule_id
    where r.space_id = ${spaceId} and sa.id <> sb.id and (sa.id = ${scheduleId} or sb.id = ${scheduleId})
    order by r.id`,
  );
  return result.rows as unknown as LinkRow[];
}
