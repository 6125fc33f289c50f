import { MutationCache, onlineManager, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiRequestError } from "../shared/api-error";
import { getConnectionState, subscribeConnection } from "../shared/connection";
import { notifyError } from "../ui/notify";

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: { silentError?: boolean };
    mutationMeta: { silentError?: boolean };
  }
}

/** Errors the client already acted on (redirects) or that a screen shows itself produce no toast. */
function shouldToast(error: unknown, silent: boolean | undefined): boolean {
  if (silent) return false;
  return !(error instanceof ApiRequestError && error.handled);
}

/**
 * The query client's idea of "online" is the server's reachability (shared/connection), not the browser's network
 * flag: while the server cannot be reached, queries and their retries wait instead of failing one by one.
 */
onlineManager.setEventListener((setOnline) => {
  setOnline(getConnectionState() === "online");
  return subscribeConnection((state) => setOnline(state === "online"));
});

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (shouldToast(error, query.meta?.silentError)) notifyError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (shouldToast(error, mutation.meta?.silentError)) notifyError(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500),
      },
      // an edit is sent (or refused) now, never queued to be sent later behind the user's back
      mutations: { retry: false, networkMode: "always" },
    },
  });
  // back online: what was missed while offline (events, failed loads) is read again, once, for the open screens
  subscribeConnection((state) => {
    if (state === "online") void client.invalidateQueries({ refetchType: "active" });
  });
  return client;
}
