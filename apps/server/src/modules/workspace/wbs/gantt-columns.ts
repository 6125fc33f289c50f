import { encodeGanttShared, type GanttColumns, type GanttSharedWire } from "@planum/contracts";
import type { VersionRow } from "../../../platform/access.js";
import type { DbOrTx } from "../../../platform/db.js";
import { textMinutes } from "../../../platform/time.js";
import {
  type GanttSource,
  type ReadMark,
  type RelationSource,
  readCalendars,
  readCollapsedIds,
  readGanttChanges,
  readGanttSource,
  readRelations,
} from "./gantt.repo.js";
import { changedCostColumns, costColumns } from "./gantt-costs.js";
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

type CalendarRow = { id: string; name: string; week: unknown; exceptions: unknown; d: boolean };

/**
 * A built Gantt and what it was built from, so that the next build after a change reads only the rows written
 * since (`mark`) and rewrites only their places, instead of reading and arranging the whole version again.
 */
export interface GanttBase {
  shared: GanttShared;
  /** The rows and relations as read, in table order, with the changes since applied. */
  source: GanttSource;
  relations: RelationSource;
  mark: ReadMark;
  /** Row id → index in `source`; relation id → index in `relations`; row id → position in `shared`. */
  index: Map<number, number>;
  relationIndex: Map<number, number>;
  position: Map<number, number>;
  calendarIds: string[];
  /** The columns of `shared` a patch changed (`relations` for any relation); none after a whole build. */
  changed?: Set<keyof GanttShared>;
  /** `shared` packed (see encodeGanttShared), once a caller has packed it: the next patch re-packs what changed. */
  wire?: GanttSharedWire;
}

/** The columns `writeRow` writes: a patch compares them to tell which columns it changed. */
const ROW_COLUMNS = [
  "type",
  "code",
  "name",
  "calendar",
  "duration",
  "remaining",
  "earlyStart",
  "earlyFinish",
  "lateStart",
  "lateFinish",
  "totalFloat",
  "freeFloat",
  "critical",
  "progress",
  "baselineStart",
  "baselineFinish",
  "actualStart",
  "actualFinish",
  "startLimitType",
  "startLimitDate",
  "finishLimitType",
  "finishLimitDate",
  "revision",
  "elapsed",
] as const satisfies readonly (keyof GanttShared)[];

/** The source fields the money, labour and volume columns are summed from (see costColumns). */
const COST_SOURCE = [
  "pcost",
  "acost",
  "plab",
  "alab",
  "pvol",
  "avol",
  "t",
] as const satisfies readonly (keyof GanttSource)[];

/** `base` packed, re-packing only the columns its last patch changed when the packing before it is at hand. */
export function packGanttBase(base: GanttBase): GanttSharedWire {
  const previous = base.wire && base.changed ? { wire: base.wire, changed: base.changed } : undefined;
  const wire = encodeGanttShared(base.shared, previous);
  base.wire = wire;
  base.changed = undefined;
  return wire;
}

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

/** The whole version as parallel arrays (see `GanttColumns`), but for the user's `expanded`. */
export async function buildGanttShared(db: DbOrTx, version: VersionRow): Promise<GanttShared> {
  return (await buildGanttBase(db, version)).shared;
}

/**
 * Reads the version whole: the rows arrive as one JSON value of columns (see execColumns), then are reordered into
 * tree order with plain array writes. Dates become minutes in SQL, so no date text is parsed here.
 */
export async function buildGanttBase(db: DbOrTx, version: VersionRow): Promise<GanttBase> {
  const { c, r, mark, calendarsResult } = await readGanttSource(db, version);
  return arrange(c, r, mark, calendarsResult.rows as CalendarRow[], version);
}

/**
 * The Gantt after the changes since `base` was read: the rows and relations written since are read and put in
 * place (`base` is updated, the caller must not share it meanwhile). Rows added or moved, or calendars added or
 * removed, rearrange the tree from the rows in memory; rows deleted read the version whole again, relations deleted
 * read the relations again.
 */
