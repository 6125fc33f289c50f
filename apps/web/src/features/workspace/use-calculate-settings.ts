import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { type CalculateSettingsBody, scheduleApi, scheduleKeys } from "./schedule-api";

/**
 * The schedule's calculation settings (`/schedules/{id}/calculate-settings`): read for the toolbar's mode badge and
 * the settings dialog; saving or resetting puts the server's answer into the cache at once.
 */
export function useCalculateSettings(scheduleId: string) {
  const queryClient = useQueryClient();
  const key = scheduleKeys.calculateSettings(scheduleId);
  const settings = useQuery({
    queryKey: key,
    queryFn: () => scheduleApi.calculateSettings(scheduleId),
    enabled: scheduleId !== "",
  });
  const save = useCallback(
    async (body: CalculateSettingsBody) => {
      const saved = await scheduleApi.saveCalculateSettings(scheduleId, body);
      queryClient.setQueryData(scheduleKeys.calculateSettings(scheduleId), saved);
      return saved;
    },
    [queryClient, scheduleId],
  );
  const reset = useCallback(async () => {
    const saved = await scheduleApi.resetCalculateSettings(scheduleId);
    queryClient.setQueryData(scheduleKeys.calculateSettings(scheduleId), saved);
    return saved;
  }, [queryClient, scheduleId]);
  return { settings, save, reset };
}

/**
 * Whether the caller may change the schedule's settings: the `schedule:write` ability at the schedule (space-wide
 * abilities widened by grants on its lineage, the schedule itself included — `GET /schedules/{id}/role`), the same
 * ability the server asks for. Unknown while loading (treated as no); the server's 403 still answers anyone else.
 */
export function useCanWriteSchedule(scheduleId: string) {
  const abilities = useQuery({
    queryKey: scheduleKeys.abilities(scheduleId),
    queryFn: () => scheduleApi.abilities(scheduleId),
    enabled: scheduleId !== "",
  });
  return abilities.data?.includes("schedule:write") ?? false;
}
