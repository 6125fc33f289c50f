import type { IssuedRemoteToken, Remote, RemoteSpaces, RemoteToken, ServerEvent } from "@planum/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../shared/api-client";

const id = encodeURIComponent;

export const remoteCopyKeys = {
  all: (spaceId: string) => ["space", spaceId, "remote-copy"] as const,
  tokens: (spaceId: string) => ["space", spaceId, "remote-copy", "tokens"] as const,
  spaces: (spaceId: string) => ["space", spaceId, "remote-copy", "spaces"] as const,
};

export type RemoteCopyEvent = Extract<ServerEvent, { type: "remote_space_copy" }>;

/** Copy between installations: this space's export tokens, the installations it copies from, and the copy. */
export const remoteCopyApi = {
  tokens: (spaceId: string) => api.get<RemoteToken[]>(`/space/${id(spaceId)}/remote-tokens`),
  issueToken: (spaceId: string, label: string) =>
    api.post<IssuedRemoteToken>(`/space/${id(spaceId)}/remote-tokens`, { label }),
  removeToken: (spaceId: string, tokenId: string) =>
    api.delete<null>(`/space/${id(spaceId)}/remote-tokens/${id(tokenId)}`),
  // The space of the page is the current one: these calls carry its X-Space-Id.
  spaces: () => api.get<RemoteSpaces>("/remote-spaces"),
  addRemote: (spaceId: string, body: { name: string; address: string; token: string }) =>
    api.post<Remote>(`/space/${id(spaceId)}/remotes`, body),
  removeRemote: (spaceId: string, remoteId: string) =>
    api.delete<null>(`/space/${id(spaceId)}/remotes/${id(remoteId)}`),
  copy: (body: { remoteId: string; remoteSpaceId: string; projectId?: string; name?: string }) =>
    api.post<{ jobId: string }>("/space/copy-remote", body),
};

export function useRemoteTokens(spaceId: string) {
  return useQuery({ queryKey: remoteCopyKeys.tokens(spaceId), queryFn: () => remoteCopyApi.tokens(spaceId) });
}

export function useRemoteSpaces(spaceId: string) {
  return useQuery({ queryKey: remoteCopyKeys.spaces(spaceId), queryFn: () => remoteCopyApi.spaces() });
}
