import { type CalculateSettings, RESOURCE_HOURS_PER_DAY } from "@planum/contracts";
import type {
  ActivityInput,
  Calendar,
  ExternalInput,
  NetworkInput,
  RelationInput,
  ResourceRunInput,
  ScenarioNumber,
} from "@planum/engine";
import { buildCalendar, scenario } from "@planum/engine";
import type { DbOrTx } from "../../../platform/db.js";
import { textMinutes } from "../../../platform/time.js";
import { ensureDefaultCalendar } from "../../calendars/calendars.service.js";
import type { VersionRow } from "./calculation.repo.js";
import { type KnownResults, storedResultsOf } from "./known-results.js";
import {
  type CalendarRow,
  type ExternalRow,
  type ItemColumns,
  type ItemRow,
  itemAt,
  type ResourceRunRow,
  readCalendarRows,
  readNetworkRows,
  resourceRunRows,
} from "./network.repo.js";

const LINK = { fs: "FS", ss: "SS", ff: "FF", sf: "SF" } as const;

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
 * The runs of resource-dependent works (P6's TT_Rsrc, engine resource-driven.ts): each labour or equipment
 * assignment with remaining units and units per day lasts remaining ÷ units per hour on its resource's calendar (the
 * work's, else the space's default, when the resource has none). Material does not drive, as in P6.
 */
function resourceRuns(rows: readonly ResourceRunRow[], calendarOf: (itemId: number) => string) {
  const byItem = new Map<number, ResourceRunInput[]>();
  for (const row of rows) {
    const perHour = (row.unitsPerDay ?? 0) / RESOURCE_HOURS_PER_DAY;
    if (row.kind === "material" || !(perHour > 0) || !(row.remainingUnits > 0)) continue;
    const list = byItem.get(row.itemId) ?? [];
    list.push({
      calendar: row.calendarId ?? calendarOf(row.itemId),
      remaining: Math.round((row.remainingUnits / perHour) * 60),
    });
    byItem.set(row.itemId, list);
  }
  return byItem;
}

/**
 * Each id's text by id (undefined: not one of `ids`): an array over the ids' range when they lie close together (a
 * version's rows take their ids from one sequence, mostly in runs), else a Map — 640k Map lookups of items and
 * relation ends were a good part of building the input.
 */
export function textsOfIds(ids: readonly number[]): { get(id: number): string | undefined } {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const id of ids) {
    if (id < min) min = id;
    if (id > max) max = id;
  }
  if (ids.length > 0 && max - min < 4 * ids.length + 1024) {
    const texts = new Array<string | undefined>(max - min + 1);
    for (const id of ids) texts[id - min] = String(id);
    return { get: (id) => (id >= min && id <= max ? texts[id - min] : undefined) };
  }
  return new Map(ids.map((id) => [id, String(id)]));
}

/** What an item's activity is built from besides its row: the same for every item of one calculation. */
export interface ActivityContext {
  scenario: CalculateSettings["scenario"];
  idText: { get(id: number): string | undefined };
  alap: ReadonlySet<number>;
  runs: ReadonlyMap<number, ResourceRunInput[]>;
  expected: ReadonlyMap<number, number>;
  /** MS Project's manually scheduled tasks: their typed start and finish (minutes). */
  manual: ReadonlyMap<number, [number, number]>;
  /** MS Project's works of an elapsed duration: they run on the clock (ELAPSED_CALENDAR). */
  elapsed: ReadonlySet<number>;
  /** MS Project's split works: the working time of their splits (minutes) on their calendar, added to what is left. */
  splitWork: ReadonlyMap<number, number>;
}

/**
 * The calendar of MS Project's elapsed durations (1 ed = 24 h): every hour of every day. An id no space calendar
 * (a uuid) can take; the frame carries it only when the version has such works.
 */
export const ELAPSED_CALENDAR = "elapsed-24h";
const ELAPSED_WEEK = Array.from({ length: 7 }, (): [string, string][] => [["00:00", "24:00"]]);

