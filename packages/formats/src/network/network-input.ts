import { buildCalendar, formatDateTime, parseDateTime } from "@planum/engine";
import type { Activity, Calendar, Constraint, Project, ScheduleModel } from "../model/schedule-model.js";
import { standardWeek } from "../model/schedule-model.js";
import type {
  EngineActivity,
  EngineActivityResult,
  EngineActivityType,
  EngineCalendar,
  EngineExternal,
  EngineInput,
  EngineLimit,
  EngineRelation,
  EngineResourceRun,
} from "./engine-types.js";

/** Engine type for each model activity type. */
const TYPE: Record<Activity["type"], EngineActivityType> = {
  task: "task",
  resource_dependent: "task",
  milestone_start: "milestone_start",
  milestone_finish: "milestone_finish",
  level_of_effort: "level_of_effort",
  wbs_summary: "sum",
  summary: "sum",
};

/**
 * Constraint → engine limit. P6 and MS Project constraints have these engine equivalents:
 * start on → start in_date; mandatory start → start mandatory (P6 holds it against the logic); on or after →
 * not_earlier; on or before → not_later; the finish kinds likewise. "As late as possible" is the activity's
 * `alap` flag (see buildProjectNetwork).
 */
function limitOf(c: Constraint | undefined): { start?: EngineLimit; finish?: EngineLimit } {
  if (!c?.date) return {};
  switch (c.type) {
    case "start_on":
      return { start: { type: "in_date", date: c.date } };
    case "mandatory_start":
      return { start: { type: "mandatory", date: c.date } };
    case "start_on_or_after":
      return { start: { type: "not_earlier", date: c.date } };
    case "start_on_or_before":
      return { start: { type: "not_later", date: c.date } };
    case "finish_on":
      return { finish: { type: "in_date", date: c.date } };
    case "mandatory_finish":
      return { finish: { type: "mandatory", date: c.date } };
    case "finish_on_or_after":
      return { finish: { type: "not_earlier", date: c.date } };
    case "finish_on_or_before":
      return { finish: { type: "not_later", date: c.date } };
    default:
      return {};
  }
}

function hasWork(c: Calendar): boolean {
  return c.week.some((d) => d.length > 0) || c.exceptions.some((e) => e.intervals.length > 0);
}

export const FALLBACK_CALENDAR_ID = "planum-standard";
/** The 24-hour, 7-day clock of MS Project's elapsed durations. */
export const ELAPSED_CALENDAR_ID = "planum-elapsed";

function engineCalendar(c: Calendar): EngineCalendar {
  return {
    id: c.id,
    week: c.week.map((d) => d.map((i) => [i[0], i[1]] as [string, string])),
    exceptions: c.exceptions.map((e) => ({
      date: e.date,
      intervals: e.intervals.map((i) => [i[0], i[1]] as [string, string]),
    })),
  };
}

export interface ProjectNetwork {
  project: Project;
  input: EngineInput;
  /** Activities of the project that were sent to the engine, by id. */
  activities: Map<string, Activity>;
}

/** Dates of activities of other projects, known from an earlier calculation or the file. */
export type KnownDates = Map<string, Partial<EngineActivityResult>>;

/**
 * Externals carry only early dates: P6 lets another project's activity delay this project's early dates and
 * free float, but late dates and total float stay bounded by this project's own finish (a file from P6 shows
 * total float 0 on an activity whose external successor starts months later).
 *
 * Translate one project of the model into the engine's network. P6 schedules each project with its own
 * data date and options; links to activities of other projects become externals carrying the dates the
 * other side has (computed earlier in this run, or stored in the file).
 */
