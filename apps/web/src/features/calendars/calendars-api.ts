import type { CalendarDeleted, WorkspaceCalendar } from "@planum/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../shared/api-client";
import type { CalendarException } from "./calendar-exceptions";
import type { WeekPattern } from "./week-pattern";

/** Calendars are space-wide (the API client names the space in X-Space-Id), so the key carries the space. */
export const calendarKeys = {
  list: (spaceId: string) => ["calendars", spaceId] as const,
};

export interface CalendarDraft {
  name: string;
  week: WeekPattern;
  exceptions: CalendarException[];
}

export const calendarsApi = {
  list: () => api.get<WorkspaceCalendar[]>("/calendars"),
  create: (draft: CalendarDraft & { isDefault?: boolean }) => api.post<WorkspaceCalendar>("/calendars", draft),
  update: (id: string, revision: number, draft: Partial<CalendarDraft>) =>
    api.put<WorkspaceCalendar>(`/calendars/${id}`, { revision, ...draft }),
  remove: (id: string) => api.delete<CalendarDeleted>(`/calendars/${id}`),
  setDefault: (id: string) => api.put<WorkspaceCalendar>(`/calendars/${id}/default`),
};

export function useCalendars(spaceId: string) {
  return useQuery({ queryKey: calendarKeys.list(spaceId), queryFn: calendarsApi.list });
}
