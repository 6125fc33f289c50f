import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { currentPath, navigateTo } from "../../shared/navigation";
import { onSessionMessage } from "../../shared/session-channel";
import { getSessionUserId, setSessionUserId, setToken, subscribeToken } from "../../shared/session-store";
import { forgetUserData, landingPath } from "./session-actions";
import { meQueryKey } from "./session-api";

/** Pages where a tab simply waits for someone to sign in. */
function isGuestPath(path: string): boolean {
  return path === "/" || path.startsWith("/auth/") || path.startsWith("/error");
}

/**
 * Keeps the tabs of the browser in one session (spec §4): a logout or idleness in one tab signs all out; a sign-in
 * in one tab signs the others in and moves them to the last used space.
 */
export function SessionSync() {
  const queryClient = useQueryClient();

  useEffect(
    () =>
      onSessionMessage((message) => {
        if (message.type === "signed-out" || message.type === "idle") {
          setToken(null);
          forgetUserData(queryClient);
          navigateTo(message.type === "idle" ? "/auth/idleness" : "/auth/login", { replace: true });
          return;
        }
        const sameUser = getSessionUserId() === message.userId;
        setToken(message.token);
        setSessionUserId(message.userId);
        if (!sameUser) forgetUserData(queryClient);
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
        const path = currentPath();
        if (!sameUser || isGuestPath(path)) navigateTo(landingPath(message.userId), { replace: true });
      }),
    [queryClient],
  );

  // a token removed by any means (401, another tab's storage write) leaves no personal data in the cache
  useEffect(
    () =>
      subscribeToken(() => {
        if (!getSessionUserId()) forgetUserData(queryClient);
      }),
    [queryClient],
  );

  return null;
}