/** The engine's activity of item `k` of `c`, the `j`-th started one (progress columns hold started items only). */
export function activityOf(c: ItemColumns, k: number, j: number, ctx: ActivityContext): ActivityInput {
  const activity: ActivityInput = { id: ctx.idText.get(c.id[k]) ?? String(c.id[k]), type: c.t[k], duration: c.d[k] };
  if (ctx.elapsed.size > 0 && ctx.elapsed.has(c.id[k])) activity.calendar = ELAPSED_CALENDAR;
  else if (c.cal[k]) activity.calendar = c.cal[k]!;
  if (c.p[k] >= 0) activity.parent = ctx.idText.get(c.p[k]) ?? String(c.p[k]);
  if (c.slt[k] && c.sld[k] != null) activity.startLimit = { type: c.slt[k]!, date: c.sld[k]! };
  if (c.flt[k] && c.fld[k] != null) activity.finishLimit = { type: c.flt[k]!, date: c.fld[k]! };
  if (c.st[k] !== "not_started" && c.as[j] != null) {
    const row = itemAt(c, k, j);
    activity.actualStart = row.as!;
    if (row.st === "completed" && row.af != null) activity.actualFinish = row.af;
    else {
      activity.remaining = row.rem ?? remainingOf(row, ctx.scenario);
      if (row.rs != null) activity.resume = row.rs;
    }
  }
  if (ctx.alap.size > 0 && ctx.alap.has(c.id[k])) activity.alap = true;
  if (ctx.runs.size > 0 && activity.calendar !== ELAPSED_CALENDAR) {
    const driven = ctx.runs.get(c.id[k]);
    if (driven) activity.resources = driven;
  }
  // A manually scheduled task keeps its typed dates until it is completed (engine scenario 063).
  if (ctx.manual.size > 0 && activity.actualFinish === undefined) {
    const typed = ctx.manual.get(c.id[k]);
    if (typed) activity.manual = { start: typed[0], finish: typed[1] };
  }
  // MS Project's task bar spans the splits of its remaining work: their working time lengthens what is left, as the
  // fidelity harness's network does (packages/formats network-input.ts).
  if (ctx.splitWork.size > 0 && activity.actualFinish === undefined) {
    const gap = ctx.splitWork.get(c.id[k]);
    if (gap) {
      if (activity.remaining !== undefined) activity.remaining += gap;
      else activity.duration += gap;
    }
  }
  if (ctx.expected.size > 0 && activity.actualFinish === undefined) {
    const date = ctx.expected.get(c.id[k]);
    if (date !== undefined) activity.expectedFinish = date;
  }
  return activity;
}

/** The activity context of items `c` (their runs read from the assignments of their resource-dependent works). */
export async function activityContext(
  db: DbOrTx,
  version: VersionRow,
  settings: CalculateSettings,
  c: ItemColumns,
  defaultCalendar: string,
  idText: ActivityContext["idText"],
): Promise<ActivityContext> {
  const calendarAt = new Map<number, string>();
  for (let k = 0; k < c.id.length; k++) if (c.cal[k]) calendarAt.set(c.id[k], c.cal[k]!);
  const runs = resourceRuns(
    await resourceRunRows(db, version, c.rd ?? []),
    (itemId) => calendarAt.get(itemId) ?? defaultCalendar,
  );
  return {
    scenario: settings.scenario,
    idText,
    alap: new Set<number>(c.alap),
    runs,
    // P6 "use expected finish dates": the expected finish of a work not completed sets its remaining duration.
    expected: new Map<number, number>(settings.useExpectedFinish ? c.xf : []),
    manual: new Map<number, [number, number]>((c.man ?? []).map(([id, start, finish]) => [id, [start, finish]])),
    elapsed: new Set<number>(c.el ?? []),
    splitWork: c.sp && c.sp.length > 0 ? await splitWorkOf(db, version, c, calendarAt, defaultCalendar) : new Map(),
  };
}

/** Working minutes of each split work's splits on the calendar it runs on (the clock for an elapsed duration). */
async function splitWorkOf(
  db: DbOrTx,
  version: VersionRow,
  c: ItemColumns,
  calendarAt: ReadonlyMap<number, string>,
  defaultCalendar: string,
): Promise<Map<number, number>> {
  const rows = new Map((await readCalendarRows(db, version)).map((row) => [row.id, row]));
  const built = new Map<string, Calendar>();
  const calendarOf = (id: string): Calendar => {
    let cal = built.get(id);
    if (!cal) {
      const row = id === ELAPSED_CALENDAR ? undefined : (rows.get(id) ?? rows.get(defaultCalendar));
      cal = buildCalendar(row ? { id, week: row.week, exceptions: row.exceptions } : { id, week: ELAPSED_WEEK });
      built.set(id, cal);
    }
    return cal;
  };
  const elapsed = new Set<number>(c.el ?? []);
  const out = new Map<number, number>();
  for (const [id, gaps] of c.sp) {
    const cal = calendarOf(elapsed.has(id) ? ELAPSED_CALENDAR : (calendarAt.get(id) ?? defaultCalendar));
    let minutes = 0;
    for (const [from, to] of gaps) if (to > from) minutes += cal.workingBetween(from, to);
    if (minutes > 0) out.set(id, minutes);
  }
  return out;
}

