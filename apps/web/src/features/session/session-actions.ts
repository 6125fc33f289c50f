import { useMantineColorScheme } from "@mantine/core";
import type { Session, User } from "@planum/contracts";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { api } from "../../shared/api-client";
import { chooseLanguage, languageAfterSignIn, takeGuestChoice } from "../../shared/i18n";
import { navigateTo } from "../../shared/navigation";
import { postSessionMessage } from "../../shared/session-channel";
import { getLastSpaceId, getToken, setSessionUserId, setToken } from "../../shared/session-store";
import { systemStateQueryKey } from "../../shared/system-state";
import { clearErrorToasts, notifyError } from "../../ui/notify";
import { logoutRequest, meQueryKey } from "./session-api";

/** Where a signed-in user lands: the page they were sent away from, else the last used space, else the choice. */
export function landingPath(userId: string, from?: string | null): string {
  if (from?.startsWith("/") && !from.startsWith("/auth") && from !== "/") return from;
  const lastSpace = getLastSpaceId(userId);
  return lastSpace ? `/${lastSpace}` : "/auth/select-space";
}

/** Drops everything cached for the previous user; the system state stays (it is not personal). */
export function forgetUserData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== systemStateQueryKey[0] });
}

/** Stores a new session, applies the user's saved preferences and tells the other tabs. */
export function useSignIn() {
  const queryClient = useQueryClient();
  const { setColorScheme } = useMantineColorScheme();
  return useCallback(
    (session: Session) => {
      forgetUserData(queryClient);
      setToken(session.token);
      setSessionUserId(session.user.id);
      queryClient.setQueryData<User>(meQueryKey, session.user);
      const choice = languageAfterSignIn(session.user.language ?? null, takeGuestChoice());
      if (choice.language) chooseLanguage(choice.language);
      if (choice.language && choice.saveToProfile) {
        api
          .get<User>(`/localization/set/${choice.language}`)
          .then((user) => queryClient.setQueryData<User>(meQueryKey, user))
          .catch(notifyError);
      }
      clearErrorToasts();
      setColorScheme(session.user.darkMode ? "dark" : "light");
      postSessionMessage({ type: "signed-in", token: session.token, userId: session.user.id });
    },
    [queryClient, setColorScheme],
  );
}

/**
 * Ends the session in this tab and, through the channel, in the others. The server is told first (it needs the
 * token); a failure there must not keep the user signed in here.
 */
export async function signOut(queryClient: QueryClient, reason: "logout" | "idle" | "ended" = "logout"): Promise<void> {
  if (getToken() && reason !== "ended") {
    try {
      await logoutRequest();
    } catch {
      // the token is dropped anyway; the server expires it on its own
    }
  }
  setToken(null);
  forgetUserData(queryClient);
  postSessionMessage(reason === "idle" ? { type: "idle" } : { type: "signed-out" });
  navigateTo(reason === "idle" ? "/auth/idleness" : "/auth/login", { replace: true });
}
