import type { ClientErrorBody } from "@planum/contracts";
import { api } from "../shared/api-client";

const reported = new Set<string>();

/** Sends an uncaught error to POST /client-error once per message, never failing itself. */
export function reportClientError(error: unknown): void {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000) || "Unknown error";
  if (reported.has(message) || reported.size > 20) return;
  reported.add(message);
  const stack = error instanceof Error && error.stack ? error.stack.slice(0, 20000) : undefined;
  void api
    .post<null>("/client-error", {
      message,
      stack,
      url: window.location.href.slice(0, 2000),
      userAgent: navigator.userAgent.slice(0, 500),
    } satisfies ClientErrorBody)
    .catch(() => {});
}

export function installGlobalErrorReporting(): void {
  window.addEventListener("error", (event) => reportClientError(event.error ?? event.message));
  window.addEventListener("unhandledrejection", (event) => {
    // failed API calls are already shown to the user; only programming errors are worth a report
    if ((event.reason as { name?: string } | null)?.name === "ApiRequestError") return;
    reportClientError(event.reason);
  });
}
