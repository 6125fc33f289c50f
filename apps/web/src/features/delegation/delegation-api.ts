import type { Delegation, DelegationBody } from "@planum/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../shared/api-client";

export const delegationKeys = {
  all: (spaceId: string) => ["delegation", spaceId] as const,
  given: (spaceId: string) => ["delegation", spaceId, "given"] as const,
  received: (spaceId: string) => ["delegation", spaceId, "received"] as const,
};

/** Spec §7 Delegation; the space goes in X-Space-Id like every space call. */
export const delegationApi = {
  given: () => api.get<Delegation[]>("/delegation/given"),
  received: () => api.get<Delegation[]>("/delegation/received"),
  create: (body: DelegationBody) => api.post<Delegation>("/delegation", body),
  remove: (id: string) => api.delete<{ deleted: number }>(`/delegation/${encodeURIComponent(id)}`),
};

export function useGivenDelegations(spaceId: string) {
  return useQuery({ queryKey: delegationKeys.given(spaceId), queryFn: delegationApi.given });
}

export function useReceivedDelegations(spaceId: string) {
  return useQuery({ queryKey: delegationKeys.received(spaceId), queryFn: delegationApi.received });
}
