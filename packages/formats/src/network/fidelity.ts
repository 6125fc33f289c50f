import { buildCalendar, parseDateTime } from "@planum/engine";
import type { Activity, ScheduleModel } from "../model/schedule-model.js";
import { type Recalculation, recalculate, type ScheduleFunction } from "./recalculate.js";

/*
 * How close our recalculation comes to the dates the source tool stored in a file: per field, the share of open
 * (not completed) activities whose early/late start and finish equal the file's to the minute and whose total
 * float equals it to the hour. This is what `npm run fidelity` prints for every real export it is given.
 */

export type FidelityField = "earlyStart" | "earlyFinish" | "lateStart" | "lateFinish" | "totalFloat";
export const FIDELITY_FIELDS: FidelityField[] = ["earlyStart", "earlyFinish", "lateStart", "lateFinish", "totalFloat"];

/**
 * Whose rules the file's dates follow: P6 writes the end of a working period as its own minute (17:00); MS Project
 * writes a finish that ends a working day as the next working morning (08:00), the same point of working time.
 * MPX keeps days only.
 */
export type FidelityRules = "p6" | "msproject" | "msproject-days";

export function fidelityRulesOf(model: ScheduleModel): FidelityRules {
  const format = model.source?.format;
  if (format === "mpx") return "msproject-days";
  if (format === "mspdi") return "msproject";
  return "p6";
}

export interface FidelityDifference {
  project: string;
  activity: string;
  name: string;
  field: FidelityField;
  /** The file's value (dates "YYYY-MM-DDTHH:mm", floats in hours). */
  theirs: string | number;
  ours: string | number | null;
  /** Ours − theirs: working minutes on the activity's calendar for dates, minutes for total float. */
  workingMinutes?: number;
  /** A short explanation: "+8h working", "one day later", "ours missing"… */
  note: string;
}

export interface FileFidelity {
  rules: FidelityRules;
  activities: number;
  /** Activities not completed. */
  open: number;
  /** Open activities whose file holds at least one computed date (the base of the percentages). */
  compared: number;
  /** Per field: activities equal / activities whose file holds that field. */
  fields: Record<FidelityField, { equal: number; of: number; percent: number }>;
  /** Activities whose every stored field is equal. */
  exact: number;
  exactPercent: number;
  /** Every difference, activity by activity in file order. */
  differences: FidelityDifference[];
  /**
   * Set when the file's dates cannot be the tool's calculation on the file's own calendars (stale dates, computed
   * before a calendar changed, or not by the tool at all): the evidence. Such a file is measured but left out of the
   * harness's total.
   */
  notComputed?: string;
}

const percent = (n: number, of: number) => (of === 0 ? 100 : Math.floor((n / of) * 10000) / 100);

/** Recalculate the file's model as Planum does (every project, the file's options) and measure the agreement. */
export function measureFidelity(
  model: ScheduleModel,
  scheduleFn?: ScheduleFunction,
): FileFidelity & { recalculation: Recalculation } {
  const recalculation = scheduleFn ? recalculate(model, scheduleFn) : recalculate(model);
  return { ...compareFidelity(model, recalculation), recalculation };
}

export function compareFidelity(model: ScheduleModel, recalc: Recalculation): FileFidelity {
  const rules = fidelityRulesOf(model);
  const ours = new Map(recalc.model.activities.map((a) => [a.id, a]));
  const projectCode = new Map(model.projects.map((p) => [p.id, p.code]));
  const workingBetween = workingTimeOf(recalc);
  const fields = Object.fromEntries(FIDELITY_FIELDS.map((f) => [f, { equal: 0, of: 0, percent: 100 }])) as Record<
    FidelityField,
    { equal: number; of: number; percent: number }
  >;
  let open = 0;
  let compared = 0;
  let exact = 0;
  const differences: FidelityDifference[] = [];
  for (const a of model.activities) {
    if (a.status === "completed") continue;
    open++;
    if (!a.computed) continue;
    const mine: Activity | undefined = ours.get(a.id);
    let any = false;
    let same = true;
    for (const f of FIDELITY_FIELDS) {
      const theirs = a.computed[f];
      if (theirs === undefined) continue;
      any = true;
      fields[f].of++;
      const value = mine?.computed?.[f];
      const d = compareField(f, theirs, value, rules, (x, y) => workingBetween(a.id, x, y));
      if (d === undefined) {
        fields[f].equal++;
        continue;
      }
      // Only total float differs on an ALAP activity P6 left in place: a value kept from an earlier calculation.
      if (f === "totalFloat" && same && alapLeftInPlace(a)) d.note += `; ${ALAP_KEPT_FLOAT}`;
      same = false;
      differences.push({
        project: projectCode.get(a.projectId) ?? a.projectId,
        activity: a.code,
        name: a.name,
        field: f,
        theirs: f === "totalFloat" ? hours(theirs as number) : theirs,
        ours: value === undefined ? null : f === "totalFloat" ? hours(value as number) : value,
        ...(d.working !== undefined ? { workingMinutes: d.working } : {}),
        note: d.note,
      });
    }
    if (!any) continue;
    compared++;
    if (same) exact++;
  }
  for (const f of FIDELITY_FIELDS) fields[f].percent = percent(fields[f].equal, fields[f].of);
  const stale =
    rules === "p6"
      ? (notWrittenByP6(model) ?? staleEvidence(model, recalc))
      : (beforeProjectStartEvidence(model) ?? openEndBeforeProjectFinishEvidence(model, recalc));
  return {
    ...(stale ? { notComputed: stale } : {}),
    rules,
    activities: model.activities.length,
    open,
    compared,
    fields,
    exact,
    exactPercent: percent(exact, compared),
    differences,
  };
}