export function buildProjectNetwork(
  model: ScheduleModel,
  project: Project,
  known: KnownDates = new Map(),
): ProjectNetwork {
  const acts = model.activities.filter((a) => a.projectId === project.id);
  const byId = new Map(acts.map((a) => [a.id, a]));
  const allById = new Map(model.activities.map((a) => [a.id, a]));
  const usable = new Map(model.calendars.filter(hasWork).map((c) => [c.id, c]));

  const defaultCal =
    (project.defaultCalendarId && usable.has(project.defaultCalendarId) ? project.defaultCalendarId : undefined) ??
    model.calendars.find((c) => c.isDefault && usable.has(c.id))?.id ??
    acts.find((a) => a.calendarId && usable.has(a.calendarId))?.calendarId ??
    [...usable.keys()][0];
  const calendars: EngineCalendar[] = [];
  const used = new Set<string>();
  const useCal = (id: string | undefined): string | undefined => {
    if (!id || !usable.has(id)) return undefined;
    if (!used.has(id)) {
      used.add(id);
      calendars.push(engineCalendar(usable.get(id)!));
    }
    return id;
  };
  let defaultCalendar = useCal(defaultCal);
  if (!defaultCalendar) {
    defaultCalendar = FALLBACK_CALENDAR_ID;
    calendars.push({ id: FALLBACK_CALENDAR_ID, week: standardWeek(), exceptions: [] });
  }

  const msProject = model.source?.format === "mspdi" || model.source?.format === "mpx";
  const useElapsedCalendar = (): string => {
    if (!used.has(ELAPSED_CALENDAR_ID)) {
      used.add(ELAPSED_CALENDAR_ID);
      calendars.push({ id: ELAPSED_CALENDAR_ID, week: Array.from({ length: 7 }, () => [["00:00", "24:00"]]) });
    }
    return ELAPSED_CALENDAR_ID;
  };
  // MS Project runs a begun task's remaining work right after its actual duration (it moves it to the status date
  // only when asked to reschedule uncompleted work): the engine's resume date.
  const built = new Map<string, ReturnType<typeof buildCalendar>>();
  const workCalendar = (calendarId: string) => {
    let cal = built.get(calendarId);
    if (!cal) {
      cal = buildCalendar(calendars.find((c) => c.id === calendarId)!);
      built.set(calendarId, cal);
    }
    return cal;
  };
  const afterActualWork = (start: string, actual: number, calendarId: string): string => {
    const t = parseDateTime(start);
    return formatDateTime(actual > 0 ? workCalendar(calendarId).addWorking(t, actual) : t);
  };
  // MS Project's task bar spans the splits of its remaining work: their working time lengthens what is left.
  const splitTime = (splits: [string, string][], calendarId: string): number => {
    const cal = workCalendar(calendarId);
    let minutes = 0;
    for (const [from, to] of splits) minutes += cal.workingBetween(parseDateTime(from), parseDateTime(to));
    return minutes;
  };
  // A resource calendar derived from the task's without a change of its own (MS Project's default) is the same time.
  const workingTimeKey = (id: string): string => {
    const c = calendars.find((x) => x.id === id);
    return c ? JSON.stringify([c.week, c.exceptions ?? []]) : id;
  };
  const sameWorkingTime = (a: string, b: string): boolean => a === b || workingTimeKey(a) === workingTimeKey(b);
  const sumParent = wbsSummaryParents(model, acts);
  const runsOf = resourceRuns(model, usable, useCal);
  const outsideLinks = linksOutsideFile(model, byId);
  const activities: EngineActivity[] = acts.map((a) => {
    const e: EngineActivity = { id: a.id, type: TYPE[a.type], duration: 0 };
    // An MS Project task with an elapsed duration runs on a 24-hour clock whatever its calendar.
    const elapsed = msProject && a.elapsedDuration === true;
    const cal = elapsed ? useElapsedCalendar() : useCal(a.calendarId);
    if (cal) e.calendar = cal;
    const milestone = a.type === "milestone_start" || a.type === "milestone_finish";
    if (a.status === "completed") {
      e.duration = milestone ? 0 : Math.max(0, a.plannedDuration);
      if (a.actualStart) e.actualStart = a.actualStart;
      if (a.actualFinish) e.actualFinish = a.actualFinish;
      if (!a.actualStart && a.actualFinish) e.actualStart = a.actualFinish;
      if (a.actualStart && !a.actualFinish) e.actualFinish = a.actualStart;
      e.remaining = 0;
    } else if (a.status === "in_progress" && a.actualStart) {
      e.duration = milestone ? 0 : Math.max(0, a.plannedDuration);
      e.actualStart = a.actualStart;
      e.remaining = milestone ? 0 : Math.max(0, a.remainingDuration);
      if (a.resumeDate) e.resume = a.resumeDate;
      else if (msProject && !a.manuallyScheduled && a.actualDuration !== undefined)
        e.resume = afterActualWork(a.actualStart, a.actualDuration, e.calendar ?? defaultCalendar);
    } else {
      // P6 schedules an activity that has not started by its remaining duration.
      e.duration = milestone ? 0 : Math.max(0, a.remainingDuration);
    }
    if (msProject && a.splits && a.status !== "completed" && !milestone) {
      const split = splitTime(a.splits, e.calendar ?? defaultCalendar);
      if (e.remaining !== undefined) e.remaining += split;
      else e.duration += split;
    }
    const p = limitOf(a.constraint);
    const s = limitOf(a.secondaryConstraint);
    const start = p.start ?? s.start;
    const finish = p.finish ?? s.finish;
    if (start) e.startLimit = start;
    if (finish) e.finishLimit = finish;
    if (a.constraint?.type === "as_late_as_possible" || a.secondaryConstraint?.type === "as_late_as_possible")
      e.alap = true;
    if (project.options.useExpectedFinish && a.expectedFinish && a.status !== "completed")
      e.expectedFinish = a.expectedFinish;
    applyExternalDates(a, e, outsideLinks.get(a.id));
    // MS Project's manually scheduled tasks keep their typed dates (engine scenario 063); only MS Project has them.
    if (msProject && a.manuallyScheduled && a.status !== "completed" && a.plannedStart && a.plannedFinish)
      e.manual = { start: a.plannedStart, finish: a.plannedFinish };
    const runs = a.status !== "completed" && !milestone && !elapsed ? runsOf(a) : undefined;
    // Only when a resource calendar's working time differs from the activity's: otherwise the activity's own
    // remaining duration holds, which the tool computed from the assignments (overtime, contours, delays included).
    if (runs?.some((r) => !sameWorkingTime(r.calendar, e.calendar ?? defaultCalendar))) e.resources = runs;
    const parent = a.parentId && byId.get(a.parentId)?.type === "summary" ? a.parentId : sumParent.get(a.id);
    if (parent) e.parent = parent;
    return e;
  });

  const relations: EngineRelation[] = [];
  const externals = new Map<string, EngineExternal>();
  const modelExternals = new Map(model.externals.map((x) => [x.id, x]));
  const addExternal = (id: string) => {
    if (externals.has(id)) return true;
    const other = allById.get(id);
    if (other) {
      const k = known.get(id) ?? {};
      const c = other.computed ?? {};
      const ext: EngineExternal = { id };
      const es = k.earlyStart ?? c.earlyStart ?? other.actualStart;
      const ef = k.earlyFinish ?? c.earlyFinish ?? other.actualFinish;
      if (es) ext.earlyStart = es;
      if (ef) ext.earlyFinish = ef;
      const cal = useCal(other.calendarId);
      if (cal) ext.calendar = cal;
      externals.set(id, ext);
      return true;
    }
    const x = modelExternals.get(id);
    if (!x) return false;
    const ext: EngineExternal = { id };
    for (const k of ["earlyStart", "earlyFinish"] as const) if (x[k]) ext[k] = x[k];
    const cal = useCal(x.calendarId);
    if (cal) ext.calendar = cal;
    externals.set(id, ext);
    return true;
  };
  for (const r of model.relations) {
    const fromIn = byId.has(r.predecessorId);
    const toIn = byId.has(r.successorId);
    if (!fromIn && !toIn) continue;
    if (!(fromIn && toIn)) {
      if (project.options.ignoreExternalRelations) continue;
      if (!addExternal(fromIn ? r.successorId : r.predecessorId)) continue;
    }
    const rel: EngineRelation = { from: r.predecessorId, to: r.successorId, type: r.type, lag: r.lag };
    if (r.lagCalendar) rel.lagCalendar = r.lagCalendar;
    relations.push(rel);
  }

  const o = project.options;
  const options: EngineInput["options"] = {};
  if (o.progress) options.progress = o.progress;
  if (o.floatType) options.floatType = o.floatType;
  if (o.lagCalendar) options.lagCalendar = o.lagCalendar;
  if (o.criticalFloat !== undefined) options.criticalFloat = o.criticalFloat;
  if (o.criticalPath) options.critical = o.criticalPath === "longest_path" ? "longest_path" : "float";
  if (o.ssLagFrom) options.ssLagFrom = o.ssLagFrom;
  if (o.openEndsCritical) options.openEndsCritical = true;
  if (o.startLinksBoundLate === false) options.startLinksBoundLate = false;
  if (o.resourceRunsInActivityHours) options.resourceRunsInActivityHours = true;
  if (project.mustFinishBy) options.mustFinishBy = project.mustFinishBy;

  const input: EngineInput = {
    projectStart: project.plannedStart ?? project.dataDate ?? earliest(acts) ?? "2000-01-01T00:00",
    options,
    calendars,
    defaultCalendar,
    activities,
    relations,
  };
  if (project.dataDate) input.dataDate = project.dataDate;
  if (externals.size > 0) input.externals = [...externals.values()];
  return { project, input, activities: byId };
}

