import type { LoginBody, Session, User } from "@planum/contracts";
import { useQuery } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { api } from "../../shared/api-client";
import { getToken, setSessionUserId, subscribeToken } from "../../shared/session-store";

export const meQueryKey = ["session", "me"] as const;

async function fetchMe(): Promise<User> {
  const user = await api.get<User>("/users/who-am-i");
  setSessionUserId(user.id);
  return user;
}

/** The token as React state; it changes on sign-in, sign-out and when another tab changes it. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => null);
}

/** The signed-in user (GET /users/who-am-i). */
export function useMe(options: { enabled?: boolean } = {}) {
  const token = useToken();
  return useQuery({
    queryKey: meQueryKey,
    queryFn: fetchMe,
    enabled: token !== null && options.enabled !== false,
    staleTime: 60_000,
    retry: false,
  });
}

export function loginRequest(body: LoginBody): Promise<Session> {
  return api.post<Session>("/auth/login", body, { isLoginCall: true });
}

export function logoutRequest(): Promise<null> {
  return api.post<null>("/auth/logout");
}