const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/**
 * P6 8.1 does not always rewrite the total float of an as-late-as-possible activity it leaves in place (no free float
 * to take): SP10 keeps such floats from an earlier calculation on other calendars and progress (packages/engine
 * CONTEXT.md, known deviations). The difference is told as such; it still counts.
 */
const ALAP_KEPT_FLOAT = "ALAP left in place: P6 kept the float of an earlier calculation";

function alapLeftInPlace(a: Activity): boolean {
  const alap = a.constraint?.type === "as_late_as_possible" || a.secondaryConstraint?.type === "as_late_as_possible";
  return alap && a.status === "not_started" && a.computed?.freeFloat === 0;
}

/**
 * P6 never schedules the remaining work of a task to start on a day its calendar does not work: a not-started task
 * whose stored early start falls on a non-working day of its own calendar (in the file) shows that the dates were
 * computed on other calendars — before a holiday was added, on resources' calendars, or by another tool. The first
 * such activity, as evidence; undefined when there is none.
 */
function staleEvidence(model: ScheduleModel, recalc: Recalculation): string | undefined {
  const calendars = calendarsOf(recalc);
  const built = new Map<string, ReturnType<typeof buildCalendar>>();
  const projectCode = new Map(model.projects.map((p) => [p.id, p.code]));
  for (const a of model.activities) {
    if (a.status !== "not_started" || a.type === "milestone_start" || a.type === "milestone_finish") continue;
    if (a.type === "wbs_summary" || a.type === "summary" || a.type === "level_of_effort") continue;
    const es = a.computed?.earlyStart;
    const input = calendars.get(a.id);
    if (!es || !input) continue;
    let cal = built.get(input.id);
    if (!cal) {
      cal = buildCalendar(input);
      built.set(input.id, cal);
    }
    const t = parseDateTime(es);
    if (cal.dayWorkMinutes(Math.floor(t / 1440)) > 0) continue;
    const name = model.calendars.find((c) => c.id === input.id)?.name ?? input.id;
    return `${projectCode.get(a.projectId) ?? a.projectId}/${a.code} (not started) has its stored early start ${es} on a non-working day of its calendar "${name}"; P6 never schedules remaining work there, so the file's dates were not computed on the file's calendars`;
  }
  return undefined;
}

/** Constraints that may put a task before its project's start in MS Project. */
const PINNING: ReadonlySet<string> = new Set(["start_on", "finish_on", "mandatory_start", "mandatory_finish"]);

/**
 * Before Project 2010 there is no manual scheduling: MS Project never starts a task that has no actual dates and no
 * must-start/finish-on constraint before its project's start. A file saved by Project 98–2007 (MPX; MSPDI without a
 * SaveVersion or with 12) holding such a task was written from a later version's calculation (Project 2019 saving a
 * manually scheduled task into the 2003 format keeps its dates and writes a start-no-earlier-than constraint), not
 * computed on the file's data. The first such task, as evidence; undefined when there is none. From 2010 on, a
 * manually scheduled task may sit there, and the file is measured as it is.
 */
function beforeProjectStartEvidence(model: ScheduleModel): string | undefined {
  const version = model.source?.version ?? "";
  const before2010 = model.source?.format === "mpx" || version === "" || version === "12";
  if (!before2010) return undefined;
  const start = new Map(model.projects.map((p) => [p.id, p.plannedStart]));
  for (const a of model.activities) {
    if (a.status !== "not_started" || a.type === "summary" || a.type === "wbs_summary") continue;
    if (a.constraint && PINNING.has(a.constraint.type)) continue;
    const es = a.computed?.earlyStart;
    const projectStart = start.get(a.projectId);
    if (!es || !projectStart || es >= projectStart) continue;
    return `${a.code} (not started, no must-start constraint) has its stored early start ${es} before the project start ${projectStart}; MS Project before 2010 (no manual scheduling) never schedules it there, so the file's dates were not computed on the file's data`;
  }
  return undefined;
}

