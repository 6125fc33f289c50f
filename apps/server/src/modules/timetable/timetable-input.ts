import type { CalculateSettings } from "@planum/contracts";
import type { ActivityInput, ExternalInput, NetworkInput, RelationInput, ScenarioNumber } from "@planum/engine";
import { scenario } from "@planum/engine";
import { type SQL, sql } from "drizzle-orm";
import type { VersionRow } from "../../platform/access.js";
import type { DbOrTx } from "../../platform/db.js";
import { execColumns, execRows, intArray } from "../../platform/sql.js";
import { ensureDefaultCalendar } from "../calendars/calendars.service.js";

const TEXT = `'YYYY-MM-DD"T"HH24:MI'`;
const text = (column: string) => sql.raw(`to_char(${column}, ${TEXT})`);
/** Minutes since 1970-01-01T00:00 of a wall-clock timestamp (`date_part` is a double: far cheaper than to_char). */
const minutes = (column: string) => sql.raw(`(date_part('epoch', ${column}) / 60)::int`);
/** A column of the started items only (see ItemColumns). */
const started = (column: string | SQL) =>
  sql`coalesce(json_agg(${typeof column === "string" ? sql.raw(column) : column}) filter (where status <> 'not_started'), '[]')`;
const LINK = { fs: "FS", ss: "SS", ff: "FF", sf: "SF" } as const;

/**
 * The columns as read: the core ones for every item, the progress ones (PROGRESS) only for started items, in the same
 * order (most items are not started: their nulls are not sent at all).
 */
type ItemColumns = { [K in keyof ItemRow]: ItemRow[K][] } & { res: string[] };

const PROGRESS = ["pc", "as", "af", "rem", "td", "pv", "av", "pl", "al", "pcost", "acost", "bi"] as const;

/** All fields of item k, the j-th started one (the scenarios need them). */
function itemAt(c: ItemColumns, k: number, j: number): ItemRow {
  const row = { d: c.d[k], st: c.st[k] } as Record<string, unknown>;
  for (const key of PROGRESS) row[key] = c[key][j];
  return row as unknown as ItemRow;
}

interface ItemRow {
  id: number;
  p: number;
  t: "sum" | "task" | "work" | "milestone_start" | "milestone_finish";
  cal: string | null;
  d: number;
  slt: "not_earlier" | "not_later" | "in_date" | null;
  sld: string | null;
  flt: "not_earlier" | "not_later" | "in_date" | null;
  fld: string | null;
  st: "not_started" | "in_progress" | "completed";
  pc: number;
  as: string | null;
  af: string | null;
  rem: number | null;
  td: number | null;
  pv: number | null;
  av: number | null;
  pl: number | null;
  al: number | null;
  pcost: number | null;
  acost: number | null;
  bi: number | null;
}

/**
 * Remaining duration of a started work that has none entered: the schedule's scenario (spec §3, engine numbering)
 * derives it from percent, target duration or the physical quantities. A scenario whose data is missing falls back
 * to scenario 1 (even by the entered percent).
 */
function remainingOf(row: ItemRow, n: number): number {
  const input = {
    duration: row.d,
    percentComplete: row.pc,
    targetDuration: row.td ?? undefined,
    plannedVolume: row.pv ?? undefined,
    actualVolume: row.av ?? undefined,
    plannedLabour: row.pl ?? undefined,
    actualLabour: row.al ?? undefined,
    plannedCost: row.pcost ?? undefined,
    actualCost: row.acost ?? undefined,
    intensity: row.bi ?? undefined,
  };
  try {
    return scenario(n as ScenarioNumber, input).remaining;
  } catch {
    return scenario(1, input).remaining;
  }
}

/**
 * Reads a version in bulk (items, relations, external predecessors, the space's calendars) and builds the engine's
 * network. Drafts take no part in the calculation, nor do relations that touch them.
 */
