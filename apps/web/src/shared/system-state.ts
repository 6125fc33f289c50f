import { IDLE_MINUTES_DEFAULT, type SystemState } from "@planum/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "./api-client";

export const systemStateQueryKey = ["system-state"] as const;

export function fetchSystemState(): Promise<SystemState> {
  return api.get<SystemState>("/system-state");
}

/** Server facts read once per page load: allowed languages, idle time-out, version. */
export function useSystemState() {
  return useQuery({ queryKey: systemStateQueryKey, queryFn: fetchSystemState, staleTime: Number.POSITIVE_INFINITY });
}

export function idleMinutesOf(state: SystemState | undefined): number {
  return state && state.idleMinutes > 0 ? state.idleMinutes : IDLE_MINUTES_DEFAULT;
}
