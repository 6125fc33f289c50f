import type {
  ExportResult,
  MyTimesheet,
  SpaceTimesheet,
  TimesheetDecisionBody,
  TimesheetLine,
  TimesheetUpdateBody,
} from "@planum/contracts";
import { api, apiRequest } from "../../shared/api-client";

export const timesheetKeys = {
  mine: (spaceId: string, week: string, by: string) => ["timesheets", "mine", spaceId, week, by] as const,
  space: (spaceId: string, week: string) => ["timesheets", "space", spaceId, week] as const,
  all: ["timesheets"] as const,
};

export const timesheetsApi = {
  mine: (week: string, by: "project" | "task") =>
    api.get<MyTimesheet>("/users/timesheet/grouped", { query: { week, by } }),
  space: (spaceId: string, week: string) =>
    api.get<SpaceTimesheet>(`/space/${spaceId}/timesheet/project`, { query: { week } }),
  save: (scheduleId: string, body: TimesheetUpdateBody) =>
    apiRequest<TimesheetLine[]>(`/schedules/${scheduleId}/timesheet/update`, { method: "PATCH", body }),
  decide: (versionId: string, body: TimesheetDecisionBody) =>
    apiRequest<TimesheetLine[]>(`/versions/${versionId}/timesheet`, { method: "PATCH", body }),
  report: (week: string, by: "project" | "task") =>
    api.get<ExportResult>("/users/timesheet/report", { query: { week, by } }),
  /** Everyone's week of the space as one sheet. */
  spaceReport: (spaceId: string, week: string, by: "project" | "task") =>
    api.get<ExportResult>(`/space/${spaceId}/timesheet/report`, { query: { week, by } }),
};

const DAY_MS = 86_400_000;
/** The Monday ("YYYY-MM-DD") of the week `offset` weeks from this one. */
export function mondayOf(offset = 0): string {
  const today = Math.floor(Date.now() / DAY_MS);
  return new Date((today - ((today + 3) % 7) + 7 * offset) * DAY_MS).toISOString().slice(0, 10);
}
export const shiftWeek = (week: string, by: number) =>
  new Date(Date.parse(`${week}T00:00:00Z`) + by * 7 * DAY_MS).toISOString().slice(0, 10);
