import { buildCalendar, formatDateTime, parseDateTime, schedule } from "@planum/engine";
import type { Activity, ScheduleModel } from "../model/schedule-model.js";
import type { EngineInput, EngineResult } from "./engine-types.js";
import { buildProjectNetwork, type KnownDates } from "./network-input.js";
import { compareSchedules, type ScheduleComparison } from "./schedule-compare.js";

export type ScheduleFunction = (input: EngineInput) => EngineResult;

/** The engine's `schedule`; a parameter of recalculate() so tests and callers can pass another scheduler. */
export function engineSchedule(): ScheduleFunction {
  return schedule;
}

export interface ProjectCalculation {
  projectId: string;
  finish: string;
  cycles: string[][];
  input: EngineInput;
}

/**
 * Compare the file's stored dates with a recalculation; dates that differ only in how a point of working
 * time is written (17:00 Friday vs 08:00 Monday) are marked using the activity's calendar.
 */
export function compareWithFile(fileModel: ScheduleModel, recalc: Recalculation): ScheduleComparison {
  const calendars = new Map<string, ReturnType<typeof buildCalendar>>();
  const calendarOf = new Map<string, ProjectCalculation["input"]["calendars"][number]>();
  for (const p of recalc.projects) {
    const byId = new Map(p.input.calendars.map((c) => [c.id, c]));
    for (const a of p.input.activities) calendarOf.set(a.id, byId.get(a.calendar ?? p.input.defaultCalendar)!);
  }
  return compareSchedules(fileModel, recalc.model, (id, a, b) => {
    const input = calendarOf.get(id);
    if (!input) return undefined;
    let cal = calendars.get(input.id);
    if (!cal) {
      cal = buildCalendar(input);
      calendars.set(input.id, cal);
    }
    return cal.workingBetween(parseDateTime(a), parseDateTime(b));
  });
}

export interface Recalculation {
  /** A copy of the model whose activities carry the freshly computed dates in `computed`. */
  model: ScheduleModel;
  projects: ProjectCalculation[];
}

/**
 * Recalculate every project of the model with the options the file stores. Projects are scheduled one
 * by one in file order, as P6 does; a link to an activity of a project scheduled earlier uses the dates
 * just computed for it, other cross-project links use the dates stored in the file.
 */
export function recalculate(model: ScheduleModel, scheduleFn: ScheduleFunction = engineSchedule()): Recalculation {
  const known: KnownDates = new Map();
  const computed = new Map<string, NonNullable<Activity["computed"]>>();
  const projects: ProjectCalculation[] = [];
  for (const project of model.projects) {
    const net = buildProjectNetwork(model, project, known);
    if (net.input.activities.length === 0) continue;
    const result = scheduleFn(net.input);
    const calendars = new Map<string, ReturnType<typeof buildCalendar>>();
    const calendarOf = (id: string) => {
      let c = calendars.get(id);
      if (!c) {
        c = buildCalendar(net.input.calendars.find((k) => k.id === id)!);
        calendars.set(id, c);
      }
      return c;
    };
    const byId = new Map(net.input.activities.map((a) => [a.id, a]));
    for (const r of result.activities) {
      const act = net.activities.get(r.id);
      if (!act) continue;
      known.set(r.id, r);
      // The engine shows an activity in progress from its actual start; P6 stores (and shows as early start)
      // the start of the remaining work, i.e. early finish minus remaining duration.
      let earlyStart = r.earlyStart;
      const input = byId.get(r.id);
      // MS Project shows a begun task from its actual start, as its early and its late start (mpxj's mspdi*.xml,
      // Project 2007-2010), and a manually scheduled task from its typed start, begun or not.
      const msProject = model.source?.format === "mspdi" || model.source?.format === "mpx";
      const inProgress = act.status === "in_progress" && input?.manual === undefined && !msProject;
      let lateStart = r.lateStart;
      if (msProject && act.status === "in_progress" && input?.manual === undefined && act.actualStart)
        lateStart = act.actualStart;
      if (inProgress && input?.remaining !== undefined && input.remaining > 0) {
        const cal = calendarOf(input.calendar ?? net.input.defaultCalendar);
        earlyStart = formatDateTime(cal.subtractWorking(parseDateTime(r.earlyFinish), input.remaining));
      } else if (inProgress && input?.remaining === 0) {
        earlyStart = r.earlyFinish;
      }
      computed.set(r.id, {
        earlyStart,
        earlyFinish: r.earlyFinish,
        lateStart,
        lateFinish: r.lateFinish,
        totalFloat: r.totalFloat,
        freeFloat: r.freeFloat,
        critical: r.critical,
      });
    }
    projects.push({ projectId: project.id, finish: result.finish, cycles: result.cycles, input: net.input });
  }
  const out: ScheduleModel = {
    ...model,
    projects: model.projects.map((p) => {
      const calc = projects.find((c) => c.projectId === p.id);
      return calc ? { ...p, scheduledFinish: calc.finish } : p;
    }),
    activities: model.activities.map((a) => (computed.has(a.id) ? { ...a, computed: computed.get(a.id) } : a)),
  };
  return { model: out, projects };
}
