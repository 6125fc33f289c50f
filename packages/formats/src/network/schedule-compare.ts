import type { Activity, ScheduleModel } from "../model/schedule-model.js";

/** One line of `planum schedule`: floats in hours, times "YYYY-MM-DDTHH:mm". */
export interface ScheduleRow {
  project: string;
  id: string;
  name: string;
  earlyStart: string | null;
  earlyFinish: string | null;
  lateStart: string | null;
  lateFinish: string | null;
  totalFloat: number | null;
  freeFloat: number | null;
  critical: boolean;
}

const hours = (m: number | undefined) => (m === undefined ? null : Math.round((m / 60) * 100) / 100);

export function scheduleRows(model: ScheduleModel): ScheduleRow[] {
  const code = new Map(model.projects.map((p) => [p.id, p.code]));
  return model.activities.map((a) => {
    const c = a.computed ?? {};
    return {
      project: code.get(a.projectId) ?? a.projectId,
      id: a.code,
      name: a.name,
      earlyStart: c.earlyStart ?? null,
      earlyFinish: c.earlyFinish ?? null,
      lateStart: c.lateStart ?? null,
      lateFinish: c.lateFinish ?? null,
      totalFloat: hours(c.totalFloat),
      freeFloat: hours(c.freeFloat),
      critical: c.critical ?? false,
    };
  });
}

export type ComparedField = "earlyStart" | "earlyFinish" | "lateStart" | "lateFinish" | "totalFloat";

export interface ScheduleDifference {
  project: string;
  id: string;
  name: string;
  field: ComparedField;
  file: string | number;
  computed: string | number | null;
  /**
   * True when both dates are the same point of working time written two ways (MS Project writes a finish
   * as 08:00 of the next working day where P6 writes 17:00 of the previous one): no working minute between.
   */
  sameWorkingTime?: boolean;
  /** True when the file stores days only (MPX) and the day is the same. */
  sameDay?: boolean;
}

/** Working minutes between two dates on an activity's calendar (from the engine's calendar index). */
export type WorkingTimeBetween = (activityId: string, a: string, b: string) => number | undefined;

export interface ScheduleComparison {
  /** Not-completed activities whose file holds at least one computed date. */
  compared: number;
  /** Of those, activities whose every stored date and total float equals ours. */
  equal: number;
  equalPercent: number;
  /** Activities equal once dates that are the same working instant are treated as equal. */
  equalInWorkingTime: number;
  equalInWorkingTimePercent: number;
  differences: ScheduleDifference[];
}

const FIELDS: ComparedField[] = ["earlyStart", "earlyFinish", "lateStart", "lateFinish", "totalFloat"];

/**
 * Compare recalculated dates with those the source tool stored, for every activity not completed
 * (completed activities carry actual dates, not computed ones). Fields the file leaves empty are skipped.
 */
export function compareSchedules(
  fileModel: ScheduleModel,
  computedModel: ScheduleModel,
  workingBetween?: WorkingTimeBetween,
): ScheduleComparison {
  const dayPrecision = fileModel.source?.format === "mpx";
  const ours = new Map(computedModel.activities.map((a) => [a.id, a]));
  const code = new Map(fileModel.projects.map((p) => [p.id, p.code]));
  let compared = 0;
  let equal = 0;
  let equalInWorkingTime = 0;
  const differences: ScheduleDifference[] = [];
  for (const a of fileModel.activities) {
    if (a.status === "completed" || !a.computed) continue;
    const mine: Activity | undefined = ours.get(a.id);
    let any = false;
    let same = true;
    let sameWork = true;
    for (const f of FIELDS) {
      const theirs = a.computed[f];
      if (theirs === undefined) continue;
      any = true;
      const value = mine?.computed?.[f];
      if (value !== theirs) {
        same = false;
        const sw =
          typeof theirs === "string" && typeof value === "string" && workingBetween?.(a.id, theirs, value) === 0
            ? true
            : undefined;
        const sd =
          dayPrecision &&
          typeof theirs === "string" &&
          typeof value === "string" &&
          theirs.slice(0, 10) === value.slice(0, 10)
            ? true
            : undefined;
        if (!sw && !sd) sameWork = false;
        differences.push({
          ...(sw ? { sameWorkingTime: true } : {}),
          ...(sd ? { sameDay: true } : {}),
          project: code.get(a.projectId) ?? a.projectId,
          id: a.code,
          name: a.name,
          field: f,
          file: theirs,
          computed: value ?? null,
        });
      }
    }
    if (!any) continue;
    compared++;
    if (same) equal++;
    if (sameWork) equalInWorkingTime++;
  }
  const percent = (n: number) => (compared === 0 ? 100 : Math.round((n / compared) * 10000) / 100);
  return {
    compared,
    equal,
    equalPercent: percent(equal),
    equalInWorkingTime,
    equalInWorkingTimePercent: percent(equalInWorkingTime),
    differences,
  };
}