/** The network less its activities and relations: the version's dates, the settings, calendars and externals. */
export function networkFrame(
  version: VersionRow,
  settings: CalculateSettings,
  defaultCalendar: string,
  calendarRows: readonly CalendarRow[],
  externalRows: readonly ExternalRow[],
  /** Some work has an elapsed duration: the frame carries ELAPSED_CALENDAR. */
  elapsed = false,
): Omit<NetworkInput, "activities" | "relations"> {
  const externals: ExternalInput[] = externalRows.map((x) => ({
    id: String(x.id),
    ...(x.es != null ? { earlyStart: x.es } : {}),
    ...(x.ef != null ? { earlyFinish: x.ef } : {}),
    ...(x.ls != null ? { lateStart: x.ls } : {}),
    ...(x.lf != null ? { lateFinish: x.lf } : {}),
    ...(x.cal ? { calendar: x.cal } : {}),
  }));
  return {
    projectStart: textMinutes(version.projectStart),
    ...(version.dataDate ? { dataDate: textMinutes(version.dataDate) } : {}),
    options: {
      progress: settings.progressOption,
      floatType: settings.floatType,
      lagCalendar: settings.lagCalendar,
      criticalFloat: settings.criticalFloat,
      critical: settings.criticalBy,
      ssLagFrom: settings.ssLagFrom,
      ...(settings.openEndsCritical ? { openEndsCritical: true } : {}),
      ...(settings.startLinksBoundLate ? {} : { startLinksBoundLate: false }),
      ...(settings.resourceRunsInActivityHours ? { resourceRunsInActivityHours: true } : {}),
      ...(settings.mustFinishBy ? { mustFinishBy: textMinutes(settings.mustFinishBy) } : {}),
    },
    calendars: [
      ...calendarRows.map((c) => ({ id: c.id, week: c.week, exceptions: c.exceptions })),
      ...(elapsed ? [{ id: ELAPSED_CALENDAR, week: ELAPSED_WEEK }] : []),
    ],
    defaultCalendar,
    ...(externals.length ? { externals } : {}),
  };
}

/**
 * Everything of a network that is not its items' rows nor relations, as one text: a kept network (kept-network.ts)
 * serves the next calculation only while this is the same (a calendar, setting, external predecessor or resource
 * assignment changes none of the version's rows).
 */
export function frameKey(frame: Omit<NetworkInput, "activities" | "relations">, ctx: ActivityContext): string {
  return JSON.stringify([
    frame,
    [...ctx.runs],
    [...ctx.alap],
    [...ctx.expected],
    [...ctx.manual],
    [...ctx.splitWork],
    ctx.scenario,
  ]);
}

/**
 * Reads a version in bulk (items, relations, external predecessors, the space's calendars) and builds the engine's
 * network. Drafts take no part in the calculation, nor do relations that touch them.
 */
export async function calculationInput(
  db: DbOrTx,
  version: VersionRow,
  settings: CalculateSettings,
  knownResults: KnownResults | null = null,
) {
  const defaultCalendar = await ensureDefaultCalendar(db, version.spaceId);
  const {
    c,
    r,
    outside,
    candidates,
    externals: externalRows,
    calendars: calendarRows,
  } = await readNetworkRows(db, version, knownResults);
  const n = c.id.length;
  // Each item's id as text, made once and shared by its activity, its children and its relations: 100k items and
  // 270k relations otherwise made 640k strings, and the engine hashes each one again when it indexes the relations.
  const idText = textsOfIds(c.id);
  const ctx = await activityContext(db, version, settings, c, defaultCalendar.id, idText);
  const activities: ActivityInput[] = new Array(n);
  for (let k = 0, j = -1; k < n; k++) {
    if (c.st[k] !== "not_started") j++;
    activities[k] = activityOf(c, k, j, ctx);
  }
  const known = new Set<number>(outside);
  const relations: RelationInput[] = [];
  for (let k = 0; k < r.a.length; k++) {
    const to = idText.get(r.b[k]);
    if (to === undefined) continue;
    const from = idText.get(r.a[k]) ?? (known.has(r.a[k]) ? String(r.a[k]) : undefined);
    if (from === undefined) continue;
    const out: RelationInput = { from, to, type: LINK[r.t[k]], lag: r.l[k] };
    if (r.c[k]) out.lagCalendar = r.c[k] as RelationInput["lagCalendar"];
    relations.push(out);
  }
  const frame = networkFrame(version, settings, defaultCalendar.id, calendarRows, externalRows, ctx.elapsed.size > 0);
  const input: NetworkInput = { ...frame, activities, relations };
  // The stored results in the activities' order (dates as minutes since 1970: several times cheaper than to_char),
  // so the calculation rewrites only the rows whose results moved; the rows as read, for the health checks.
  const stored = c.res ?? storedResultsOf(c.id, c.chg ?? [], knownResults!);
  return {
    input,
    stored,
    rows: c,
    links: r,
    snapshot: c.snap,
    idText,
    candidates,
    key: frameKey(frame, ctx),
  };
}
