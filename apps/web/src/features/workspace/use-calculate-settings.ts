import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { type CalculateSettingsBody, workspaceApi, workspaceKeys } from "./workspace-api";

/**
 * The schedule's calculation settings (`/schedules/{id}/calculate-settings`): read for the toolbar's mode badge and
 * the settings dialog; saving or resetting puts the server's answer into the cache at once.
 */
export function useCalculateSettings(scheduleId: string) {
  const queryClient = useQueryClient();
  const key = workspaceKeys.calculateSettings(scheduleId);
  const settings = useQuery({
    queryKey: key,
    queryFn: () => workspaceApi.calculateSettings(scheduleId),
    enabled: scheduleId !== "",
  });
  const save = useCallback(
    async (body: CalculateSettingsBody) => {
      const saved = await workspaceApi.saveCalculateSettings(scheduleId, body);
      queryClient.setQueryData(workspaceKeys.calculateSettings(scheduleId), saved);
      return saved;
    },
    [queryClient, scheduleId],
  );
  const reset = useCallback(async () => {
    const saved = await workspaceApi.resetCalculateSettings(scheduleId);
    queryClient.setQueryData(workspaceKeys.calculateSettings(scheduleId), saved);
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
    queryKey: workspaceKeys.abilities(scheduleId),
    queryFn: () => workspaceApi.abilities(scheduleId),
    enabled: scheduleId !== "",
  });
  return abilities.data?.includes("schedule:write") ?? false;
}