/**
 * The assignments a resource-driven activity is scheduled by (engine scenario 050): P6's resource-dependent
 * activities, and with MS Project every task without a task calendar (MS Project then schedules each assignment on
 * its resource's calendar). Each lasts its remaining work ÷ units per hour on its resource's calendar; material
 * resources, resources without a usable calendar and assignments without remaining work do not drive.
 */
function resourceRuns(
  model: ScheduleModel,
  usable: Map<string, Calendar>,
  useCal: (id: string | undefined) => string | undefined,
): (a: Activity) => EngineResourceRun[] | undefined {
  if (model.assignments.length === 0) return () => undefined;
  const msProject = model.source?.format === "mspdi" || model.source?.format === "mpx";
  const resources = new Map(model.resources.map((r) => [r.id, r]));
  const byActivity = new Map<string, EngineResourceRun[]>();
  const durationOf = new Map(model.activities.map((a) => [a.id, a.remainingDuration]));
  for (const as of model.assignments) {
    const r = resources.get(as.resourceId);
    if (!r || r.type === "material" || !r.calendarId || !usable.has(r.calendarId)) continue;
    const rate = as.unitsPerHour ?? 0;
    const work = as.remainingUnits ?? 0;
    if (!(rate > 0) || !(work > 0)) continue;
    const list = byActivity.get(as.activityId) ?? [];
    // MS Project stretches a contoured assignment (back loaded, bell…) past work ÷ units: it lasts the task's duration.
    const contoured = msProject && as.curve !== undefined;
    const remaining = contoured ? (durationOf.get(as.activityId) ?? 0) : Math.round((work / rate) * 60);
    list.push({ calendar: r.calendarId, remaining });
    byActivity.set(as.activityId, list);
  }
  return (a) => {
    const driven = a.type === "resource_dependent" || (msProject && a.type === "task" && !a.calendarId);
    const runs = driven ? byActivity.get(a.id) : undefined;
    if (!runs) return undefined;
    for (const run of runs) useCal(run.calendar);
    return runs;
  };
}

