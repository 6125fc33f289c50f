import type { GanttColumns } from "@planum/contracts";
import type { VersionRow } from "../../../platform/access.js";
import type { DbOrTx } from "../../../platform/db.js";
import { textMinutes } from "../../../platform/time.js";
import { readCollapsedIds, readGanttSource } from "./gantt.repo.js";
import { treeOrder } from "./wbs-dto.js";

const TYPE_CODE: Record<string, number> = {
  sum: 0,
  task: 1,
  work: 2,
  milestone_start: 3,
  milestone_finish: 4,
  draft: 5,
};
const LIMIT_CODE: Record<string, number> = { not_earlier: 1, not_later: 2, in_date: 3, mandatory: 4 };
const LINK_CODE: Record<string, number> = { fs: 0, ss: 1, ff: 2, sf: 3 };

/** The Gantt of a version less the user's part (`expanded`): the same for every user. */
export type GanttShared = Omit<GanttColumns, "expanded">;

/** The whole version as parallel arrays with the user's collapsed rows (see `GanttColumns`). */
export async function buildGanttColumns(db: DbOrTx, version: VersionRow, userId: string): Promise<GanttColumns> {
  const shared = await buildGanttShared(db, version);
  return { ...shared, expanded: expandedColumn(shared.ids, await readCollapsedIds(db, version.id, userId)) };
}

/** The `expanded` column of rows `ids` for a user who collapsed `collapsed`. */
export function expandedColumn(ids: readonly number[], collapsed: ReadonlySet<number>): number[] {
  const out = new Array<number>(ids.length);
  for (let k = 0; k < ids.length; k++) out[k] = collapsed.has(ids[k]) ? 0 : 1;
  return out;
}

/**
 * The whole version as parallel arrays (see `GanttColumns`), but for the user's `expanded`: the rows arrive as one
 * JSON value of columns (see execColumns), then are reordered into tree order with plain array writes. Dates become
 * minutes in SQL, so no date text is parsed here.
 */
export async function buildGanttShared(db: DbOrTx, version: VersionRow): Promise<GanttShared> {
  const { c, r, calendarsResult } = await readGanttSource(db, version);

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

  const n = c.id.length;
  const order = treeOrder(c.id, c.p, c.o);
  const position = new Map<number, number>();
  for (let k = 0; k < n; k++) position.set(c.id[order[k]], k);

  const out: GanttShared = {
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