export async function patchGanttBase(db: DbOrTx, version: VersionRow, base: GanttBase): Promise<GanttBase> {
  const changes = await readGanttChanges(db, version, base.mark);
  const calendarRows = (await readCalendars(db, version)).rows as CalendarRow[];
  // Rows refer to calendars by position: another list of calendars, or another default, rewrites every row.
  const sameCalendars =
    calendarRows.length === base.calendarIds.length &&
    calendarRows.every((row, i) => row.id === base.calendarIds[i]) &&
    calendarRows.findIndex((row) => row.d) === base.shared.defaultCalendar;

  const { source, index } = base;
  const ch = changes.c;
  let added = 0;
  let moved = false;
  /** Some row's money, labour or volume, or its type (a sum or a draft is not added up), is another. */
  let costsMoved = false;
  const changedRows: number[] = [];
  for (let j = 0; j < ch.id.length; j++) {
    let i = index.get(ch.id[j]);
    if (i === undefined) {
      i = source.id.length;
      index.set(ch.id[j], i);
      added++;
    } else {
      if (source.p[i] !== ch.p[j] || source.o[i] !== ch.o[j]) moved = true;
      if (!costsMoved) for (const field of COST_SOURCE) if (source[field][i] !== ch[field][j]) costsMoved = true;
    }
    for (const field in source)
      (source[field as keyof GanttSource] as unknown[])[i] = ch[field as keyof GanttSource][j];
    changedRows.push(i);
  }
  // Rows are deleted with their relations (cascade), and a deletion leaves no row to read: the count tells.
  if (base.mark.items + added !== changes.mark.items) return buildGanttBase(db, version);

  let relationsChanged = false;
  const rc = changes.r;
  let relationsAdded = 0;
  for (let j = 0; j < rc.id.length; j++) {
    let i = base.relationIndex.get(rc.id[j]);
    if (i === undefined) {
      i = base.relations.id.length;
      base.relationIndex.set(rc.id[j], i);
      relationsAdded++;
    }
    for (const field in base.relations)
      (base.relations[field as keyof RelationSource] as unknown[])[i] = rc[field as keyof RelationSource][j];
    relationsChanged = true;
  }
  let relations = base.relations;
  if (base.mark.relations + relationsAdded !== changes.mark.relations) {
    relations = await readRelations(db, version);
    relationsChanged = true;
  }
  if (added > 0 || moved || !sameCalendars) return arrange(source, relations, changes.mark, calendarRows, version);

  const next: GanttBase = { ...base, relations, mark: changes.mark };
  if (relations !== base.relations) next.relationIndex = indexOf(relations.id);
  const out = { ...base.shared, ...versionFields(version), calendars: calendarsOf(calendarRows) };
  const calendarIndex = new Map(base.calendarIds.map((id, i) => [id, i]));
  // Changes since the last packing add up until the base is packed again.
  const changed = new Set<keyof GanttShared>(base.changed ?? []);
  const before: unknown[] = new Array(ROW_COLUMNS.length);
  for (const i of changedRows) {
    const k = base.position.get(source.id[i])!;
    for (let c = 0; c < ROW_COLUMNS.length; c++) before[c] = out[ROW_COLUMNS[c]][k];
    writeRow(out, k, source, i, calendarIndex);
    for (let c = 0; c < ROW_COLUMNS.length; c++) if (out[ROW_COLUMNS[c]][k] !== before[c]) changed.add(ROW_COLUMNS[c]);
  }
  if (costsMoved) {
    // A work's figures move its summaries' sums: the columns are summed again and those that differ replaced (~60 ms
    // CPU at 100k rows, so not when only other fields were written: a calculation's results, an edited duration).
    const costs = costColumns(out.type, out.parent, source, (k) => index.get(out.ids[k])!);
    for (const column of changedCostColumns(out, costs)) {
      out[column] = costs[column];
      changed.add(column);
    }
  }
  if (relationsChanged) {
    out.relations = arrangeRelations(relations, base.position);
    changed.add("relations");
  }
  next.shared = out;
  next.changed = changed;
  return next;
}

const indexOf = (ids: readonly number[]) => new Map(ids.map((id, i) => [id, i]));

