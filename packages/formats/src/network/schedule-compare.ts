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
}

export interface ScheduleComparison {
  /** Not-completed activities whose file holds at least one computed date. */
  compared: number;
  /** Of those, activities whose every stored date and total float equals ours. */
  equal: number;
  equalPercent: number;
  differences: ScheduleDifference[];
}

const FIELDS: ComparedField[] = ["earlyStart", "earlyFinish", "lateStart", "lateFinish", "totalFloat"];

/**
 * Compare recalculated dates with those the source tool stored, for every activity not completed
 * (completed activities carry actual dates, not computed ones). Fields the file leaves empty are skipped.
 */
export function compareSchedules(fileModel: ScheduleModel, computedModel: ScheduleModel): ScheduleComparison {
  const ours = new Map(computedModel.activities.map((a) => [a.id, a]));
  const code = new Map(fileModel.projects.map((p) => [p.id, p.code]));
  let compared = 0;
  let equal = 0;
  const differences: ScheduleDifference[] = [];
  for (const a of fileModel.activities) {
    if (a.status === "completed" || !a.computed) continue;
    const mine: Activity | undefined = ours.get(a.id);
    let any = false;
    let same = true;
    for (const f of FIELDS) {
      const theirs = a.computed[f];
      if (theirs === undefined) continue;
      any = true;
      const value = mine?.computed?.[f];
      if (value !== theirs) {
        same = false;
        differences.push({
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
  }
  return { compared, equal, equalPercent: compared === 0 ? 100 : Math.round((equal / compared) * 10000) / 100, differences };
}
