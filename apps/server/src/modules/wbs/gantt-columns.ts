import type { GanttColumns } from "@planum/contracts";
import { parseDateTime } from "@planum/engine";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db.js";
import { execRows } from "../versions/sql-rows.js";
import type { VersionRow } from "../versions/version-access.js";
import { treeOrder } from "./wbs-dto.js";

const TYPE_CODE: Record<string, number> = {
  sum: 0,
  task: 1,
  work: 2,
  milestone_start: 3,
  milestone_finish: 4,
  draft: 5,
};
const LIMIT_CODE: Record<string, number> = { not_earlier: 1, not_later: 2, in_date: 3 };
const LINK_CODE: Record<string, number> = { fs: 0, ss: 1, ff: 2, sf: 3 };

/** Minutes since 1970-01-01T00:00 of a wall-clock timestamp, computed by the database (-1 = none). */
const minutes = (column: string) => sql.raw(`coalesce((extract(epoch from ${column}) / 60)::int, -1)`);

interface GanttRow {
  id: number;
  p: number;
  o: number;
  t: string;
  code: string;
  name: string;
  cal: string | null;
  d: number;
  rem: number;
  es: number;
  ef: number;
  ls: number;
  lf: number;
  tf: number | null;
  ff: number | null;
  cr: boolean;
  pc: number;
  bs: number;
  bf: number;
  as: number;
  af: number;
  slt: string | null;
  sld: number;
  flt: string | null;
  fld: number;
  rev: number;
  attrs: Record<string, string | number | boolean | null> | null;
}

/**
 * The whole version as parallel arrays (see `GanttColumns`): three reads (rows, relations, calendars + flags) and
 * array pushes in tree order. Dates become minutes in SQL, so no date text is parsed here.
 */