function earliest(acts: Activity[]): string | undefined {
  let min: string | undefined;
  for (const a of acts) {
    const d = a.actualStart ?? a.plannedStart ?? a.computed?.earlyStart;
    if (d && (!min || d < min)) min = d;
  }
  return min;
}

/**
 * P6 WBS summary activities (TT_WBS) span every activity of their WBS element and its children:
 * each activity rolls up into the nearest WBS summary found walking up its WBS path.
 */
function wbsSummaryParents(model: ScheduleModel, acts: Activity[]): Map<string, string> {
  const summaryOfWbs = new Map<string, string>();
  for (const a of acts)
    if (a.type === "wbs_summary" && a.wbsId && !summaryOfWbs.has(a.wbsId)) summaryOfWbs.set(a.wbsId, a.id);
  const out = new Map<string, string>();
  if (summaryOfWbs.size === 0) return out;
  const parentOf = new Map(model.wbs.map((w) => [w.id, w.parentId]));
  for (const a of acts) {
    let w = a.wbsId;
    if (a.type === "wbs_summary" && summaryOfWbs.get(w ?? "") === a.id) w = w ? parentOf.get(w) : undefined;
    const seen = new Set<string>();
    while (w && !seen.has(w)) {
      seen.add(w);
      const s = summaryOfWbs.get(w);
      if (s && s !== a.id) {
        out.set(a.id, s);
        break;
      }
      w = parentOf.get(w);
    }
  }
  return out;
}

/** Which activities link to an activity that is in no project of the file (a truly external relationship). */
function linksOutsideFile(
  model: ScheduleModel,
  inProject: Map<string, Activity>,
): Map<string, { pred: boolean; succ: boolean }> {
  const inFile = new Set(model.activities.map((a) => a.id));
  const out = new Map<string, { pred: boolean; succ: boolean }>();
  for (const r of model.relations) {
    if (inProject.has(r.successorId) && !inFile.has(r.predecessorId)) {
      const o = out.get(r.successorId) ?? { pred: false, succ: false };
      o.pred = true;
      out.set(r.successorId, o);
    }
    if (inProject.has(r.predecessorId) && !inFile.has(r.successorId)) {
      const o = out.get(r.predecessorId) ?? { pred: false, succ: false };
      o.succ = true;
      out.set(r.predecessorId, o);
    }
  }
  return out;
}

/**
 * P6 keeps, on each activity linked to a project that is not open, the external early start and late finish
 * those links imposed; it schedules with them as "on or after" / "on or before" limits. They only apply when
 * the other project is absent from the file (otherwise its activities are scheduled through the link itself).
 */
function applyExternalDates(a: Activity, e: EngineActivity, links: { pred: boolean; succ: boolean } | undefined): void {
  if (!links) return;
  if (links.pred && a.externalEarlyStart && !e.actualStart) {
    const cur = e.startLimit;
    if (!cur) e.startLimit = { type: "not_earlier", date: a.externalEarlyStart };
    else if (cur.type === "not_earlier" && cur.date < a.externalEarlyStart)
      e.startLimit = { type: "not_earlier", date: a.externalEarlyStart };
  }
  if (links.succ && a.externalLateFinish && !e.actualFinish) {
    const cur = e.finishLimit;
    if (!cur) e.finishLimit = { type: "not_later", date: a.externalLateFinish };
    else if (cur.type === "not_later" && cur.date > a.externalLateFinish)
      e.finishLimit = { type: "not_later", date: a.externalLateFinish };
  }
}
