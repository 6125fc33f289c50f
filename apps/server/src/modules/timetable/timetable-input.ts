import type { CalculateSettings } from "@planum/contracts";
import type { ActivityInput, ExternalInput, NetworkInput, RelationInput, ScenarioNumber } from "@planum/engine";
import { scenario } from "@planum/engine";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db.js";
import { ensureDefaultCalendar } from "../calendars/calendars.service.js";
import { execRows } from "../versions/sql-rows.js";
import type { VersionRow } from "../versions/version-access.js";

const TEXT = `'YYYY-MM-DD"T"HH24:MI'`;
const text = (column: string) => sql.raw(`to_char(${column}, ${TEXT})`);
const LINK = { fs: "FS", ss: "SS", ff: "FF", sf: "SF" } as const;

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
  const itemsResult = await execRows(
    db,
    sql`
    select id, coalesce(parent_id, -1) as p, type as t, calendar_id as cal, duration as d,
           start_limit_type as slt, ${text("start_limit_date")} as sld, finish_limit_type as flt,
           ${text("finish_limit_date")} as fld, status as st, percent_complete as pc, ${text("actual_start")} as "as",
           ${text("actual_finish")} as af, remaining as rem, target_duration as td, planned_volume as pv,
           actual_volume as av, planned_labour as pl, actual_labour as al, planned_cost as pcost, actual_cost as acost,
           base_intensity as bi
    from wbs_items where version_id = ${version.id} and type <> 'draft'`,
  );
  const relationsResult = await execRows(
    db,
    sql`
    select r.predecessor_id as a, r.successor_id as b, r.type as t, r.lag as l, r.lag_calendar as c
    from relations r join wbs_items p on p.id = r.predecessor_id join wbs_items s on s.id = r.successor_id
    where r.version_id = ${version.id} and p.type <> 'draft' and s.type <> 'draft'`,
  );
  const externalsResult = await execRows(
    db,
    sql`
    select distinct w.id, ${text("w.early_start")} as es, ${text("w.early_finish")} as ef, ${text("w.late_start")} as ls,
           ${text("w.late_finish")} as lf, w.calendar_id as cal
    from relations r join wbs_items w on w.id = r.predecessor_id
    where r.version_id = ${version.id} and w.version_id <> ${version.id} and w.space_id = ${version.spaceId}`,
  );
  const calendarsResult = await execRows(
    db,
    sql`
    select id, week, exceptions from calendars where space_id = ${version.spaceId}`,
  );

  const items = itemsResult.rows as unknown as ItemRow[];
  const activities: ActivityInput[] = new Array(items.length);
  for (let k = 0; k < items.length; k++) {
    const row = items[k];
    const activity: ActivityInput = { id: String(row.id), type: row.t, duration: row.d };
    if (row.cal) activity.calendar = row.cal;
    if (row.p >= 0) activity.parent = String(row.p);
    if (row.slt && row.sld) activity.startLimit = { type: row.slt, date: row.sld };
    if (row.flt && row.fld) activity.finishLimit = { type: row.flt, date: row.fld };
    if (row.st !== "not_started" && row.as) {
      activity.actualStart = row.as;
      if (row.st === "completed" && row.af) activity.actualFinish = row.af;
      else activity.remaining = row.rem ?? remainingOf(row, settings.scenario);
    }
    activities[k] = activity;
  }
  const rel = relationsResult.rows as {
    a: number;
    b: number;
    t: "fs" | "ss" | "ff" | "sf";
    l: number;
    c: string | null;
  }[];
  const relations: RelationInput[] = rel.map((r) => {
    const out: RelationInput = { from: String(r.a), to: String(r.b), type: LINK[r.t], lag: r.l };
    if (r.c) out.lagCalendar = r.c as RelationInput["lagCalendar"];
    return out;
  });
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
      ...(settings.mustFinishBy ? { mustFinishBy: settings.mustFinishBy } : {}),
    },
    calendars,
    defaultCalendar: defaultCalendar.id,
    activities,
    relations,
    ...(externals.length ? { externals } : {}),
  };
  return input;
}
