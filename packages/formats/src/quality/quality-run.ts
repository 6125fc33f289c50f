import type { ScheduleModel } from "../model/schedule-model.js";
import { type Recalculation, recalculate, type ScheduleFunction } from "../network/recalculate.js";
import { toMinutes } from "../util/date-time.js";
import { checkScheduleQuality, type QualityReport } from "./dcma-check.js";

/**
 * Recalculate the model, then assess it. The critical path test delays the last critical unfinished task
 * by one working day and checks that the project finish moves, as the DCMA guide prescribes.
 */
export function assessSchedule(
  model: ScheduleModel,
  scheduleFn?: ScheduleFunction,
): { reports: QualityReport[]; recalculation: Recalculation } {
  const recalculation = recalculate(model, scheduleFn);
  const calculated = recalculation.model;
  const reports = checkScheduleQuality(calculated, {
    criticalPathTest: (projectId) => {
      const before = recalculation.projects.find((p) => p.projectId === projectId);
      if (!before) return undefined;
      const candidates = calculated.activities.filter(
        (a) =>
          a.projectId === projectId &&
          a.status !== "completed" &&
          a.computed?.critical &&
          (a.type === "task" || a.type === "resource_dependent"),
      );
      if (candidates.length === 0) return undefined;
      const last = candidates.reduce((m, a) =>
        (a.computed?.earlyFinish ?? "") > (m.computed?.earlyFinish ?? "") ? a : m,
      );
      const project = calculated.projects.find((p) => p.id === projectId);
      const delay = Math.round((project?.hoursPerDay ?? 8) * 60);
      const delayed: ScheduleModel = {
        ...model,
        projects: model.projects.filter((p) => p.id === projectId),
        activities: model.activities.map((a) =>
          a.id === last.id
            ? { ...a, remainingDuration: a.remainingDuration + delay, plannedDuration: a.plannedDuration + delay }
            : a,
        ),
      };
      const again = recalculate(delayed, scheduleFn);
      const after = again.projects.find((p) => p.projectId === projectId);
      const movedTo = again.model.activities.find((a) => a.id === last.id)?.computed?.earlyFinish;
      const from = last.computed?.earlyFinish;
      const workShift = movedTo && from ? toMinutes(movedTo) - toMinutes(from) : undefined;
      return after
        ? {
            delayMinutes: delay,
            finishBefore: before.finish,
            finishAfter: after.finish,
            ...(workShift !== undefined ? { workShift } : {}),
          }
        : undefined;
    },
  });
  return { reports, recalculation };
}
