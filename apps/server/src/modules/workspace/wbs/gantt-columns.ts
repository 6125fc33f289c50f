import type { GanttColumns } from "@planum/contracts";
import { sql } from "drizzle-orm";
import type { VersionRow } from "../../../platform/access.js";
import type { DbOrTx } from "../../../platform/db.js";
import { execColumns, execRows } from "../../../platform/sql.js";
import { minutesSql, textMinutes } from "../../../platform/time.js";
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

/**
 * Minutes since 1970-01-01T00:00 of a wall-clock timestamp, computed by the database (-1 = none). `date_part` answers
 * a double; `extract` answers numeric, several times slower over 50,000 rows × 9 dates.
 */
const minutes = (column: string) => sql`coalesce(${minutesSql(column)}, -1)`;

/** The columns as the database sends them (one array per field, table order). */
type GanttSource = { [K in keyof GanttRow]: GanttRow[K][] };

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
 * The whole version as parallel arrays (see `GanttColumns`): the rows arrive as one JSON value of columns (see
 * execColumns), then are reordered into tree order with plain array writes. Dates become minutes in SQL, so no date
 * text is parsed here.
 */
export async function buildGanttColumns(db: DbOrTx, version: VersionRow, userId: string): Promise<GanttColumns> {
  const c = await execColumns<GanttSource>(
    db,
    sql`
    select json_build_object(
           'id', coalesce(json_agg(id), '[]'),
           'p', json_agg(coalesce(parent_id, -1)),
           'o', json_agg(sort_order),
           't', json_agg(type),
           'code', json_agg(code),
           'name', json_agg(name),
           'cal', json_agg(calendar_id),
           'd', json_agg(duration),
           'rem', json_agg(coalesce(remaining, -1)),
           'es', json_agg(${minutes("early_start")}),
           'ef', json_agg(${minutes("early_finish")}),
           'ls', json_agg(${minutes("late_start")}),
           'lf', json_agg(${minutes("late_finish")}),
           'tf', json_agg(total_float),
           'ff', json_agg(free_float),
           'cr', json_agg(critical),
           'pc', json_agg(percent_complete),
           'bs', json_agg(${minutes("target_start")}),
           'bf', json_agg(${minutes("target_finish")}),
           'as', json_agg(${minutes("actual_start")}),
           'af', json_agg(${minutes("actual_finish")}),
           'slt', json_agg(start_limit_type),
           'sld', json_agg(${minutes("start_limit_date")}),
           'flt', json_agg(finish_limit_type),
           'fld', json_agg(${minutes("finish_limit_date")}),
           'rev', json_agg(revision),
           'attrs', json_agg(case when attrs = '{}'::jsonb then null else attrs end)) as j
    from wbs_items where version_id = ${version.id}`,
  );
  const r = await execColumns<{ a: number[]; b: number[]; t: string[]; l: number[] }>(
    db,
    sql`
    select json_build_object('a', coalesce(json_agg(predecessor_id), '[]'), 'b', coalesce(json_agg(successor_id), '[]'),
           't', coalesce(json_agg(type), '[]'), 'l', coalesce(json_agg(lag), '[]')) as j
    from relations where version_id = ${version.id}`,
  );
  const calendarsResult = await execRows(
    db,
    sql`
    select id, name, week, exceptions, is_default as d from calendars where space_id = ${version.spaceId} order by created_at, id`,
  );
  const flagsResult = await execRows(
    db,
    sql`
    select item_id as id from wbs_item_flags where version_id = ${version.id} and user_id = ${userId} and not expanded`,
  );

  const calendarRows = calendarsResult.rows as {
    id: string;
    name: string;
    week: unknown;
    exceptions: unknown;
    d: boolean;
  }[];
  const calendarIndex = new Map<string, number>();
  const calendars = calendarRows.map((row, i) => {
    calendarIndex.set(row.id, i);
    return {
      id: row.id,
      name: row.name,
      week: row.week as [string, string][][],
      exceptions: row.exceptions as { date: string; intervals: [string, string][] }[],
    };
  });
  const defaultCalendar = calendarRows.findIndex((row) => row.d);
  const collapsed = new Set((flagsResult.rows as { id: number }[]).map((row) => row.id));

  const n = c.id.length;
  const order = treeOrder(c.id, c.p, c.o);
  const position = new Map<number, number>();
  for (let k = 0; k < n; k++) position.set(c.id[order[k]], k);

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
    projectStart: textMinutes(version.projectStart),
    dataDate: version.dataDate ? textMinutes(version.dataDate) : -1,
    calcStatus: version.calcStatus,
    versionRevision: version.revision,
  };
  for (let k = 0; k < n; k++) {
    const i = order[k];
    const id = c.id[i];
    const p = c.p[i];
    const cal = c.cal[i];
    out.ids[k] = id;
    out.parent[k] = p < 0 ? -1 : (position.get(p) ?? -1);
    out.type[k] = TYPE_CODE[c.t[i]];
    out.code[k] = c.code[i];
    out.name[k] = c.name[i];
    out.calendar[k] = cal === null ? defaultCalendar : (calendarIndex.get(cal) ?? defaultCalendar);
    out.duration[k] = c.d[i];
    out.remaining[k] = c.rem[i];
    out.earlyStart[k] = c.es[i];
    out.earlyFinish[k] = c.ef[i];
    out.lateStart[k] = c.ls[i];
    out.lateFinish[k] = c.lf[i];
    out.totalFloat[k] = c.tf[i];
    out.freeFloat[k] = c.ff[i];
    out.critical[k] = c.cr[i] ? 1 : 0;
    out.progress[k] = c.pc[i];
    out.baselineStart[k] = c.bs[i];
    out.baselineFinish[k] = c.bf[i];
    out.actualStart[k] = c.as[i];
    out.actualFinish[k] = c.af[i];
    const slt = c.slt[i];
    const flt = c.flt[i];
    out.startLimitType[k] = slt ? LIMIT_CODE[slt] : 0;
    out.startLimitDate[k] = slt ? c.sld[i] : -1;
    out.finishLimitType[k] = flt ? LIMIT_CODE[flt] : 0;
    out.finishLimitDate[k] = flt ? c.fld[i] : -1;
    out.revision[k] = c.rev[i];
    out.expanded[k] = collapsed.has(id) ? 0 : 1;
    const attrs = c.attrs[i];
    if (attrs) {
      for (const key in attrs) {
        let column = out.attrs[key];
        if (!column) {
          column = new Array(n).fill(null);
          out.attrs[key] = column;
        }
        const value = attrs[key];
        column[k] = typeof value === "boolean" ? (value ? 1 : 0) : value;
      }
    }
  }
  const rel = out.relations;
  for (let k = 0; k < r.a.length; k++) {
    const from = position.get(r.a[k]);
    const to = position.get(r.b[k]);
    // An external predecessor (another version) has no row here: the Gantt shows it in the relations tab only.
    if (from === undefined || to === undefined) continue;
    rel.from.push(from);
    rel.to.push(to);
    rel.type.push(LINK_CODE[r.t[k]]);
    rel.lag.push(r.l[k]);
  }
  return out;
}