export async function buildGanttColumns(db: DbOrTx, version: VersionRow, userId: string): Promise<GanttColumns> {
  const rowsResult = await execRows(
    db,
    sql`
    select id, coalesce(parent_id, -1) as p, sort_order as o, type as t, code, name, calendar_id as cal, duration as d,
           coalesce(remaining, -1) as rem, ${minutes("early_start")} as es, ${minutes("early_finish")} as ef,
           ${minutes("late_start")} as ls, ${minutes("late_finish")} as lf, total_float as tf, free_float as ff,
           critical as cr, percent_complete as pc, ${minutes("target_start")} as bs, ${minutes("target_finish")} as bf,
           ${minutes("actual_start")} as "as", ${minutes("actual_finish")} as af, start_limit_type as slt,
           ${minutes("start_limit_date")} as sld, finish_limit_type as flt, ${minutes("finish_limit_date")} as fld,
           revision as rev, case when attrs = '{}'::jsonb then null else attrs end as attrs
    from wbs_items where version_id = ${version.id}`,
  );
  const relationsResult = await execRows(
    db,
    sql`
    select r.predecessor_id as a, r.successor_id as b, r.type as t, r.lag as l from relations r
    where r.version_id = ${version.id}`,
  );
  const calendarsResult = await execRows(
    db,
    sql`
    select id, week, exceptions, is_default as d from calendars where space_id = ${version.spaceId} order by created_at, id`,
  );
  const flagsResult = await execRows(
    db,
    sql`
    select item_id as id from wbs_item_flags where version_id = ${version.id} and user_id = ${userId} and not expanded`,
  );

  const rows = rowsResult.rows as unknown as GanttRow[];
  const calendarRows = calendarsResult.rows as { id: string; week: unknown; exceptions: unknown; d: boolean }[];
  const calendarIndex = new Map<string, number>();
  const calendars = calendarRows.map((row, i) => {
    calendarIndex.set(row.id, i);
    return {
      id: row.id,
      week: row.week as [string, string][][],
      exceptions: row.exceptions as { date: string; intervals: [string, string][] }[],
    };
  });
  const defaultCalendar = calendarRows.findIndex((row) => row.d);
  const collapsed = new Set((flagsResult.rows as { id: number }[]).map((row) => row.id));

  const n = rows.length;
  const order = treeOrder(
    rows.map((r) => r.id),
    rows.map((r) => r.p),
    rows.map((r) => r.o),
  );
  const position = new Map<number, number>();
  for (let k = 0; k < n; k++) position.set(rows[order[k]].id, k);

  const out: GanttColumns = {
    version: 1,
    ids: new Array(n),
    parent: new Array(n),
    type: new Array(n),
    code: new Array(n),
    name: new Array(n),
    calendar: new Array(n),
    duration: new Array(n),
    remaining: new Array(n),
    earlyStart: new Array(n),
    earlyFinish: new Array(n),
    lateStart: new Array(n),
    lateFinish: new Array(n),
    totalFloat: new Array(n),
    freeFloat: new Array(n),
    critical: new Array(n),
    progress: new Array(n),
    baselineStart: new Array(n),
    baselineFinish: new Array(n),
    actualStart: new Array(n),
    actualFinish: new Array(n),
    startLimitType: new Array(n),
    startLimitDate: new Array(n),
    finishLimitType: new Array(n),
    finishLimitDate: new Array(n),
    revision: new Array(n),
    expanded: new Array(n),
    attrs: {},
    relations: { from: [], to: [], type: [], lag: [] },
    calendars,
    defaultCalendar,
    projectStart: parseDateTime(wallClock(version.projectStart)),
    dataDate: version.dataDate ? parseDateTime(wallClock(version.dataDate)) : -1,
    calcStatus: version.calcStatus,
    versionRevision: version.revision,
  };
  for (let k = 0; k < n; k++) {
    const r = rows[order[k]];
    out.ids[k] = r.id;
    out.parent[k] = r.p < 0 ? -1 : (position.get(r.p) ?? -1);
    out.type[k] = TYPE_CODE[r.t];
    out.code[k] = r.code;
    out.name[k] = r.name;
    out.calendar[k] = r.cal === null ? defaultCalendar : (calendarIndex.get(r.cal) ?? defaultCalendar);
    out.duration[k] = r.d;
    out.remaining[k] = r.rem;
    out.earlyStart[k] = r.es;
    out.earlyFinish[k] = r.ef;
    out.lateStart[k] = r.ls;
    out.lateFinish[k] = r.lf;
    out.totalFloat[k] = r.tf;
    out.freeFloat[k] = r.ff;
    out.critical[k] = r.cr ? 1 : 0;
    out.progress[k] = r.pc;
    out.baselineStart[k] = r.bs;
    out.baselineFinish[k] = r.bf;
    out.actualStart[k] = r.as;
    out.actualFinish[k] = r.af;
    out.startLimitType[k] = r.slt ? LIMIT_CODE[r.slt] : 0;
    out.startLimitDate[k] = r.slt ? r.sld : -1;
    out.finishLimitType[k] = r.flt ? LIMIT_CODE[r.flt] : 0;
    out.finishLimitDate[k] = r.flt ? r.fld : -1;
    out.revision[k] = r.rev;
    out.expanded[k] = collapsed.has(r.id) ? 0 : 1;
    if (r.attrs) {
      for (const key in r.attrs) {
        let column = out.attrs[key];
        if (!column) {
          column = new Array(n).fill(null);
          out.attrs[key] = column;
        }
        const value = r.attrs[key];
        column[k] = typeof value === "boolean" ? (value ? 1 : 0) : value;
      }
    }
  }
  const rel = out.relations;
  for (const row of relationsResult.rows as { a: number; b: number; t: string; l: number }[]) {
    const from = position.get(row.a);
    const to = position.get(row.b);
    // An external predecessor (another version) has no row here: the Gantt shows it in the relations tab only.
    if (from === undefined || to === undefined) continue;
    rel.from.push(from);
    rel.to.push(to);
    rel.type.push(LINK_CODE[row.t]);
    rel.lag.push(row.l);
  }
  return out;
}

function wallClock(value: string): string {
  return `${value.slice(0, 10)}T${value.slice(11, 16)}`;
}
