import type { TimesheetGroup, TimesheetLine } from "@planum/contracts";
import { sum, workLabel } from "./timesheet-week.js";
import type { LineRow, PersonAssignment, WorkRef } from "./timesheets.repo.js";

/** A person's line of a week as the service has gathered it, before it is shaped for the answer. */
export interface LineInput {
  id: string | null;
  userId: string;
  userName: string;
  week: string;
  hours: number[];
  status: LineRow["status"];
  decisionComment: string | null;
  decidedBy: { id: string; name: string } | null;
  decidedFor?: { id: string; name: string } | null;
  assignment: PersonAssignment | null;
  executor: boolean;
}

/** The answer's line: the work it is on, the person's hours and decision, and whether the caller may decide it. */
export function toLine(work: WorkRef, line: LineInput, canDecide: boolean): TimesheetLine {
  return {
    id: line.id,
    versionId: work.versionId,
    scheduleId: work.scheduleId,
    scheduleName: work.versionLabel ? `${work.scheduleName} · ${work.versionLabel}` : work.scheduleName,
    projectId: work.projectId,
    projectName: work.projectName,
    itemId: work.itemId,
    code: work.code,
    name: work.name,
    parent: work.parent,
    user: { id: line.userId, name: line.userName },
    week: line.week,
    hours: line.hours,
    total: sum(line.hours),
    status: line.status,
    decisionComment: line.decisionComment,
    decidedBy: line.decidedBy,
    decidedFor: line.decidedFor ?? null,
    as: [...(line.assignment ? (["resource"] as const) : []), ...(line.executor ? (["executor"] as const) : [])],
    assignment: line.assignment,
    percentComplete: Math.round(work.percentComplete * 100) / 100,
    canDecide,
  };
}

/** Lines grouped by project (project · schedule) or by task (the works' summary row). */
export function groupLines(lines: TimesheetLine[], by: "project" | "task"): TimesheetGroup[] {
  const groups = new Map<string, TimesheetGroup>();
  for (const line of lines) {
    const key =
      by === "project" ? `${line.projectId}|${line.versionId}` : `${line.versionId}|${line.parent?.id ?? "top"}`;
    const label =
      by === "project"
        ? `${line.projectName} · ${line.scheduleName}`
        : line.parent
          ? workLabel(line.parent)
          : `${line.projectName} · ${line.scheduleName}`;
    const group = groups.get(key) ?? { key, label, total: 0, lines: [] };
    group.lines.push(line);
    group.total = Math.round((group.total + line.total) * 100) / 100;
    groups.set(key, group);
  }
  return [...groups.values()];
}
