import type { Calendar } from "@planum/engine";
import type { VersionScope } from "../../../platform/access.js";
import type { Db } from "../../../platform/db.js";
import { textMinutes, wallClockText } from "../../../platform/time.js";
import type { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { loadSpaceCalendars } from "../../calendars/space-calendars.js";
import { snapshotWbs } from "../undo/undo.repo.js";
import { applyChange } from "./wbs-changes.js";
import { type ProgressRow, progressCandidates, setDataDate, writeProgress } from "./wbs-progress.repo.js";

/** What "update progress" does to one work: its new status, actual dates, remaining duration and percent. */
export type ProgressStep = ProgressRow;

export interface ProgressItem {
  id: number;
  type: string;
  status: string;
  duration: number;
  calendarId: string | null;
  earlyStart: string | null;
  earlyFinish: string | null;
  actualStart: string | null;
}

/**
 * P6's "Update Progress" as planned: every work planned to start before the new data date gets its planned start as
 * the actual start; one planned to finish by then is completed at its planned finish; one still running keeps as
 * remaining duration the working time from the data date to its planned finish. Works already started keep their
 * actual start. Summaries and drafts take no part; works without calculated dates are left as they are.
 */
export function progressSteps(
  items: ProgressItem[],
  dataDate: number,
  calendarOf: (id: string | null) => Calendar,
): ProgressStep[] {
  const steps: ProgressStep[] = [];
  for (const item of items) {
    if (item.status === "completed" || !item.earlyStart || !item.earlyFinish) continue;
    const start = textMinutes(item.earlyStart);
    const finish = textMinutes(item.earlyFinish);
    const actualStart = item.actualStart ?? item.earlyStart;
    if (textMinutes(actualStart) >= dataDate && item.status === "not_started") continue;
    const milestone = item.type === "milestone_start" || item.type === "milestone_finish";
    if (finish <= dataDate || milestone) {
      if (milestone && (item.type === "milestone_start" ? start : finish) >= dataDate) continue;
      const at = item.type === "milestone_finish" ? item.earlyFinish : actualStart;
      steps.push({
        id: item.id,
        status: "completed",
        actualStart: milestone ? at : actualStart,
        actualFinish: milestone ? at : item.earlyFinish,
        remaining: 0,
        percentComplete: 100,
      });
      continue;
    }
    const remaining = Math.max(0, calendarOf(item.calendarId).workingBetween(Math.max(dataDate, start), finish));
    const done = item.duration > 0 ? Math.min(100, Math.max(0, (1 - remaining / item.duration) * 100)) : 0;
    steps.push({
      id: item.id,
      status: "in_progress",
      actualStart,
      actualFinish: null,
      remaining,
      percentComplete: Math.round(done * 100) / 100,
    });
  }
  return steps;
}

/**
 * Moves the version's data date and updates progress up to it in one change: undo brings back both the works and
 * the previous data date. The version is then not calculated; the client recalculates, which applies the schedule's
 * progress option (retained logic, progress override or actual dates).
 */
export async function updateProgress(
  deps: { db: Db; events: WorkspaceEvents },
  scope: VersionScope,
  dataDate: string,
  progress = true,
) {
  const { grant, version } = scope;
  const done = await applyChange(deps, scope, "undo_wbs", "progress", async (tx) => {
    const items = progress ? await progressCandidates(tx, version.id, dataDate) : [];
    const calendarOf = await loadSpaceCalendars(tx, grant.space.id);
    const steps = progressSteps(
      items.map((item) => ({
        ...item,
        earlyStart: wallClockText(item.earlyStart),
        earlyFinish: wallClockText(item.earlyFinish),
        actualStart: wallClockText(item.actualStart),
      })),
      textMinutes(dataDate),
      calendarOf,
    );
    const before = await snapshotWbs(
      tx,
      steps.map((s) => s.id),
    );
    await writeProgress(tx, version.id, steps);
    const previous = wallClockText(version.dataDate);
    await setDataDate(tx, version.id, dataDate);
    const ids = steps.map((s) => s.id);
    return {
      result: { dataDate, updated: ids },
      changed: ids,
      inverse: { wbs: { restore: before, remove: [] }, version: { dataDate: previous } },
      itemCount: Math.max(1, ids.length),
    };
  });
  deps.events.versionsChanged(grant.space.id, grant.userId, scope.scheduleId, [version.id], "updated");
  return done;
}
