import type { CheckoutBody, Licence, LicenceRequest, SpaceLicence, UpdateSeatBody } from "@planum/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../shared/api-client";
import { queryKeys } from "../../shared/query-keys";

const id = encodeURIComponent;

export const licenceApi = {
  all: () => api.get<Licence[]>("/licences"),
  load: (token: string) => api.post<Licence>("/licences", { token }),
  remove: (licenceId: string) => api.delete<null>(`/licences/${id(licenceId)}`),
  ofSpace: (spaceId: string) => api.get<SpaceLicence>(`/space/${id(spaceId)}/licence`),
  setSeat: (spaceId: string, userId: string, body: UpdateSeatBody) =>
    api.put<SpaceLicence>(`/space/${id(spaceId)}/licence/seats/${id(userId)}`, body),
  checkout: (spaceId: string, body: CheckoutBody) =>
    api.post<LicenceRequest>(`/space/${id(spaceId)}/licence/checkout`, body),
};

export function useSpaceLicence(spaceId: string) {
  return useQuery({ queryKey: queryKeys.spaceLicence(spaceId), queryFn: () => licenceApi.ofSpace(spaceId) });
}

export function useLicences(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.licences, queryFn: licenceApi.all, enabled });
}
