import type { Activity } from "@planum/formats";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { relations, schedules, versions, wbsItems } from "../../db/schema/index.js";
import type { VersionRow } from "../../platform/access.js";
import type { DbOrTx } from "../../platform/db.js";
import { execColumns } from "../../platform/sql.js";
import { wallClockSql } from "../../platform/time.js";

/** The version's rows as columns (one JSON value; see execColumns). Dates as "YYYY-MM-DDTHH:mm" text. */
interface ItemColumns {
  id: number[];
  p: (number | null)[];
  o: number[];
  t: string[];
  code: string[];
  name: string[];
  cal: (string | null)[];
  d: number[];
  rem: (number | null)[];
  st: Activity["status"][];
  pc: number[];
  as: (string | null)[];
  af: (string | null)[];
  slt: (string | null)[];
  sld: (string | null)[];
  flt: (string | null)[];
  fld: (string | null)[];
  es: (string | null)[];
  ef: (string | null)[];
  ls: (string | null)[];
  lf: (string | null)[];
  tf: (number | null)[];
  ff: (number | null)[];
  cr: boolean[];
  alap: boolean[];
  dt: NonNullable<Activity["durationType"]>[];
  pct: NonNullable<Activity["percentCompleteType"]>[];
  rd: boolean[];
  xf: (string | null)[];
  sus: (string | null)[];
  res: (string | null)[];
  notes: string[];
  /** MS Project's typed dates of a manually scheduled task, and elapsed durations. */
  ms: (string | null)[];
  mf: (string | null)[];
  el: boolean[];
}

const text = wallClockSql;

/** What an export reads of a version: its rows and relations as columns, and the calendars it uses (or the default). */
export async function exportRows(db: DbOrTx, version: VersionRow) {
  const items = await execColumns<ItemColumns>(
    db,
    sql`
    select json_build_object('id', coalesce(json_agg(id order by sort_order, id), '[]'), 'p', json_agg(parent_id order by sort_order, id),
      'o', json_agg(sort_order order by sort_order, id), 't', json_agg(type order by sort_order, id),
      'code', json_agg(code order by sort_order, id), 'name', json_agg(name order by sort_order, id),
      'cal', json_agg(calendar_id order by sort_order, id), 'd', json_agg(duration order by sort_order, id),
      'rem', json_agg(remaining order by sort_order, id), 'st', json_agg(status order by sort_order, id),
      'pc', json_agg(percent_complete order by sort_order, id),
      'as', json_agg(${text("actual_start")} order by sort_order, id), 'af', json_agg(${text("actual_finish")} order by sort_order, id),
      'slt', json_agg(start_limit_type order by sort_order, id), 'sld', json_agg(${text("start_limit_date")} order by sort_order, id),
      'flt', json_agg(finish_limit_type order by sort_order, id), 'fld', json_agg(${text("finish_limit_date")} order by sort_order, id),
      'es', json_agg(${text("early_start")} order by sort_order, id), 'ef', json_agg(${text("early_finish")} order by sort_order, id),
      'ls', json_agg(${text("late_start")} order by sort_order, id), 'lf', json_agg(${text("late_finish")} order by sort_order, id),
      'tf', json_agg(total_float order by sort_order, id), 'ff', json_agg(free_float order by sort_order, id),
      'cr', json_agg(critical order by sort_order, id), 'alap', json_agg(alap order by sort_order, id),
      'dt', json_agg(duration_type order by sort_order, id), 'pct', json_agg(percent_complete_type order by sort_order, id),
      'rd', json_agg(resource_dependent order by sort_order, id),
      'xf', json_agg(${text("expected_finish")} order by sort_order, id), 'sus', json_agg(${text("suspend_date")} order by sort_order, id),
      'res', json_agg(${text("resume_date")} order by sort_order, id), 'notes', json_agg(notes order by sort_order, id),
      'ms', json_agg(${text("manual_start")} order by sort_order, id), 'mf', json_agg(${text("manual_finish")} order by sort_order, id),
      'el', json_agg(elapsed order by sort_order, id)) as j
    from wbs_items where version_id = ${version.id} and type <> 'draft'`,
  );
  const rels = await execColumns<{ a: number[]; b: number[]; t: string[]; l: number[]; c: (string | null)[] }>(
    db,
    sql`select json_build_object('a', coalesce(json_agg(predecessor_id), '[]'), 'b', coalesce(json_agg(successor_id), '[]'),
      't', coalesce(json_agg(type), '[]'), 'l', coalesce(json_agg(lag), '[]'), 'c', coalesce(json_agg(lag_calendar), '[]')) as j
    from relations where version_id = ${version.id}`,
  );
  const cals = await execColumns<{ id: string; name: string; week: [string, string][][]; exceptions: [] }[] | null>(
    db,
    sql`select json_agg(json_build_object('id', c.id, 'name', c.name, 'week', c.week, 'exceptions', c.exceptions, 'd', c.is_default)) as j
    from calendars c where c.space_id = ${version.spaceId}
      and (c.is_default or c.id in (select calendar_id from wbs_items where version_id = ${version.id}))`,
  );

  return { items, relations: rels, calendars: cals };
}

/** The schedules of a project with all their versions, schedules in their order, versions oldest first. */
export function projectVersions(db: DbOrTx, spaceId: string, projectId: string) {
  return db
    .select({ schedule: schedules, version: versions })
    .from(schedules)
    .innerJoin(versions, eq(versions.scheduleId, schedules.id))
    .where(and(eq(schedules.spaceId, spaceId), eq(schedules.projectId, projectId)))
    .orderBy(asc(schedules.sortOrder), asc(schedules.id), asc(versions.createdAt));
}

/** Relations between the given versions (the predecessor in one, the successor in another). */
export function relationsAcross(db: DbOrTx, versionIds: string[]) {
  return db
    .select({
      p: relations.predecessorId,
      s: relations.successorId,
      t: relations.type,
      l: relations.lag,
      c: relations.lagCalendar,
    })
    .from(relations)
    .innerJoin(wbsItems, eq(wbsItems.id, relations.predecessorId))
    .where(
      and(
        inArray(relations.versionId, versionIds),
        inArray(wbsItems.versionId, versionIds),
        ne(wbsItems.versionId, relations.versionId),
      ),
    );
}