export async function readNetwork(db: DbOrTx, version: VersionRow, settings: CalculateSettings) {
  const defaultCalendar = await ensureDefaultCalendar(db, version.spaceId);
  const c = await execColumns<ItemColumns>(
    db,
    sql`
    select json_build_object('id', coalesce(json_agg(id), '[]'), 'p', json_agg(coalesce(parent_id, -1)), 't', json_agg(type),
           'cal', json_agg(calendar_id), 'd', json_agg(duration), 'slt', json_agg(start_limit_type),
           'sld', json_agg(${text("start_limit_date")}), 'flt', json_agg(finish_limit_type),
           'fld', json_agg(${text("finish_limit_date")}), 'st', json_agg(status),
           'pc', ${started("percent_complete")}, 'as', ${started(text("actual_start"))},
           'af', ${started(text("actual_finish"))}, 'rem', ${started("remaining")}, 'td', ${started("target_duration")},
           'pv', ${started("planned_volume")}, 'av', ${started("actual_volume")}, 'pl', ${started("planned_labour")},
           'al', ${started("actual_labour")}, 'pcost', ${started("planned_cost")}, 'acost', ${started("actual_cost")},
           'bi', ${started("base_intensity")},
           'res', json_agg(concat_ws('|', ${minutes("early_start")}, ${minutes("early_finish")}, ${minutes("late_start")},
                  ${minutes("late_finish")}, total_float, free_float, critical::int))) as j
    from wbs_items where version_id = ${version.id} and type <> 'draft'`,
  );
  // Plain reads without joins (a join costs more here than filtering in JavaScript): drafts and external
  // predecessors are told apart by id below.
  const r = await execColumns<{
    a: number[];
    b: number[];
    t: ("fs" | "ss" | "ff" | "sf")[];
    l: number[];
    c: (string | null)[];
  }>(
    db,
    sql`
    select json_build_object('a', coalesce(json_agg(predecessor_id), '[]'), 'b', json_agg(successor_id),
           't', json_agg(type), 'l', json_agg(lag), 'c', json_agg(lag_calendar)) as j
    from relations where version_id = ${version.id}`,
  );
  const drafts = await execColumns<number[] | null>(
    db,
    sql`select json_agg(id) as j from wbs_items where version_id = ${version.id} and type = 'draft'`,
  );
  const inVersion = new Set<number>(c.id);
  const draftIds = new Set<number>(drafts ?? []);
  const outside = [...new Set(r.a.filter((id) => !inVersion.has(id) && !draftIds.has(id)))];
  const externalsResult = outside.length
    ? await execRows(
        db,
        sql`
    select w.id, ${text("w.early_start")} as es, ${text("w.early_finish")} as ef, ${text("w.late_start")} as ls,
           ${text("w.late_finish")} as lf, w.calendar_id as cal
    from wbs_items w where w.id = any(${intArray(outside)}::int[]) and w.space_id = ${version.spaceId}`,
      )
    : { rows: [] };
  const calendarsResult = await execRows(
    db,
    sql`
    select id, week, exceptions from calendars where space_id = ${version.spaceId}`,
  );

  const n = c.id.length;
  const activities: ActivityInput[] = new Array(n);
  for (let k = 0, j = -1; k < n; k++) {
    if (c.st[k] !== "not_started") j++;
    const activity: ActivityInput = { id: String(c.id[k]), type: c.t[k], duration: c.d[k] };
    if (c.cal[k]) activity.calendar = c.cal[k]!;
    if (c.p[k] >= 0) activity.parent = String(c.p[k]);
    if (c.slt[k] && c.sld[k]) activity.startLimit = { type: c.slt[k]!, date: c.sld[k]! };
    if (c.flt[k] && c.fld[k]) activity.finishLimit = { type: c.flt[k]!, date: c.fld[k]! };
    if (c.st[k] !== "not_started" && c.as[j]) {
      const row = itemAt(c, k, j);
      activity.actualStart = row.as!;
      if (row.st === "completed" && row.af) activity.actualFinish = row.af;
      else activity.remaining = row.rem ?? remainingOf(row, settings.scenario);
    }
    activities[k] = activity;
  }
  const known = new Set<number>(outside);
  const relations: RelationInput[] = [];
  for (let k = 0; k < r.a.length; k++) {
    const from = r.a[k];
    if (!inVersion.has(r.b[k]) || (!inVersion.has(from) && !known.has(from))) continue;
    const out: RelationInput = { from: String(from), to: String(r.b[k]), type: LINK[r.t[k]], lag: r.l[k] };
    if (r.c[k]) out.lagCalendar = r.c[k] as RelationInput["lagCalendar"];
    relations.push(out);
  }
  const externals: ExternalInput[] = (
    externalsResult.rows as {
      id: number;
      es: string | null;
      ef: string | null;
      ls: string | null;
      lf: string | null;
      cal: string | null;
    }[]
  ).map((x) => ({
    id: String(x.id),
    ...(x.es ? { earlyStart: x.es } : {}),
    ...(x.ef ? { earlyFinish: x.ef } : {}),
    ...(x.ls ? { lateStart: x.ls } : {}),
    ...(x.lf ? { lateFinish: x.lf } : {}),
    ...(x.cal ? { calendar: x.cal } : {}),
  }));
  const calendars = (
    calendarsResult.rows as {
      id: string;
      week: [string, string][][];
      exceptions: { date: string; intervals: [string, string][] }[];
    }[]
  ).map((c) => ({ id: c.id, week: c.week, exceptions: c.exceptions }));
  const wall = (v: string) => `${v.slice(0, 10)}T${v.slice(11, 16)}`;
  const input: NetworkInput = {
    projectStart: wall(version.projectStart),
    ...(version.dataDate ? { dataDate: wall(version.dataDate) } : {}),
    options: {
      progress: settings.progressOption,
      floatType: settings.floatType,
      lagCalendar: settings.lagCalendar,
      criticalFloat: settings.criticalFloat,
      critical: settings.criticalBy,
      ...(settings.mustFinishBy ? { mustFinishBy: settings.mustFinishBy } : {}),
    },
    calendars,
    defaultCalendar: defaultCalendar.id,
    activities,
    relations,
    ...(externals.length ? { externals } : {}),
  };
  // The stored results, one text per item (dates as minutes since 1970: several times cheaper than to_char), so the
  // calculation rewrites only the rows whose results moved.
  const stored = new Map<string, string>();
  for (let k = 0; k < n; k++) stored.set(activities[k].id, c.res[k]);
  return { input, stored };
}