function calendarsOf(rows: CalendarRow[]) {
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    week: row.week as [string, string][][],
    exceptions: row.exceptions as { date: string; intervals: [string, string][] }[],
  }));
}

function versionFields(version: VersionRow) {
  return {
    projectStart: textMinutes(version.projectStart),
    dataDate: version.dataDate ? textMinutes(version.dataDate) : -1,
    calcStatus: version.calcStatus,
    versionRevision: version.revision,
  };
}

function arrange(
  c: GanttSource,
  r: RelationSource,
  mark: ReadMark,
  calendarRows: CalendarRow[],
  version: VersionRow,
): GanttBase {
  const calendarIndex = new Map(calendarRows.map((row, i) => [row.id, i]));
  const n = c.id.length;
  const order = treeOrder(c.id, c.p, c.o);
  const position = new Map<number, number>();
  for (let k = 0; k < n; k++) position.set(c.id[order[k]], k);
  const column = () => new Array(n);
  const out: GanttShared = {
    version: 1,
    ids: column(),
    parent: column(),
    type: column(),
    code: column(),
    name: column(),
    calendar: column(),
    duration: column(),
    remaining: column(),
    earlyStart: column(),
    earlyFinish: column(),
    lateStart: column(),
    lateFinish: column(),
    totalFloat: column(),
    freeFloat: column(),
    critical: column(),
    progress: column(),
    baselineStart: column(),
    baselineFinish: column(),
    actualStart: column(),
    actualFinish: column(),
    startLimitType: column(),
    startLimitDate: column(),
    finishLimitType: column(),
    finishLimitDate: column(),
    revision: column(),
    elapsed: column(),
    plannedCost: [],
    actualCost: [],
    plannedLabour: [],
    actualLabour: [],
    plannedVolume: [],
    actualVolume: [],
    attrs: {},
    relations: { from: [], to: [], type: [], lag: [] },
    calendars: calendarsOf(calendarRows),
    defaultCalendar: calendarRows.findIndex((row) => row.d),
    ...versionFields(version),
  };
  for (let k = 0; k < n; k++) {
    out.ids[k] = c.id[order[k]];
    const p = c.p[order[k]];
    out.parent[k] = p < 0 ? -1 : (position.get(p) ?? -1);
  }
  for (let k = 0; k < n; k++) writeRow(out, k, c, order[k], calendarIndex);
  Object.assign(
    out,
    costColumns(out.type, out.parent, c, (k) => order[k]),
  );
  out.relations = arrangeRelations(r, position);
  return {
    shared: out,
    source: c,
    relations: r,
    mark,
    index: indexOf(c.id),
    relationIndex: indexOf(r.id),
    position,
    calendarIds: calendarRows.map((row) => row.id),
  };
}

/** Writes the fields of source row `i` at position `k` (its place in the tree is written by `arrange`). */
function writeRow(out: GanttShared, k: number, c: GanttSource, i: number, calendarIndex: Map<string, number>) {
  const cal = c.cal[i];
  const n = out.ids.length;
  out.type[k] = TYPE_CODE[c.t[i]];
  out.code[k] = c.code[i];
  out.name[k] = c.name[i];
  out.calendar[k] = cal === null ? out.defaultCalendar : (calendarIndex.get(cal) ?? out.defaultCalendar);
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
  out.elapsed[k] = c.el[i] ? 1 : 0;
  const attrs = c.attrs[i];
  // A patched row may have lost an attribute: every column gets its value or null.
  for (const key in out.attrs) if (!attrs || !(key in attrs)) out.attrs[key][k] = null;
  if (attrs) {
    for (const key in attrs) {
      let values = out.attrs[key];
      if (!values) {
        values = new Array(n).fill(null);
        out.attrs[key] = values;
      }
      const value = attrs[key];
      values[k] = typeof value === "boolean" ? (value ? 1 : 0) : value;
    }
  }
}

function arrangeRelations(r: RelationSource, position: Map<number, number>): GanttShared["relations"] {
  const rel: GanttShared["relations"] = { from: [], to: [], type: [], lag: [] };
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
  return rel;
}