/**
 * MS Project's backward pass starts every open end at the project finish: a task without successors, constraints or
 * a deadline gets the project's finish as its late finish — or, on a calendar not working then, the end of the working
 * time before it. A stored late finish with working time of every calendar of the project between it and the stored
 * project finish cannot come from that pass: the late dates were left from an earlier calculation (a file edited with
 * calculation off; mpxj's mspdiduration, mspditimephased and mspditimephasedsegments.xml, where tasks added later
 * moved the finish and earlier tasks kept their late finish, one even after the project finish). MS Project writes a
 * finish at the next working morning, so a late finish after the project finish counts only with working time of
 * every calendar between them too. The first such task, as evidence; undefined when there is none.
 */
function openEndBeforeProjectFinishEvidence(model: ScheduleModel, recalc: Recalculation): string | undefined {
  // MPX stores days only: its late finishes and project finish are not instants to compare.
  if (model.source?.format !== "mspdi") return undefined;
  const predecessors = new Set(model.relations.map((r) => r.predecessorId));
  for (const p of recalc.projects) {
    const finish = model.projects.find((x) => x.id === p.projectId)?.scheduledFinish;
    if (!finish) continue;
    const calendars = p.input.calendars.map((c) => buildCalendar(c));
    const f = parseDateTime(finish);
    for (const a of model.activities) {
      if (a.projectId !== p.projectId || a.status === "completed" || a.manuallyScheduled) continue;
      if (a.type === "summary" || a.type === "wbs_summary" || predecessors.has(a.id)) continue;
      const dated = (c: Activity["constraint"]) => c !== undefined && c.type !== "as_late_as_possible";
      if (dated(a.constraint) || dated(a.secondaryConstraint)) continue;
      const lf = a.computed?.lateFinish;
      if (!lf) continue;
      const t = parseDateTime(lf);
      const [from, to] = t < f ? [t, f] : [f, t];
      if (!calendars.every((cal) => cal.workingBetween(from, to) > 0)) continue;
      return `${a.code} (no successor, no constraint) has its stored late finish ${lf}${t > f ? " after" : ", working time of every calendar before"} the project finish ${finish}; MS Project starts the backward pass of an open end at the project finish, so the file's late dates were left from an earlier calculation`;
    }
  }
  return undefined;
}

/** A P6 format written by another tool (Asta Powerproject writes XER): its dates are that tool's calculation. */
function notWrittenByP6(model: ScheduleModel): string | undefined {
  const producer = model.source?.producer;
  if (!producer || producer === "Primavera P6") return undefined;
  return `written by ${producer}, not Primavera P6 (the XER header says so): its dates are ${producer}'s calculation, not P6's`;
}

/** Each activity's calendar as the recalculation gave it to the engine. */
function calendarsOf(recalc: Recalculation) {
  const calendarOf = new Map<string, Recalculation["projects"][number]["input"]["calendars"][number]>();
  for (const p of recalc.projects) {
    const byId = new Map(p.input.calendars.map((c) => [c.id, c]));
    for (const a of p.input.activities) {
      const c = byId.get(a.calendar ?? p.input.defaultCalendar);
      if (c) calendarOf.set(a.id, c);
    }
  }
  return calendarOf;
}

function compareField(
  field: FidelityField,
  theirs: string | number,
  ours: string | number | undefined,
  rules: FidelityRules,
  working: (a: string, b: string) => number | undefined,
): { note: string; working?: number } | undefined {
  if (ours === undefined) return { note: "not computed by us" };
  if (field === "totalFloat") {
    const t = theirs as number;
    const o = ours as number;
    if (Math.round(t / 60) === Math.round(o / 60)) return undefined;
    return { note: `float ${signed(o - t)}`, working: o - t };
  }
  const t = theirs as string;
  const o = ours as string;
  if (t === o) return undefined;
  const w = working(t, o);
  if (rules === "msproject" && w === 0) return undefined;
  if (rules === "msproject-days" && t.slice(0, 10) === o.slice(0, 10)) return undefined;
  if (w === undefined) return { note: "calendar unknown" };
  if (w === 0) return { note: "same working instant, written differently", working: 0 };
  return { note: `${signed(w)} working`, working: w };
}

/** "+1d 2h" style, in working minutes shown as hours and minutes (days of 8 h are not assumed). */
function signed(minutes: number): string {
  const sign = minutes < 0 ? "−" : "+";
  const m = Math.abs(minutes);
  const h = Math.floor(m / 60);
  const rest = m % 60;
  return `${sign}${h > 0 ? `${h}h` : ""}${rest > 0 || h === 0 ? `${rest}min` : ""}`;
}

function workingTimeOf(recalc: Recalculation): (id: string, a: string, b: string) => number | undefined {
  const built = new Map<string, ReturnType<typeof buildCalendar>>();
  const calendarOf = calendarsOf(recalc);
  return (id, a, b) => {
    const input = calendarOf.get(id);
    if (!input) return undefined;
    let cal = built.get(input.id);
    if (!cal) {
      cal = buildCalendar(input);
      built.set(input.id, cal);
    }
    return cal.workingBetween(parseDateTime(a), parseDateTime(b));
  };
}
