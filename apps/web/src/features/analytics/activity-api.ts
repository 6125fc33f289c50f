import type { ActivityDetails, UserActivity, UsersPerDay, UsersUseDuration } from "@planum/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../shared/api-client";

const DAY_MS = 86_400_000;

/** The last `days` days up to today (UTC days, as the server counts them). */
export function lastDays(days: number): { from: string; to: string } {
  const now = Date.now();
  return {
    from: new Date(now - (days - 1) * DAY_MS).toISOString().slice(0, 10),
    to: new Date(now).toISOString().slice(0, 10),
  };
}

const activityKey = (spaceId: string, what: string, ...rest: string[]) =>
  ["space", spaceId, "activity", what, ...rest] as const;

export function useUsersPerDay(spaceId: string, from: string, to: string) {
  return useQuery({
    queryKey: activityKey(spaceId, "per-day", from, to),
    queryFn: () => api.get<UsersPerDay>(`/activities/users-per-day?from=${from}&to=${to}`),
    placeholderData: (previous) => previous,
  });
}

export function useUsersUseDuration(spaceId: string, from: string, to: string) {
  return useQuery({
    queryKey: activityKey(spaceId, "duration", from, to),
    queryFn: () => api.get<UsersUseDuration>(`/activities/users-use-duration?from=${from}&to=${to}`),
    placeholderData: (previous) => previous,
  });
}

export function useUserActivity(spaceId: string, userId: string | null, from: string, to: string) {
  return useQuery({
    queryKey: activityKey(spaceId, "user", userId ?? "", from, to),
    queryFn: () =>
      api.get<UserActivity>(`/activities/user-activity/${encodeURIComponent(userId ?? "")}?from=${from}&to=${to}`),
    enabled: userId !== null,
  });
}

export function useActivityDetails(spaceId: string, day: string | null) {
  return useQuery({
    queryKey: activityKey(spaceId, "details", day ?? ""),
    queryFn: () => api.get<ActivityDetails>(`/activities/details?from=${day}&to=${day}`),
    enabled: day !== null,
  });
}
